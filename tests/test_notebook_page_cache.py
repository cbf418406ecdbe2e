"""attention_site/notebook/page_cache.py: a later build skips the rework of an unchanged page."""
import pytest

from attention_site.notebook import html, page_cache

NOTEBOOK_HTML = ('<div class="jupyter-wrapper"><div class="jp-RenderedMarkdown"><h2>猫 cat</h2></div>'
                 "<style>.x{}</style></div>")


@pytest.fixture
def reworks(monkeypatch):
    calls = []
    real = html.page
    monkeypatch.setattr(html, "page", lambda *args: calls.append(args) or real(*args))
    return calls


def test_an_unchanged_page_is_read_back_and_a_change_to_the_html_or_the_code_reworks_it(
        tmp_path, monkeypatch, reworks):
    folder = tmp_path / "page" / "zh"
    first = page_cache.page(NOTEBOOK_HTML, "docs/zh/x.ipynb", folder)
    assert "<style>" not in first[0] and 'id="猫-cat"' in first[0] and len(reworks) == 1
    assert page_cache.page(NOTEBOOK_HTML, "docs/zh/x.ipynb", folder) == first and len(reworks) == 1
    dog = NOTEBOOK_HTML.replace("cat", "dog")
    assert page_cache.page(dog, "docs/zh/x.ipynb", folder)[1][0]["id"] == "猫-dog" and len(reworks) == 2
    assert len(list(folder.iterdir())) == 1  # one entry per language
    edited = tmp_path / "html.py"
    edited.write_text(page_cache.KEY_CODE[0].read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    monkeypatch.setattr(page_cache, "KEY_CODE", [edited, *page_cache.KEY_CODE[1:]])
    page_cache.page(dog, "docs/zh/x.ipynb", folder)
    assert len(reworks) == 3


def test_cache_off_neither_reads_nor_writes(tmp_path, reworks):
    folder = tmp_path / "page" / "en"
    page_cache.page(NOTEBOOK_HTML, "docs/en/x.ipynb", folder)
    page_cache.page(NOTEBOOK_HTML, "docs/en/x.ipynb", folder, use_cache=False)
    assert len(reworks) == 2
    page_cache.page(NOTEBOOK_HTML, "docs/en/x.ipynb", tmp_path / "other", use_cache=False)
    assert not (tmp_path / "other").exists()
