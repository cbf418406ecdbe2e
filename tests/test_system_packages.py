"""One list of system packages (system-packages.txt), used everywhere a machine is set up.

Issue 28: the Pages workflow installed only fonts-noto-cjk, so `make test` failed without poppler
and `make build` without WenQuanYi, and the README named only chromium. Now .ci/run, every
workflow that builds or tests, `make system-packages` and the README take the list from one file
through tools/system-packages.sh; no workflow names an apt package of its own.
"""
import os
import re
import subprocess
from pathlib import Path

import pytest
import yaml

from attention_site import toolchain

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = "tools/system-packages.sh"
BUILDS_OR_TESTS = re.compile(r"\bmake\s+(?:test|test-latest|build)\b|\bpytest\b|\bmkdocs\s+build\b|tools\.pdf")


def workflows():
    return sorted((ROOT / ".github" / "workflows").glob("*.yml"))


def test_the_list_parses_and_names_each_package_once_with_its_homebrew_twin_and_purpose():
    rows = toolchain.packages()
    names = [apt for apt, _, _ in rows]
    assert len(names) == len(set(names))
    assert {"chromium", "fonts-wqy-microhei", "poppler-utils", "fontconfig"} <= set(names)
    for apt, brew, purpose in rows:
        assert re.fullmatch(r"[a-z0-9][a-z0-9.+-]+", apt), apt
        assert re.fullmatch(r"(--cask )?[a-z0-9][a-z0-9.+@-]+", brew), brew
        assert len(purpose) > 20, f"{apt}: say what it is for"


def test_the_script_reads_the_same_list():
    apt = subprocess.run(["bash", SCRIPT, "--apt"], cwd=ROOT, capture_output=True, text=True, check=True)
    assert apt.stdout.split() == [name for name, _, _ in toolchain.packages()]
    brew = subprocess.run(["bash", SCRIPT, "--brew"], cwd=ROOT, capture_output=True, text=True, check=True)
    for _, formula, _ in toolchain.packages():
        assert formula.replace("--cask ", "") in brew.stdout, formula
    assert os.access(ROOT / SCRIPT, os.X_OK), f"{SCRIPT} must be executable (workflows run it directly)"


@pytest.mark.parametrize("path", workflows(), ids=lambda p: p.name)
def test_every_workflow_that_builds_or_tests_installs_the_list_first(path):
    workflow = yaml.safe_load(path.read_text(encoding="utf-8"))
    for name, job in workflow["jobs"].items():
        runs = [step.get("run", "") for step in job.get("steps", [])]
        first_build = next((i for i, run in enumerate(runs) if BUILDS_OR_TESTS.search(run)), None)
        if first_build is None:
            continue
        installs = [i for i, run in enumerate(runs) if SCRIPT in run]
        assert installs and installs[0] < first_build, f"{path.name} job {name}: run {SCRIPT} before building"
        for run in runs:
            assert "apt-get install" not in run, f"{path.name} job {name}: packages come from system-packages.txt"


def test_at_least_the_pages_and_latest_workflows_are_checked():
    names = {path.name for path in workflows()}
    assert {"pages.yml", "latest.yml"} <= names


def test_ci_run_and_make_use_the_list():
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
          if not line.lstrip().startswith("#")]
    assert SCRIPT in ci and "make test" in ci and ci.index(SCRIPT) < ci.index("make test")
    assert not any("apt-get install" in line for line in ci)
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(rf"^system-packages:\n\t{re.escape(SCRIPT)}$", makefile, re.M)


def test_the_readme_quotes_every_package_with_what_it_is_for():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for apt, brew, _ in toolchain.packages():
        row = next((line for line in readme.splitlines() if line.startswith(f"| `{apt}`")), None)
        assert row is not None, f"README: no table row for {apt}"
        assert f"`{brew}`" in row, f"README: {apt}'s Homebrew twin {brew}"
    assert "tools/system-packages.sh" in readme and "make system-packages" in readme


def test_missing_pieces_name_the_package_to_install():
    assert toolchain.how_to_install("fonts-wqy-microhei") == (
        "apt-get install fonts-wqy-microhei; macOS: brew install --cask font-wenquanyi-micro-hei")
    with pytest.raises(KeyError, match="not-a-package"):
        toolchain.how_to_install("not-a-package")
