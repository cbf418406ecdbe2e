"""The playground notebooks, docs/zh/playground.ipynb and docs/en/playground.ipynb.

The source notebooks hold include lines (`--8<-- "snippets/x.py:name"`) in their code
cells; attention_site/notebook/ expands them, translates comments and strings on the zh
page, executes the result in a kernel that cannot import `snippets`, caches it and lets
mkdocs-jupyter render and offer that executed copy for download (hooks/notebooks.py wires it).
Checked here: the source notebooks, expanding and executing them, the built pages, and the
downloaded notebook run the way a reader runs it: copied out of the repository, in a fresh
venv with only numpy, matplotlib and ipykernel. The other modules of the package have their
own test files (tests/test_notebook_*.py).
"""
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tokenize
from importlib import metadata
from pathlib import Path

import matplotlib
import nbformat
import numpy as np
import pytest
from bs4 import BeautifulSoup

from attention_site import sections
from attention_site.languages import LANGS
from attention_site.notebook import execute, executed, expand
from snippets import i18n, sentence
from snippets.softmax import ARTICLE_SCORES, softmax
from tests.conftest import ROOT

PAGE_DIR = {"zh": "playground", "en": "en/playground"}  # relative to the site root
NOTEBOOK = "playground.ipynb"
TITLE = {"zh": "笔记本：亲手算一遍注意力", "en": "Notebook: work through attention yourself"}
DOWNLOAD_LABEL = {"zh": "下载笔记本", "en": "Download the notebook"}
ARTICLE_WORDS = {"zh": ["它", "是", "一只", "猫"], "en": ["it", "is", "a", "cat"]}
MACHINE_PATH = re.compile(r"/root/|/home/|/tmp/|/Users/|site-packages|\b[A-Za-z]:\\")
BAD_TEXT = re.compile(r"Traceback|Warning|Error", re.IGNORECASE)
PAGE_BUDGET_GZIP = 150 * 1024  # bytes, everything a page loads
BARE_PACKAGES = ("numpy", "matplotlib", "ipykernel")


def source(lang):
    return ROOT / "docs" / lang / NOTEBOOK


def read_notebook(path):
    return nbformat.read(path, as_version=4)


def expanded(lang):
    return expand.expand_notebook(source(lang), ROOT, lang, f"docs/{lang}/{NOTEBOOK}")


def code_cells(nb):
    return [cell for cell in nb.cells if cell.cell_type == "code"]


def expected_cat_line(lang):
    """What the article's example prints for 猫 (cat), computed here from snippets.softmax."""
    weights = softmax(np.array(ARTICLE_SCORES))
    return f"{ARTICLE_WORDS[lang][3]:<4}{weights[3]:.2f}"


# --- the source notebooks --------------------------------------------------------------------


def test_both_languages_have_the_same_cells_and_the_same_code():
    """One source: the code cells are the same English text with include lines in both
    languages (zh is translated at build time); the prose cells pair up by id."""
    zh, en = (read_notebook(source(lang)) for lang in LANGS)
    assert [(c.cell_type, c.id) for c in zh.cells] == [(c.cell_type, c.id) for c in en.cells]
    assert [c.source for c in code_cells(zh)] == [c.source for c in code_cells(en)]


def test_prose_is_in_the_page_language():
    cjk = re.compile(r"[\u4e00-\u9fff]")
    quoted = "它|是|一只|猫|下雨|了|没有吃|鱼|因为|已经饱了|不新鲜了"  # the sentences' words
    for lang in LANGS:
        for cell in read_notebook(source(lang)).cells:
            if cell.cell_type != "markdown":
                continue
            prose = re.sub(quoted, "", cell.source)
            assert bool(cjk.search(prose)) == (lang == "zh"), (lang, cell.id, cell.source[:80])


