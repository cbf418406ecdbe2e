"""How much prose a reader meets: the visible text of a built page, counted.

The core path's budget is twice the article (issue 27): 10,200 Han characters in zh, 7,400 words
in en, counted on the built pages without folds, code, hidden elements and footnotes.
`python -m attention_site.prose SITE_DIR` prints every page's count and each path's total.
"""
import re
import sys
from pathlib import Path

from attention_site import languages

BUDGET = {"zh": 10_200, "en": 7_400}
UNIT = {"zh": "Han characters", "en": "words"}
HAN = re.compile(r"[\u4e00-\u9fff]")
WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
NOT_COUNTED = "details, pre, .highlight, script, style, noscript, [hidden], .footnote"


def count(text, lang):
    """Han characters (zh) or words (en) in `text`."""
    return len((HAN if lang == "zh" else WORD).findall(text))


def page(html, lang):
    """(reading path, visible prose count) of one built page's HTML."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(html, "html.parser")
    meta = soup.find("meta", attrs={"name": "reading-path"})
    article = soup.select_one("article")
    if article is None:
        return (meta.get("content") if meta else None), 0
    for tag in article.select(NOT_COUNTED):
        tag.decompose()
    return (meta.get("content") if meta else None), count(article.get_text(" "), lang)


def site(site_dir):
    """{(lang, page): (path, count)} for every page of a built site."""
    root = Path(site_dir)
    found = {}
    for path in sorted(root.rglob("index.html")):
        rel = path.relative_to(root).parent.as_posix().strip(".")
        lang = languages.of_path(rel)
        name = rel.removeprefix("en").strip("/") or "index"
        found[lang, name] = page(path.read_text(encoding="utf-8"), lang)
    return found


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    counts = site(argv[0] if argv else "site")
    for lang in BUDGET:
        total = {}
        print(f"{lang} ({UNIT[lang]})")
        for (lng, name), (path, n) in counts.items():
            if lng == lang:
                total[path] = total.get(path, 0) + n
                print(f"  {path or '-':9} {n:6}  {name}")
        print(f"  core total {total.get('core', 0)} (budget {BUDGET[lang]})"
              f"; extra {total.get('extra', 0)}; reference {total.get('reference', 0)}")


if __name__ == "__main__":
    main()
