"""Every cache key changes with each kind of input it depends on (issue 13 §4).

A cache that ignores one of its inputs serves stale output: an old PDF, an old
notebook page. One test per key and per kind of input, nested files included.
"""
from pathlib import Path

import pytest

from attention_site.notebook import executed, jupyter_plugin
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


def test_notebook_keys_follow_the_notebook_the_code_and_versions(tmp_path, monkeypatch):
    """The executed copy: the expanded notebook, the code that executes and checks it, the versions.
    Its HTML (mkdocs-jupyter's cache): the executed copy's bytes (tests/test_notebook_jupyter_plugin.py),
    in a folder named after the versions."""
    import nbformat

    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(1)")])
    key = executed.key(notebook)
    html_folder = jupyter_plugin.html_cache_folder(tmp_path, "zh")
    other = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(2)")])
    assert executed.key(other) != key

    for n, code in enumerate(executed.KEY_CODE):  # execute.py, outputs.py, executed.py
        edited = tmp_path / f"{n}-{code.name}"
        edited.write_bytes(code.read_bytes() + b"\n# edited\n")
        monkeypatch.setattr(executed, "KEY_CODE", [*executed.KEY_CODE[:n], edited, *executed.KEY_CODE[n + 1:]])
        assert executed.key(notebook) != key, code.name
        monkeypatch.undo()
    assert {p.name for p in executed.KEY_CODE} == {"execute.py", "outputs.py", "executed.py"}

    monkeypatch.setattr(executed, "versions", lambda: ["numpy=0.0"])
    assert executed.key(notebook) != key
    assert jupyter_plugin.html_cache_folder(tmp_path, "zh") != html_folder
    monkeypatch.undo()
    assert executed.key(notebook) == key and jupyter_plugin.html_cache_folder(tmp_path, "zh") == html_folder
