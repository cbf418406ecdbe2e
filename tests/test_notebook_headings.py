"""attention_site/notebook/headings.py: unique heading ids (Chinese too) and the toc built from them."""
from bs4 import BeautifulSoup
from pymdownx.slugs import slugify

from attention_site.notebook import headings


def test_chinese_headings_get_unique_ids_and_a_toc():
    html = ('<div class="jp-RenderedMarkdown"><h1 id="">注意力<a class="anchor-link" href="#">¶</a>'
            '</h1><h2 id="">小结</h2><h3 id="">✏️ 改一改</h3><h2 id="">小结</h2></div>')
    soup = BeautifulSoup(html, "html.parser")
    tokens = headings.number(soup, slugify(case="lower"))
    ids = [h["id"] for h in soup.find_all(["h1", "h2", "h3"])]
    assert ids == ["注意力", "小结", "改一改", "小结_1"]
    assert [t["id"] for t in tokens] == ["注意力"]
    assert [t["id"] for t in tokens[0]["children"]] == ["小结", "小结_1"]
    assert tokens[0]["children"][0]["children"][0]["id"] == "改一改"
    assert not soup.select("a.anchor-link") and len(soup.select("a.headerlink")) == 4


def test_a_heading_nests_under_the_last_higher_one():
    flat = [{"level": level, "id": str(n), "children": []} for n, level in enumerate([2, 3, 2, 4, 3, 1])]
    tree = headings.nest(flat)
    assert [t["id"] for t in tree] == ["0", "2", "5"]
    assert [t["id"] for t in tree[0]["children"]] == ["1"]
    assert [t["id"] for t in tree[1]["children"]] == ["3", "4"]
