"""Which Chromium prints the books and drives the browser tests, the audit and the benches: one lookup.

Order (the first that exists wins):
1. the environment variable CHROMIUM: a path or a command name (`CHROMIUM=/opt/chrome/chrome make build`);
   set but not found is an error, never a silent fall-through to another browser;
2. `chromium`, `chromium-browser`, `google-chrome` on PATH (Debian's package, Ubuntu's snap, the
   Google Chrome that GitHub's runners ship);
3. Playwright's own managed Chromium, when `playwright install chromium` has downloaded it: how
   macOS and Windows get one (those have no browser on PATH by those names).

Why no fixed path: the Debian package's path in /usr/bin exists on Debian only, so the PDF, the
tests and the audit failed on macOS and with Ubuntu's snap while the README promised "Python 3.11
and make".
"""
import functools
import os
import shutil
import subprocess
import threading
from pathlib import Path

ENV = "CHROMIUM"
ON_PATH = ("chromium", "chromium-browser", "google-chrome")
# Headless and quiet: no first-run UI, no network of its own (the sites are served locally).
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
HOW = ("install one: Debian/Ubuntu `apt-get install chromium` (or Google Chrome), macOS "
       "`brew install --cask chromium`, anywhere `python -m playwright install chromium`; "
       f"or set {ENV}=/path/to/chromium")


class BrowserMissing(RuntimeError):
    """No Chromium was found; the message says how to get one."""


def _managed():
    """Playwright's downloaded Chromium, or None. Its path is known only to Playwright's driver,
    started here in a thread of its own: the sync API refuses to run inside an event loop."""
    found = []

    def ask():
        try:
            from playwright.sync_api import sync_playwright

            with sync_playwright() as playwright:
                found.append(playwright.chromium.executable_path)
        except Exception:  # Playwright not installed or its driver broken: no managed browser
            pass

    thread = threading.Thread(target=ask, daemon=True)
    thread.start()
    thread.join(timeout=60)
    return found[0] if found and Path(found[0]).is_file() else None


def find(environ=None, managed=_managed):
    """The path of the Chromium to use, or None. `environ`/`managed`: for the tests."""
    environ = os.environ if environ is None else environ
    chosen = environ.get(ENV, "").strip()
    if chosen:
        path = shutil.which(chosen, path=environ.get("PATH"))
        if path is None:
            raise BrowserMissing(f"{ENV}={chosen} is set, but no browser is there: fix or unset {ENV}")
        return path
    for name in ON_PATH:
        path = shutil.which(name, path=environ.get("PATH"))
        if path:
            return path
    return managed()


@functools.lru_cache(maxsize=None)
def executable():
    """find(), once per process; raises BrowserMissing with how to install one."""
    path = find()
    if path is None:
        raise BrowserMissing(f"no Chromium found ({ENV} unset; none of {', '.join(ON_PATH)} on PATH; "
                             f"no Playwright Chromium): {HOW}")
    return path


def version(path):
    """`chromium --version` ("Chromium 156.0.8078.129 built on Debian ..."): the PDF cache keys on it.
    Falls back to the file's size and date when the browser cannot say."""
    try:
        result = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=60)
        if result.returncode == 0 and result.stdout.strip():
            return result.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    stat = Path(path).resolve().stat()
    return f"{Path(path).resolve()} {stat.st_size} {stat.st_mtime_ns}"


def launch(playwright, **options):
    """A headless Chromium from `playwright` (a started sync_playwright()), at executable()."""
    return playwright.chromium.launch(executable_path=executable(), args=ARGS, **options)
