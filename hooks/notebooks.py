"""Notebook pages (mkdocs-jupyter): self-contained, in the page's language, executed, light.

1. on_files: the i18n plugin (priority -100) recreates every File from disk after
   mkdocs-jupyter marked `.ipynb` files as pages, so a notebook would be copied out as raw
   JSON (mkdocs-static-i18n issue #198). Mark them as documentation pages again, with an
   alternate per language for the language switcher and sitemap.xml.
2. on_pre_page: build the notebook a reader downloads. The source notebook's code cells
   may hold include lines exactly like the Markdown pages (`--8<-- "snippets/x.py:name"`):
   they are replaced by that section of the snippets module, dedented, without its `#>`
   lines (the real output is right below the cell), so the code is the chapters' code and
   snippets/ stays the one source of truth. On a non-English page the comments and strings
   are then translated with snippets/i18n (an English word without a translation stops the
   build). No cell may import `snippets`: the notebook must run in a bare kernel that has
   numpy and matplotlib only. The expanded notebook is executed here (nbclient, the
   python3 kernel, cwd a temporary folder, no PYTHONPATH: an `import snippets` would
   fail), cached in .cache/notebooks/ keyed on the expanded notebook, this hook and the
   library versions, and mkdocs-jupyter (`execute: false`) renders that executed copy:
   `page.file.abs_src_path` points at it while the page is built, so `include_source`
   also offers it for download, with its outputs, as playground.ipynb. A failing cell
   stops the build naming the notebook and the cell; so does an output with a traceback,
   a warning, stderr or a machine path.
3. on_page_content: keep the notebook HTML light and in the site's style: drop the ~600 KB
   of inlined JupyterLab CSS and the scripts of nbconvert's page header, give code cells
   Material's code-block markup (its highlighting and copy button), give headings unique
   ids (Chinese ones too) and rebuild the table of contents from them.

Set NOTEBOOK_CACHE=off to execute and render the notebooks on every build regardless of
the cache.
"""
import copy
import hashlib
import json
import os
import posixpath
import re
import sys
import tempfile
import textwrap
from importlib import metadata
from pathlib import Path
from urllib.parse import urljoin

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority, get_plugin_logger
from mkdocs.structure.files import File
from mkdocs.structure.toc import get_toc

log = get_plugin_logger("notebooks")

CACHE_DIR = Path(".cache") / "notebooks"  # relative to the repository root
# Versions that can change what a cell prints, or how a notebook is executed and rendered.
KEY_PACKAGES = ["numpy", "matplotlib", "ipykernel", "nbclient", "nbformat", "nbconvert",
                "mkdocs-jupyter"]
TIMEOUT = 120  # seconds per cell
# What must never reach a page from a cell's output.
MACHINE_PATH = re.compile(r"/root/|/home/|/tmp/|/Users/|site-packages|\b[A-Za-z]:\\")
BAD_OUTPUT = re.compile(r"Traceback|Warning:|warnings\.warn|Error:", re.IGNORECASE)
ANSI = re.compile(r"\x1b\[[0-9;]*m")
CELL_SOURCE = re.compile(r"following cell:\n-{18}\n(.*?)\n-{18}\n", re.DOTALL)  # nbclient's message
# An include line, as in the Markdown pages: --8<-- "snippets/softmax.py:idea"
INCLUDE = re.compile(r'^[ \t]*--8<--[ \t]+"(?P<path>[^":]+)(?::(?P<section>[\w-]+))?"[ \t]*$')
SECTION_MARK = re.compile(r"^[ \t]*# --8<-- \[(?P<edge>start|end):(?P<name>[\w-]+)\][ \t]*$")
OUTPUT_LINE = re.compile(r"^[ \t]*#>")
IMPORTS_SNIPPETS = re.compile(r"^[ \t]*(?:import|from)[ \t]+snippets\b", re.MULTILINE)
# What the kernel must not inherit: it would make the repository importable.
DROPPED_ENV = ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONSAFEPATH")


def is_notebook(file):
    return file.src_uri.endswith(".ipynb")


