"""The build's on-disk caches: one home for where they live and how to switch one off.

Every cache has a name (figures, notebooks, search, highlight, templates, pdf) and lives in
.cache/<name> at the repository root, which is gitignored, so a fresh clone builds cold.
`<NAME>_CACHE=off` (or 0, false, no) makes that cache neither read nor written.
"""
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OFF = {"off", "0", "false", "no"}


def enabled(name):
    """False when the environment variable <NAME>_CACHE says off, 0, false or no."""
    return os.environ.get(f"{name.upper()}_CACHE", "on").strip().lower() not in OFF


def folder(name, root=ROOT):
    """root/.cache/<name>: where that cache keeps its files (not created here)."""
    return Path(root) / ".cache" / name
