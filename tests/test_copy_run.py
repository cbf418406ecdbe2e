"""What a reader copies runs, and prints what the page says it prints.

Read from the built HTML the way Material's copy button gives it (the text of
each code block, annotations removed), not from the Markdown: includes, theme
changes and annotations are covered too. A page's Python blocks, pasted in page
order into one fresh interpreter that has numpy and matplotlib but not this
repository, must run without error, and every `#>` line must be real output.
"""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests import outputs
from tests.helpers import RUNNABLE, code_blocks

pytestmark = pytest.mark.site
ROOT = Path(__file__).resolve().parents[1]
NOT_PYTHON = {"bash", "sh", "console", "text", "json", "yaml", "html", "css", "javascript", "js"}


def pages(site_dir):
    found = []
    for path in sorted(site_dir.rglob("index.html")):
        if "assets" in path.parts or "search" in path.parts:
            continue
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
        if path.relative_to(site_dir).as_posix() in NOTEBOOK_PAGES.values():
            continue  # no #> lines: the page shows the outputs (test below compares them)
        _, pairs = outputs.expected_and_actual(script)
        for (start, _end, _indent, expected), actual in pairs:
            if expected != actual:
                failures.append(f"{path.relative_to(site_dir)} line {start + 1}: #> {expected} but printed {actual}")
    assert not failures, "\n\n".join(failures)


NOTEBOOK_PAGES = {"zh": "playground/index.html", "en": "en/playground/index.html"}


def notebook_printed_output(path):
    """What the notebook page shows its cells printing (stream outputs), in page order."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
    # html.parser keeps the newline right after <pre>, which a browser drops
    return "".join(area.pre.get_text().removeprefix("\n") for area in soup.select(
        '.jp-OutputArea-child:not(.jp-OutputArea-executeResult) > .jp-RenderedText[data-mime-type="text/plain"]'))


def test_the_notebook_pages_are_copied_too(site_dir):
    found = {path.relative_to(site_dir).as_posix() for path in pages(site_dir)}
    assert set(NOTEBOOK_PAGES.values()) <= found


@pytest.mark.parametrize("lang", sorted(NOTEBOOK_PAGES))
def test_notebook_page_pasted_in_order_prints_what_the_page_shows(site_dir, tmp_path, lang):
    """The playground's code blocks, copied in order into a fresh `python -I` (numpy and
    matplotlib, not this repository), print exactly what the page shows under its cells."""
    path = site_dir / NOTEBOOK_PAGES[lang]
    blocks = [text for kind, text in code_blocks(path) if kind in RUNNABLE]
    assert len(blocks) >= 15
    script = tmp_path / "notebook.py"
    script.write_text("\n\n".join(blocks), encoding="utf-8")
    run = subprocess.run([sys.executable, "-I", str(script)], cwd=tmp_path, capture_output=True,
                         text=True, env={"MPLBACKEND": "Agg", "PATH": "/usr/bin:/bin"})
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stderr == ""
    shown = notebook_printed_output(path)
    assert len(shown.splitlines()) >= 30
    assert run.stdout == shown


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


class _Console:
    """The interactive interpreter a reader pastes into: line by line, like `python -i`."""

    def __init__(self):
        import code

        self.errors = []
        console = self
        self.console = code.InteractiveConsole()
        self.console.showsyntaxerror = lambda filename=None, **kw: console.errors.append("SyntaxError")
        self.console.showtraceback = lambda: console.errors.append(repr(sys.exc_info()[1]))
        self.console.write = lambda data: None

    def paste(self, block):
        """Feed `block` one line at a time, then press Enter once (as after a paste)."""
        for line in block.splitlines() + [""]:
            self.console.push(line)


def pasted_errors(blocks):
    import contextlib
    import io

    console = _Console()
    with contextlib.redirect_stdout(io.StringIO()):
        for block in blocks:
            console.paste(block)
    return console.errors


def test_pasted_into_the_interactive_interpreter_every_page_runs(site_dir):
    """The classic REPL ends a loop only at a blank line: a statement right after a
    loop's #> lines is a SyntaxError there, though it runs fine as a script."""
    failures = []
    for path in pages(site_dir):
        errors = pasted_errors([text for lang, text in code_blocks(path) if lang in RUNNABLE])
        if errors:
            failures.append(f"{path.relative_to(site_dir)}: {errors[:3]}")
    assert not failures, "\n".join(failures)


def test_the_console_check_catches_a_loop_without_a_blank_line():
    assert pasted_errors(["for i in range(2):\n    x = i\n#> nothing\nprint(x)\n"]) == ["SyntaxError"]
    assert pasted_errors(["for i in range(2):\n    x = i\n#> nothing\n\nprint(x)\n"]) == []


COPY_ALL_PAGES = ["weights/", "en/word-vectors/", "en/order-and-cost/"]