# --- 1. notebooks are pages, also under the i18n plugin ---------------------------------


class NotebookPage(File):
    """A File the i18n plugin made for a notebook, turned back into a documentation page."""

    def is_documentation_page(self):
        return True


@event_priority(-200)  # after the i18n plugin (-100), which rebuilt every File
def on_files(files, config):
    # Start the kernels now: they run while the Markdown pages are being rendered.
    start_all_notebooks(Path(config.config_file_path).resolve().parent,
                        os.environ.get("NOTEBOOK_CACHE", "on").lower() not in {"off", "0", "false"})
    i18n = config.plugins.get("i18n")
    for file in files:
        if is_notebook(file) and not file.is_documentation_page():
            # Change the class in place: the i18n plugin's alternates point at this object.
            file.__class__ = NotebookPage
            file.dest_uri = page_dest_uri(file, config.use_directory_urls)
            file.url = file._get_url(config.use_directory_urls)
            file.abs_dest_path = os.path.normpath(os.path.join(config.site_dir, file.dest_uri))
            if i18n is not None:
                file.alternates = language_alternates(file, i18n, config)
    if i18n is not None:  # the i18n plugin's list of pages for sitemap.xml, now with notebooks
        i18n.i18n_files_per_language[i18n.current_language] = files.documentation_pages()
    return files


def page_dest_uri(file, use_directory_urls):
    """zh/playground.ipynb -> playground/index.html (en: en/playground/index.html)."""
    dest = file.dest_uri  # already moved into the language's folder by the i18n plugin
    folder = posixpath.dirname(dest)
    if dest.endswith("/index.html") and file.name != "index":  # mkdocs-jupyter's <name>/index.html
        folder = posixpath.dirname(folder)
    if file.name == "index":
        name = "index.html"
    else:
        name = f"{file.name}/index.html" if use_directory_urls else f"{file.name}.html"
    return posixpath.join(folder, name)


def language_alternates(file, i18n, config):
    """The same notebook in every built language, where it exists, for the switcher."""
    norm = getattr(file, "norm_src_uri", file.src_uri)
    here = file.dest_uri
    prefix = "" if i18n.current_language == i18n.default_language else f"{i18n.current_language}/"
    relative = here[len(prefix):]
    alternates = {}
    for lang in i18n.build_languages:
        if lang == i18n.current_language:
            alternates[lang] = file
            continue
        src = f"{lang}/{norm}"
        if not os.path.isfile(os.path.join(config.docs_dir, src)):
            continue
        lang_prefix = "" if lang == i18n.default_language else f"{lang}/"
        other = File(src, config.docs_dir, config.site_dir, config.use_directory_urls,
                     dest_uri=lang_prefix + relative)
        alternates[lang] = other
    return alternates


# --- 2. expand, translate, execute (cached); mkdocs-jupyter renders the executed copy -----


@event_priority(-50)  # after mkdocs-jupyter's on_pre_page, which replaced page.render
def on_pre_page(page, config, files):
    if not is_notebook(page.file):
        return page
    plugin = config.plugins.get("mkdocs-jupyter")
    if plugin is None:
        raise PluginError("hooks/notebooks.py needs the mkdocs-jupyter plugin in mkdocs.yml")
    if plugin.config.get("execute") or plugin.config.get("cache"):
        raise PluginError(
            "mkdocs-jupyter: set `execute: false` and `cache: false`: hooks/notebooks.py "
            "executes the expanded notebook itself and caches it")
    root = Path(config.config_file_path).resolve().parent
    source = Path(page.file.abs_src_path)
    name = f"docs/{page.file.src_uri}"
    lang = language_of(page.file)
    use_cache = os.environ.get("NOTEBOOK_CACHE", "on").lower() not in {"off", "0", "false"}

    start_all_notebooks(root, use_cache)  # every language's notebook at once: both cores work
    executed = running_result(root, source)
    if executed is None:
        expanded = expand_notebook(source, root, lang, name)
        executed = executed_notebook(expanded, root, page.file.src_uri, name, use_cache)
    page.file._notebook_source = page.file.abs_src_path
    page.file.abs_src_path = str(executed)  # mkdocs-jupyter renders and copies this file

    render = page.render  # mkdocs-jupyter's: converts the (executed) notebook to HTML
    key = html_cache_key(executed, plugin.config)
    entry = root / CACHE_DIR / f"{cache_stem(page.file.src_uri)}.html.{key[:20]}.json"

    def cached_render(config, files):
        if use_cache and entry.is_file():
            cached = json.loads(entry.read_text(encoding="utf-8"))
            page.content, page.title = cached["content"], cached["title"]
            return
        render(config, files)
        if use_cache:
            write_cache(entry, {"content": page.content, "title": page.title})

    page.render = cached_render
    return page


