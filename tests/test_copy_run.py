"""What a reader copies runs, and prints what the page says it prints.

Read from the built HTML the way Material's copy button gives it (the text of
each code block, annotations removed), not from the Markdown: includes, theme
changes and annotations are covered too. A page's Python blocks, pasted in page
order into one fresh interpreter that has numpy and matplotlib but not this
repository, must run without error, and every `#>` line must be real output.
"""
import html.parser
import subprocess
import sys
from pathlib import Path

import pytest

from tests import outputs

pytestmark = pytest.mark.site
ROOT = Path(__file__).resolve().parents[1]
RUNNABLE = {"python", "py", "pycon"}
NOT_PYTHON = {"bash", "sh", "console", "text", "json", "yaml", "html", "css", "javascript", "js"}


class CodeBlocks(html.parser.HTMLParser):
    """[(language, text)] of every highlighted code block, as the copy button copies it."""

    def __init__(self):
        super().__init__()
        self.blocks, self._lang, self._depth, self._skip, self._buf = [], None, 0, 0, []

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if self._lang is None and tag == "div" and "highlight" in classes:
            langs = [c[len("language-"):] for c in classes if c.startswith("language-")]
            self._lang, self._depth, self._buf = (langs[0] if langs else ""), 0, []
        if self._lang is not None:
            if tag == "div":
                self._depth += 1
            if self._skip or "md-annotation" in classes or tag == "button":
                self._skip += 1

    def handle_endtag(self, tag):
        if self._lang is None:
            return
        if self._skip:
            self._skip -= 1
        if tag == "div":
            self._depth -= 1
            if self._depth == 0:
                self.blocks.append((self._lang, "".join(self._buf)))
                self._lang = None

    def handle_data(self, data):
        if self._lang is not None and not self._skip:
            self._buf.append(data)


def code_blocks(path):
    parser = CodeBlocks()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.blocks


def pages(site_dir):
    found = []
    for path in sorted(site_dir.rglob("index.html")):
        if "assets" in path.parts or "search" in path.parts:
            continue
        if 'class="jupyter-wrapper' in path.read_text(encoding="utf-8"):
            continue  # notebooks import snippets on purpose; tests/test_notebooks.py executes them
        if code_blocks(path):
            found.append(path)
    return found


def test_the_site_has_code_to_copy(site_dir):
    assert len(pages(site_dir)) >= 10


def test_every_block_says_its_language(site_dir):
    for path in pages(site_dir):
        for lang, text in code_blocks(path):
            assert lang in RUNNABLE | NOT_PYTHON, f"{path}: a code block has language {lang!r}"


def test_pasted_in_page_order_every_page_runs(site_dir, tmp_path):
    failures = []
    for path in pages(site_dir):
        program = "\n\n".join(text for lang, text in code_blocks(path) if lang in RUNNABLE)
        if not program.strip():
            continue
        script = tmp_path / (path.parent.relative_to(site_dir).as_posix().replace("/", "_") or "root")
        script = script.with_suffix(".py")
        script.write_text(program, encoding="utf-8")
        # -I: isolated, no PYTHONPATH, no current folder on sys.path: this repository is not importable.
        run = subprocess.run([sys.executable, "-I", str(script)], cwd=tmp_path,
                             capture_output=True, text=True, env={"MPLBACKEND": "Agg", "PATH": "/usr/bin:/bin"})
        if run.returncode != 0:
            failures.append(f"{path.relative_to(site_dir)}:\n{run.stderr[-2000:]}")
            continue
        _, pairs = outputs.expected_and_actual(script)
        for (start, _end, _indent, expected), actual in pairs:
            if expected != actual:
                failures.append(f"{path.relative_to(site_dir)} line {start + 1}: #> {expected} but printed {actual}")
    assert not failures, "\n\n".join(failures)


def test_snippets_is_not_importable_in_the_fresh_interpreter(tmp_path):
    run = subprocess.run([sys.executable, "-I", "-c", "import snippets"], cwd=tmp_path,
                         capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"})
    assert run.returncode != 0


def test_parser_reads_blocks_like_the_copy_button(tmp_path):
    page = tmp_path / "index.html"
    page.write_text('<div class="language-python highlight"><pre><span></span><button title="copy"></button>'
                    '<code><span>print</span>(<span>1</span>)\n#&gt; 1\n</code></pre></div>'
                    '<div class="language-text highlight"><pre><code>not python</code></pre></div>',
                    encoding="utf-8")
    assert code_blocks(page) == [("python", "print(1)\n#> 1\n"), ("text", "not python")]