@pytest.mark.parametrize("lang", LANGS)
def test_title_names_the_notebook(lang):
    """Not 「动手试一试」 / "Try it yourself": that is every chapter's last section."""
    nb = read_notebook(source(lang))
    assert nb.cells[0].source.splitlines()[0] == f"# {TITLE[lang]}"
    headings = "\n".join(line for c in nb.cells if c.cell_type == "markdown"
                         for line in c.source.splitlines() if line.startswith("#"))
    assert "动手试一试" not in headings and "Try it yourself" not in headings


@pytest.mark.parametrize("lang", LANGS)
def test_notebooks_are_stored_without_outputs(lang):
    """The build executes them: stored outputs could only be stale."""
    nb = read_notebook(source(lang))
    nbformat.validate(nb)
    assert nb.metadata.kernelspec.name == "python3"
    for cell in code_cells(nb):
        assert cell.outputs == [] and cell.execution_count is None, cell.id


def test_code_comes_from_snippets_and_invites_edits():
    cells = code_cells(read_notebook(source("en")))
    includes = [line for c in cells for line in c.source.splitlines() if line.startswith("--8<--")]
    assert len(includes) >= 15
    for section in ("softmax.py:idea", "library.py:lookup", "sentence.py:self_attention",
                    "word_order.py:shuffle"):
        assert f'--8<-- "snippets/{section}"' in includes
    code = "\n".join(c.source for c in cells)
    assert code.count("# ✏️ Try it") >= 3
    for edited in ("temperature = 1.0", "question = np.array(", "labels[1] =", 'words = ["cat", "a", "is", "it"]'):
        assert edited in code


def test_chinese_markdown_is_well_typeset():
    import autocorrect_py

    for cell in read_notebook(source("zh")).cells:
        if cell.cell_type == "markdown":
            result = autocorrect_py.lint_for(cell.source, "md")
            assert not result.lines, [(line.old, line.new) for line in result.lines]


# --- expanding and translating ---------------------------------------------------------------


def test_include_line_becomes_the_section_without_output_lines():
    got = expand.expand_code('--8<-- "snippets/softmax.py:article_scores"', ROOT, "here")
    section = sections.of_file(ROOT / "snippets" / "softmax.py")["article_scores"]
    assert sections.outputs(section)  # the section shows what it prints: those lines must go
    want = sections.without_outputs(section).strip("\n").splitlines()
    assert got.splitlines() == [line.rstrip() for line in want]
    assert "#>" not in got and "--8<--" not in got
    code = expand.expand_code('x = 1\n--8<-- "snippets/softmax.py:idea"\nprint(x)', ROOT, "here")
    assert code.startswith("x = 1\nimport numpy as np\n") and code.endswith("\nprint(x)")


@pytest.mark.parametrize("line, message", [
    ('--8<-- "snippets/softmax.py:nope"', "section 'nope' could not be located"),
    ('--8<-- "snippets/nope.py:idea"', "does not exist"),
    ('--8<-- "hooks/notebooks.py"', "only snippets/"),
    ('--8<-- "snippets/../hooks/notebooks.py"', "only snippets/"),
])
def test_a_bad_include_stops_the_build(line, message):
    from mkdocs.exceptions import PluginError

    with pytest.raises(PluginError, match=re.escape(message)):
        expand.expand_code(line, ROOT, 'docs/zh/x.ipynb: cell 2 (id "a")')


def notebook_with(tmp_path, code, lang="zh"):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# T", id="title"),
                                         nbformat.v4.new_code_cell(code, id="mine")])
    path = tmp_path / lang / NOTEBOOK
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


def test_untranslated_english_stops_the_zh_build_naming_the_cell(tmp_path):
    from mkdocs.exceptions import PluginError

    path = notebook_with(tmp_path, "x = 1  # a comment nobody translated")
    with pytest.raises(PluginError) as error:
        expand.expand_notebook(path, ROOT, "zh", "docs/zh/x.ipynb")
    assert 'docs/zh/x.ipynb: cell 2 (id "mine")' in str(error.value)
    assert "# a comment nobody translated" in str(error.value)
    assert expand.expand_notebook(path, ROOT, "en", "docs/en/x.ipynb").cells[1].source.startswith("x = 1")


