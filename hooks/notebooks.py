"""Notebook pages (mkdocs-jupyter) that work with the i18n plugin, stay fresh and stay light.

1. on_files: the i18n plugin (priority -100) recreates every File from disk after
   mkdocs-jupyter marked `.ipynb` files as pages, so a notebook would be copied out as raw
   JSON (mkdocs-static-i18n issue #198). Mark them as documentation pages again, with an
   alternate per language for the language switcher and sitemap.xml.
2. on_pre_page: wrap mkdocs-jupyter's render with a cache in .cache/notebooks/ keyed on the
   notebook AND on snippets/ (the code it imports), the plugin's options and the library
   versions. (The plugin's own cache keys only the notebook: it is switched off in
   mkdocs.yml.) A failing cell stops the build with a message naming the notebook and cell.
3. on_page_content: keep the notebook HTML light and in the site's style: drop the ~600 KB
   of inlined JupyterLab CSS and the scripts of nbconvert's page header, give code cells
   Material's code-block markup (its highlighting and copy button), give headings unique
   ids (Chinese ones too) and rebuild the table of contents from them. An output with a
   traceback, a warning or a machine path stops the build.

Set NOTEBOOK_CACHE=off to execute the notebooks on every build regardless of the cache.
"""
import hashlib
import json
import os
import posixpath
import re
import sys
from importlib import metadata
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority, get_plugin_logger
from mkdocs.structure.files import File
from mkdocs.structure.toc import get_toc

log = get_plugin_logger("notebooks")

CACHE_DIR = Path(".cache") / "notebooks"  # relative to the repository root
KEY_PACKAGES = ["numpy", "nbconvert", "nbclient", "ipykernel", "mkdocs-jupyter"]
# What must never reach a page from a cell's output.
MACHINE_PATH = re.compile(r"/root/|/home/|/tmp/|/Users/|site-packages|\b[A-Za-z]:\\")
BAD_OUTPUT = re.compile(r"Traceback|Warning:|warnings\.warn|Error:", re.IGNORECASE)
ANSI = re.compile(r"\x1b\[[0-9;]*m")
CELL_SOURCE = re.compile(r"following cell:\n-{18}\n(.*?)\n-{18}\n", re.DOTALL)  # nbclient's message


def is_notebook(file):
    return file.src_uri.endswith(".ipynb")


# --- 1. notebooks are pages, also under the i18n plugin ---------------------------------


class NotebookPage(File):
    """A File the i18n plugin made for a notebook, turned back into a documentation page."""

    def is_documentation_page(self):
        return True


@event_priority(-200)  # after the i18n plugin (-100), which rebuilt every File
def on_files(files, config):
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


# --- 2. a cache keyed on the notebook and on snippets/; failing cells name the notebook ---


@event_priority(-50)  # after mkdocs-jupyter's on_pre_page, which replaced page.render
def on_pre_page(page, config, files):
    if not is_notebook(page.file):
        return page
    plugin = config.plugins.get("mkdocs-jupyter")
    if plugin is None:
        raise PluginError("hooks/notebooks.py needs the mkdocs-jupyter plugin in mkdocs.yml")
    if plugin.config.get("cache"):
        raise PluginError(
            "mkdocs-jupyter: set `cache: false`: its cache ignores snippets/ (hooks/notebooks.py "
            "keeps a cache keyed on both)"
        )
    root = Path(config.config_file_path).resolve().parent
    render = page.render  # mkdocs-jupyter's: executes and converts the notebook
    source = Path(page.file.abs_src_path)
    name = f"docs/{page.file.src_uri}"
    use_cache = os.environ.get("NOTEBOOK_CACHE", "on").lower() not in {"off", "0", "false"}
    key = cache_key(source, root, plugin.config)
    stem = re.sub(r"[^\w.-]+", "-", page.file.src_uri)
    entry = root / CACHE_DIR / f"{stem}.{key[:20]}.json"

    def cached_render(config, files):
        if use_cache and entry.is_file():
            cached = json.loads(entry.read_text(encoding="utf-8"))
            page.content, page.title = cached["content"], cached["title"]
            log.info(f"{name}: executed outputs from the cache ({entry.name})")
            return
        try:
            render(config, files)
        except Exception as error:
            raise PluginError(describe_failure(name, source, error)) from error
        if use_cache:
            write_cache(entry, {"content": page.content, "title": page.title})

    page.render = cached_render
    return page