_RUNNING = {}  # notebook source path -> (inputs fingerprint, Future of its executed copy)


def fingerprint(root, source):
    """Changes whenever the notebook or anything under snippets/ changes (mtimes, sizes)."""
    files = [source, *sorted(p for p in (root / "snippets").rglob("*") if p.is_file())]
    return tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files)


def start_all_notebooks(root, use_cache):
    """Expand and execute every language's notebook in parallel.

    The i18n plugin builds one language after the other; without this the en kernel
    would start only when the zh page is done. Each future is consumed by on_pre_page
    of its language (errors surface there, naming the notebook); one whose inputs
    changed since it started is dropped and the notebook runs again.
    """
    from concurrent.futures import ThreadPoolExecutor

    waiting = [source for source in sorted((root / "docs").glob("*/*.ipynb"))
               if source.resolve() not in _RUNNING]
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
        lang = source.parent.name
        src_uri = f"{lang}/{source.name}"
        name = f"docs/{src_uri}"

        def run(source=source, lang=lang, src_uri=src_uri, name=name):
            expanded = expand_notebook(source, root, lang, name)
            return executed_notebook(expanded, root, src_uri, name, use_cache)

        _RUNNING[source.resolve()] = (fingerprint(root, source), pool.submit(run))
    pool.shutdown(wait=False)


def running_result(root, source):
    """The executed copy from start_all_notebooks, or None if it is stale or absent."""
    started = _RUNNING.pop(source.resolve(), None)
    if started is None:
        return None
    stamp, future = started
    if stamp != fingerprint(root, source):
        future.cancel()
        return None
    return future.result()


@event_priority(-50)  # after mkdocs-jupyter copied the executed notebook next to the page
def on_post_page(output, page, config):
    original = getattr(page.file, "_notebook_source", None)
    if original is not None:
        page.file.abs_src_path = original
        del page.file._notebook_source
        # mkdocs-jupyter has just copied the notebook for download, next to the page
        copied = Path(page.file.abs_dest_path).parent / Path(original).name
        if copied.is_file():
            absolute_links(copied, page.canonical_url or urljoin(config.site_url or "", page.url))
    return output


RELATIVE_LINK = re.compile(r"\]\((?!https?:|mailto:|#)([^)\s]+)\)")


def absolute_links(path, base):
    """In the downloaded notebook, a Markdown link such as ../weights/#playground points at the
    site (`base`: the notebook page's URL): opened in Jupyter, a relative link leads nowhere."""
    import nbformat

    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source = RELATIVE_LINK.sub(lambda m: f"]({urljoin(base, m.group(1))})", cell.source)
    nbformat.write(nb, path)


def language_of(file):
    """'zh' for zh/playground.ipynb (the i18n plugin's folder layout); else 'en'."""
    locale = getattr(file, "locale", None)
    if locale:
        return locale
    first = file.src_uri.split("/", 1)[0]
    return first if "/" in file.src_uri else "en"


def cache_stem(src_uri):
    return re.sub(r"[^\w.-]+", "-", src_uri)


# --- expanding include lines and translating ----------------------------------------------


