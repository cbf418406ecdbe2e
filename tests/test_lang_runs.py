"""Chinese runs on English pages carry lang="zh" (hooks/lang_runs.py, attention_site/lang_runs.py).

The audit counted 286 runs of Chinese on the en pages with no lang="zh": a screen reader read
它是一只猫 with the English voice (WCAG 3.1.2, language of parts).
"""
import re

import pytest
from bs4 import BeautifulSoup, NavigableString

from attention_site import lang_runs

HAN = re.compile(f"[{lang_runs.HAN}]")
CODE = {"code", "pre", "kbd", "samp", "script", "style", "textarea", "option", "title", "svg", "math"}


def unmarked(html):
    """Han runs in the text of `html`'s articles with no lang="zh" around them (code excepted)."""
    soup = BeautifulSoup(html, "html.parser")
    found = []
    for article in soup.select("article") or [soup]:
        for text in article.find_all(string=HAN):
            if not isinstance(text, NavigableString) or type(text) is not NavigableString:
                continue  # comments, CDATA
            parents = list(text.parents)
            if any(parent.name in CODE for parent in parents):
                continue
            if not any((parent.get("lang") or "").startswith("zh") for parent in parents if parent.name):
                found.append(str(text).strip()[:40])
    return found


def test_runs_are_wrapped_with_their_punctuation_and_code_is_left_alone():
    html = ('<p>it (它) and 「它是一只猫。」 <code>"它"</code> <span lang="zh">猫</span></p>'
            '<pre><code>words = ["它", "猫"]</code></pre><select><option>它</option></select>'
            '<img alt="它"><p title="猫">a 猫, x</p>')
    marked = lang_runs.mark(html)
    assert marked == ('<p>it (<span lang="zh">它</span>) and <span lang="zh">「它是一只猫。」</span> '
                      '<code>"它"</code> <span lang="zh">猫</span></p>'
                      '<pre><code>words = ["它", "猫"]</code></pre><select><option>它</option></select>'
                      '<img alt="它"><p title="猫">a <span lang="zh">猫</span>, x</p>')
    assert unmarked(marked) == [] and unmarked(html) != []
    assert lang_runs.mark(marked) == marked  # already marked: left alone
    widget = '<div lang="en"><p>Move the sliders: "it" (它)</p></div>'
    assert lang_runs.mark(widget) == '<div lang="en"><p>Move the sliders: "it" (<span lang="zh">它</span>)</p></div>'


def test_english_text_and_markup_come_out_unchanged():
    html = '<p class="x" data-a=\'a > b\'>Query <em>and</em> Key<br/>&amp; 3 &lt; 4</p><!-- 它 -->'
    assert lang_runs.mark(html) == html


@pytest.mark.site
def test_every_chinese_run_on_the_english_pages_is_marked(site_dir):
    pages = sorted((site_dir / "en").rglob("index.html"))
    assert len(pages) >= 10
    problems = {}
    for page in pages:
        found = unmarked(page.read_text(encoding="utf-8"))
        if found:
            problems[page.relative_to(site_dir).as_posix()] = found[:5]
    assert not problems, problems
    weights = (site_dir / "en" / "weights" / "index.html").read_text(encoding="utf-8")
    assert '<span lang="zh">它</span>' in weights


@pytest.mark.site
def test_chinese_pages_are_left_as_they_are(site_dir):
    assert '<span lang="zh">' not in (site_dir / "weights" / "index.html").read_text(encoding="utf-8")