@pytest.mark.browser
@pytest.mark.parametrize("url", COPY_ALL_PAGES)
def test_copy_all_button_copies_the_chapter_and_it_runs(browser, site_url, url, tmp_path):
    """The button under the title copies every Python block of the page, folds included and the
    exercises' checks left out, in page order; pasted into a fresh interpreter, the chapter runs."""
    from urllib.parse import urlsplit

    parts = urlsplit(site_url)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=f"{parts.scheme}://{parts.netloc}")
    page = context.new_page()
    try:
        page.goto(site_url + url)
        box = page.locator("[data-copy-all]")
        assert box.is_visible()
        assert page.evaluate("document.querySelector('article h1').nextElementSibling.matches('[data-copy-all]')")
        box.locator("[data-copy-button]").click()
        assert box.locator("[role=status]").text_content().strip()
        text = page.evaluate("navigator.clipboard.readText()")
        blocks = page.evaluate("""() => [...document.querySelectorAll('article div.language-python.highlight pre > code')]
            .map(c => ({text: c.textContent.trim(), folded: !!c.closest('details'),
                        exercise: !!c.closest('[data-exercise]')}))""")
        chapter = [b for b in blocks if not b["exercise"]]
        assert any(b["folded"] for b in chapter), "no folded code on the page: the check sees nothing"
        for block in chapter:
            assert block["text"] in text, block["text"][:80]
        for block in blocks:
            if block["exercise"]:
                assert block["text"] not in text, block["text"][:80]
        script = tmp_path / "pasted.py"
        script.write_text(text, encoding="utf-8")
        run = subprocess.run([sys.executable, "-I", str(script)], cwd=tmp_path, capture_output=True, text=True,
                             env={"MPLBACKEND": "Agg", "PATH": "/usr/bin:/bin"})
        assert run.returncode == 0, run.stderr[-2000:]
    finally:
        context.close()


def test_copy_all_button_only_where_there_is_python(site_dir):
    shown = {path.parent.relative_to(site_dir).as_posix(): 'data-copy-all hidden' in path.read_text(encoding="utf-8")
             for path in site_dir.rglob("index.html") if "assets" not in path.parts}
    assert shown["weights"] and shown["en/weights"]
    assert not shown["."] and not shown["en"]  # the home pages have no code
    assert not shown["playground"] and not shown["en/playground"]  # the notebook has its download


@pytest.mark.browser
def test_copy_all_button_is_not_shown_without_javascript(browser, site_url):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(site_url + "weights/")
        assert page.locator("[data-copy-all]").count() == 1 and not page.locator("[data-copy-all]").is_visible()
    finally:
        context.close()


# ---- a visible block that needs a fold says so
FOLD_RUNNER = r'''
import contextlib, io, json, sys
blocks = json.load(sys.stdin)  # [[folded, code]]
scope, needs = {"__name__": "__main__"}, []
for i, (folded, code) in enumerate(blocks):  # the visible blocks in order, no fold ever opened
    if folded:
        continue
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(code, f"block {i}", "exec"), scope)
    except Exception:  # it needs something only a fold above defines
        needs.append(i)
print(json.dumps(needs))
'''


def fold_blocks(path):
    """[(folded, marked, code)] of a page's Python blocks: folded = inside a closed <details>;
    marked = the nearest block-or-mark before it is a needs-fold mark."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
    found = []
    for block in soup.select("div.highlight"):
        if not any(f"language-{lang}" in block.get("class", []) for lang in RUNNABLE):
            continue
        for hidden in block.select(".md-annotation, button"):
            hidden.decompose()
        folded = any(not d.has_attr("open") for d in block.find_parents("details"))
        before = block.find_previous(lambda t: (t.name == "p" and "needs-fold" in t.get("class", []))
                                     or (t.name == "div" and "highlight" in t.get("class", [])))
        marked = before is not None and before.name == "p"
        found.append((folded, marked, block.get_text()))
    return found


def test_a_visible_block_that_needs_a_fold_says_so(site_dir):
    """Readers copy the visible blocks only and hit NameError where a block needs code kept in a
    fold. Run each page as such a reader: the visible blocks in order, never a fold. A block that
    fails carries the needs-fold mark ("needs code from a fold above"), unless the visible block
    just before it failed too (one mark covers a chain: the reader has opened the fold by then);
    a marked block fails. R32 zh: the FAQ's 'weights add up to 1', a screen below its fold, had
    no mark (the old runner opened every fold at the first failure, so later blocks passed)."""
    problems, marked_somewhere = [], 0
    for path in pages(site_dir):
        blocks = fold_blocks(path)
        if not blocks:
            continue
        run = subprocess.run([sys.executable, "-I", "-c", FOLD_RUNNER], input=json.dumps(
            [[folded, code] for folded, _, code in blocks]), capture_output=True, text=True,
            env={"MPLBACKEND": "Agg", "PATH": "/usr/bin:/bin"})
        assert run.returncode == 0, f"{path.relative_to(site_dir)}: {run.stderr[-1500:]}"
        fails = set(json.loads(run.stdout))
        visible = [i for i, (folded, _, _) in enumerate(blocks) if not folded]
        needs = {i for before, i in zip([None] + visible, visible) if i in fails and before not in fails}
        marked = {i for i, (folded, mark, _) in enumerate(blocks) if mark}
        marked_somewhere += len(marked)
        where = path.relative_to(site_dir).parent.as_posix()
        for i in sorted(needs - marked):
            problems.append(f"{where}: visible block {i} needs a fold above but has no mark")
        for i in sorted(marked - fails):
            problems.append(f"{where}: block {i} is marked, but " + (
                "it is folded" if blocks[i][0] else "runs without the folds"))
    assert marked_somewhere, "no page has a needs-fold mark: is the parser reading the marks?"
    assert not problems, "\n".join(problems)
