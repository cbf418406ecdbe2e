"""Serve the build-time figures as in-memory files: nothing is written into docs/.

Thin on purpose: attention_site.figures draws; this hook only adds the SVG bytes to
the build's Files (both layouts, wide and phone), once per language (the i18n
plugin builds each language separately). Pages embed them through ``{{ fig.NAME }}`` (hooks/computed.py).

- Runs after the i18n plugin (priority -100), which recreates every File and
  would drop ours; the files get the attributes that plugin sets on its own
  (see mkdocs_static_i18n/folder.py: create_i18n_file).
- zh (the default language) is served at figures/..., en at en/figures/....
- Each figure is cached under its own key (``figure_digest``): the files it is made
  from (its module, the modules of the project's packages it imports (PACKAGES:
  attention_site, snippets), transitively, the package ``__init__``s on the way,
  every non-Python file under those packages) and the NumPy/Matplotlib versions.
  An edit to snippets/softmax.py re-renders the figures that import it, not all
  of them. Cached in memory for the life of the process and
  on disk in .cache/figures/ (gitignored, so a fresh clone builds cold).
  FIGURE_CACHE=off skips the disk cache.
- What is missing is rendered in worker processes (FIGURE_JOBS, default one per
  CPU), started in ``on_config`` for every language at once, so the figures draw
  while MkDocs reads and renders pages; ``on_files`` adds them as FigureFiles, whose
  bytes are collected when MkDocs copies the static files (after the Markdown pages). The workers come
  from a forkserver (clean, single-threaded: safe under ``mkdocs serve``) and each
  build gets fresh ones, so they import the packages as they are now.
- A figure that fails stops the build with a message naming it.
"""
import ast
import concurrent.futures
import functools
import hashlib
import multiprocessing
import os
import posixpath
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority, get_plugin_logger
from mkdocs.structure.files import File

log = get_plugin_logger("figures")

_cache = {}    # (figure digest, name, lang, theme, layout) -> SVG bytes
_pending = {}  # the same keys -> Future of a worker's render
SKIPPED = {"__pycache__"}  # interpreter caches: never what a figure is made from
PRELOAD = ["numpy", "matplotlib", "matplotlib.figure", "matplotlib.backends.backend_svg", "matplotlib.font_manager"]
MIN_POOL_JOBS = 4  # fewer missing renders than this: drawing them here is quicker than starting workers
PACKAGES = ("attention_site", "snippets")  # the project's packages, under the root: what a figure is made from


def _module_file(module, root):
    """snippets.a.b -> root/snippets/a/b.py or root/snippets/a/b/__init__.py (None: not ours, or absent)."""
    parts = module.split(".")
    if parts[0] not in PACKAGES:
        return None
    base = root.joinpath(*parts)
    for candidate in (base.with_suffix(".py") if parts[1:] else None, base / "__init__.py"):
        if candidate is not None and candidate.is_file():
            return candidate
    return None


_parsed = {}  # (path, its text) -> the module names it imports: a build asks four times


def _imported_modules(path, root):
    """Module names `path` imports anywhere in its body (function-level imports too)."""
    text = path.read_text(encoding="utf-8")
    key = (str(path), str(root), text)
    if key not in _parsed:
        if len(_parsed) > 256:  # old versions of edited files
            _parsed.clear()
        _parsed[key] = _parse_imports(path, root, text)
    return _parsed[key]


