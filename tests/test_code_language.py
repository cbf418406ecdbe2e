"""The built pages: same code in both languages, each in its reader's language.

A zh page and its en counterpart show the same code, block for block, token for
token, once comments and string literals are set aside (snippets/i18n). A zh
page shows no English comment or printed word; an en page no Chinese one.
"""
import re
import tokenize

import pytest

from snippets import i18n
from tests.helpers import RUNNABLE, code_blocks

pytestmark = pytest.mark.site
CJK = re.compile(r"[\u3400-\u9fff]")
# An en label names the Chinese word after the English one: "it (它)" (the site's label form).
LABEL = re.compile(r"\b[A-Za-z']+ \([\u3400-\u9fff]+\)")


def _python_blocks(path):
    return [text for lang, text in code_blocks(path) if lang in RUNNABLE]


def page_pairs(site_dir):
    pairs = []
    for en in sorted((site_dir / "en").rglob("index.html")):
        zh = site_dir / en.relative_to(site_dir / "en")
        if "assets" not in en.parts and zh.exists():
            pairs.append((zh, en))
    return pairs


def test_every_page_has_a_counterpart(site_dir):
    assert len(page_pairs(site_dir)) >= 10


def test_zh_and_en_pages_show_the_same_code_tokens(site_dir):
    failures = []
    for zh, en in page_pairs(site_dir):
        zh_blocks, en_blocks = _python_blocks(zh), _python_blocks(en)
        name = en.parent.relative_to(site_dir / "en").as_posix() or "home"
        if len(zh_blocks) != len(en_blocks):
            failures.append(f"{name}: {len(zh_blocks)} zh blocks, {len(en_blocks)} en blocks")
            continue
        for number, (a, b) in enumerate(zip(zh_blocks, en_blocks), 1):
            if i18n.code_tokens(a) != i18n.code_tokens(b):
                failures.append(f"{name}, block {number}: the code differs, not only comments/strings")
    assert not failures, "\n".join(failures)


def _words(block, kind_test):
    found = []
    for token in tokenize.generate_tokens(iter(block.splitlines(keepends=True)).__next__):
        if token.type in (tokenize.COMMENT, tokenize.STRING) and kind_test(token):
            found.append(token.string)
    return found


def test_zh_code_speaks_chinese_and_en_code_english(site_dir):
    """English words left on a zh page must be deliberate: a catalogue entry that keeps them."""
    kept = {key for key, value in i18n.catalogue("zh").items() if key == value}
    failures = []
    for zh, en in page_pairs(site_dir):
        for block in _python_blocks(zh):
            english = _words(block, lambda t: i18n.needs_translation(t.string, t.type)
                             and not CJK.search(t.string) and i18n.normalise(t.string) not in kept)
            failures += [f"zh {zh.parent.name}: {w!r}" for w in english]
        for block in _python_blocks(en):
            failures += [f"en {en.parent.name}: {w!r}" for w in _words(
                block, lambda t: CJK.search(LABEL.sub("", t.string)))]
    assert not failures, "\n".join(failures[:40])
