"""attention_site/pdf/punctuation.py: full-width brackets and inline code set close on paper.

The printed zh book is checked for gaps in tests/test_pdf.py (inline code beside punctuation).
"""
from bs4 import BeautifulSoup

from attention_site.pdf import punctuation


def test_brackets_beside_latin_text_are_pulled_in_and_code_is_left_alone():
    soup = BeautifulSoup("<article><p>注意力（attention）和（注意）</p><pre><code>f（x）</code></pre></article>",
                         "html.parser")
    punctuation.tight_cjk_punctuation(soup.article, soup)
    assert str(soup.p) == ('<p>注意力<span class="pdf-open">（</span>attention'
                           '<span class="pdf-close">）</span>和（注意）</p>')
    assert soup.pre.get_text() == "f（x）"


def test_inline_code_beside_full_width_punctuation_loses_its_padding_there():
    soup = BeautifulSoup("<article><p>（<code>inf</code>，<code>nan</code> 和 <code>x</code></p></article>",
                         "html.parser")
    punctuation.tight_cjk_punctuation(soup.article, soup)
    first, second, third = soup.select("code")
    assert first["class"] == ["pdf-tight-start", "pdf-tight-end"]
    assert second["class"] == ["pdf-tight-start"]  # after "，"; before " 和" nothing
    assert third.get("class") is None
