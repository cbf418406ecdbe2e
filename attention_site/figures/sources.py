"""What a figure is made from, and the key its drawing is cached under.

A figure is redrawn when, and only when, something it is made from changes: its module, the
modules of the project's packages (PACKAGES) it imports, transitively, the package ``__init__``s
on the way, every non-Python file beside those modules (and in their data folders), and the
NumPy/Matplotlib versions. So an edit to snippets/softmax.py redraws the figures that import it,
not all of them, and an edit to a widget's words or a template redraws none.

Imports are read from the source (ast): a module loaded by name at run time (importlib) would be
missed, and tests/test_figures.py traces each figure's code to prove none is.
"""
import ast
import hashlib
from pathlib import Path

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


_parsed = {}  # (path, root, its text) -> the module names it imports: a build asks several times


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
    file beside one of those modules that is not Python, subfolders that are not packages included
    (data a figure may read). Not the data of packages it does not use: the widgets' and exercises'
    words and templates draw no figure, and counting them redrew all 56 figures (about 40 s) after
    an edit to one of them."""
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
    folders = {path.parent for path in sources if path.name != "__init__.py"}
    return sorted(sources | {p for folder in folders for p in _data_files(folder)})


def _data_files(folder):
    """The files of `folder` that are not Python, and those of its subfolders that are not packages
    (a data/ folder: yes; another package, with its own words and templates: no)."""
    for path in folder.iterdir():
        if path.is_file() and path.suffix not in {".py", ".pyc"}:
            yield path
        elif path.is_dir() and path.name != "__pycache__" and not (path / "__init__.py").exists():
            yield from _data_files(path)


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
