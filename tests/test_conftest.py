"""tests/conftest.py's order of files (what make test hands the two workers), checked by collecting."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def collected(*args):
    run = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *args],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    return list(dict.fromkeys(line.split("::")[0] for line in run.stdout.splitlines() if "::" in line))


def test_a_site_file_first_then_the_plain_files_then_the_rest_longest_first():
    files = collected("tests/test_story_mode.py", "tests/test_softmax.py", "tests/test_figures.py", "tests/test_a11y.py")
    assert files == ["tests/test_a11y.py", "tests/test_softmax.py", "tests/test_figures.py", "tests/test_story_mode.py"]


def test_a_run_without_site_tests_is_ordered_too():
    assert collected("-m", "not site", "tests/test_softmax.py", "tests/test_figures.py") == [
        "tests/test_softmax.py", "tests/test_figures.py"]
