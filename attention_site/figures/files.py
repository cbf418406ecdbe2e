"""The figures as MkDocs Files: generated in memory, nothing is written into docs/.

The i18n plugin (mkdocs-static-i18n) builds each language separately and, in its on_files
(priority -100), recreates every File from disk: figure Files must be added after it, and dressed
with the attributes that plugin sets on its own (see mkdocs_static_i18n/folder.py:
create_i18n_file). zh (the default language) is served at figures/..., en at en/figures/....

A FigureFile's bytes are collected when MkDocs first reads them, which it does when it copies the
static files, after every Markdown page of the language is converted: the workers draw while the
pages render instead of holding the build up in on_files.
"""
import functools
import posixpath

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

from attention_site import figures
from attention_site.figures import drawings


class FigureFile(File):
    """A File whose content is fetched once, when MkDocs first reads it; a fetch that fails
    (a figure that failed) stops the build there, naming the figure."""

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


def figure_file(config, src_uri, fetch, lang, default_lang):
    """A FigureFile at src_uri ('en/figures/x.svg'), dressed like the i18n plugin's files."""
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


def build_langs(config):
    """The languages this build serves: the i18n plugin's current one, or all of them in a plain build."""
    i18n = config.plugins.get("i18n")
    langs = [i18n.current_language] if i18n is not None else list(figures.LANGS)
    unknown = [lang for lang in langs if lang not in figures.LANGS]
    if unknown:
        raise PluginError(f"figures: no figures for language {unknown[0]!r} (have {figures.LANGS})")
    return langs


def add(files, config, drawn):
    """Append every figure of this build's language(s) to `files`, its bytes from `drawn`
    (a drawings.Drawings). What is cached is read now, and what no worker draws is drawn now, so
    that a failure stops on_files; what the workers draw is collected later.
    Returns {lang: (figures added, figures still being drawn)}."""
    i18n = config.plugins.get("i18n")
    default_lang = i18n.default_language if i18n is not None else None
    counts = {}
    for lang in build_langs(config):
        keys = drawings.keys([lang])
        for key in keys:
            fetch = functools.partial(drawn.get, key)
            if key not in drawn.pending:
                fetch = functools.partial(bytes, fetch())
            files.append(figure_file(config, figures.src_uri(*key[1:]), fetch, lang, default_lang))
        counts[lang] = (len(keys), sum(key in drawn.pending for key in keys))
    return counts
