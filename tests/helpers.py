"""Helpers that several test modules share, in one place, so that no test module imports another.

- `load_hook(name)`: hooks/ is not a package (MkDocs loads each file by path), so a test runs
  hooks/<name>.py afresh, as a build does (a `mkdocs serve` rebuild runs the file again too).
- `code_blocks(path)`: the code blocks of a built page as the copy button copies them.
"""
import html.parser
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNNABLE = {"python", "py", "pycon"}  # the languages of code blocks a reader can run


def load_hook(name):
    """hooks/<name>.py, executed afresh as a new module (a new one on every call)."""
    path = ROOT / "hooks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"hook_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
    """[(language, text)] of the code blocks of the built page at `path`."""
    parser = CodeBlocks()
    parser.feed(Path(path).read_text(encoding="utf-8"))
    return parser.blocks
