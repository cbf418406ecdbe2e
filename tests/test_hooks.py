"""Each build hook on its own (hooks/*.py), without a full build.

Hooks are thin, but a thin hook that silently does nothing is still a bug a
reader sees (stale numbers under `make serve`, English code on a zh page, a
search that offers the other language's pages).
"""
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.helpers import load_hook

ROOT = Path(__file__).resolve().parents[1]


def test_every_hook_in_mkdocs_yml_exists_and_has_tests():
    listed = [line.split("hooks/")[1].split(".py")[0] for line in
              (ROOT / "mkdocs.yml").read_text(encoding="utf-8").splitlines()
              if line.strip().startswith("- hooks/")]
    assert sorted(listed) == sorted(p.stem for p in (ROOT / "hooks").glob("*.py"))
    tested = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").glob("test_*.py"))
    for name in listed:
        assert f'"{name}"' in tested or f"hooks/{name}.py" in tested or f'"hooks" / "{name}.py"' in tested, \
            f"hooks/{name}.py has no test that loads it"


def keep_the_real_modules(monkeypatch):
    """The purge below runs in this process: put the real modules back after the test, so that
    later tests patch the modules the code under test imports."""
    for name in [m for m in sys.modules if m.partition(".")[0] in ("snippets", "attention_site")]:
        monkeypatch.setitem(sys.modules, name, sys.modules[name])


def test_reload_snippets_purges_stale_modules_and_puts_the_root_on_sys_path(monkeypatch, tmp_path):
    hook = load_hook("reload_snippets")
    keep_the_real_modules(monkeypatch)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p != str(tmp_path)])
    fake = {"snippets": object(), "snippets.softmax": object(), "snippetsX": object(),
            "attention_site": object(), "attention_site.figures.heatmap": object(), "attention_siteX": object()}
    for name, module in fake.items():
        monkeypatch.setitem(sys.modules, name, module)
    config = SimpleNamespace(config_file_path=str(tmp_path / "mkdocs.yml"))
    assert hook.on_config(config) is config
    assert "snippets" not in sys.modules and "snippets.softmax" not in sys.modules
    # the values, figures and widgets are computed from snippets: stale too
    assert "attention_site" not in sys.modules and "attention_site.figures.heatmap" not in sys.modules
    assert "snippetsX" in sys.modules and "attention_siteX" in sys.modules  # only the packages and their submodules
    assert sys.path[0] == str(tmp_path)