def read_section(root, path, section, where):
    """The lines of `section` of the file at root/path, dedented, without marker or #> lines."""
    file = (root / path).resolve()
    if not file.is_relative_to(root / "snippets") or file.suffix != ".py":
        raise PluginError(f"{where}: includes {path!r}: only snippets/*.py files can be included")
    if not file.is_file():
        raise PluginError(f"{where}: includes {path!r}, which does not exist")
    lines = file.read_text(encoding="utf-8").splitlines()
    if section:
        starts = [i for i, line in enumerate(lines) if (m := SECTION_MARK.match(line))
                  and m["edge"] == "start" and m["name"] == section]
        ends = [i for i, line in enumerate(lines) if (m := SECTION_MARK.match(line))
                and m["edge"] == "end" and m["name"] == section]
        if len(starts) != 1 or len(ends) != 1 or ends[0] < starts[0]:
            raise PluginError(f"{where}: section {section!r} could not be located in {path}")
        lines = lines[starts[0] + 1:ends[0]]
    lines = [line for line in lines if not SECTION_MARK.match(line) and not OUTPUT_LINE.match(line)]
    text = textwrap.dedent("\n".join(lines)).strip("\n")
    return re.sub(r"\n{4,}", "\n\n\n", re.sub(r"[ \t]+\n", "\n", text))


def expand_code(code, root, where):
    """`code` with every include line replaced by the snippets section it names."""
    out = []
    for line in code.split("\n"):
        match = INCLUDE.match(line)
        out.append(read_section(root, match["path"], match["section"], where) if match else line)
    return blank_line_after_blocks("\n".join(out).strip("\n"))


def blank_line_after_blocks(code):
    """A blank line before a top-level statement that follows an indented block.

    Pasted into Python's interactive prompt, a block ends only at a blank line; without
    #> lines, a loop followed straight by a statement would be a SyntaxError there.
    """
    import io
    import tokenize

    lines = code.split("\n")
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(code + "\n").readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return code  # not Python we can read: leave it to the kernel to say so
    starts = sorted({t.start[0] - 1 for t in tokens if t.type == tokenize.DEDENT and t.start[1] == 0})
    for row in reversed(starts):
        top = row
        while top > 0 and lines[top - 1].lstrip().startswith("#"):
            top -= 1  # comments above the statement belong to it
        if top > 0 and lines[top - 1].strip() and row < len(lines):
            lines.insert(top, "")
    return "\n".join(lines)


def expand_notebook(source, root, lang, name):
    """The notebook a reader gets: includes expanded, code in `lang`, no outputs."""
    import nbformat

    from snippets import i18n

    nb = nbformat.read(source, as_version=4)
    entries = i18n.catalogue(lang)
    for number, cell in enumerate(nb.cells, start=1):
        if cell.cell_type != "code":
            continue
        where = f'{name}: cell {number} (id "{cell.get("id", "?")}")'
        code = expand_code(cell.source, root, where)
        if IMPORTS_SNIPPETS.search(code):
            raise PluginError(f"{where} imports `snippets`: the downloaded notebook must run "
                              "with numpy and matplotlib only; include the code instead")
        if lang != i18n.SOURCE_LANGUAGE:
            code, missing = i18n.translate(code + "\n", entries)
            code = code.rstrip("\n")
            if missing:
                shown = "\n".join(f"    {text!r}" for text in dict.fromkeys(missing))
                raise PluginError(
                    f"{where}: comments or strings with no {lang} translation; add them to a "
                    f"catalogue in snippets/i18n/{lang}/ (the notebook's own: notebook.py):\n{shown}")
        cell.source = code
        cell.outputs, cell.execution_count = [], None
    nbformat.validate(nb)
    return nb


# --- executing, cached ---------------------------------------------------------------------


def versions():
    return [sys.version] + [f"{p}={metadata.version(p)}" for p in KEY_PACKAGES]


def notebook_key(expanded):
    """sha256 of the expanded notebook, this hook's code and the library versions."""
    import nbformat

    digest = hashlib.sha256(nbformat.writes(expanded).encode())
    digest.update(Path(__file__).read_bytes())
    for version in versions():
        digest.update(version.encode())
    return digest.hexdigest()


