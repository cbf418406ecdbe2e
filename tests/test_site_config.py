"""attention_site/site_config.py: what tools and tests read from mkdocs.yml, read the way MkDocs
reads it (the nav, site_url and its path, the English nav labels)."""
import pytest

from attention_site import reading_path, site_config

PROJECT = """\
site_name: t
site_url: {url}
markdown_extensions:
  - pymdownx.emoji:
      emoji_index: !!python/name:material.extensions.emoji.twemoji
plugins:
  - i18n:
      languages:
        - locale: zh
          default: true
        - locale: en
          nav_translations:
            深入（选读）: Going deeper
nav:
  - index.md
  - 直觉:
      - library.md
  - 深入（选读）:
      - 'Softmax: the details': softmax.md
      - playground.ipynb
"""


def project(tmp_path, url="https://example.org/attention/"):
    (tmp_path / "mkdocs.yml").write_text(PROJECT.format(url=url), encoding="utf-8")
    return tmp_path


def test_a_project_nav_url_and_labels(tmp_path):
    root = project(tmp_path)
    assert site_config.nav_pages(root) == ["index", "library", "softmax", "playground"]
    assert site_config.site_url(root) == "https://example.org/attention/"
    assert site_config.site_path(root) == "/attention/"
    assert site_config.nav_label("深入（选读）", "en", root) == "Going deeper"
    assert site_config.nav_label("深入（选读）", "zh", root) == "深入（选读）"
    assert site_config.nav_label("直觉", "en", root) == "直觉"  # untranslated: as the plugin shows it


@pytest.mark.parametrize("url, path", [("https://example.org", "/"), ("https://example.org/", "/"),
                                       ("https://example.org/a/b", "/a/b/"), ("'https://x.org/attention/'", "/attention/")])
def test_site_path_has_a_slash_at_both_ends(tmp_path, url, path):
    assert site_config.site_path(project(tmp_path, url)) == path


def test_a_missing_site_url_names_the_file(tmp_path):
    (tmp_path / "mkdocs.yml").write_text("site_name: t\nnav:\n  - index.md\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"mkdocs\.yml: no site_url"):
        site_config.site_path(tmp_path)


def test_this_sites_config_as_mkdocs_reads_it():
    """The same answers as MkDocs' own load_config (which also loads every plugin, ~1 s)."""
    from mkdocs.config import load_config

    config = load_config(str(site_config.ROOT / "mkdocs.yml"))
    assert site_config.site_url() == config.site_url
    assert site_config.site_path() == "/attention/"
    files = []

    def walk(items):
        for item in items:
            for value in (item.values() if isinstance(item, dict) else [item]):
                walk(value) if isinstance(value, list) else files.append(value.rsplit(".", 1)[0])

    walk(config.nav)
    assert site_config.nav_pages() == files and files[0] == "index" and len(files) == len(set(files))
    assert site_config.nav_label(reading_path.DEEP_DIVES, "en") == "Going deeper"
    assert site_config.nav_label(reading_path.REFERENCE, "en") == "Reference"