def test_reload_snippets_makes_an_edit_visible(tmp_path, monkeypatch):
    """What `make serve` relies on: after the hook, an import reads the edited file."""
    hook = load_hook("reload_snippets")
    keep_the_real_modules(monkeypatch)
    package = tmp_path / "snippets"
    package.mkdir()
    (package / "__init__.py").write_text("VALUE = 1\n")
    for name in [m for m in sys.modules if m == "snippets" or m.startswith("snippets.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setattr(sys, "path", [str(tmp_path)] + sys.path)
    import snippets
    assert snippets.VALUE == 1
    (package / "__init__.py").write_text("VALUE = 2\n")
    hook.on_config(SimpleNamespace(config_file_path=str(tmp_path / "mkdocs.yml")))
    import importlib
    importlib.invalidate_caches()
    fresh = importlib.import_module("snippets")
    assert fresh.VALUE == 2
    for name in [m for m in sys.modules if m == "snippets" or m.startswith("snippets.")]:
        del sys.modules[name]  # leave the real package to be imported again


@pytest.mark.parametrize("src_uri, lang", [("zh/weights.md", "zh"), ("en/weights.md", "en"), ("zh/index.md", "zh")])
def test_code_language_marks_the_page_first(src_uri, lang):
    hook = load_hook("code_language")
    page = SimpleNamespace(file=SimpleNamespace(src_uri=src_uri, src_path=src_uri))
    out = hook.on_page_markdown("# Title\n", page, None, None)
    assert out.splitlines()[0] == f"<!-- code-i18n: {lang} {src_uri} -->"
    assert out.endswith("# Title\n")


def test_code_language_is_the_last_hook():
    hooks = [line.strip() for line in (ROOT / "mkdocs.yml").read_text(encoding="utf-8").splitlines()
             if line.strip().startswith("- hooks/")]
    assert hooks[-1].startswith("- hooks/code_language.py")


def test_search_per_language_splits_and_relocates():
    hook = load_hook("search_per_language")
    index = {"config": {"lang": ["zh"]}, "docs": [
        {"location": "weights/", "title": "权重"}, {"location": "en/weights/", "title": "Weights"},
        {"location": "", "title": "首页"}]}
    parts = hook.split_index(index, ["en"])
    assert [d["location"] for d in parts[None]["docs"]] == ["weights/", ""]
    assert [d["location"] for d in parts["en"]["docs"]] == ["weights/"]
    assert parts["en"]["config"] == index["config"]


def test_computed_fills_placeholders_and_names_the_page_on_failure():
    hook = load_hook("computed")
    page = SimpleNamespace(file=SimpleNamespace(src_uri="en/weights.md", src_path="en/weights.md"))
    out = hook.on_page_markdown("cat gets {{ num.it_cat_percent }}.", page, None, None)
    assert "{{" not in out and "%" in out and "NumPy" in out
    from mkdocs.exceptions import PluginError
    with pytest.raises(PluginError, match=r"en/weights\.md: placeholder \{\{ num\.nope \}\}"):
        hook.on_page_markdown("{{ num.nope }}", page, None, None)


def test_computed_indents_a_table_placed_inside_a_fold():
    """A multi-line value alone on an indented line (a table in a `??? note` fold) keeps every
    line inside the fold; only its first line used to be indented, and the table fell out."""
    hook = load_hook("computed")
    page = SimpleNamespace(file=SimpleNamespace(src_uri="en/word-vectors.md", src_path="en/word-vectors.md"))
    out = hook.on_page_markdown('??? note "W_Q"\n    {{ table.w_query }}\n\nAfter.', page, None, None)
    table = out.split("\n\nAfter.")[0].split("\n")[1:]
    assert len(table) == 2 + 4 and all(line.startswith("    |") for line in table), table  # 4 non-zero rows
    inline = hook.on_page_markdown("it gets {{ num.it_cat_weight }} of it", page, None, None)
    assert inline.startswith("it gets 0.") and "\n    " not in inline.split("\n\n")[0]


def test_computed_leaves_a_page_without_placeholders_alone():
    hook = load_hook("computed")
    page = SimpleNamespace(file=SimpleNamespace(src_uri="zh/glossary.md", src_path="zh/glossary.md"))
    assert hook.on_page_markdown("纯文字。", page, None, None) == "纯文字。"


@pytest.mark.parametrize("src_uri, present, absent", [
    ("en/weights.md", ["it (它)", "computed by this site's code"], ["本页的数字和图"]),
    ("zh/weights.md", ["本页的数字和图"], ["it (", "computed by this site's code"]),
])
def test_computed_speaks_the_page_language(src_uri, present, absent):
    hook = load_hook("computed")
    page = SimpleNamespace(file=SimpleNamespace(src_uri=src_uri, src_path=src_uri))
    out = hook.on_page_markdown("{{ table.heatmap }}", page, None, None)
    for text in present:
        assert text in out, (src_uri, text)
    for text in absent:
        assert text not in out, (src_uri, text)


# -- template_cache: compiled theme templates kept between builds --------------------------

def test_template_cache_serves_a_new_environment_without_compiling(tmp_path, monkeypatch):
    import jinja2

    hook = load_hook("template_cache")
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "page.html").write_text("<p>{{ word }}</p>", encoding="utf-8")
    config = SimpleNamespace(config_file_path=str(tmp_path / "mkdocs.yml"))

    def environment():
        env = hook.on_env(jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates))), config, None)
        assert isinstance(env.bytecode_cache, jinja2.FileSystemBytecodeCache)
        return env

    assert environment().get_template("page.html").render(word="猫") == "<p>猫</p>"
    assert list(hook.cache_folder(tmp_path, jinja2.Environment()).glob("__jinja2_*.cache"))
    fresh = environment()  # the next build
    monkeypatch.setattr(fresh, "compile", lambda *a, **k: pytest.fail("compiled again"))
    assert fresh.get_template("page.html").render(word="狗") == "<p>狗</p>"
    (templates / "page.html").write_text("<b>{{ word }}</b>", encoding="utf-8")  # an edited template
    assert environment().get_template("page.html").render(word="猫") == "<b>猫</b>"


# Each cache obeys its switch (attention_site.cache), in every spelling of off.
SWITCH_OFF = ["off", "0"]


