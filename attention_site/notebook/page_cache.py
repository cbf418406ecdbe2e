"""The reworked notebook page, kept between builds.

Reworking nbconvert's HTML (html.py: bs4 over ~80 KB of markup, the code blocks rebuilt
token by token) takes a few tenths of a second a page, and nbconvert's HTML comes unchanged
from mkdocs-jupyter's cache on most builds. One entry per language in
.cache/notebooks/page/<lang>/, keyed on that HTML, the rework's code and the versions of the
libraries it uses; NOTEBOOK_CACHE=off reworks on every build.
"""
import hashlib
import json
from importlib import metadata
from pathlib import Path

from attention_site.notebook import headings, html

KEY_CODE = [Path(html.__file__), Path(headings.__file__)]
KEY_PACKAGES = ["beautifulsoup4", "soupsieve", "pymdown-extensions"]


def key(text):
    digest = hashlib.sha256(text.encode("utf-8"))
    for path in KEY_CODE:
        digest.update(path.read_bytes())
    for package in KEY_PACKAGES:
        digest.update(f"{package}={metadata.version(package)}".encode())
    return digest.hexdigest()


def page(text, name, folder, use_cache=True):
    """html.page(text, name), from folder/<key>.json when an earlier build stored it there."""
    entry = Path(folder) / f"{key(text)[:20]}.json"
    if use_cache and entry.is_file():
        cached = json.loads(entry.read_text(encoding="utf-8"))
        return cached["content"], cached["toc"]
    content, tokens = html.page(text, name)
    if use_cache:
        entry.parent.mkdir(parents=True, exist_ok=True)
        for old in entry.parent.glob("*.json"):  # this language's earlier page
            old.unlink()
        entry.write_text(json.dumps({"content": content, "toc": tokens}, ensure_ascii=False), encoding="utf-8")
    return content, tokens