def test_a_cell_that_imports_snippets_stops_the_build(tmp_path):
    from mkdocs.exceptions import PluginError

    path = notebook_with(tmp_path, "from snippets.softmax import softmax", lang="en")
    with pytest.raises(PluginError, match=r'cell 2 \(id "mine"\) imports `snippets`'):
        expand.expand_notebook(path, ROOT, "en", "docs/en/x.ipynb")


@pytest.mark.parametrize("lang", LANGS)
def test_expanded_notebook_is_self_contained_and_in_its_language(lang):
    nb = expanded(lang)
    code = "\n".join(c.source for c in code_cells(nb))
    assert "--8<--" not in code and "#>" not in code
    assert not re.search(r"^\s*(import|from)\s+snippets\b", code, re.MULTILINE)
    imports = set(re.findall(r"^\s*(?:import|from)\s+(\w+)", code, re.MULTILINE))
    assert imports <= {"numpy", "matplotlib"}, imports
    if lang == "zh":  # every comment/string with letters in it is a catalogue translation
        translations = set(i18n.catalogue(lang).values())
        for cell in code_cells(nb):
            for token in tokenize.generate_tokens(io.StringIO(cell.source + "\n").readline):
                if token.type in (tokenize.COMMENT, tokenize.STRING) and \
                        i18n.needs_translation(token.string, token.type):
                    assert i18n.normalise(token.string) in translations, (cell.id, token.string)
        assert '"《猫咪饲养手册》"' in code and '"Cat Care Handbook"' not in code


def test_zh_and_en_notebooks_have_the_same_code_tokens():
    zh, en = (code_cells(expanded(lang)) for lang in LANGS)
    assert len(zh) == len(en)
    for a, b in zip(zh, en):
        assert i18n.code_tokens(a.source + "\n") == i18n.code_tokens(b.source + "\n"), a.id


# --- executing, with one cache (attention_site/notebook/execute.py, executed.py) --------------


def test_notebook_key_covers_the_expanded_notebook_and_versions(tmp_path, monkeypatch):
    (tmp_path / "snippets").mkdir()
    module = tmp_path / "snippets" / "m.py"
    module.write_text("# --8<-- [start:s]\nA = 1\n# --8<-- [end:s]\n")
    path = notebook_with(tmp_path, '--8<-- "snippets/m.py:s"', lang="en")

    first = executed.key(expand.expand_notebook(path, tmp_path, "en", "x"))
    assert executed.key(expand.expand_notebook(path, tmp_path, "en", "x")) == first
    module.write_text("# --8<-- [start:s]\nA = 2\n# --8<-- [end:s]\n")
    after_snippet = executed.key(expand.expand_notebook(path, tmp_path, "en", "x"))
    assert after_snippet != first
    monkeypatch.setattr(executed, "versions", lambda: ["numpy=0.0"])
    assert executed.key(expand.expand_notebook(path, tmp_path, "en", "x")) != after_snippet


