"""attention_site/pdf/page_numbers.py: where each chapter starts, written into the contents."""
import pytest

from attention_site.pdf import page_numbers


def test_table_of_contents_names_and_page_numbers():
    html = ('<nav class="pdf-toc"><ol><li><a href="#chapter-qa"><span class="pdf-toc-name">Q &amp; A</span>'
            '<span class="pdf-toc-page" data-chapter="qa"></span></a></li></ol></nav>'
            '<section class="pdf-chapter" id="chapter-qa"><h1>Q &amp; A</h1></section></div></body></html>')
    assert page_numbers.toc_names(html) == {"qa": "Q & A"}
    filled = page_numbers.with_page_numbers(html, {"qa": 3})
    assert '<span class="pdf-toc-page" data-chapter="qa">3</span>' in filled
    with pytest.raises(ValueError, match="'intro'"):
        page_numbers.with_page_numbers(html, {"intro": 4})
    front = page_numbers.front_matter(filled)
    assert "pdf-chapter" not in front and ">3</span>" in front and front.endswith("</body></html>")


def test_a_chapter_starts_at_its_title_after_its_number():
    """A chapter's first page reads "第 2 章 · 共 10 章" / "Chapter 2 of 10" before its title
    (hooks/reading_path.py); the page is still found, and a title elsewhere is not."""
    texts = ["封面", "第2章·共10章从类比回到词向量一个词", "Chapter3of10Self-attention:asentence", "正文从类比回到词向量"]
    assert page_numbers.first_pages(texts, {"word-vectors": "从类比回到词向量",
                                            "self-attention": "Self-attention: a sentence"}) == {
        "word-vectors": 2, "self-attention": 3}
    with pytest.raises(ValueError, match="从类比回到词向量"):
        page_numbers.first_pages(texts[:1] + texts[3:], {"word-vectors": "从类比回到词向量"})
