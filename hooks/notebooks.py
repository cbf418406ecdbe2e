"""Notebook pages (mkdocs-jupyter): the event wiring. The work is in attention_site/notebook/.

1. on_files: start expanding and executing every language's notebook in threads (they run
   while the Markdown pages render), and keep notebooks as pages under the i18n plugin
   (mkdocs-static-i18n #198: attention_site/notebook/i18n_files.py).
2. on_pre_page, before mkdocs-jupyter's: point `page.file.abs_src_path` at the executed copy
   (expanded, translated, executed and checked: executed.py). The plugin (`execute: false`)
   then renders that copy, keys its own HTML cache on its bytes (jupyter_plugin.py) and, with
   `include_source`, copies it next to the page for download. A failing cell stops the build
   naming the notebook and the cell; so does an output with a traceback, a warning, stderr or
   a machine path.
3. on_page_content: nbconvert's HTML in the site's style, and its toc (html.py, headings.py;
   kept between builds by page_cache.py).
4. on_post_page, after mkdocs-jupyter copied the notebook: `abs_src_path` back to the source,
   and the downloaded copy's links made absolute (download.py).

NOTEBOOK_CACHE=off executes and renders the notebooks on every build.
"""
from pathlib import Path
from urllib.parse import urljoin

from mkdocs.plugins import event_priority
from mkdocs.structure.toc import get_toc

from attention_site import cache, languages
from attention_site.notebook import download, executed, i18n_files, jupyter_plugin, page_cache


def root_of(config):
    return Path(config.config_file_path).resolve().parent


@event_priority(-200)  # after the i18n plugin (-100), which rebuilt every File
def on_files(files, config):
    executed.start_all(config.docs_dir, root_of(config), cache.enabled("notebooks"))
    return i18n_files.as_pages(files, config)


@event_priority(50)  # before mkdocs-jupyter's on_pre_page (0), which keys its cache on abs_src_path
def on_pre_page(page, config, files):
    if not i18n_files.is_notebook(page.file):
        return page
    root, use_cache = root_of(config), cache.enabled("notebooks")
    jupyter_plugin.use_html_cache(jupyter_plugin.of(config), root, languages.of_page(page), use_cache)
    copy = executed.copy_of(config.docs_dir, page.file.src_uri, root, use_cache)
    page.file._notebook_source = page.file.abs_src_path
    page.file.abs_src_path = str(copy)  # mkdocs-jupyter renders, caches and copies this file
    return page


def on_page_content(content, page, config, files):
    if not i18n_files.is_notebook(page.file):
        return content
    folder = cache.folder("notebooks", root_of(config)) / "page" / languages.of_page(page)
    content, tokens = page_cache.page(content, f"docs/{page.file.src_uri}", folder, cache.enabled("notebooks"))
    page.toc = get_toc(tokens)
    return content


@event_priority(-50)  # after mkdocs-jupyter's on_post_page copied the executed notebook
def on_post_page(output, page, config):
    original = getattr(page.file, "_notebook_source", None)
    if original is not None:
        page.file.abs_src_path = original
        del page.file._notebook_source
        copied = Path(page.file.abs_dest_path).parent / Path(original).name
        if copied.is_file():
            download.absolute_links(copied, page.canonical_url or urljoin(config.site_url or "", page.url))
    return output
