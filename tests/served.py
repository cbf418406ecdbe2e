"""Helpers shared by the reader-side gates (test_browser, test_a11y): which pages the
built site has, and copies of the project to build. Serving a site (attention_site.static_host)
and where (attention_site.site_config.site_path) live in the package, which the benches and
tools use too; they are re-exported here.
"""
import shutil
from pathlib import Path

from attention_site import languages
from attention_site.site_config import site_path  # noqa: F401 (re-exported for the tests)
from attention_site.static_host import serve  # noqa: F401 (re-exported for the tests)

ROOT = Path(__file__).resolve().parents[1]


PROJECT_PARTS = ("mkdocs.yml", "docs", "snippets", "hooks", "overrides", "extensions", "tools",
                 "attention_site", "translations.json", "Makefile")


def copy_project(dest, parts=PROJECT_PARTS):
    """The files a build reads, copied to `dest` (no .git, .venv, site/, caches)."""
    dest.mkdir(parents=True)
    for name in parts:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints"))
        elif src.exists():
            shutil.copy2(src, dest / name)
    return dest


def page_urls(site_dir):
    """Every HTML page of the built site as (lang, url relative to the site root).

    zh pages live at the root, en pages under en/; 404.html is included (it is
    served for every missing URL).
    """
    pages = []
    for path in sorted(Path(site_dir).rglob("*.html")):
        rel = path.relative_to(site_dir).as_posix()
        url = rel[: -len("index.html")] if rel.endswith("index.html") else rel
        lang = languages.of_path(rel)
        pages.append((lang, url))
    return pages


def page_file(site_dir, url):
    """The HTML file behind a page url from page_urls()."""
    return Path(site_dir) / url if url.endswith(".html") else Path(site_dir) / url / "index.html"
