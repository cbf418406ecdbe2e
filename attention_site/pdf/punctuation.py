"""Chinese punctuation set close on paper: full-width brackets beside Latin text, inline code
beside full-width punctuation.

WenQuanYi draws （ and ） centred in a full em, so "注意力（attention）" printed as
"注意力（ attention ）", and inline code's padding widened "（ inf ，" further. Classes pull the
two sides together by the blank the font or the padding leaves (book.css sets the margins).
"""
import re

from bs4 import NavigableString

OPENING = "（「『《〈【〔［｛“‘，。、；：！？"
CLOSING = "）」』》〉】〕］｝”’，。、；：！？"
# A full-width bracket right against Latin text: （attention）, （scale=1.0）. The class pulls the
# Latin side in by the blank WenQuanYi leaves there (about a quarter em).
BRACKET_LATIN = re.compile(r"([（［｛])(?=[A-Za-z0-9_$])|(?<=[A-Za-z0-9_.%)\]])([）］｝])")
LEAVE_ALONE = {"code", "pre", "script", "style", "kbd", "samp"}


def tight_cjk_punctuation(article, soup):
    """Full-width brackets against Latin text, and inline code against full-width punctuation:
    pulled together by the blank the font or the code's padding leaves between them."""
    tight_brackets(article, soup)
    tight_inline_code(article)


def tight_brackets(article, soup):
    """Each full-width bracket against Latin text wrapped in <span class="pdf-open|pdf-close">."""
    for text in list(article.find_all(string=BRACKET_LATIN)):
        if type(text) is not NavigableString or any(p.name in LEAVE_ALONE for p in text.parents):
            continue
        parts, last = [], 0
        for match in BRACKET_LATIN.finditer(text):
            parts.append(NavigableString(text[last:match.start()]))
            span = soup.new_tag("span", attrs={"class": "pdf-open" if match.group(1) else "pdf-close"})
            span.string = match.group(0)
            parts.append(span)
            last = match.end()
        parts.append(NavigableString(text[last:]))
        for part in parts:
            text.insert_before(part)
        text.extract()


def tight_inline_code(article):
    """Inline code right after opening or before closing full-width punctuation: pdf-tight-start/-end."""
    for code in article.select("code"):
        if code.find_parent("pre") is not None:
            continue
        before, after = code.previous_sibling, code.next_sibling
        classes = code.get("class", [])
        if isinstance(before, str) and before and before[-1] in OPENING:
            classes.append("pdf-tight-start")
        if isinstance(after, str) and after and after[0] in CLOSING:
            classes.append("pdf-tight-end")
        if classes:
            code["class"] = classes
