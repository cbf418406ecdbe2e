"""Shared fixtures: one strict build of the site per test session, served on
localhost, and a headless Chromium (Debian's) driven by Playwright.

Browser tests skip when /usr/bin/chromium is missing on a developer machine,
but fail under CI (CI=true), where .ci/run installs it: a skipped gate in CI
would be a test that cannot fail.
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def build_site(dest, project=ROOT, extra_env=None):
    """`mkdocs build --strict` of `project` into `dest`; returns CompletedProcess."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(project),
           "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH", "1700000000"),
           **(extra_env or {})}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--clean", "-d", str(dest)],
        cwd=project, env=env, capture_output=True, text=True,
    )


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory):
    """The site, built once per session (strict). Its build log is in site_dir.log."""
    dest = tmp_path_factory.mktemp("site") / "site"
    result = build_site(dest)
    if result.returncode != 0:
        pytest.fail(f"mkdocs build --strict failed:\n{result.stdout}\n{result.stderr}")
    (dest.parent / "build.log").write_text(result.stdout + result.stderr, encoding="utf-8")
    return dest


@pytest.fixture(scope="session")
def build_log(site_dir):
    return (site_dir.parent / "build.log").read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def site_url(site_dir):
    """Base URL of the built site, served on 127.0.0.1 under the path of `site_url`
    (/attention/), as GitHub Pages serves it: absolute links must work too."""
    from tests import served

    with served.serve(site_dir, served.site_path()) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium via Playwright; skipped locally without it, fails in CI."""
    if not Path(CHROMIUM).exists() or shutil.which("chromium") is None:
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: .ci/run must apt-get install chromium")
        pytest.skip(f"{CHROMIUM} not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    yield page
    context.close()
