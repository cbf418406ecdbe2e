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
