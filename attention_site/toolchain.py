"""What the PDF edition needs from the system, checked before anything is printed.

`make build` on a machine without the PDF toolchain still builds the site: attention_site/pdf asks
`missing()` first and, when a piece is absent, skips the books with one line naming it and the
package that provides it (from system-packages.txt, the one list). Without this check a missing
font surfaced as "no page of the PDF starts with the chapter title ...", which says nothing
about fonts: Chromium silently prints in a fallback font and the title extracts differently.

The pieces: a Chromium (attention_site.browser), fontconfig's fc-list/fc-match (the font check
and the PDF cache key use them), the font WenQuanYi Micro Hei and poppler's pdftotext (each
chapter's first page is found in the printed text).
"""
import os
import shutil
import subprocess
from pathlib import Path

from attention_site import browser

ROOT = Path(__file__).resolve().parents[1]
LIST = ROOT / "system-packages.txt"
FONT = "WenQuanYi Micro Hei"


def packages(path=LIST):
    """[(apt, brew, purpose)] from system-packages.txt, in its order."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            apt, brew, purpose = (part.strip() for part in line.split("|", 2))
            rows.append((apt, brew, purpose))
    return rows


def how_to_install(apt):
    """'apt-get install X; macOS: brew install Y', from the list."""
    for name, brew, _ in packages():
        if name == apt:
            return f"apt-get install {apt}; macOS: brew install {brew}"
    raise KeyError(f"{apt} is not in {LIST.name}")


def font_installed(family=FONT, environ=None):
    """Whether fontconfig knows `family` by that exact name (fc-match would answer a fallback)."""
    env = dict(os.environ if environ is None else environ)
    result = subprocess.run(["fc-list", family, "family"], capture_output=True, text=True, env=env)
    return result.returncode == 0 and any(
        family in line.split(",") for line in result.stdout.splitlines())


def missing(environ=None):
    """One phrase per missing piece, each naming the package that provides it; [] when all is there."""
    environ = os.environ if environ is None else environ
    path = environ.get("PATH")
    found = []
    try:
        if browser.find(environ) is None:
            found.append(f"a Chromium browser ({how_to_install('chromium')}; "
                         f"or set {browser.ENV}=/path/to/chromium)")
    except browser.BrowserMissing as error:
        found.append(str(error))
    if shutil.which("fc-list", path=path) is None or shutil.which("fc-match", path=path) is None:
        found.append(f"fontconfig's fc-list and fc-match ({how_to_install('fontconfig')})")
    elif not font_installed(FONT, environ):
        found.append(f"the font {FONT} ({how_to_install('fonts-wqy-microhei')})")
    if shutil.which("pdftotext", path=path) is None:
        found.append(f"poppler's pdftotext ({how_to_install('poppler-utils')})")
    return found
