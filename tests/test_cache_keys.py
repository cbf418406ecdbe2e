"""Every cache key changes with each kind of input it depends on (issue 13 §4).

A cache that ignores one of its inputs serves stale output: an old PDF, an old
notebook page. One test per key and per kind of input, nested files included.
"""
from pathlib import Path

import pytest

from tests.helpers import load_hook
from tools import pdf

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def book_site(tmp_path):
    site = tmp_path / "site"
    (site / "assets").mkdir(parents=True)
    (site / "figures" / "deep").mkdir(parents=True)
    (site / "assets" / "a.css").write_text("body{}", encoding="utf-8")
    (site / "figures" / "deep" / "h.svg").write_text("<svg/>", encoding="utf-8")
    html = '<link rel="stylesheet" href="assets/a.css"><img src="figures/deep/h.svg">'
    return site, html


def test_pdf_key_follows_the_document_css_figures_print_css_tool_and_date(book_site, monkeypatch, tmp_path):
    site, html = book_site
    key = pdf.cache_key(html, site)
    assert pdf.cache_key(html, site) == key
    assert pdf.cache_key(html + "<p>more</p>", site) != key
    (site / "assets" / "a.css").write_text("body{color:red}", encoding="utf-8")
    key_css = pdf.cache_key(html, site)
    assert key_css != key
    (site / "figures" / "deep" / "h.svg").write_text("<svg><g/></svg>", encoding="utf-8")
    key_svg = pdf.cache_key(html, site)
    assert key_svg != key_css
    monkeypatch.setattr(pdf, "PRINT_CSS", pdf.PRINT_CSS + "p{}")
    key_print = pdf.cache_key(html, site)
    assert key_print != key_svg
    tool = tmp_path / "pdf.py"
    tool.write_bytes(Path(pdf.__file__).read_bytes() + b"# changed\n")
    monkeypatch.setattr(pdf, "__file__", str(tool))
    key_tool = pdf.cache_key(html, site)
    assert key_tool != key_print
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1800000000")
    assert pdf.cache_key(html, site) != key_tool


def test_notebook_keys_follow_the_hook_code_options_and_versions(tmp_path, monkeypatch):
    import nbformat

    hook = load_hook("notebooks")
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(1)")])
    executed = tmp_path / "playground.ipynb"
    nbformat.write(notebook, executed)

    key = hook.notebook_key(notebook)
    html_key = hook.html_cache_key(executed, {"x": 1})
    other = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(2)")])
    assert hook.notebook_key(other) != key
    assert hook.html_cache_key(executed, {"x": 2}) != html_key

    edited = tmp_path / "notebooks.py"
    edited.write_text((ROOT / "hooks" / "notebooks.py").read_text(encoding="utf-8") + "\n# edited\n")
    monkeypatch.setattr(hook, "__file__", str(edited))
    assert hook.notebook_key(notebook) != key
    assert hook.html_cache_key(executed, {"x": 1}) != html_key
    monkeypatch.setattr(hook, "__file__", str(ROOT / "hooks" / "notebooks.py"))

    monkeypatch.setattr(hook, "versions", lambda: ["numpy=0.0"])
    assert hook.notebook_key(notebook) != key
    assert hook.html_cache_key(executed, {"x": 1}) != html_key

    nbformat.write(other, executed)
    monkeypatch.undo()
    assert hook.html_cache_key(executed, {"x": 1}) != html_key
