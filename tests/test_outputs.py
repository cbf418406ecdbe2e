"""The `#>` comments in snippets/ are what the code really prints (tests/outputs.py)."""
import re

import pytest

from tests import outputs

SNIPPET_MODULES = ["softmax", "attention", "projections", "library", "sentence", "cost", "word_order",
                   "coreference"]


def test_every_worked_example_module_is_checked():
    checked = {p.stem for p in outputs.modules()}
    assert set(SNIPPET_MODULES) <= checked


@pytest.mark.parametrize("path", outputs.modules(), ids=lambda p: str(p.relative_to(outputs.ROOT)))
def test_output_comments_match_real_output(path):
    _, pairs = outputs.expected_and_actual(path)
    assert pairs, f"{path.name}: no #> blocks"
    for (start, _, _, expected), printed in pairs:
        assert printed == expected, f"{path.name}:{start + 1}: #> says {expected!r}, prints {printed!r}"


@pytest.fixture
def altered_copy(tmp_path):
    """A copy of snippets/softmax.py whose first `#>` line with a weight says 0.99 instead.

    Returns (path, original line text, altered line text) of that #> line.
    """
    copy = tmp_path / "softmax_copy.py"
    lines = (outputs.ROOT / "snippets" / "softmax.py").read_text(encoding="utf-8").split("\n")
    index = next(i for i, line in enumerate(lines) if re.match(r"\s*#> .*0\.\d\d", line))
    original = lines[index]
    lines[index] = re.sub(r"0\.\d\d", "0.99", original, count=1)
    copy.write_text("\n".join(lines), encoding="utf-8")
    return copy, original.split("#> ", 1)[1], lines[index].split("#> ", 1)[1]


def test_the_checker_reports_an_altered_line(altered_copy):
    path, original, altered = altered_copy
    _, pairs = outputs.expected_and_actual(path)
    wrong = [(expected, printed) for (_, _, _, expected), printed in pairs if expected != printed]
    assert len(wrong) == 1
    expected, printed = wrong[0]
    diff = [(e, p) for e, p in zip(expected, printed) if e != p]
    assert diff == [(altered, original)] and len(expected) == len(printed)


def test_the_command_fails_on_a_mismatch_and_update_repairs_it(altered_copy, monkeypatch, capsys):
    path, original, altered = altered_copy
    monkeypatch.setattr(outputs, "ROOT", path.parent)
    monkeypatch.setattr(outputs, "modules", lambda: [path])  # never touch snippets/ itself
    with pytest.raises(SystemExit) as exit_info:
        outputs.main([])
    assert exit_info.value.code == 1
    err = capsys.readouterr().err
    assert "softmax_copy.py:" in err and repr(altered) in err and repr(original) in err

    outputs.main(["--update"])
    text = path.read_text(encoding="utf-8")
    assert f"#> {original}\n" in text and altered not in text
    outputs.main([])  # clean now: no SystemExit


def test_a_print_without_a_comment_block_is_an_error(tmp_path):
    module = tmp_path / "bare.py"
    module.write_text('print("hello")\n#> hello\nprint("no block below")\n', encoding="utf-8")
    with pytest.raises(AssertionError, match="print without a #> block"):
        outputs.expected_and_actual(module)


def test_a_missing_or_extra_output_line_is_a_mismatch(tmp_path):
    module = tmp_path / "short.py"
    module.write_text('for i in range(3):\n    print(i)\n#> 0\n#> 1\n', encoding="utf-8")
    (_, _, _, expected), printed = outputs.expected_and_actual(module)[1][0]
    assert expected == ["0", "1"] and printed == ["0", "1", "2"]