def executed_notebook(expanded, root, src_uri, name, use_cache=True):
    """Path of the executed copy, .cache/notebooks/<lang>-<stem>.<key>/<file name>."""
    import nbformat

    stem = cache_stem(src_uri)
    folder = root / CACHE_DIR / f"{stem}.{notebook_key(expanded)[:20]}"
    path = folder / posixpath.basename(src_uri)
    if use_cache and path.is_file():
        return path
    executed = merge_streams(execute(expanded, name))
    check_notebook_outputs(executed, name)
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.parent.glob(f"{stem}.*"):  # older executed copies of this notebook
        if old.is_dir() and old != folder:
            for item in old.iterdir():
                item.unlink()
            old.rmdir()
        elif old.is_file() and not old.name.startswith((f"{stem}.html.", f"{stem}.page.")):
            old.unlink()  # an entry of the earlier cache layout
    nbformat.write(executed, path)
    return path


def merge_streams(nb):
    """Join consecutive stdout/stderr outputs of a cell into one.

    The kernel sends printed text in as many messages as its buffer flushes, which
    depends on timing: without this, two builds split the same output differently
    and the page (one <pre> per message) is not reproducible.
    """
    for cell in nb.cells:
        merged = []
        for output in cell.get("outputs", []):
            if (merged and output.get("output_type") == "stream"
                    and merged[-1].get("output_type") == "stream" and merged[-1].get("name") == output.get("name")):
                merged[-1]["text"] += output["text"]
            else:
                merged.append(output)
        if "outputs" in cell:
            cell["outputs"] = merged
    return nb


def kernel_env():
    return {k: v for k, v in os.environ.items() if k not in DROPPED_ENV}


def execute(nb, name, kernel_name="python3"):
    """Run every cell in a fresh kernel whose cwd is a temporary folder outside the repository."""

    from jupyter_client.manager import KernelManager
    from nbclient import NotebookClient

    nb = copy.deepcopy(nb)
    with tempfile.TemporaryDirectory(prefix="notebook-") as folder:
        # Unix sockets, not TCP: nothing listens on a port, and ipykernel >= 7.4 has nothing to
        # warn about ("Kernel is running over TCP without encryption") in the build log.
        km = KernelManager(kernel_name=kernel_name, transport="ipc", ip=os.path.join(folder, "kernel"))
        client = NotebookClient(nb, km=km, timeout=TIMEOUT, kernel_name=kernel_name, allow_errors=False,
                                record_timing=False, resources={"metadata": {"path": folder}})
        try:
            client.execute(env=kernel_env())
        except Exception as error:
            raise PluginError(describe_failure(name, nb.cells, error)) from error
        finally:  # the client only shuts down kernels it made itself
            if km.has_kernel:
                km.shutdown_kernel(now=True)
    return nb


def check_notebook_outputs(nb, name):
    """Refuse tracebacks, stderr, warnings, errors and machine paths in the executed notebook."""
    for number, cell in enumerate(nb.cells, start=1):
        for output in cell.get("outputs", []):
            texts = [output.get("text", "")] if output.output_type == "stream" else \
                [str(v) for v in output.get("data", {}).values()]
            text = "\n".join(texts)
            problem = None
            if output.output_type == "error":
                problem = "an error"
            elif output.output_type == "stream" and output.name != "stdout":
                problem = "something on stderr (a warning?)"
            else:
                problem = text_problem(text)
            if problem:
                snippet = " ".join(text.split())[:120]
                raise PluginError(f'{name}: cell {number} (id "{cell.get("id", "?")}"): an output '
                                  f"shows {problem}: {snippet}")


def html_cache_key(executed, options):
    """sha256 of the executed notebook, the plugin options and the versions."""
    digest = hashlib.sha256(Path(executed).read_bytes())
    digest.update(repr(sorted((k, repr(v)) for k, v in dict(options).items())).encode())
    digest.update(Path(__file__).read_bytes())
    for version in versions():
        digest.update(version.encode())
    return digest.hexdigest()


