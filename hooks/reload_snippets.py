"""Make `snippets` and `attention_site` importable, and fresh, for every build.

The repository root goes on sys.path (hooks run from anywhere). Under
`make serve`, MkDocs rebuilds in the same process: without the purge, an edit to
snippets/ (the teaching code) or attention_site/ (the page values, figures,
widgets and exercises computed from it) would leave the old module in
sys.modules and stale figures/numbers.
"""
import os
import sys

from mkdocs.plugins import event_priority

PACKAGES = ("snippets", "attention_site")  # the project's own packages, purged before each build


@event_priority(100)
def on_config(config):
    root = os.path.dirname(os.path.abspath(config.config_file_path))
    if root not in sys.path:
        sys.path.insert(0, root)
    for name in [m for m in sys.modules if m.partition(".")[0] in PACKAGES]:
        del sys.modules[name]
    return config
