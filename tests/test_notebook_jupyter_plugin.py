"""attention_site/notebook/jupyter_plugin.py and the hook's order around mkdocs-jupyter.

The build lets mkdocs-jupyter keep its own HTML cache. That works only because of how the
plugin behaves today, checked here against the installed release: it keys an entry on the
bytes at `page.file.abs_src_path` when its on_pre_page runs (so the hook must swap that path
first), and after each build it deletes the entries that build did not use (so each language,
built separately by the i18n plugin, needs its own folder).
"""
import shutil
from pathlib import Path
from types import SimpleNamespace

import nbformat
import pytest
from mkdocs.exceptions import PluginError
from mkdocs_jupyter import plugin as jupyter

from attention_site.notebook import executed, jupyter_plugin
from tests import helpers

ROOT = Path(__file__).resolve().parents[1]


def load_hook():
    return helpers.load_hook("notebooks")


def plugin_with(**options):
    plugin = jupyter.Plugin()
    errors, _ = plugin.load_config({"execute": False, "include_source": True, **options})
    assert not errors
    plugin.on_pre_build(config=None)
    return plugin


def notebook(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(f"# {text}")]), path)
    return path


def test_the_hook_swaps_the_path_before_the_plugin_reads_it_and_restores_it_after():
    hook = load_hook()
    assert hook.on_pre_page.mkdocs_priority > getattr(jupyter.Plugin.on_pre_page, "mkdocs_priority", 0)
    assert hook.on_post_page.mkdocs_priority < getattr(jupyter.Plugin.on_post_page, "mkdocs_priority", 0)
    assert hook.on_files.mkdocs_priority < -100  # after the i18n plugin rebuilt the Files


def test_the_plugin_caches_the_html_of_the_file_at_abs_src_path(tmp_path, monkeypatch):
    """Keyed on its bytes (another path with the same bytes hits), rendered once."""
    renders = []
    monkeypatch.setattr(jupyter.convert, "nb2html", lambda path, **kw: renders.append(path) or f"<p>{path}</p>")
    plugin = plugin_with(cache=True, cache_dir=str(tmp_path / "html"))
    first, moved = notebook(tmp_path / "a" / "x.ipynb", "A"), tmp_path / "b" / "x.ipynb"
    moved.parent.mkdir()
    shutil.copy(first, moved)

    def render(path):
        page = SimpleNamespace(file=SimpleNamespace(abs_src_path=str(path), src_path="zh/x.ipynb"),
                               abs_url="/x/", content=None, toc=None, title=None)
        plugin.on_pre_page(page, config=None, files=None)
        page.render(None, None)
        return page

    assert render(first).content == f"<p>{first}</p>" and renders == [str(first)]
    assert render(moved).content == f"<p>{first}</p>" and len(renders) == 1  # the same bytes: a hit
    assert render(notebook(moved, "B")).content == f"<p>{moved}</p>" and len(renders) == 2


def test_after_a_build_the_plugin_deletes_the_entries_it_did_not_use_in_its_folder_only(tmp_path):
    zh, en = tmp_path / "zh", tmp_path / "en"
    for folder in (zh, en):
        folder.mkdir()
        (folder / "old.json").write_text("{}")
    plugin_with(cache=True, cache_dir=str(zh)).on_post_build(config=None)
    assert not (zh / "old.json").exists() and (en / "old.json").exists()


def test_html_cache_has_a_folder_per_language_named_after_the_versions(tmp_path, monkeypatch):
    plugin = plugin_with(cache=True)
    jupyter_plugin.use_html_cache(plugin, tmp_path, "en", enabled=True)
    en = Path(plugin.config["cache_dir"])
    assert plugin.config["cache"] and en.parent.parent == tmp_path / ".cache" / "notebooks" and en.name == "en"
    jupyter_plugin.use_html_cache(plugin, tmp_path, "zh", enabled=True)
    assert Path(plugin.config["cache_dir"]) == en.parent / "zh"
    monkeypatch.setattr(executed, "versions", lambda: ["nbconvert=0.0"])
    assert jupyter_plugin.html_cache_folder(tmp_path, "zh").parent != en.parent
    jupyter_plugin.use_html_cache(plugin, tmp_path, "zh", enabled=False)  # NOTEBOOK_CACHE=off
    assert plugin.config["cache"] is False


def test_the_plugin_must_be_there_and_must_not_execute():
    with pytest.raises(PluginError, match="needs the mkdocs-jupyter plugin"):
        jupyter_plugin.of(SimpleNamespace(plugins={}))
    with pytest.raises(PluginError, match="execute: false"):
        jupyter_plugin.of(SimpleNamespace(plugins={"mkdocs-jupyter": plugin_with(execute=True)}))
    plugin = plugin_with()
    assert jupyter_plugin.of(SimpleNamespace(plugins={"mkdocs-jupyter": plugin})) is plugin