@pytest.mark.parametrize("off", SWITCH_OFF)
def test_template_cache_is_keyed_on_the_jinja_setup_and_can_be_turned_off(tmp_path, monkeypatch, off):
    import jinja2

    hook = load_hook("template_cache")
    plain = hook.cache_folder(tmp_path, jinja2.Environment())
    assert plain != hook.cache_folder(tmp_path, jinja2.Environment(extensions=["jinja2.ext.i18n"]))
    import mkdocs
    monkeypatch.setattr(mkdocs, "__version__", "0.0")
    assert hook.cache_folder(tmp_path, jinja2.Environment()) != plain
    monkeypatch.setenv("TEMPLATE_CACHE", off)
    env = hook.on_env(jinja2.Environment(), SimpleNamespace(config_file_path=str(tmp_path / "mkdocs.yml")), None)
    assert env.bytecode_cache is None


def test_no_hook_asks_for_the_mkdocs_distribution_by_name(monkeypatch):
    """ProperDocs and MkDocs-NG install the `mkdocs` module under their own distribution names: a
    hook that asks importlib.metadata for "mkdocs" (or mkdocs-material) breaks the build there.
    Without network: every hook is loaded and its version lookups run with those names unknown."""
    from importlib import metadata

    real = metadata.version

    def version(name):
        if name.lower() in {"mkdocs", "mkdocs-material"}:
            raise metadata.PackageNotFoundError(name)
        return real(name)

    monkeypatch.setattr(metadata, "version", version)
    import jinja2
    assert load_hook("template_cache").cache_folder(ROOT, jinja2.Environment())
    for path in (ROOT / "hooks").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert 'version("mkdocs")' not in text and 'version("mkdocs-material")' not in text, path.name


# -- search_cache: search entries of unchanged pages kept between builds ----------------------

def search_page(content, url="weights/", toc=()):
    return SimpleNamespace(url=url, title="权重", content=content, meta={}, toc=list(toc))


@pytest.fixture
def search_index(monkeypatch):
    """Material's SearchIndex, restored after the test whatever the hook did to it."""
    from material.plugins.search.plugin import SearchIndex

    monkeypatch.setattr(SearchIndex, "add_entry_from_context", SearchIndex.add_entry_from_context)
    return SearchIndex


def test_search_cache_wraps_this_material_release(search_index, tmp_path):
    hook = load_hook("search_cache")
    assert hook.install(tmp_path) and hasattr(search_index.add_entry_from_context, hook.MARK)
    assert hook.install(tmp_path)  # twice (a serve rebuild): wrapped once
    assert not hasattr(search_index.add_entry_from_context.__wrapped__, hook.MARK)


def test_search_cache_reuses_entries_of_an_unchanged_page_only(search_index, tmp_path, monkeypatch):
    hook = load_hook("search_cache")
    calls = []
    real = search_index.add_entry_from_context
    monkeypatch.setattr(search_index, "add_entry_from_context",
                        lambda self, page: calls.append(page.url) or real(self, page))
    hook.install(tmp_path / "cache")
    content = '<h2 id="ratio">比值</h2><p>它是一只猫</p>'
    first = search_index(lang=["zh"])
    first.add_entry_from_context(search_page(content))
    assert calls == ["weights/"] and any("一只" in entry["text"] for entry in first.entries)
    again = search_index(lang=["zh"])  # the next build, same page
    again.add_entry_from_context(search_page(content))
    assert calls == ["weights/"] and again.entries == first.entries
    toc = [SimpleNamespace(id="ratio", url="#ratio", title="比值", children=[])]
    for changed in (search_page(content, toc=toc), search_page(content + "<p>猫</p>", toc=toc),
                    search_page(content, url="en/weights/")):
        search_index(lang=["zh"]).add_entry_from_context(changed)
    assert len(calls) == 4
    assert len(list((tmp_path / "cache").glob("*.json"))) == 2  # one file per page URL


@pytest.mark.parametrize("off", SWITCH_OFF)
def test_search_cache_off_restores_the_plugin(search_index, tmp_path, monkeypatch, off):
    hook = load_hook("search_cache")
    original = search_index.add_entry_from_context
    config = SimpleNamespace(config_file_path=str(tmp_path / "mkdocs.yml"))
    hook.on_config(config)
    assert search_index.add_entry_from_context is not original
    monkeypatch.setenv("SEARCH_CACHE", off)
    hook.on_config(config)
    assert search_index.add_entry_from_context is original


# -- highlight_cache: highlighted code blocks kept between builds ----------------------------

