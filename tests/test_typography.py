"""Chinese pages follow 中英文排版: spaces between CJK and Latin/digits, full-width punctuation.

Checked with autocorrect (autocorrect-py), the linter of the 中文文案排版指北 conventions.
"""
from pathlib import Path

import autocorrect_py
import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
ZH_PAGES = sorted((DOCS / "zh").glob("*.md"))


@pytest.mark.parametrize("path", ZH_PAGES, ids=lambda p: p.name)
def test_chinese_page_is_well_typeset(path):
    result = autocorrect_py.lint_for(path.read_text(encoding="utf-8"), "md")
    problems = [f"{path.name}:{line.line}:{line.col}: {line.old!r} -> {line.new!r}" for line in result.lines]
    assert not problems, "\n".join(problems)


def test_linter_catches_a_missing_space():
    result = autocorrect_py.lint_for("我有4个词,Query和Key。\n", "md")
    assert result.lines


CJK = "\u4e00-\u9fff"
STRAY_SPACES = [
    # a space between Chinese text and a link whose text is Chinese (「见 [一章](x.md) 」)
    (rf"[{CJK}，。；：、（「] \[[{CJK}「《]", "space before a Chinese link"),
    (rf"\[[^\]]*[{CJK}」》]\]\([^)]*\) [{CJK}，。；：、）」]", "space after a Chinese link"),
    # full-width sentence punctuation is never followed by a space inside a paragraph
    (rf"[。？！，；：](\*\*)? +[{CJK}「*]", "space after full-width punctuation"),
]


@pytest.mark.parametrize("path", ZH_PAGES, ids=lambda p: p.name)
def test_no_stray_spaces_around_links_or_after_punctuation(path):
    import re

    problems = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.lstrip().startswith(("|", "```", "--8<--")):
            continue
        for pattern, what in STRAY_SPACES:
            for match in re.finditer(pattern, line):
                problems.append(f"{path.name}:{number}: {what}: {match.group(0)!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("text, stray", [
    ("见 [从类比回到词向量](word-vectors.md) 一章", True),
    ("见[从类比回到词向量](word-vectors.md)一章", False),
    ("经过 [softmax](weights.md) 之后", False),
    ("是分开的两样东西。 标签是", True),
    ("是分开的两样东西。**标签**是", False),
])
def test_the_stray_space_check_sees_them(text, stray):
    import re

    found = any(re.search(pattern, text) for pattern, _ in STRAY_SPACES)
    assert found is stray