def write_cache(entry, data):
    """Write one entry and drop older entries of the same notebook."""
    entry.parent.mkdir(parents=True, exist_ok=True)
    for old in entry.parent.glob(entry.name.rsplit(".", 2)[0] + ".*.json"):
        old.unlink()
    entry.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def describe_failure(name, source, error):
    """'docs/zh/x.ipynb: cell 4 (id "lookup") failed: ValueError: ...', without ANSI codes.

    `source`: the executed cells, or the path of a notebook that has them.
    """
    text = ANSI.sub("", str(error))
    match = CELL_SOURCE.search(text)
    if match is None:  # not a cell's error (the kernel died, a timeout...): its last lines
        last_lines = "\n".join(text.strip().splitlines()[-3:])
        return f"{name}: failed: {type(error).__name__}: {last_lines}"
    failed = match.group(1).strip()
    if isinstance(source, (str, os.PathLike)):
        cells = json.loads(Path(source).read_text(encoding="utf-8"))["cells"]
    else:
        cells = source
    where = next((f' cell {number} (id "{cell.get("id", "?")}")'
                  for number, cell in enumerate(cells, start=1)
                  if "".join(cell["source"]).strip() == failed), "")
    ename = getattr(error, "ename", type(error).__name__)
    evalue = ANSI.sub("", str(getattr(error, "evalue", ""))).strip()
    first_line = failed.splitlines()[0] if failed else ""
    return f"{name}:{where} failed: {ename}: {evalue}\n    in the cell starting: {first_line}"


# --- 3. light HTML in the site's style ------------------------------------------------------


_page_html = {}  # key of nbconvert's HTML -> (this page's HTML, its toc tokens): serve rebuilds skip the rework


def on_page_content(html, page, config, files):
    if not is_notebook(page.file):
        return html
    digest = hashlib.sha256(f"{page.file.src_uri}\0{html}".encode("utf-8"))
    digest.update(Path(__file__).read_bytes())
    key = digest.hexdigest()
    if key not in _page_html:
        root = Path(config.config_file_path).resolve().parent
        entry = root / CACHE_DIR / f"{cache_stem(page.file.src_uri)}.page.{key[:20]}.json"
        use_cache = os.environ.get("NOTEBOOK_CACHE", "on").lower() not in {"off", "0", "false"}
        if use_cache and entry.is_file():  # a new build process: the rework of an earlier build
            cached = json.loads(entry.read_text(encoding="utf-8"))
        else:
            content, tokens = notebook_page_html(html, page)
            cached = {"content": content, "toc": tokens}
            if use_cache:
                write_cache(entry, cached)
        if len(_page_html) > 8:  # old versions of an edited notebook
            _page_html.clear()
        _page_html[key] = (cached["content"], cached["toc"])
    content, tokens = _page_html[key]
    page.toc = get_toc(copy.deepcopy(tokens))
    return content


def notebook_page_html(html, page):
    """mkdocs-jupyter's HTML in the site's style, and the toc tokens of its headings."""
    from bs4 import BeautifulSoup
    from pymdownx.slugs import slugify

    name = f"docs/{page.file.src_uri}"
    start = html.find('<div class="jupyter-wrapper"')
    if start < 0:
        raise PluginError(f"{name}: no notebook HTML (is mkdocs-jupyter rendering it?)")
    soup = BeautifulSoup(html[start:], "html.parser")  # nbconvert's header: scripts and CSS

    for tag in soup.find_all(["style", "script"]):
        tag.decompose()
    for tag in soup.select(".jp-Collapser"):
        tag.decompose()
    for tag in soup.select(".jp-Cell-inputWrapper[tabindex]"):
        del tag["tabindex"]
    for cell, editor in enumerate(soup.select("div.jp-CodeMirrorEditor")):
        editor.replace_with(material_code_block(soup, editor, name, cell))
    for cell in soup.select('[id^="cell-id="]'):
        # nbconvert's id="cell-id=softmax": Material names the code block after it and copies
        # from "#__code_cell-id=softmax > code", a selector the "=" breaks (R37 en: every copy
        # button on the page threw). "cell-softmax" is a valid selector.
        cell["id"] = "cell-" + cell["id"][len("cell-id="):]
    check_outputs(soup, name)
    tokens = heading_tokens(soup, slugify(case="lower"))
    return str(soup), tokens


