"""Serve the build-time figures as in-memory files: nothing is written into docs/.

Thin on purpose: snippets.figures draws; this hook only adds the SVG bytes to
the build's Files (both layouts, wide and phone), once per language (the i18n
plugin builds each language separately). Pages embed them through ``{{ fig.NAME }}`` (hooks/computed.py).

- Runs after the i18n plugin (priority -100), which recreates every File and
  would drop ours; the files get the attributes that plugin sets on its own
  (see mkdocs_static_i18n/folder.py: create_i18n_file).
- zh (the default language) is served at figures/..., en at en/figures/....
- Rendered bytes are cached in memory for the life of the process and on disk in
  .cache/figures/ (gitignored, so a fresh clone builds cold), keyed on a hash of
  every file under snippets/ (nested folders included) and the NumPy/Matplotlib versions: a rebuild with nothing
  changed does not re-render, an edit to snippets/ does (hooks/reload_snippets.py
  purges the modules; this module keeps its cache because MkDocs loads a hook once).
  FIGURE_CACHE=off skips the disk cache.
- A figure that fails stops the build with a message naming it.
"""
import hashlib
import os
import posixpath
import time
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority, get_plugin_logger
from mkdocs.structure.files import File

log = get_plugin_logger("figures")

_cache = {}  # (snippets digest, name, lang, theme, layout) -> SVG bytes
SKIPPED = {"__pycache__"}  # interpreter caches: never what a figure is made from


def snippets_digest(package_dir):
    """sha256 over every file under snippets/, nested folders included (path and content),
    and the plotting versions. Any file: a figure may read data (JSON, CSV) as well as code."""
    import matplotlib
    import numpy

    digest = hashlib.sha256(f"numpy {numpy.__version__} matplotlib {matplotlib.__version__}\0".encode())
    files = (p for p in Path(package_dir).rglob("*")
             if p.is_file() and not SKIPPED.intersection(p.relative_to(package_dir).parts) and p.suffix != ".pyc")
    for path in sorted(files):
        digest.update(path.relative_to(package_dir).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


def _rendered(figures, digest, name, lang, theme, layout, cache_dir):
    key = (digest, name, lang, theme, layout)
    if key in _cache:
        return _cache[key]
    on_disk = cache_dir / f"{digest[:24]}-{name}-{lang}-{theme}-{layout}.svg" if cache_dir else None
    if on_disk is not None and on_disk.is_file():
        _cache[key] = on_disk.read_bytes()
        return _cache[key]
    try:
        _cache[key] = figures.render(name, lang, theme, layout)
    except Exception as error:
        raise PluginError(f"figure '{name}' ({lang}, {theme}, {layout}) could not be rendered: {error}") from error
    if on_disk is not None:
        on_disk.parent.mkdir(parents=True, exist_ok=True)
        for stale in on_disk.parent.glob(f"*-{name}-{lang}-{theme}-{layout}.svg"):
            stale.unlink()
        temporary = on_disk.with_suffix(".tmp")
        temporary.write_bytes(_cache[key])
        temporary.replace(on_disk)  # atomic: a crash never leaves a half-written figure
    return _cache[key]


def _generated_file(config, src_uri, content, lang, default_lang):
    """A File at src_uri ('en/figures/x.svg'), dressed like the i18n plugin's files."""
    file = File.generated(config, src_uri, content=content)
    norm_src_uri = posixpath.relpath(src_uri, lang)  # 'figures/x.svg'
    file.dest_uri = norm_src_uri if lang == default_lang else src_uri
    file.alternates = {lang: file}
    file.locale = lang
    file.locale_alternate_of = lang
    file.localization = lang
    file.norm_src_uri = norm_src_uri
    return file


@event_priority(-200)  # after the i18n plugin's on_files (-100)
def on_files(files, config):
    import snippets
    from snippets import figures

    i18n = config.plugins.get("i18n")
    if i18n is not None:
        langs, default_lang = [i18n.current_language], i18n.default_language
    else:  # a plain build: every language, served where it lies in docs/
        langs, default_lang = list(figures.LANGS), None

    digest = snippets_digest(Path(snippets.__file__).parent)
    root = Path(config.config_file_path).resolve().parent
    cache_dir = None if os.environ.get("FIGURE_CACHE", "on").lower() in {"off", "0", "false"} else root / ".cache" / "figures"
    for key in [k for k in _cache if k[0] != digest]:  # snippets changed: forget old renders
        del _cache[key]

    for lang in langs:
        if lang not in figures.LANGS:
            raise PluginError(f"figures: no figures for language {lang!r} (have {figures.LANGS})")
        before, start = len(_cache), time.perf_counter()
        for name in figures.NAMES:
            for theme in figures.THEMES:
                for layout in figures.LAYOUTS:
                    content = _rendered(figures, digest, name, lang, theme, layout, cache_dir)
                    uri = figures.src_uri(name, lang, theme, layout)
                    files.append(_generated_file(config, uri, content, lang, default_lang))
        count = len(figures.NAMES) * len(figures.THEMES) * len(figures.LAYOUTS)
        log.info(f"{lang}: {count} figures ready in {time.perf_counter() - start:.2f} s "
                 f"({len(_cache) - before} new in memory; disk cache: {cache_dir is not None})")
    return files
