"""The executed copy of each notebook: one content-hashed cache, filled ahead in threads.

Executing takes seconds (a kernel starts, every cell runs), so the copy is kept in
.cache/notebooks/<lang>-<file>.<key>/<file>. The key is the expanded notebook (an edit to an
included snippets section changes it), the code that executes and checks it, and the versions of
the libraries that can change what a cell prints or how the page renders; an entry is written
only after its outputs passed the check. NOTEBOOK_CACHE=off executes on every build.

The i18n plugin builds one language after the other: start_all() expands and executes every
language's notebook at once, in threads, so the en kernel runs while the zh pages render.
"""
import hashlib
import posixpath
import re
import sys
from concurrent.futures import ThreadPoolExecutor
from importlib import metadata
from pathlib import Path

from attention_site import cache, languages
from attention_site.notebook import execute, expand, outputs

# Versions that can change what a cell prints, or how a notebook is executed and rendered.
KEY_PACKAGES = ["numpy", "matplotlib", "ipykernel", "nbclient", "nbformat", "nbconvert", "mkdocs-jupyter"]
KEY_CODE = [Path(__file__), Path(execute.__file__), Path(outputs.__file__)]

_running = {}  # notebook source path -> (inputs fingerprint, Future of its executed copy)


def versions():
    return [sys.version] + [f"{p}={metadata.version(p)}" for p in KEY_PACKAGES]


def key(expanded):
    """sha256 of the expanded notebook, the code that executes and checks it, and the versions."""
    import nbformat

    digest = hashlib.sha256(nbformat.writes(expanded).encode())
    for path in KEY_CODE:
        digest.update(path.read_bytes())
    for version in versions():
        digest.update(version.encode())
    return digest.hexdigest()


def copy_of(docs_dir, src_uri, root, use_cache=True):
    """Path of the executed copy of docs_dir/src_uri (e.g. zh/playground.ipynb): started, cached or run now."""
    source = Path(docs_dir) / src_uri
    started = _running.pop(source.resolve(), None)
    if started is not None:
        stamp, future = started
        if stamp == fingerprint(root, source):
            return future.result()
        future.cancel()  # an input changed since it started
    return make(source, src_uri, root, use_cache)


def make(source, src_uri, root, use_cache=True):
    """Expand, execute and check the notebook at `source`, or find it in the cache."""
    import nbformat

    name = f"docs/{src_uri}"
    expanded = expand.expand_notebook(source, root, languages.of_path(src_uri), name)
    stem = re.sub(r"[^\w.-]+", "-", src_uri)
    entry = cache.folder("notebooks", root) / f"{stem}.{key(expanded)[:20]}"
    path = entry / posixpath.basename(src_uri)
    if use_cache and path.is_file():
        return path
    executed = execute.execute(expanded, name)
    outputs.check(executed, name)
    for old in entry.parent.glob(f"{stem}.*"):  # older copies of this notebook
        if old.is_dir() and old != entry:
            for item in old.iterdir():
                item.unlink()
            old.rmdir()
        elif old.is_file():
            old.unlink()  # a file of an earlier cache layout
    entry.mkdir(parents=True, exist_ok=True)
    nbformat.write(executed, path)
    return path


def fingerprint(root, source):
    """Changes whenever the notebook or anything under snippets/ changes (mtimes, sizes)."""
    files = [source, *sorted(p for p in (Path(root) / "snippets").rglob("*") if p.is_file())]
    return tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files)


def start_all(docs_dir, root, use_cache=True):
    """Start expanding and executing every language's notebook (docs_dir/<lang>/*.ipynb) in threads.

    Each future is consumed by copy_of() in its language's build (errors surface there, naming
    the notebook); one whose inputs changed since it started is dropped and the notebook runs again.
    """
    waiting = [source for source in sorted(Path(docs_dir).glob("*/*.ipynb")) if source.resolve() not in _running]
    if not waiting:
        return
    # Starting a kernel, jupyter_client imports IPython (IPython.paths). Do it here, in this
    # thread, first: a figure drawn in this process meanwhile would otherwise find a half-imported
    # IPython in sys.modules (matplotlib reads IPython.version_info) and fail.
    try:
        import IPython.paths  # noqa: F401
    except ImportError:
        pass
    pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="notebook")
    for source in waiting:
        src_uri = source.relative_to(docs_dir).as_posix()
        _running[source.resolve()] = (fingerprint(root, source),
                                      pool.submit(make, source, src_uri, root, use_cache))
    pool.shutdown(wait=False)