def test_executed_copies_are_cached_one_per_notebook_and_checked_before(tmp_path, monkeypatch):
    """A hit runs no kernel; a changed input runs it again and leaves one entry per notebook;
    NOTEBOOK_CACHE=off always runs it; an output that fails the check is never cached."""
    from mkdocs.exceptions import PluginError

    (tmp_path / "snippets").mkdir()
    module = tmp_path / "snippets" / "m.py"
    module.write_text("# --8<-- [start:s]\nA = 1\n# --8<-- [end:s]\n")
    notebook_with(tmp_path / "docs", '--8<-- "snippets/m.py:s"\nprint(A)', lang="en")
    runs, printed = [], ["1\n"]

    def fake_execute(nb, name):  # a kernel's result, without a kernel
        runs.append(name)
        nb.cells[1].outputs = [nbformat.v4.new_output("stream", name="stdout", text=printed[0])]
        return nb

    monkeypatch.setattr(execute, "execute", fake_execute)
    make = lambda use_cache=True: executed.make(tmp_path / "docs" / "en" / NOTEBOOK, f"en/{NOTEBOOK}",
                                                tmp_path, use_cache)
    stale = tmp_path / ".cache" / "notebooks" / f"en-{NOTEBOOK}.html.aaaa.json"  # an older layout's file
    stale.parent.mkdir(parents=True)
    stale.write_text("{}")
    first = make()
    assert runs == [f"docs/en/{NOTEBOOK}"] and read_notebook(first).cells[1].outputs[0].text == "1\n"
    assert make() == first and len(runs) == 1
    module.write_text("# --8<-- [start:s]\nA = 2\n# --8<-- [end:s]\n")
    second = make()
    assert second != first and len(runs) == 2
    assert [p.name for p in (tmp_path / ".cache" / "notebooks").iterdir()] == [second.parent.name]
    assert make(use_cache=False) == second and len(runs) == 3
    module.write_text("# --8<-- [start:s]\nA = 3\n# --8<-- [end:s]\n")
    printed[0] = "loaded /root/x.py\n"
    with pytest.raises(PluginError, match="machine path"):
        make()
    assert [p.name for p in (tmp_path / ".cache" / "notebooks").iterdir()] == [second.parent.name]


def test_failure_message_names_notebook_cell_and_error(tmp_path):
    from nbclient.exceptions import CellExecutionError

    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# T", id="title"),
        nbformat.v4.new_code_cell("x = 1\nsoftmax([])", id="broken"),
    ])
    path = tmp_path / "x.ipynb"
    nbformat.write(nb, path)
    error = CellExecutionError.from_cell_and_msg(nb.cells[1], {
        "ename": "ValueError", "evalue": "\x1b[31mneed at least one score\x1b[0m",
        "traceback": ["\x1b[31m" + "-" * 75 + "\x1b[0m", "ValueError: need at least one score"],
    })
    for where in (path, nb.cells):
        message = execute.describe_failure("docs/zh/x.ipynb", where, error)
        assert message.startswith('docs/zh/x.ipynb: cell 2 (id "broken") failed: ValueError: '
                                  "need at least one score")
        assert "x = 1" in message and "\x1b" not in message
    other = execute.describe_failure("docs/zh/x.ipynb", path, RuntimeError("Kernel died"))
    assert other == "docs/zh/x.ipynb: failed: RuntimeError: Kernel died"


def test_the_build_kernel_cannot_import_snippets(monkeypatch):
    """Even when the build's PYTHONPATH has the repository (tests/conftest.py sets it)."""
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    probe = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import importlib.util, os\n"
        "print(importlib.util.find_spec('snippets') is None)\n"
        f"print(os.getcwd().startswith({str(ROOT)!r}))", id="probe")])
    nb = execute.execute(probe, "probe")
    assert nb.cells[0].outputs[0].text == "True\nFalse\n"


def test_stream_outputs_are_merged_so_builds_are_reproducible():
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(1); print(2)")])
    nb.cells[0].outputs = [nbformat.v4.new_output("stream", name="stdout", text="1\n"),
                           nbformat.v4.new_output("stream", name="stdout", text="2\n"),
                           nbformat.v4.new_output("stream", name="stderr", text="x\n")]
    merged = execute.merge_streams(nb).cells[0].outputs
    assert [(o.name, o.text) for o in merged] == [("stdout", "1\n2\n"), ("stderr", "x\n")]


