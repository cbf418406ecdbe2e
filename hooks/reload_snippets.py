"""Forget imported `snippets` modules before each build.

Under `make serve`, MkDocs rebuilds in the same process: without this, an edit
to snippets/ would leave the old module in sys.modules and stale figures/numbers.
"""
import sys

from mkdocs.plugins import event_priority


@event_priority(100)
def on_config(config):
    for name in [m for m in sys.modules if m == "snippets" or m.startswith("snippets.")]:
        del sys.modules[name]
    return config
