"""The build's on-disk caches: one home for where they live and how to switch one off.

Every cache has a name (figures, notebooks, search, highlight, templates, pdf) and lives in
.cache/<name> at the repository root, which is gitignored, so a fresh clone builds cold.
Its switch is the name in the singular, upper case, with _CACHE: FIGURE_CACHE, NOTEBOOK_CACHE,
TEMPLATE_CACHE, SEARCH_CACHE, HIGHLIGHT_CACHE, PDF_CACHE (the names the README and `make`
users know). `<NAME>_CACHE=off` (or 0, false, no, in any case) makes that cache neither read
nor written.
"""
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OFF = {"off", "0", "false", "no"}


def switch(name):
    """The environment variable that turns cache `name` off: 'figures' → 'FIGURE_CACHE'."""
    return f"{name.upper().removesuffix('S')}_CACHE"


def enabled(name):
    """False when the cache's switch (see `switch`) says off, 0, false or no."""
    return os.environ.get(switch(name), "on").strip().lower() not in OFF


def folder(name, root=ROOT):
    """root/.cache/<name>: where that cache keeps its files (not created here)."""
    return Path(root) / ".cache" / name
