"""attention_site/pdf/order.py: the book's chapters, in reading-path order."""
import pytest

from attention_site.pdf import order
from attention_site.pdf.pages import page_path


def test_book_order_follows_the_nav():
    stems = order.chapters()
    assert stems[0] == "index" and "glossary" in stems and len(stems) >= 11
    assert len(set(stems)) == len(stems)


def test_the_order_of_a_book_comes_from_each_pages_meta(tmp_path):
    for stem, path in (("index", "core"), ("glossary", "reference"), ("rain", "extra"), ("why", "core")):
        page = page_path(tmp_path, "zh", stem)
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(f'<head><meta name="reading-path" content="{path}"></head>')
    assert order.reading_order(tmp_path, "zh", ["index", "glossary", "rain", "why"]) == [
        ("index", "core"), ("why", "core"), ("rain", "extra"), ("glossary", "reference")]
    page_path(tmp_path, "zh", "why").write_text("<head></head>")
    with pytest.raises(ValueError, match="why.*reading-path"):
        order.reading_order(tmp_path, "zh", ["index", "why"])


def test_the_parts_are_named_in_each_language():
    zh, en = order.part_names("zh"), order.part_names("en")
    assert set(zh) == set(en) == {"extra", "reference"}
    assert zh["extra"] != en["extra"] and zh["reference"] != en["reference"]
