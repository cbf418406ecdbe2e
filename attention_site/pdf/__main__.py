"""python -m attention_site.pdf SITE_DIR: both books printed into the built site, its links shown.

`make build` runs it after `mkdocs build`. The toolchain is checked first (attention_site.toolchain):
without it the site stays without books (one line names what is missing; its download links stay
hidden), and under CI that fails the build.
"""
import concurrent.futures
import os
import sys
from pathlib import Path

from attention_site import toolchain
from attention_site.languages import LANGS
from attention_site.pdf.edition import build_book
from attention_site.pdf.links import show_pdf_links

PROGRAM = "attention_site.pdf"


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print(f"usage: python -m {PROGRAM} SITE_DIR", file=sys.stderr)
        return 2
    site = Path(argv[0]).resolve()
    missing = toolchain.missing()
    if missing:
        what = "; ".join(missing)
        if os.environ.get("CI", "").lower() not in {"", "0", "false"}:
            print(f"{PROGRAM}: cannot print the PDF books, missing {what} (see system-packages.txt)",
                  file=sys.stderr)
            return 1
        print(f"{PROGRAM}: site built without the PDF books (their links stay hidden), missing {what}")
        return 0
    # Processes, not threads: building each book's HTML is Python work that would share one GIL.
    with concurrent.futures.ProcessPoolExecutor(max_workers=len(LANGS)) as pool:
        futures = {lang: pool.submit(build_book, site, lang) for lang in LANGS}
        for lang, future in futures.items():
            path, from_cache = future.result()
            print(f"{PROGRAM}: {path.name} {path.stat().st_size / 1e6:.2f} MB"
                  f"{' (cached)' if from_cache else ''}")
    print(f"{PROGRAM}: download links shown on {show_pdf_links(site)} pages")
    return 0


if __name__ == "__main__":
    sys.exit(main())
