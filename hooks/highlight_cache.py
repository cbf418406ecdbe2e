"""Highlighted code blocks reused from the last build (.cache/highlight.json, and in memory).

Every build runs Pygments over every code block of both languages (about 160), though
the code rarely changes between two builds of an edit loop. This hook wraps
pymdownx's ``Highlight.highlight``: a block whose source, language, options and
highlighter settings were highlighted before gets that HTML back. The key holds all
of them and the Pygments and pymdownx versions; a block with a title is never cached
(its title is stashed in the Markdown instance). HIGHLIGHT_CACHE=off turns it off
(attention_site.cache: the switch and the folder of every cache).

If a pymdownx release renames what is wrapped, ``install`` finds nothing to wrap and
the build highlights every block as before (tests/test_hooks.py notices).
"""
import functools
import hashlib
import json
from importlib import metadata
from pathlib import Path

from attention_site import cache

MARK = "_highlight_cache"
LIMIT = 4000  # entries kept: old versions of edited blocks go when it is reached
# MkDocs runs this module afresh for every build (every `mkdocs serve` rebuild too): what must
# last lives on the installed wrapper, which stays on the Highlight class for the process.


@functools.lru_cache(maxsize=1)
def _versions():
    return metadata.version("pygments"), metadata.version("pymdown-extensions")


def block_key(highlighter, src, language, args, kwargs):
    settings = sorted((name, repr(value)) for name, value in vars(highlighter).items() if name != "md")
    versions = _versions()  # looked up once: a build asks for every one of its ~160 blocks
    text = repr((versions, settings, src, language, args, sorted(kwargs.items())))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def cached(highlight):
    memory = {}

    @functools.wraps(highlight)
    def wrapper(self, src, language, *args, **kwargs):
        if kwargs.get("title") or (len(args) > 9 and args[9]):  # a title lives in the md's stash
            return highlight(self, src, language, *args, **kwargs)
        key = block_key(self, src, language, args, kwargs)
        if key not in memory:
            if len(memory) >= LIMIT:
                memory.clear()
            memory[key] = highlight(self, src, language, *args, **kwargs)
        return memory[key]

    wrapper.memory, wrapper.loaded = memory, set()  # loaded: cache files read into memory
    setattr(wrapper, MARK, True)
    return wrapper


def installed():
    """The installed wrapper, or None."""
    from pymdownx.highlight import Highlight

    current = getattr(Highlight, "highlight", None)
    return current if hasattr(current, MARK) else None


def install():
    """Wrap pymdownx's highlighter; True if it is wrapped (now or before)."""
    try:
        from pymdownx.highlight import Highlight
    except ImportError:
        return False
    current = getattr(Highlight, "highlight", None)
    if current is None:
        return False
    if not hasattr(current, MARK):
        Highlight.highlight = cached(current)
    return True


def uninstall():
    from pymdownx.highlight import Highlight

    if hasattr(Highlight.highlight, MARK):
        Highlight.highlight = Highlight.highlight.__wrapped__


def cache_file(config):
    """.cache/highlight.json: one file, beside the folders of the other caches."""
    return cache.folder("highlight", Path(config.config_file_path).resolve().parent).with_suffix(".json")


def _off():
    return not cache.enabled("highlight")


def on_config(config):
    if _off():
        uninstall()
        return config
    if not install():
        return config
    wrapper, path = installed(), cache_file(config)
    if str(path) not in wrapper.loaded and path.is_file():
        wrapper.loaded.add(str(path))
        try:
            wrapper.memory.update(json.loads(path.read_text(encoding="utf-8")))
        except ValueError:  # a half-written file from a killed build: start over
            pass
    return config


def on_post_build(config):
    wrapper = None if _off() else installed()
    if wrapper is None:
        return
    path = cache_file(config)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(wrapper.memory, ensure_ascii=False), encoding="utf-8")
    temporary.replace(path)  # atomic
