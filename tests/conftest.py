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


# Seconds each slow file takes in `make test` (sum of its --durations on this 2-core machine, rounded):
# the order below hands the longest out first, so the run does not end with one worker alone on a
# long file. Update a number when a file's time changes a lot; a file not listed counts half a
# second per test that needs the site.
SECONDS = {"test_exercises_browser.py": 130, "test_a11y.py": 130, "test_explorer_browser.py": 130,
           "test_phone.py": 90, "test_browser.py": 90, "test_playground_browser.py": 75, "test_pdf.py": 50,
           "test_figures.py": 50, "test_faults.py": 45, "test_copy_run.py": 35, "test_reproducible.py": 20,
           "test_reading_path.py": 20, "test_story_mode.py": 15, "test_links.py": 10, "test_pdf_book.py": 10,
           "test_print.py": 10, "test_widgets_core_browser.py": 8, "test_site.py": 8}


def pytest_collection_modifyitems(config, items):
    """The order in which test files are handed out (make test runs `-n 2 --dist loadfile
    --no-loadscope-reorder`, so each file goes whole to one worker, in this order):

    1. the longest file that needs the built site: the worker that takes it builds the site;
    2. the files that need no site: the other worker gets through them meanwhile;
    3. the rest, longest first (SECONDS), so the shortest come last and the two workers end
       together; a file's site tests run after its other tests.
    Within a file the order is otherwise unchanged. Serially (PYTEST_WORKERS=0) the same order holds."""
    files = {}
    for item in items:
        files.setdefault(item.nodeid.split("::", 1)[0], []).append(item)

    def needs_site(test):
        return test.get_closest_marker("site") is not None

    def seconds(path):
        tests = files[path]
        return SECONDS.get(path.rsplit("/", 1)[-1], 0.5 * sum(map(needs_site, tests)))

    for tests in files.values():  # a file's site tests last: its other tests need not wait for the build
        tests.sort(key=needs_site)
    longest = sorted(files, key=seconds, reverse=True)
    first = [f for f in longest if all(map(needs_site, files[f]))][:1]  # none under -m "not site"
    plain = [f for f in files if not any(map(needs_site, files[f]))]
    order = first + plain + [f for f in longest if f not in first and f not in plain]
    items[:] = [item for f in order for item in files[f]]
