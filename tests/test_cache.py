"""attention_site/cache.py: every cache's switch and folder, named the way the README documents
them (FIGURE_CACHE=off, .cache/figures/). The hooks and tools that use it are tested for obeying
their switch where they are tested (test_hooks.py, test_pdf.py)."""
from pathlib import Path

import pytest

from attention_site import cache

ROOT = Path(__file__).resolve().parents[1]
NAMES = ("figures", "notebooks", "templates", "search", "highlight", "pdf")


@pytest.mark.parametrize("name", NAMES)
def test_each_switch_is_documented_in_the_readme(name):
    assert f"`{cache.switch(name)}=off`" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_switch_names():
    assert [cache.switch(name) for name in NAMES] == [
        "FIGURE_CACHE", "NOTEBOOK_CACHE", "TEMPLATE_CACHE", "SEARCH_CACHE", "HIGHLIGHT_CACHE", "PDF_CACHE"]


@pytest.mark.parametrize("value", ["off", "0", "false", "no", "OFF", " Off "])
def test_off_in_any_spelling(monkeypatch, value):
    monkeypatch.setenv("TEMPLATE_CACHE", value)
    assert not cache.enabled("templates")
    assert cache.enabled("search")  # one switch per cache


@pytest.mark.parametrize("value", [None, "on", "1", "yes", ""])
def test_on_by_default_and_otherwise(monkeypatch, value):
    if value is None:
        monkeypatch.delenv("PDF_CACHE", raising=False)
    else:
        monkeypatch.setenv("PDF_CACHE", value)
    assert cache.enabled("pdf")


def test_folder_is_under_dot_cache_of_the_root(tmp_path):
    assert cache.folder("search", tmp_path) == tmp_path / ".cache" / "search"
    assert cache.folder("pdf") == ROOT / ".cache" / "pdf"
