"""Search entries of unchanged pages reused from the last build (.cache/search/).

Material's search plugin parses every page's HTML and segments its Chinese text
with jieba on every build, for both languages. This hook wraps the plugin's
``SearchIndex.add_entry_from_context``: a page whose HTML, URL, title, table of
contents and search/tags front matter are what they were last time gets last
time's entries back; any other page is indexed by the plugin as usual and its
entries are stored. One file per page (its URL), so the cache never grows.
The Material version is part of the key. SEARCH_CACHE=off indexes every page
(attention_site.cache: the switch and the folder of every cache).

If a Material release renames what is wrapped, ``install`` finds nothing to wrap
and the build indexes every page as before (tests/test_hooks.py notices).

Under ``mkdocs serve`` the first build finds every page in the cache, so jieba loads its
dictionary (about half a second) only when the first edited Chinese page is indexed, in the
middle of the reader's first reload. ``on_startup`` loads it in a background thread instead.
"""
import copy
import functools
import hashlib
import json
from pathlib import Path

from attention_site import cache

MARK = "_search_cache"  # set on the wrapper: install once per process


def _toc(items):
    return [[item.id, item.url, item.title, _toc(item.children)] for item in items]


@functools.lru_cache(maxsize=1)
def _material_version():
    import material  # the module's own version: forks install it under other distribution names
    return material.__version__


def page_key(page):
    """sha256 of everything the plugin reads from the page."""
    parts = [_material_version(), page.url, str(page.title), page.content or "",
             json.dumps([page.meta.get("search"), page.meta.get("tags"), page.meta.get("title")],
                        default=str, sort_keys=True),
             json.dumps(_toc(page.toc or []), ensure_ascii=False)]
    return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()


def cached(add_entry, folder):
    """add_entry_from_context, answering from `folder` for a page that did not change."""

    @functools.wraps(add_entry)
    def add_entry_from_context(self, page):
        key = page_key(page)
        path = folder / f"{hashlib.sha256(page.url.encode('utf-8')).hexdigest()[:24]}.json"
        if path.is_file():
            stored = json.loads(path.read_text(encoding="utf-8"))
            if stored["key"] == key:
                self.entries.extend(stored["entries"])
                return None
        before = len(self.entries)
        result = add_entry(self, page)
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"key": key, "entries": copy.deepcopy(self.entries[before:])},
                                   ensure_ascii=False), encoding="utf-8")
        return result

    setattr(add_entry_from_context, MARK, folder)
    return add_entry_from_context


def install(folder):
    """Wrap the search plugin's indexing; True if it is wrapped (now or before)."""
    try:
        from material.plugins.search.plugin import SearchIndex
    except ImportError:
        return False
    current = getattr(SearchIndex, "add_entry_from_context", None)
    if current is None:
        return False
    if getattr(current, MARK, None) == folder:
        return True
    original = getattr(current, "__wrapped__", current) if hasattr(current, MARK) else current
    SearchIndex.add_entry_from_context = cached(original, folder)
    return True


def uninstall():
    from material.plugins.search.plugin import SearchIndex

    current = SearchIndex.add_entry_from_context
    if hasattr(current, MARK):
        SearchIndex.add_entry_from_context = current.__wrapped__


def on_startup(command, dirty):
    if command != "serve":
        return
    try:
        import jieba
    except ImportError:
        return
    import threading

    threading.Thread(target=jieba.initialize, name="jieba-dictionary", daemon=True).start()


def on_config(config):
    if not cache.enabled("search"):
        uninstall()
        return config
    install(cache.folder("search", Path(config.config_file_path).resolve().parent))
    return config
