"""What the tools and tests read from mkdocs.yml: the nav, site_url and its path, nav labels in English.

One reader instead of a regex per tool. It parses the file with MkDocs' own YAML loader (the
one `mkdocs build` uses, which understands the `!!python/name:` tags of the emoji settings),
not `mkdocs.config.load_config`: that one also loads and validates every plugin, about 1.3 s
against 0.15 s here, and the answers below need none of it.
"""
from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.utils.yaml import yaml_load

ROOT = Path(__file__).resolve().parents[1]
PAGE_SUFFIXES = (".md", ".ipynb")


def load(project=ROOT):
    """mkdocs.yml of `project` as a dict."""
    path = Path(project) / "mkdocs.yml"
    with open(path, encoding="utf-8") as file:
        return yaml_load(file)


def _required(config, key, project):
    if not config.get(key):
        raise ValueError(f"{Path(project) / 'mkdocs.yml'}: no {key}")
    return config[key]


def nav_pages(project=ROOT):
    """The pages of the nav in order, as file names without suffix: ['index', 'library', ...]."""
    found = []

    def walk(items):
        for item in items:
            if isinstance(item, dict):
                for value in item.values():
                    walk(value if isinstance(value, list) else [value])
            elif isinstance(item, str) and item.endswith(PAGE_SUFFIXES):
                found.append(item.rsplit(".", 1)[0])

    walk(_required(load(project), "nav", project))
    return found


def site_url(project=ROOT):
    """`site_url`, e.g. 'https://attention-docs.github.io/attention/'."""
    return str(_required(load(project), "site_url", project))


def site_path(project=ROOT):
    """The path part of `site_url`, always with slashes at both ends: '/attention/' (or '/')."""
    path = urlsplit(site_url(project)).path.strip("/")
    return f"/{path}/" if path else "/"


def nav_label(title, lang, project=ROOT):
    """A nav section's title (written in Chinese in mkdocs.yml) as the `lang` nav shows it.

    The English titles are the i18n plugin's `nav_translations` of the en language; a title
    without one stays as it is (as the plugin does).
    """
    plugins = load(project).get("plugins", [])
    for plugin in plugins:
        if isinstance(plugin, dict) and "i18n" in plugin:
            for language in plugin["i18n"].get("languages", []):
                if language.get("locale") == lang:
                    return (language.get("nav_translations") or {}).get(title, title)
    return title
