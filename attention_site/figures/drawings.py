"""Every figure's SVG bytes for a build: from memory, the disk cache, a worker, or drawn here.

A figure is known by its key, (digest, name, lang, theme, layout): the digest (sources.py) changes
whenever something the figure is made from changes, so a key never names stale bytes. Bytes are
kept in memory (for the life of the process: ``mkdocs serve`` rebuilds in it) and on disk in
.cache/figures/ (attention_site.cache: FIGURE_CACHE=off skips it; gitignored, so a fresh clone
builds cold).

The memory and the pending futures belong to the caller (hooks/figures.py), because every build
re-imports attention_site (hooks/reload_snippets.py) and this module's globals with it.
A figure that fails raises PluginError naming it, which stops the build.
"""
from pathlib import Path

from mkdocs.exceptions import PluginError

from attention_site import figures
from attention_site.figures import sources, workers


def root():
    """The folder that holds the project's packages (attention_site/figures/__init__.py -> its parents[2])."""
    return Path(figures.__file__).parents[2]


def keys(langs):
    """The key of every figure, theme and layout in `langs`."""
    digests = {name: sources.figure_digest(module.__file__, root()) for name, module in figures.FIGURES.items()}
    return [(digests[name], name, lang, theme, layout)
            for lang in langs for name in figures.NAMES for theme in figures.THEMES for layout in figures.LAYOUTS]


def failed(key, error):
    _, name, lang, theme, layout = key
    return PluginError(f"figure '{name}' ({lang}, {theme}, {layout}) could not be rendered: {error}")


class Drawings:
    """The bytes of the figures of one build. `memory` ({key: bytes}) and `pending` ({key: Future})
    outlive it; `folder` is the disk cache (None: off)."""

    def __init__(self, memory, pending, folder):
        self.memory, self.pending, self.folder = memory, pending, folder

    def _disk_path(self, key):
        digest, name, lang, theme, layout = key
        return self.folder / f"{digest[:24]}-{name}-{lang}-{theme}-{layout}.svg"

    def _on_disk(self, key):
        return self.folder is not None and self._disk_path(key).is_file()

    def forget_all_but(self, live):
        """Drop what memory and the workers hold for keys not in `live` (their sources changed)."""
        live = set(live)
        for key in [k for k in self.memory if k not in live]:
            del self.memory[key]
        for key in [k for k in self.pending if k not in live]:
            self.pending.pop(key).cancel()

    def missing(self, keys):
        """The keys neither in memory, nor being drawn, nor on disk."""
        return [k for k in keys if k not in self.memory and k not in self.pending and not self._on_disk(k)]

    def start(self, keys):
        """Hand the missing ones among `keys` to worker processes, if there are enough to be
        worth it; returns how many were handed over."""
        missing, jobs = self.missing(keys), workers.jobs()
        if not workers.worth_starting(len(missing), jobs):
            return 0
        futures = workers.start([key[1:] for key in missing], jobs)
        self.pending.update((key, futures[key[1:]]) for key in missing)
        return len(missing)

    def get(self, key):
        """The figure's bytes: from memory, from its worker (waiting for it), from disk, or drawn now."""
        if key in self.memory:
            return self.memory[key]
        if key in self.pending:
            future = self.pending.pop(key)
            try:
                return self._store(key, future.result())
            except Exception as error:
                raise failed(key, error) from error
        if self._on_disk(key):
            self.memory[key] = self._disk_path(key).read_bytes()
            return self.memory[key]
        try:
            content = figures.render(*key[1:])
        except Exception as error:
            raise failed(key, error) from error
        return self._store(key, content)

    def _store(self, key, content):
        self.memory[key] = content
        if self.folder is None:
            return content
        on_disk = self._disk_path(key)
        on_disk.parent.mkdir(parents=True, exist_ok=True)
        _, name, lang, theme, layout = key
        for stale in on_disk.parent.glob(f"*-{name}-{lang}-{theme}-{layout}.svg"):
            stale.unlink()
        temporary = on_disk.with_suffix(".tmp")
        temporary.write_bytes(content)
        temporary.replace(on_disk)  # atomic: a crash never leaves a half-written figure
        return content