def test_ipython_is_imported_before_the_notebook_threads_start(tmp_path, monkeypatch):
    """The kernels' threads import IPython; a figure drawn meanwhile in the build process must not
    meet it half-imported (matplotlib reads sys.modules["IPython"].version_info)."""
    import concurrent.futures

    for name in [m for m in sys.modules if m == "IPython" or m.startswith("IPython.")]:
        monkeypatch.delitem(sys.modules, name)
    (tmp_path / "docs" / "zh").mkdir(parents=True)
    (tmp_path / "docs" / "zh" / "x.ipynb").write_text("{}")
    monkeypatch.setattr(executed, "_running", {})
    seen = []
    monkeypatch.setattr(concurrent.futures.ThreadPoolExecutor, "submit",
                        lambda self, fn, *args: seen.append(sys.modules["IPython"].version_info) or
                        concurrent.futures.Future())
    executed.start_all(tmp_path / "docs", tmp_path, use_cache=False)
    assert seen and seen[0] >= (8,)


def test_a_started_notebook_whose_inputs_changed_runs_again(tmp_path, monkeypatch):
    """start_all() runs ahead; copy_of() takes its result only if nothing changed since."""
    import concurrent.futures

    (tmp_path / "snippets").mkdir()
    source = notebook_with(tmp_path / "docs", "x = 1", lang="en")
    made = []
    monkeypatch.setattr(executed, "make", lambda *args: made.append(args) or tmp_path / "made-now")
    started = concurrent.futures.Future()
    started.set_result(tmp_path / "started")
    monkeypatch.setattr(executed, "_running", {source.resolve(): (executed.fingerprint(tmp_path, source), started)})
    assert executed.copy_of(tmp_path / "docs", f"en/{NOTEBOOK}", tmp_path) == tmp_path / "started"
    assert not made and not executed._running
    executed._running[source.resolve()] = (executed.fingerprint(tmp_path, source), started)
    (tmp_path / "snippets" / "new.py").write_text("B = 2\n")
    assert executed.copy_of(tmp_path / "docs", f"en/{NOTEBOOK}", tmp_path) == tmp_path / "made-now"
    assert len(made) == 1


# --- the built site -----------------------------------------------------------------------


def page_html(site_dir, lang):
    return (site_dir / PAGE_DIR[lang] / "index.html").read_text(encoding="utf-8")


def page_soup(site_dir, lang):
    return BeautifulSoup(page_html(site_dir, lang), "html.parser")


def built_notebook(site_dir, lang):
    return read_notebook(site_dir / PAGE_DIR[lang] / NOTEBOOK)


@pytest.mark.site
@pytest.mark.parametrize("lang", LANGS)
def test_built_page_is_html_not_raw_json(site_dir, lang):
    html = page_html(site_dir, lang)
    assert html.lstrip().lower().startswith("<!doctype html>")
    assert '"cell_type"' not in html
    soup = BeautifulSoup(html, "html.parser")
    assert soup.find("html")["lang"] == lang
    assert soup.select_one("article .jupyter-wrapper") is not None
    assert soup.select_one("article h1").get_text().rstrip("¶").strip() == TITLE[lang]


@pytest.mark.site
@pytest.mark.parametrize("lang", LANGS)
def test_built_page_shows_executed_outputs(site_dir, lang):
    soup = page_soup(site_dir, lang)
    outputs = [area.get_text() for area in soup.select(".jp-OutputArea-output")]
    assert any(expected_cat_line(lang) in text for text in outputs), outputs
    weights = sentence.sentence_weights()
    for row in weights:  # every row of the sentence's weights, as heatmap_rows prints it
        assert any(str(row.round(2)) in text for text in outputs), row


@pytest.mark.site
@pytest.mark.parametrize("lang", LANGS)
def test_built_outputs_have_no_traceback_warning_or_machine_path(site_dir, lang):
    soup = page_soup(site_dir, lang)
    areas = soup.select(".jp-OutputArea-output")
    assert len(areas) >= 10  # every code cell of the three parts prints
    for area in areas:
        text = area.get_text()
        assert not BAD_TEXT.search(text), text
        assert not MACHINE_PATH.search(text), text
        assert area.get("data-mime-type") != "application/vnd.jupyter.stderr"
    assert not MACHINE_PATH.search(page_html(site_dir, lang))


