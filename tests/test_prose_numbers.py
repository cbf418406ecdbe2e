"""Numbers typed into the prose say the same thing in both languages, section by section.

Derived numbers are never typed (placeholders compute them), but some numbers are the article's
own inputs (0.5 / 0.3 / 1.2 / 3.0, the 0.78 the article prints, e ≈ 2.718). A typo in one
language's section (0.3 → 0.8) is invisible to every other check: the code, the placeholders and
the headings all still agree. Here each section's typed decimals in zh must be the same multiset
as in its en twin. Integers are left out: languages phrase them differently (「四本书」 / "4 books",
《唐诗三百首》 / "300 Tang Poems"); so are links, placeholders, includes, code and HTML attributes.
"""
import re
from pathlib import Path

import pytest

from attention_site import translations

ROOT = Path(__file__).resolve().parents[1]
NOISE = [
    re.compile(r"\{\{.*?\}\}"),                 # computed placeholders
    re.compile(r"--8<--.*"),                    # includes
    re.compile(r"`[^`\n]*`"),                   # inline code
    re.compile(r"\]\([^)]*\)"),                 # link targets
    re.compile(r"\{[#.:][^}]*\}"),              # anchors and attribute lists
    re.compile(r"<[^>]+>"),                     # HTML tags and their attributes
    re.compile(r"^(```|~~~).*?^\1", re.M | re.S),  # fenced code
    re.compile(r"\[\^\w+\]"),                   # footnote marks
]
NUMBER = re.compile(r"(?<![\w.])\d+\.\d+(?![\d])")  # decimals: integers follow the phrasing


def numbers(text):
    for pattern in NOISE:
        text = pattern.sub(" ", text)
    return sorted(n.replace(",", "") for n in NUMBER.findall(text))


def _sections():
    for page in translations.pages():
        zh = (ROOT / "docs" / "zh" / f"{page}.md")
        en = (ROOT / "docs" / "en" / f"{page}.md")
        if not (zh.exists() and en.exists()):
            continue
        zh_sections = translations.sections(zh.read_text(encoding="utf-8"))
        en_sections = translations.sections(en.read_text(encoding="utf-8"))
        for section in zh_sections.keys() & en_sections.keys():
            yield pytest.param(zh_sections[section], en_sections[section], id=f"{page}#{section}")


@pytest.mark.parametrize("zh, en", list(_sections()))
def test_a_section_types_the_same_numbers_in_both_languages(zh, en):
    assert numbers(zh) == numbers(en)


def test_the_check_sees_a_changed_input():
    assert numbers("分数 0.5、0.3、1.2 和 3.0") != numbers("scores 0.5, 0.8, 1.2 and 3.0")
    assert numbers("隔了 20 个词，0.78 {{ num.x }} [a](b.md#c2.5)") == numbers("0.78, 2 words {{ num.y }}")
