"""Notebooks stay pages under the i18n plugin: the workaround for mkdocs-static-i18n #198.

mkdocs-jupyter marks `.ipynb` files as documentation pages in on_files; the i18n plugin
(priority -100) then recreates every File from disk, so a notebook would be copied out as raw
JSON and --strict would still pass (issue #198, open). Run after it, `as_pages` marks them as
pages again, with the URL of a page and an alternate per language for the language switcher
and sitemap.xml. It reaches into both plugins (the class of a File, File._get_url, the i18n
plugin's i18n_files_per_language): tests/test_notebook_i18n_files.py trips if they change.
"""
import os
import posixpath

from mkdocs.structure.files import File


class NotebookPage(File):
    """A File the i18n plugin made for a notebook, turned back into a documentation page."""

    def is_documentation_page(self):
        return True


def is_notebook(file):
    return file.src_uri.endswith(".ipynb")


def as_pages(files, config):
    """`files` with every notebook a documentation page again (changed in place); returns them."""
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
        alternates[lang] = File(src, config.docs_dir, config.site_dir, config.use_directory_urls,
                                dest_uri=lang_prefix + relative)
    return alternates
