"""Intuition first: a chapter shows the few lines that are the idea, the rest is folded.

Budget on every chapter page, both languages (the notebook page aside): no
unfolded code block longer than 15 lines, at most 45 unfolded code lines a page.
Code inside a <details> fold does not count.
"""
import pytest
from bs4 import BeautifulSoup

pytestmark = pytest.mark.site
MAX_BLOCK, MAX_PAGE = 15, 45


def unfolded_blocks(html):
    """Line counts of the code blocks of a page's article that are not inside <details>."""
    soup = BeautifulSoup(html, "html.parser")
    article = soup.select_one("article") or soup
    counts = []
    for code in article.select("div.highlight pre > code"):
        if code.find_parent("details") is None and code.find_parent(class_="jupyter-wrapper") is None:
            counts.append(len(code.get_text().rstrip("\n").split("\n")))
    return counts


def chapter_pages(site_dir):
    pages = []
    for path in sorted(site_dir.rglob("index.html")):
        if {"assets", "search"} & set(path.parts):
            continue
        if 'class="jupyter-wrapper' in path.read_text(encoding="utf-8"):
            continue
        pages.append(path)
    return pages


def test_the_counter_sees_folds():
    html = ('<article><div class="highlight"><pre><code>a\nb\n</code></pre></div>'
            '<details><div class="highlight"><pre><code>c\nd\ne\n</code></pre></div></details></article>')
    assert unfolded_blocks(html) == [2]


def test_every_chapter_keeps_the_code_budget(site_dir):
    failures = []
    for path in chapter_pages(site_dir):
        counts = unfolded_blocks(path.read_text(encoding="utf-8"))
        name = path.parent.relative_to(site_dir).as_posix() or "/"
        if any(n > MAX_BLOCK for n in counts):
            failures.append(f"{name}: unfolded blocks of {[n for n in counts if n > MAX_BLOCK]} lines (max {MAX_BLOCK})")
        if sum(counts) > MAX_PAGE:
            failures.append(f"{name}: {sum(counts)} unfolded code lines (max {MAX_PAGE})")
    assert len(chapter_pages(site_dir)) >= 20
    assert not failures, "\n".join(failures)
