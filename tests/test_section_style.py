"""Shown code fits the page: a code block on the site is about 80 characters wide
(less on a phone), and a cut-off line hides exactly the comment that explains it."""
from pathlib import Path

import pytest

from attention_site import sections

ROOT = Path(__file__).resolve().parents[1]
WIDTH = 80
shown_sections = sections.of_file  # {name: dedented text} of every named section of a file


MODULES = sorted(p for p in (ROOT / "snippets").glob("*.py") if shown_sections(p))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_shown_lines_fit_the_code_block(path):
    long = [f"{path.name}:{name}: {len(line)} chars: {line.strip()[:60]}"
            for name, text in shown_sections(path).items()
            for line in text.splitlines() if len(line) > WIDTH]
    assert not long, "\n".join(long)


def test_the_width_check_sees_a_long_line(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    # --8<-- [start:x]\n    y = 1  # " + "z" * 90 + "\n    # --8<-- [end:x]\n")
    assert any(len(line) > WIDTH for line in shown_sections(sample)["x"].splitlines())
