"""Serve the build-time figures as in-memory files (attention_site/figures): wiring only.

Pages embed them through ``{{ fig.NAME }}`` (hooks/computed.py, attention_site.figures.embed);
this hook adds their SVG files (both themes and layouts) to each language's build:

- on_config starts drawing every missing figure of every language in worker processes
  (attention_site/figures/workers.py), so they draw while MkDocs reads and renders pages;
- on_files, after the i18n plugin's (it recreates every File), adds the figure Files
  (attention_site/figures/files.py), whose bytes come from memory, the disk cache, the workers or a
  render here (attention_site/figures/drawings.py); each figure is keyed on what it is made from
  (attention_site/figures/sources.py). A figure that fails stops the build, naming it.

What must outlive a build lives here: under ``mkdocs serve`` every build re-imports attention_site
(hooks/reload_snippets.py), but this module is loaded once per process.
"""
from pathlib import Path

from mkdocs.plugins import event_priority, get_plugin_logger

log = get_plugin_logger("figures")

_memory = {}   # (figure digest, name, lang, theme, layout) -> SVG bytes
_pending = {}  # the same keys -> Future of a worker's render


def _drawings(config):
    from attention_site import cache
    from attention_site.figures.drawings import Drawings

    root = Path(config.config_file_path).resolve().parent
    return Drawings(_memory, _pending, cache.folder("figures", root) if cache.enabled("figures") else None)


@event_priority(-200)
def on_config(config):
    """Start drawing every missing figure, both languages, in worker processes."""
    from attention_site import figures
    from attention_site.figures import drawings

    drawn = _drawings(config)
    keys = drawings.keys(figures.LANGS)  # every language: the workers start once
    drawn.forget_all_but(keys)
    started = drawn.start(keys)
    if started:
        log.info(f"drawing {started} figures in worker processes")
    return config


@event_priority(-200)  # after the i18n plugin's on_files (-100)
def on_files(files, config):
    from attention_site.figures import files as figure_files

    drawn = _drawings(config)
    for lang, (count, drawing) in figure_files.add(files, config, drawn).items():
        log.info(f"{lang}: {count} figures ({drawing} still being drawn by the workers; "
                 f"disk cache: {drawn.folder is not None})")
    return files