@pytest.fixture
def highlighter(monkeypatch):
    """pymdownx's Highlight, restored after the test; counts real highlighting."""
    from pymdownx.highlight import Highlight

    calls = []
    real = Highlight.highlight
    monkeypatch.setattr(Highlight, "highlight", lambda self, src, *a, **k: calls.append(src) or real(self, src, *a, **k))
    return Highlight, calls


def test_highlight_cache_wraps_this_pymdownx_release(highlighter):
    hook = load_hook("highlight_cache")
    Highlight, _ = highlighter
    assert hook.install() and hasattr(Highlight.highlight, hook.MARK)
    assert hook.install() and not hasattr(Highlight.highlight.__wrapped__, hook.MARK)  # wrapped once


@pytest.mark.parametrize("off", SWITCH_OFF)
def test_highlight_cache_reuses_a_block_across_builds_and_only_an_identical_one(highlighter, tmp_path, monkeypatch, off):
    import markdown

    Highlight, calls = highlighter
    hook = load_hook("highlight_cache")
    config = SimpleNamespace(config_file_path=str(tmp_path / "mkdocs.yml"))
    hook.on_config(config)
    text = '```python\nx = 1  # 猫\n```\n'
    convert = lambda source: markdown.markdown(source, extensions=["pymdownx.superfences", "pymdownx.highlight"])
    first = convert(text)
    assert calls == ["x = 1  # 猫"] and 'class="highlight"' in first
    assert convert(text) == first and len(calls) == 1
    convert(text.replace("1", "2"))
    titled = '```python title="t.py"\nx = 1  # 猫\n```\n'
    once, twice = convert(titled), convert(titled)  # titled: never from the cache (the title
    assert len(calls) == 4 and once == twice and "t.py" in twice  # is stashed per conversion)
    hook.on_post_build(config)
    assert (tmp_path / ".cache" / "highlight.json").is_file()  # beside the other caches' folders
    again = load_hook("highlight_cache")  # a `mkdocs serve` rebuild: the module runs afresh...
    again.on_config(config)
    assert convert(text) == first and len(calls) == 4  # ...and the installed wrapper remembers
    fresh = load_hook("highlight_cache")  # the next build process: the disk file
    monkeypatch.setattr(Highlight, "highlight", Highlight.highlight.__wrapped__)  # unwrap the first hook
    fresh.on_config(config)
    assert convert(text) == first and len(calls) == 4
    monkeypatch.setenv("HIGHLIGHT_CACHE", off)
    fresh.on_config(config)
    assert not hasattr(Highlight.highlight, fresh.MARK)
    convert(text)
    assert len(calls) == 5


def test_search_cache_loads_jieba_ahead_under_serve_only(monkeypatch):
    import threading

    import jieba

    hook = load_hook("search_cache")
    loaded = threading.Event()
    monkeypatch.setattr(jieba, "initialize", lambda *args: loaded.set())
    hook.on_startup(command="build", dirty=False)
    assert not loaded.wait(0.2)
    hook.on_startup(command="serve", dirty=False)
    assert loaded.wait(5)


def test_serve_poll_makes_every_watch_poll_faster_and_still_rebuilds(tmp_path):
    """Watches scheduled before on_serve (docs/, mkdocs.yml) and after it (the `watch:` list)."""
    import threading
    import time

    from mkdocs.livereload import LiveReloadServer

    hook = load_hook("serve_poll")
    (tmp_path / "docs").mkdir()
    (tmp_path / "snippets").mkdir()
    built = threading.Event()
    server = LiveReloadServer(builder=built.set, host="127.0.0.1", port=0, root=str(tmp_path))
    default = server.observer.timeout
    server.watch(str(tmp_path / "docs"))
    assert hook.on_serve(server, config=None, builder=server.builder) is server
    server.watch(str(tmp_path / "snippets"))
    emitters = server.observer.emitters
    assert len(emitters) == 2
    assert {e.timeout for e in emitters} == {hook.POLL_SECONDS} and hook.POLL_SECONDS < default
    # A save in a watched folder still asks for a rebuild.
    server.observer.start()
    try:
        loop = threading.Thread(target=server._build_loop, daemon=True)
        loop.start()
        time.sleep(0.3)
        (tmp_path / "snippets" / "x.py").write_text("x = 1\n")
        assert built.wait(10)
    finally:
        server.shutdown()
        server.observer.stop()
