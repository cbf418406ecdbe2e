"""One search index per language, so each language's search offers its own pages only.

The i18n plugin merges the entries of every language into one
search/search_index.json (upstream behaviour), so searching on the English
site also lists Chinese pages and vice versa. After the last language is
built, this hook splits that index: the default language keeps
search/search_index.json, every other language gets <lang>/search/search_index.json
with locations relative to its own root. overrides/main.html points the
search of a non-default language page at its language root (block `config`).

jieba, which segments Chinese for the search index, logs its dictionary loading
on every build; on_config quiets it so the build log shows only what matters.
"""
import json
import logging
import os

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority


def on_config(config):
    try:
        import jieba
    except ImportError:  # search then works without Chinese word segmentation
        return config
    jieba.setLogLevel(logging.WARNING)
    return config


def _i18n(config):
    plugin = config.plugins.get("i18n")
    if plugin is None:
        raise PluginError("search_per_language: the i18n plugin is not configured")
    return plugin


def split_index(index, other_langs):
    """{lang or None: index} with None for the default language; locations made relative."""
    prefixes = {lang: f"{lang}/" for lang in other_langs}
    parts = {None: []} | {lang: [] for lang in other_langs}
    for doc in index["docs"]:
        lang = next((lang for lang, p in prefixes.items() if doc["location"].startswith(p)), None)
        if lang is not None:
            doc = {**doc, "location": doc["location"][len(prefixes[lang]):]}
        parts[lang].append(doc)
    return {lang: {"config": index["config"], "docs": docs} for lang, docs in parts.items()}


@event_priority(-200)  # after the i18n plugin (-100) has built every language and merged
def on_post_build(config):
    i18n = _i18n(config)
    if i18n.building:  # a nested per-language build: the merged index comes later
        return
    path = os.path.join(config.site_dir, "search", "search_index.json")
    if not os.path.exists(path):
        raise PluginError(f"search_per_language: {path} was not written by the search plugin")
    with open(path, encoding="utf-8") as f:
        index = json.load(f)
    default = next(lang.locale for lang in i18n.config.languages if lang.default)
    others = [lang for lang in i18n.build_languages if lang != default]
    for lang, part in split_index(index, others).items():
        if not part["docs"]:
            raise PluginError(f"search_per_language: no search entries for {lang or default!r}")
        dest = path if lang is None else os.path.join(config.site_dir, lang, "search", "search_index.json")
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, "w", encoding="utf-8") as f:
            f.write(json.dumps(part, separators=(",", ":"), default=str))