@pytest.mark.site
@pytest.mark.parametrize("lang", LANGS)
def test_download_is_the_expanded_notebook_with_its_outputs(site_dir, lang):
    soup = page_soup(site_dir, lang)
    link = soup.select_one("article a.md-button[download]")
    assert link is not None and link["href"] == NOTEBOOK and link["download"] == NOTEBOOK
    assert DOWNLOAD_LABEL[lang] in link.get_text()
    hint = soup.select_one(".notebook-download__hint").get_text()
    assert hint.strip() and "git clone" not in hint
    intro = soup.select_one("article").get_text()  # what it needs is said once, in the notebook's intro
    assert "numpy" in intro and "matplotlib" in intro and "git clone" not in intro
    downloaded = built_notebook(site_dir, lang)
    nbformat.validate(downloaded)
    want = expanded(lang)
    assert [c.source for c in code_cells(downloaded)] == [c.source for c in code_cells(want)]
    # the prose is the same, its links made absolute: opened in Jupyter, ../weights/ leads nowhere
    base = "https://attention-docs.github.io/attention/" + ("" if lang == "zh" else "en/")
    links = 0
    for got, source in zip(downloaded.cells, want.cells):
        if got.cell_type == "markdown":
            relative = re.findall(r"\]\((\.\./[^)\s]+)\)", source.source)
            links += len(relative)
            expected = source.source
            for link in relative:
                expected = expected.replace(f"]({link})", f"]({base}{link[3:]})")
            assert got.source == expected
    assert links >= 5
    for cell in code_cells(downloaded):
        assert cell.execution_count is not None and "execution" not in cell.metadata, cell.id
    assert sum(len(c.outputs) for c in code_cells(downloaded)) >= 10  # the three parts print at least this often


@pytest.mark.site
def test_built_notebooks_have_the_same_code_tokens(site_dir):
    zh, en = (code_cells(built_notebook(site_dir, lang)) for lang in LANGS)
    assert [c.id for c in zh] == [c.id for c in en]
    for a, b in zip(zh, en):
        assert i18n.code_tokens(a.source + "\n") == i18n.code_tokens(b.source + "\n"), a.id


@pytest.mark.site
@pytest.mark.parametrize("lang", LANGS)
def test_toc_links_and_language_switcher(site_dir, lang):
    soup = page_soup(site_dir, lang)
    ids = [tag["id"] for tag in soup.select("article [id]")]
    assert len(ids) == len(set(ids))
    toc = [a["href"][1:] for a in soup.select("nav.md-nav--secondary a.md-nav__link")]
    assert len(toc) >= 7 and all(target in ids for target in toc), toc
    other = "en" if lang == "zh" else "zh"
    switch = soup.select_one(f'a.md-select__link[hreflang="{other}"]')
    target = (site_dir / PAGE_DIR[lang] / switch["href"]).resolve()
    assert target == (site_dir / PAGE_DIR[other]).resolve()


@pytest.mark.site
@pytest.mark.parametrize("lang", LANGS)
def test_links_in_the_notebook_prose_resolve(site_dir, lang):
    soup = page_soup(site_dir, lang)
    links = [a["href"] for a in soup.select(".jp-RenderedMarkdown a[href]:not([download])")
             if not a["href"].startswith("#")]
    assert len(links) >= 4
    for href in links:
        path, _, fragment = href.partition("#")
        target = (site_dir / PAGE_DIR[lang] / path / "index.html").resolve()
        assert target.is_file(), href
        if fragment:  # the section exists on that page
            assert f'id="{fragment}"' in target.read_text(encoding="utf-8"), href


def gzip_size(data):
    return len(gzip.compress(data, 6))


