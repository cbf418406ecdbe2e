"""Helpers that several test modules share, in one place, so that no test module imports another.

- `load_hook(name)`: hooks/ is not a package (MkDocs loads each file by path), so a test runs
  hooks/<name>.py afresh, as a build does (a `mkdocs serve` rebuild runs the file again too).
- `code_blocks(path)`: the code blocks of a built page as the copy button copies them.
- `Elements(markup)`: a widget's markup as (tag, attrs, text) elements, checked well-nested.
- `python_weights`, `load_vectors()`: the softmax reference and the vectors tests/data holds, which
  the JavaScript is compared with.
Test data several modules share is in tests/cases.py.
"""
import html.parser
import json
import importlib.util
from pathlib import Path

import numpy as np

from snippets.softmax import softmax

ROOT = Path(__file__).resolve().parents[1]
VECTORS = ROOT / "tests" / "data" / "softmax_vectors.json"
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


def python_weights(scores, temperature):
    """The reference: snippets.softmax of scores / temperature, as plain floats."""
    return [float(w) for w in softmax(np.asarray(scores, dtype=np.float64) / temperature)]  # (4,)


def load_vectors():
    return json.loads(VECTORS.read_text(encoding="utf-8"))


class Elements(html.parser.HTMLParser):
    """Every element as (tag, attrs, text inside it), in document order."""

    VOID = {"input", "br", "img", "meta", "link", "hr"}

    def __init__(self, markup):
        super().__init__()
        self.elements, self._open = [], []
        self.feed(markup)
        self.close()
        assert not self._open, f"unclosed elements: {[e[0] for e in self._open]}"

    def handle_starttag(self, tag, attrs):
        element = [tag, dict(attrs), ""]
        self.elements.append(element)
        if tag not in self.VOID:
            self._open.append(element)

    def handle_endtag(self, tag):
        assert self._open and self._open[-1][0] == tag, f"</{tag}> closes {self._open[-1][0]!r}"
        self._open.pop()

    def handle_data(self, data):
        for element in self._open:
            element[2] += data

    def find(self, tag=None, **attrs):
        def matches(element):
            return (tag is None or element[0] == tag) and all(
                element[1].get(key.rstrip("_").replace("_", "-"), object()) == value for key, value in attrs.items())
        return [element for element in self.elements if matches(element)]