def cache_key(notebook, root, options):
    """sha256 of the notebook, every file under snippets/, the plugin options and versions."""
    digest = hashlib.sha256(notebook.read_bytes())
    package = root / "snippets"
    for path in sorted(package.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(path.read_bytes())
    digest.update(repr(sorted((k, repr(v)) for k, v in dict(options).items())).encode())
    digest.update(sys.version.encode())
    for package_name in KEY_PACKAGES:
        digest.update(f"{package_name}={metadata.version(package_name)}".encode())
    return digest.hexdigest()


def write_cache(entry, data):
    """Write one entry and drop older entries of the same notebook."""
    entry.parent.mkdir(parents=True, exist_ok=True)
    for old in entry.parent.glob(entry.name.rsplit(".", 2)[0] + ".*.json"):
        old.unlink()
    entry.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def describe_failure(name, source, error):
    """'docs/zh/x.ipynb: cell 4 (id "lookup") failed: ValueError: ...', without ANSI codes."""
    text = ANSI.sub("", str(error))
    match = CELL_SOURCE.search(text)
    if match is None:  # not a cell's error (the kernel died, a timeout...): its last lines
        last_lines = "\n".join(text.strip().splitlines()[-3:])
        return f"{name}: failed: {type(error).__name__}: {last_lines}"
    failed = match.group(1).strip()
    cells = json.loads(source.read_text(encoding="utf-8"))["cells"]
    where = next((f' cell {number} (id "{cell.get("id", "?")}")'
                  for number, cell in enumerate(cells, start=1)
                  if "".join(cell["source"]).strip() == failed), "")
    ename = getattr(error, "ename", type(error).__name__)
    evalue = ANSI.sub("", str(getattr(error, "evalue", ""))).strip()
    first_line = failed.splitlines()[0] if failed else ""
    return f"{name}:{where} failed: {ename}: {evalue}\n    in the cell starting: {first_line}"


# --- 3. light HTML in the site's style ------------------------------------------------------


def on_page_content(html, page, config, files):
    if not is_notebook(page.file):
        return html
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
    for editor in soup.select("div.jp-CodeMirrorEditor"):
        editor.replace_with(material_code_block(soup, editor, name))
    check_outputs(soup, name)
    page.toc = get_toc(heading_tokens(soup, slugify(case="lower")))
    return str(soup)


def material_code_block(soup, editor, name):
    """<div class="language-python highlight"><pre><span></span><code>...</code></pre></div>."""
    pre = editor.select_one("div.highlight-ipynb > pre")
    if pre is None:
        raise PluginError(f"{name}: a code cell without highlighted source")
    block = soup.new_tag("div", attrs={"class": "language-python highlight"})
    new_pre = soup.new_tag("pre")
    code = soup.new_tag("code")
    for child in list(pre.contents):
        if getattr(child, "name", None) == "span" and not child.attrs and not child.contents:
            continue  # pygments' leading empty <span></span>
        code.append(child.extract())
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
        elif BAD_OUTPUT.search(text):
            problem = f"'{BAD_OUTPUT.search(text).group(0)}'"
        elif MACHINE_PATH.search(text):
            problem = f"a machine path ('{MACHINE_PATH.search(text).group(0)}')"
        if problem:
            snippet = " ".join(text.split())[:120]
            raise PluginError(f"{name}: an output shows {problem}: {snippet}")


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