@pytest.mark.site
@pytest.mark.parametrize("lang", LANGS)
def test_page_is_light(site_dir, lang):
    """No inlined JupyterLab CSS (mkdocs-jupyter's default: ~600 KB), no CDN script.

    The site's budget is 150 KB gzip for everything a page loads. What this page adds
    (its HTML and notebook.css) must stay small, and everything it loads apart from the
    search index (shared by every page of the site, sized by all the chapters) must leave
    that index at least 50 KB of the budget.
    """
    html = page_html(site_dir, lang)
    soup = BeautifulSoup(html, "html.parser")
    assert not soup.select_one("article").find_all(["style", "script"])
    assert "cdnjs" not in html and "mathjax" not in html.lower() and "<clipboard-copy" not in html
    page_dir = site_dir / PAGE_DIR[lang]
    assets = [tag["href"] for tag in soup.select('link[rel="stylesheet"][href]')]
    assets += [tag["src"] for tag in soup.select("script[src]")]
    assets.append(json.loads(soup.select_one("script#__config").string)["search"])  # worker
    assert not [a for a in assets if a.startswith(("http:", "https:", "//"))], assets
    sizes = {a: gzip_size((page_dir / a).resolve().read_bytes()) for a in assets}
    own = gzip_size(html.encode()) + sum(v for a, v in sizes.items() if a.endswith("notebook.css"))
    assert own < 24 * 1024, own
    assert gzip_size(html.encode()) + sum(sizes.values()) < PAGE_BUDGET_GZIP - 50 * 1024, sizes


@pytest.mark.site
def test_notebooks_are_in_the_sitemap(site_dir):
    sitemap = (site_dir / "sitemap.xml").read_text(encoding="utf-8")
    for lang in LANGS:
        assert re.search(rf"<loc>[^<]*/{PAGE_DIR[lang]}/</loc>", sitemap), lang


@pytest.mark.site
def test_other_pages_do_not_load_the_notebook_css(site_dir):
    html = (site_dir / "index.html").read_text(encoding="utf-8")
    assert "notebook.css" not in html


# --- a reader's run: the downloaded notebook in a bare venv ---------------------------------


def _installed_closure(names):
    """The installed distributions `names` need, themselves included (extras left out)."""
    from packaging.requirements import Requirement

    found, todo = {}, list(names)
    while todo:
        dist = metadata.distribution(todo.pop())
        key = dist.metadata["Name"].lower().replace("_", "-")
        if key in found:
            continue
        found[key] = dist
        for line in dist.requires or []:
            req = Requirement(line)
            if req.marker is None or req.marker.evaluate({"extra": ""}):
                todo.append(req.name)
    return found


def bare_venv():
    """A venv holding only numpy, matplotlib and ipykernel (and what they need), the very
    installs of this venv linked in, never downloaded: no package index inside a test. Cached in
    .cache/ under a key of those versions."""
    dists = _installed_closure(BARE_PACKAGES)
    pins = sorted(f"{name}=={dist.version}" for name, dist in dists.items())
    key = hashlib.sha256(" ".join([sys.version, *pins]).encode()).hexdigest()[:16]
    venv = ROOT / ".cache" / f"bare-venv-{key}"
    python = venv / "bin" / "python"
    if not (venv / "complete").is_file():
        shutil.rmtree(venv, ignore_errors=True)
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, env=env)
        site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                              check=True, env=env, capture_output=True, text=True).stdout.strip()
        for dist in dists.values():  # each top-level file or folder of the distribution, linked
            tops = {Path(str(f)).parts[0] for f in dist.files or [] if not str(f).startswith("..")}
            for top in tops:
                source = Path(dist.locate_file(top))
                if source.exists() and not (Path(site) / top).exists():
                    (Path(site) / top).symlink_to(source)
        (venv / "complete").write_text("\n".join(pins) + "\n")
    return venv