def _parse_imports(path, root, text):
    relative = path.relative_to(root).with_suffix("")
    package = list(relative.parts[:-1])  # a/b.py and a/b/__init__.py both sit in package a(.b)
    names = []
    for node in ast.walk(ast.parse(text, filename=str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # from . import style / from .style import x
                anchor = package[:len(package) - (node.level - 1)] if node.level > 1 else package
                base = ".".join(anchor + ([base] if base else []))
            names.append(base)
            names += [f"{base}.{alias.name}" for alias in node.names]  # `from pkg import module`
    return names


def figure_sources(module_path, root):
    """The files of the project's packages under `root` (PACKAGES) a figure module is made from:
    itself, the modules it imports, transitively, and each package ``__init__`` on their way (its
    code, not its imports: attention_site/figures/__init__.py imports every figure), plus every
    file of those packages that is not Python (data a figure may read). Imports are read from the source (ast); a module loaded
    by name at run time (importlib) would be missed, and tests/test_figures.py traces each
    figure's render to prove none is."""
    root = Path(root)
    sources, todo = set(), [Path(module_path)]
    while todo:
        path = todo.pop()
        if path in sources:
            continue
        sources.add(path)
        for folder in path.relative_to(root).parents[:-1]:  # the package __init__s on the way
            init = root / folder / "__init__.py"
            if init.is_file():
                sources.add(init)
        if path.name == "__init__.py" and path != Path(module_path):
            continue
        for name in _imported_modules(path, root):
            found = _module_file(name, root)
            if found is not None and found not in sources:
                todo.append(found)
    data = (p for package in PACKAGES for p in (root / package).rglob("*")
            if p.is_file() and p.suffix not in {".py", ".pyc"} and not SKIPPED.intersection(p.relative_to(root).parts))
    return sorted(sources | set(data))


def figure_digest(module_path, root):
    """sha256 over the figure's sources (path and content) and the plotting versions."""
    import matplotlib
    import numpy

    root = Path(root)
    digest = hashlib.sha256(f"numpy {numpy.__version__} matplotlib {matplotlib.__version__}\0".encode())
    for path in figure_sources(module_path, root):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


def _cache_dir(config):
    if os.environ.get("FIGURE_CACHE", "on").lower() in {"off", "0", "false"}:
        return None
    return Path(config.config_file_path).resolve().parent / ".cache" / "figures"


def _disk_path(cache_dir, key):
    digest, name, lang, theme, layout = key
    return cache_dir / f"{digest[:24]}-{name}-{lang}-{theme}-{layout}.svg"


def _store(key, content, cache_dir):
    _cache[key] = content
    if cache_dir is None:
        return content
    on_disk = _disk_path(cache_dir, key)
    on_disk.parent.mkdir(parents=True, exist_ok=True)
    _, name, lang, theme, layout = key
    for stale in on_disk.parent.glob(f"*-{name}-{lang}-{theme}-{layout}.svg"):
        stale.unlink()
    temporary = on_disk.with_suffix(".tmp")
    temporary.write_bytes(content)
    temporary.replace(on_disk)  # atomic: a crash never leaves a half-written figure
    return content


def _failed(key, error):
    _, name, lang, theme, layout = key
    return PluginError(f"figure '{name}' ({lang}, {theme}, {layout}) could not be rendered: {error}")


def _rendered(figures, key, cache_dir):
    if key in _cache:
        return _cache[key]
    if key in _pending:
        future = _pending.pop(key)
        try:
            return _store(key, future.result(), cache_dir)
        except Exception as error:
            raise _failed(key, error) from error
    if cache_dir is not None and _disk_path(cache_dir, key).is_file():
        _cache[key] = _disk_path(cache_dir, key).read_bytes()
        return _cache[key]
    try:
        content = figures.render(*key[1:])
    except Exception as error:
        raise _failed(key, error) from error
    return _store(key, content, cache_dir)


def _keys(figures, root, langs):
    digests = {name: figure_digest(module.__file__, root) for name, module in figures.FIGURES.items()}
    return [(digests[name], name, lang, theme, layout)
            for lang in langs for name in figures.NAMES for theme in figures.THEMES for layout in figures.LAYOUTS]


def _root(figures):
    """The folder that holds the project's packages (attention_site/figures/__init__.py -> its parents[2])."""
    return Path(figures.__file__).parents[2]


def _jobs():
    value = os.environ.get("FIGURE_JOBS", "")
    try:
        return max(1, int(value)) if value else (os.cpu_count() or 1)
    except ValueError:
        raise PluginError(f"FIGURE_JOBS must be a whole number, got {value!r}") from None


def _build_langs(config, figures):
    """The languages this build serves: the i18n plugin's current one, or all of them in a plain build."""
    i18n = config.plugins.get("i18n")
    return [i18n.current_language] if i18n is not None else list(figures.LANGS)


@event_priority(-200)
def on_config(config):
    """Start drawing every missing figure, both languages, in worker processes."""
    from attention_site import figures

    root = _root(figures)
    cache_dir = _cache_dir(config)
    keys = _keys(figures, root, figures.LANGS)  # every language: the workers start once
    live = set(keys)
    for key in [k for k in _cache if k not in live]:  # sources changed: forget old renders
        del _cache[key]
    for key in [k for k in _pending if k not in live]:
        _pending.pop(key).cancel()
    missing = [k for k in keys if k not in _cache and k not in _pending
               and (cache_dir is None or not _disk_path(cache_dir, k).is_file())]
    jobs = _jobs()
    if jobs < 2 or len(missing) < MIN_POOL_JOBS:
        return config  # on_files draws them here
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    pool = concurrent.futures.ProcessPoolExecutor(max_workers=min(jobs, len(missing)), mp_context=context)
    from tools import figure_worker

    for key in missing:
        _pending[key] = pool.submit(figure_worker.render, *key[1:])
    pool.shutdown(wait=False)  # the workers finish what was submitted, then exit
    log.info(f"drawing {len(missing)} figures in {min(jobs, len(missing))} worker processes")
    return config


class FigureFile(File):
    """A figure's File whose SVG bytes are collected when MkDocs first reads them.

    MkDocs reads them when it copies the static files, after every Markdown page of the
    language is converted: the workers draw while the pages are rendered, instead of
    holding the build up in on_files. `fetch` is called once; its error (a figure that
    failed) stops the build there, naming the figure.
    """

    fetch = None

    @property
    def _content(self):
        if self.fetch is not None:
            fetch, self.fetch = self.fetch, None
            self.__dict__["_bytes"] = fetch()
        return self.__dict__.get("_bytes")

    @_content.setter
    def _content(self, value):
        self.__dict__["_bytes"] = value


def _generated_file(config, src_uri, fetch, lang, default_lang):
    """A File at src_uri ('en/figures/x.svg'), dressed like the i18n plugin's files."""
    file = FigureFile.generated(config, src_uri, content=b"")
    file.fetch = fetch
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
    from attention_site import figures

    i18n = config.plugins.get("i18n")
    default_lang = i18n.default_language if i18n is not None else None
    langs = _build_langs(config, figures)
    cache_dir = _cache_dir(config)
    root = _root(figures)
    for lang in langs:
        if lang not in figures.LANGS:
            raise PluginError(f"figures: no figures for language {lang!r} (have {figures.LANGS})")
        keys = _keys(figures, root, [lang])
        for key in keys:
            fetch = functools.partial(_rendered, figures, key, cache_dir)
            if key not in _pending:  # cached, or drawn here: now, so that a failure stops on_files
                content = fetch()
                fetch = functools.partial(bytes, content)
            files.append(_generated_file(config, figures.src_uri(*key[1:]), fetch, lang, default_lang))
        drawing = sum(key in _pending for key in keys)
        log.info(f"{lang}: {len(keys)} figures ({drawing} still being drawn by the workers; "
                 f"disk cache: {cache_dir is not None})")
    return files
