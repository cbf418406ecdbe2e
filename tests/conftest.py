"""Shared fixtures: one strict build of the site per test session, served on
localhost, and a headless Chromium driven by Playwright.

The browser is the one attention_site.browser finds (the CHROMIUM variable, then chromium,
chromium-browser or google-chrome on PATH, then Playwright's own). Browser tests skip when
there is none on a developer machine, but fail under CI (CI=true), where .ci/run installs
one: a skipped gate in CI would be a test that cannot fail.
"""
import fcntl
import os
from pathlib import Path

import pytest

from attention_site import browser as chromium
from attention_site.local_site import build_site  # noqa: F401 (the tests import it from here)

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory):
    """The site, built once per test run (strict) and shared by every xdist worker.

    Under pytest-xdist each worker is its own session; the first to ask builds into the run's
    shared temporary folder while holding a lock, the others wait and reuse it (and its failure:
    a failed build fails every site test, with the build's output). Its log is build.log beside it.
    """
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # the run's folder, above each worker's own
    dest, log, failed = shared / "site" / "site", shared / "site" / "build.log", shared / "site" / "FAILED"
    dest.parent.mkdir(parents=True, exist_ok=True)
    with open(shared / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not log.exists():
            result = build_site(dest)
            log.write_text(result.stdout + result.stderr, encoding="utf-8")
            if result.returncode != 0:
                failed.touch()
    if failed.exists():
        pytest.fail(f"mkdocs build --strict failed:\n{log.read_text(encoding='utf-8')}")
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
    """Headless Chromium via Playwright; skipped locally without one, fails in CI."""
    try:
        chromium.executable()
    except chromium.BrowserMissing as missing:
        if os.environ.get("CI"):
            pytest.fail(f"{missing} (.ci/run installs one: tools/system-packages.sh)")
        pytest.skip(str(missing))
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = chromium.launch(playwright)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    yield page
    context.close()


def pytest_collection_modifyitems(config, items):
    """Tests that need no built site run first (a stable sort). Under `-n 2` one worker then
    builds the site while the other gets through the fast tests, instead of both waiting."""
    items.sort(key=lambda item: item.get_closest_marker("site") is not None)