@pytest.fixture(scope="session")
def bare_kernel(tmp_path_factory):
    """A kernelspec for the bare venv in a temporary JUPYTER_PATH; yields its name."""
    venv = bare_venv()
    prefix = tmp_path_factory.mktemp("jupyter")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    subprocess.run([str(venv / "bin" / "python"), "-m", "ipykernel", "install", "--prefix", str(prefix),
                    "--name", "bare-numpy-matplotlib"], check=True, env=env, capture_output=True)
    old = os.environ.get("JUPYTER_PATH")
    os.environ["JUPYTER_PATH"] = str(prefix / "share" / "jupyter")
    yield "bare-numpy-matplotlib", venv
    if old is None:
        del os.environ["JUPYTER_PATH"]
    else:
        os.environ["JUPYTER_PATH"] = old


def run_like_a_reader(path, kernel_name):
    """Execute the notebook at `path` in its folder, without PYTHONPATH; return it."""
    from nbclient import NotebookClient

    nb = read_notebook(path)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    NotebookClient(nb, timeout=120, kernel_name=kernel_name, allow_errors=False, record_timing=False,
                   resources={"metadata": {"path": str(path.parent)}}).execute(env=env)
    return nb


def test_the_bare_kernel_has_numpy_and_matplotlib_only(bare_kernel, tmp_path):
    name, venv = bare_kernel
    probe = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import sys, importlib.util as u\n"
        "print(sys.prefix)\n"
        "print([m for m in ('numpy', 'matplotlib', 'snippets', 'mkdocs', 'nbclient', 'bs4')"
        " if u.find_spec(m)])", id="probe")])
    path = tmp_path / "probe.ipynb"
    nbformat.write(probe, path)
    text = run_like_a_reader(path, name).cells[0].outputs[0].text
    assert text == f"{venv}\n['numpy', 'matplotlib']\n"


@pytest.mark.site
@pytest.mark.parametrize("lang", LANGS)
def test_downloaded_notebook_runs_in_a_bare_venv(site_dir, bare_kernel, tmp_path, lang):
    """Copied out of the site into an empty folder outside the repository, run top to bottom
    with only numpy, matplotlib and ipykernel installed: it prints what the page shows."""
    name, _ = bare_kernel
    assert not tmp_path.resolve().is_relative_to(ROOT)
    downloaded = tmp_path / NOTEBOOK
    shutil.copy(site_dir / PAGE_DIR[lang] / NOTEBOOK, downloaded)
    built = read_notebook(downloaded)
    rerun = run_like_a_reader(downloaded, name)
    assert sorted(p.name for p in tmp_path.iterdir()) == [NOTEBOOK]  # it wrote nothing beside it
    for before, after in zip(code_cells(built), code_cells(rerun)):
        assert merged(after.outputs) == merged(before.outputs), before.id


def merged(outputs):
    """Outputs with consecutive pieces of one stream joined (how a kernel splits a print
    into messages depends on timing, not on the code)."""
    out = []
    for output in outputs:
        output = dict(output)
        if out and output["output_type"] == "stream" and out[-1]["output_type"] == "stream" \
                and out[-1]["name"] == output["name"]:
            out[-1] = {**out[-1], "text": out[-1]["text"] + output["text"]}
        else:
            out.append(output)
    return out


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_edit_cell_reruns_the_same_after_run_all(lang, monkeypatch):
    """The notebook says: run every cell, then change the ✏️ cells. R44 (zh, en): after Run all,
    the Part 1 ✏️ cell printed Part 4's words and the Part 3 one crashed on Part 4's w_value.
    Run every cell in one namespace, then each ✏️ cell again: it must print what it printed."""
    import contextlib
    import matplotlib
    matplotlib.use("Agg")
    monkeypatch.chdir(ROOT)
    nb, namespace, first = expanded(lang), {}, {}
    cells = code_cells(nb)
    edit = [i for i, cell in enumerate(cells) if "✏️" in cell.source]
    assert len(edit) >= 3
    for i, cell in enumerate(cells):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(cell.source, f"cell {i}", "exec"), namespace)
        first[i] = out.getvalue()
    for i in edit:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(cells[i].source, f"cell {i} again", "exec"), namespace)
        assert out.getvalue() == first[i], (lang, i, cells[i].source[:80])