def material_code_block(soup, editor, name, cell=0):
    """<div class="language-python highlight"><pre><span></span><code>...</code></pre></div>.

    Each line in its own <span id="__span-nb<cell>-<line>">, as pymdownx's line_spans gives the
    pages' code blocks, so that a phone wraps a long line with the same hanging indent.
    """
    pre = editor.select_one("div.highlight-ipynb > pre")
    if pre is None:
        raise PluginError(f"{name}: a code cell without highlighted source")
    block = soup.new_tag("div", attrs={"class": "language-python highlight"})
    new_pre = soup.new_tag("pre")
    code = soup.new_tag("code")
    lines = [soup.new_tag("span", attrs={"id": f"__span-nb{cell}-1"})]
    for child in list(pre.contents):
        if getattr(child, "name", None) == "span" and not child.attrs and not child.contents:
            continue  # pygments' leading empty <span></span>
        # a token may hold line breaks (a docstring): one piece of it per line, same class
        pieces = str(child.get_text() if child.name else child).split("\n")
        for n, piece in enumerate(pieces):
            if n:
                lines[-1].append("\n")
                lines.append(soup.new_tag("span", attrs={"id": f"__span-nb{cell}-{len(lines) + 1}"}))
            if not piece:
                continue
            if child.name and child.get("class") != ["n"]:  # a plain name: the code's own colour,
                token = soup.new_tag(child.name, attrs=dict(child.attrs))  # no span (page < 100 KB)
                token.string = piece
                lines[-1].append(token)
            else:
                lines[-1].append(piece)
    for line in lines:
        if line.contents:
            code.append(line)
    new_pre.append(soup.new_tag("span"))
    new_pre.append(code)
    block.append(new_pre)
    return block


def check_outputs(soup, name):
    """Refuse outputs with tracebacks, warnings, errors, stderr or machine paths."""
    for area in soup.select(".jp-OutputArea-output"):
        text = area.get_text()
        problem = None
        if area.get("data-mime-type") in {"application/vnd.jupyter.stderr"}:
            problem = "something on stderr (a warning?)"
        elif "jp-OutputArea-error" in " ".join(area.parent.get("class", [])):
            problem = "an error"
        else:
            problem = text_problem(text)
        if problem:
            snippet = " ".join(text.split())[:120]
            raise PluginError(f"{name}: an output shows {problem}: {snippet}")


def text_problem(text):
    """What must never reach a page from an output: a traceback/warning word or a machine path."""
    if BAD_OUTPUT.search(text):
        return f"'{BAD_OUTPUT.search(text).group(0)}'"
    if MACHINE_PATH.search(text):
        return f"a machine path ('{MACHINE_PATH.search(text).group(0)}')"
    return None


def heading_tokens(soup, slugify):
    """Give every heading a unique id and Material's permalink; return nested toc tokens."""
    seen, flat = set(), []
    for heading in soup.select(".jp-RenderedMarkdown h1, .jp-RenderedMarkdown h2, "
                               ".jp-RenderedMarkdown h3, .jp-RenderedMarkdown h4"):
        for anchor in heading.select("a.anchor-link"):
            anchor.decompose()
        text = heading.get_text().strip()
        base = re.sub(r"-{2,}", "-", slugify(text, "-")).strip("-") or "section"
        slug, n = base, 1
        while slug in seen:
            slug, n = f"{base}_{n}", n + 1
        seen.add(slug)
        heading["id"] = slug
        link = soup.new_tag("a", attrs={"class": "headerlink", "href": f"#{slug}",
                                        "title": "Permanent link"})
        link.string = "¶"
        heading.append(link)
        flat.append({"level": int(heading.name[1]), "id": slug, "name": text, "children": []})
    tokens, stack = [], []
    for token in flat:
        while stack and stack[-1]["level"] >= token["level"]:
            stack.pop()
        (stack[-1]["children"] if stack else tokens).append(token)
        stack.append(token)
    return tokens
