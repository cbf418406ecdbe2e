"""How the build drives mkdocs-jupyter: it renders the executed copy, with its own HTML cache.

The plugin (`execute: false`) converts the notebook at `page.file.abs_src_path` to HTML in
`page.render`, and with `cache: true` keeps that HTML keyed on the bytes at that path and its
options. hooks/notebooks.py points `abs_src_path` at the executed copy before the plugin's
on_pre_page, so the plugin's cache is keyed on the executed notebook. Two things its cache does
not do are set here, per page:

- its key has no library versions (nbconvert, Pygments, the plugin itself), so the folder is
  named after them: .cache/notebooks/html-<versions>/;
- after each build it deletes every entry that build did not use, and the i18n plugin runs one
  build per language: one folder per language, or each build would delete the other's entry.

NOTEBOOK_CACHE=off turns it off with the executed-notebook cache.
"""
import hashlib

from mkdocs.exceptions import PluginError

from attention_site import cache
from attention_site.notebook import executed

NAME = "mkdocs-jupyter"


def of(config):
    """The mkdocs-jupyter plugin of this build; PluginError if it is missing or executes itself."""
    plugin = config.plugins.get(NAME)
    if plugin is None:
        raise PluginError("hooks/notebooks.py needs the mkdocs-jupyter plugin in mkdocs.yml")
    if plugin.config.get("execute"):
        raise PluginError("mkdocs-jupyter: set `execute: false`: hooks/notebooks.py executes the "
                          "expanded notebook itself (attention_site/notebook/)")
    return plugin


def html_cache_folder(root, lang):
    """.cache/notebooks/html-<digest of the library versions>/<lang>."""
    digest = hashlib.sha256("\n".join(executed.versions()).encode()).hexdigest()[:12]
    return cache.folder("notebooks", root) / f"html-{digest}" / lang


def use_html_cache(plugin, root, lang, enabled):
    """Point the plugin's cache at this language's folder, or turn it off."""
    plugin.config["cache"] = bool(enabled and plugin.config.get("cache"))
    plugin.config["cache_dir"] = str(html_cache_folder(root, lang))
