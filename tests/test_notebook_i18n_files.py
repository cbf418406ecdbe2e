"""attention_site/notebook/i18n_files.py: notebooks stay pages under the i18n plugin (#198).

The workaround reaches into mkdocs (File._get_url, a File's class) and mkdocs-static-i18n (how
it recreates a File, its i18n_files_per_language): these tests run it on Files made by the i18n
plugin's own function, and trip if a release changes what it relies on.
"""
from types import SimpleNamespace

import pytest
from mkdocs.structure.files import File, Files
from mkdocs_static_i18n.folder import create_i18n_file
from mkdocs_static_i18n.plugin import I18n

from attention_site.notebook import i18n_files


@pytest.fixture
def project(tmp_path):
    for lang in ("zh", "en"):
        (tmp_path / "docs" / lang).mkdir(parents=True)
        (tmp_path / "docs" / lang / "playground.ipynb").write_text("{}")
        (tmp_path / "docs" / lang / "index.md").write_text("# x")
    return tmp_path


def build_of(project, lang):
    """What the i18n plugin hands on_files in `lang`'s build: its Files and its own state."""
    i18n = SimpleNamespace(current_language=lang, default_language="zh", build_languages=["zh", "en"],
                           i18n_files_per_language={})
    config = SimpleNamespace(docs_dir=str(project / "docs"), site_dir=str(project / "site"),
                             use_directory_urls=True, plugins={"i18n": i18n})
    made = [create_i18n_file(File(f"{lang}/{name}", config.docs_dir, config.site_dir, True),
                             lang, "zh", ["zh", "en"], config) for name in ("playground.ipynb", "index.md")]
    return Files(made), config, i18n


def test_the_i18n_plugin_still_drops_the_page_mark_of_a_notebook(project):
    """The bug itself (#198): if this fails, the plugin keeps notebooks as pages; drop the workaround."""
    files, _, _ = build_of(project, "zh")
    assert not files.get_file_from_path("zh/playground.ipynb").is_documentation_page()


def test_the_plugins_still_have_what_the_workaround_uses():
    plugin = I18n()
    assert plugin.i18n_files_per_language == {} and plugin.current_language is None
    assert all(hasattr(I18n, name) for name in ("default_language", "build_languages"))
    assert callable(File._get_url)


@pytest.mark.parametrize("lang, dest, url, other", [
    ("zh", "playground/index.html", "playground/", ("en", "en/playground/index.html")),
    ("en", "en/playground/index.html", "en/playground/", ("zh", "playground/index.html")),
])
def test_notebooks_become_pages_with_an_alternate_per_language(project, lang, dest, url, other):
    files, config, i18n = build_of(project, lang)
    i18n_files.as_pages(files, config)
    notebook = files.get_file_from_path(f"{lang}/playground.ipynb")
    assert notebook.is_documentation_page() and isinstance(notebook, i18n_files.NotebookPage)
    assert (notebook.dest_uri, notebook.url) == (dest, url)
    assert notebook.abs_dest_path == str(project / "site" / dest)
    assert notebook.alternates[lang] is notebook
    assert notebook.alternates[other[0]].dest_uri == other[1]
    assert notebook in i18n.i18n_files_per_language[lang]  # sitemap.xml lists it


def test_a_notebook_without_its_other_language_has_no_alternate(project):
    (project / "docs" / "en" / "playground.ipynb").unlink()
    files, config, _ = build_of(project, "zh")
    i18n_files.as_pages(files, config)
    assert set(files.get_file_from_path("zh/playground.ipynb").alternates) == {"zh"}
