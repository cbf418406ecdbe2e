"""The playground notebooks, docs/zh/playground.ipynb and docs/en/playground.ipynb.

They are rendered by mkdocs-jupyter and executed by every build; hooks/notebooks.py makes
them pages under the i18n plugin, caches executed outputs keyed on the notebook and on
snippets/, names the notebook when a cell fails and strips the inlined JupyterLab CSS.
Checked here: the source notebooks (parity, no stored outputs), a reader's run with
nbconvert, the hook's helpers, the built pages and a build with a failing cell.
"""
import gzip
import importlib.util
import json
import re
import shutil
import time

import nbformat
import numpy as np
import pytest
from bs4 import BeautifulSoup

from snippets import library
from snippets.softmax import ARTICLE_SCORES, ARTICLE_WORDS, softmax
from tests.conftest import ROOT, build_site

LANGS = ("zh", "en")
PAGE_DIR = {"zh": "playground", "en": "en/playground"}  # relative to the site root
NOTEBOOK = "playground.ipynb"
DOWNLOAD_LABEL = {"zh": "下载笔记本", "en": "Download the notebook"}
MACHINE_PATH = re.compile(r"/root/|/home/|/tmp/|/Users/|site-packages|\b[A-Za-z]:\\")
BAD_TEXT = re.compile(r"Traceback|Warning|Error", re.IGNORECASE)
PAGE_BUDGET_GZIP = 150 * 1024  # bytes, everything a page loads


def source(lang):
    return ROOT / "docs" / lang / NOTEBOOK


def read_notebook(path):
    return nbformat.read(path, as_version=4)


def load_hook():
    spec = importlib.util.spec_from_file_location("notebooks_hook", ROOT / "hooks" / "notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def expected_cat_weight():
    """What the sentence cell must print for 猫, computed here from snippets.softmax."""
    weights = softmax(np.array(ARTICLE_SCORES))
    return f"{ARTICLE_WORDS[3]}\t{weights[3]:.2f}"


def expected_top_book():
    """The library cell's first line, computed from snippets.library and softmax."""
    relevance = library.labels @ library.question
    weights = softmax(relevance)
    return f"{library.books[0]:<18} relevance {relevance[0]:.1f}  weight {weights[0]:.2f}"


# --- the source notebooks --------------------------------------------------------------------


def test_both_languages_have_the_same_code_cells():
    zh, en = (read_notebook(source(lang)) for lang in LANGS)
    assert [c.cell_type for c in zh.cells] == [c.cell_type for c in en.cells]
    assert [c.get("id") for c in zh.cells] == [c.get("id") for c in en.cells]
    zh_code = [c.source for c in zh.cells if c.cell_type == "code"]
    en_code = [c.source for c in en.cells if c.cell_type == "code"]
    assert zh_code == en_code
    assert len(zh_code) >= 8


def test_markdown_is_in_the_page_language():
    cjk = re.compile(r"[\u4e00-\u9fff]")
    for lang in LANGS:
        for cell in read_notebook(source(lang)).cells:
            if cell.cell_type != "markdown":
                continue
            # English prose quotes only the sentence's words (它, 是, 一只, 猫, 下雨, 了).
            prose = re.sub("它|是|一只|猫|下雨|了", "", cell.source)
            has_chinese = bool(cjk.search(prose))
            assert has_chinese == (lang == "zh"), (lang, cell.get("id"), cell.source[:80])


@pytest.mark.parametrize("lang", LANGS)
def test_notebooks_are_stored_without_outputs(lang):
    """The build executes them: stored outputs could only be stale."""
    nb = read_notebook(source(lang))
    nbformat.validate(nb)
    assert nb.metadata.kernelspec.name == "python3"
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, cell.get("id")


def test_notebooks_invite_the_reader_to_edit_inputs():
    code = "\n".join(c.source for c in read_notebook(source("en")).cells if c.cell_type == "code")
    assert code.count("# ✏️ Try it") >= 3
    for edited in ("scores = np.array([0.5, 0.3, 1.2, 3.0])", "temperature =", "labels[1] =",
                   "words = ["):
        assert edited in code


# --- what a reader does: download, run with nbconvert ---------------------------------------


def execute(path, cwd, timeout=120):
    from nbconvert.preprocessors import ExecutePreprocessor

    nb = read_notebook(path)
    ExecutePreprocessor(timeout=timeout, kernel_name="python3").preprocess(
        nb, {"metadata": {"path": str(cwd)}}
    )
    return nb


def output_texts(nb):
    texts = []
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            assert output.output_type in {"stream", "execute_result", "display_data"}, output
            if output.output_type == "stream":
                assert output.name == "stdout", f"{cell.get('id')}: {output.text}"
                texts.append(output.text)
            else:
                texts.extend(str(v) for v in output.data.values())
    return texts


@pytest.mark.parametrize("lang", LANGS)
def test_downloaded_notebook_runs_with_nbconvert(lang, tmp_path, monkeypatch):
    """Kernel python3, cwd a temp dir, PYTHONPATH = a clone of the repository."""
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    downloaded = tmp_path / NOTEBOOK
    shutil.copy(source(lang), downloaded)
    texts = output_texts(execute(downloaded, tmp_path))
    joined = "\n".join(texts)
    assert expected_cat_weight() in joined
    assert expected_top_book() in joined
    for text in texts:
        assert not BAD_TEXT.search(text), text
        assert not MACHINE_PATH.search(text), text


def test_setup_cell_finds_snippets_from_the_notebook_folder(tmp_path, monkeypatch):
    """Opened inside the repository without PYTHONPATH: the first cell walks up to the root."""
    monkeypatch.delenv("PYTHONPATH", raising=False)
    nb = read_notebook(source("zh"))
    nb.cells = nb.cells[:2] + [nbformat.v4.new_code_cell("print(library.__name__)")]
    path = tmp_path / NOTEBOOK
    nbformat.write(nb, path)
    texts = output_texts(execute(path, source("zh").parent))
    assert texts == ["snippets.library\n"]


def test_setup_cell_explains_a_missing_repository(tmp_path, monkeypatch):
    from nbclient.exceptions import CellExecutionError

    monkeypatch.delenv("PYTHONPATH", raising=False)
    nb = read_notebook(source("en"))
    nb.cells = nb.cells[:2]
    path = tmp_path / NOTEBOOK
    nbformat.write(nb, path)
    with pytest.raises(CellExecutionError) as error:
        execute(path, tmp_path)
    assert error.value.ename == "ModuleNotFoundError"
    assert "clone of the project repository" in error.value.evalue


# --- the hook's helpers ---------------------------------------------------------------------


def test_cache_key_covers_notebook_snippets_and_options(tmp_path):
    hook = load_hook()
    (tmp_path / "snippets").mkdir()
    module = tmp_path / "snippets" / "softmax.py"
    module.write_text("A = 1\n")
    notebook = tmp_path / "nb.ipynb"
    notebook.write_text("{}")
    options = {"execute": True, "allow_errors": False}

    first = hook.cache_key(notebook, tmp_path, options)
    assert hook.cache_key(notebook, tmp_path, options) == first
    module.write_text("A = 2\n")
    after_snippet = hook.cache_key(notebook, tmp_path, options)
    assert after_snippet != first
    (tmp_path / "snippets" / "new.py").write_text("")
    after_new_file = hook.cache_key(notebook, tmp_path, options)
    assert after_new_file != after_snippet
    notebook.write_text('{"cells": []}')
    after_notebook = hook.cache_key(notebook, tmp_path, options)
    assert after_notebook != after_new_file
    assert hook.cache_key(notebook, tmp_path, {**options, "allow_errors": True}) != after_notebook


def test_cache_keeps_one_entry_per_notebook(tmp_path):
    hook = load_hook()
    old = tmp_path / "zh-playground.ipynb.aaaa.json"
    other = tmp_path / "en-playground.ipynb.bbbb.json"
    for path in (old, other):
        path.write_text("{}")
    new = tmp_path / "zh-playground.ipynb.cccc.json"
    hook.write_cache(new, {"content": "<p>猫</p>", "title": "t"})
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([other.name, new.name])
    assert json.loads(new.read_text(encoding="utf-8"))["content"] == "<p>猫</p>"


@pytest.mark.parametrize("output, problem", [
    ('<div class="jp-OutputArea-output" data-mime-type="application/vnd.jupyter.stderr">'
     "<pre>UserWarning: careful</pre></div>", "stderr"),
    ('<div class="jp-OutputArea-output"><pre>Traceback (most recent call last)</pre></div>',
     "Traceback"),
    ('<div class="jp-OutputArea-output"><pre>loaded /root/work/x.py</pre></div>', "machine path"),
    ('<div class="jp-OutputArea-output"><pre>.venv/lib/site-packages/numpy</pre></div>',
     "machine path"),
])
def test_bad_outputs_stop_the_build(output, problem):
    from mkdocs.exceptions import PluginError

    hook = load_hook()
    soup = BeautifulSoup(f'<div class="jp-OutputArea-child">{output}</div>', "html.parser")
    with pytest.raises(PluginError, match=rf"docs/zh/x\.ipynb: an output shows .*{problem}"):
        hook.check_outputs(soup, "docs/zh/x.ipynb")
    clean = BeautifulSoup('<div class="jp-OutputArea-output"><pre>猫\t0.76</pre></div>',
                          "html.parser")
    hook.check_outputs(clean, "docs/zh/x.ipynb")


def test_failure_message_names_notebook_cell_and_error(tmp_path):
    from nbclient.exceptions import CellExecutionError

    hook = load_hook()
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
    message = hook.describe_failure("docs/zh/x.ipynb", path, error)
    assert message.startswith('docs/zh/x.ipynb: cell 2 (id "broken") failed: ValueError: '
                              "need at least one score")
    assert "x = 1" in message and "\x1b" not in message
    other = hook.describe_failure("docs/zh/x.ipynb", path, RuntimeError("Kernel died"))
    assert other == "docs/zh/x.ipynb: failed: RuntimeError: Kernel died"


def test_chinese_markdown_is_well_typeset():
    import autocorrect_py

    for cell in read_notebook(source("zh")).cells:
        if cell.cell_type == "markdown":
            result = autocorrect_py.lint_for(cell.source, "md")
            assert not result.lines, [(line.old, line.new) for line in result.lines]


def test_chinese_headings_get_unique_ids_and_a_toc():
    from pymdownx.slugs import slugify

    hook = load_hook()
    html = ('<div class="jp-RenderedMarkdown"><h1 id="">注意力<a class="anchor-link" href="#">¶</a>'
            '</h1><h2 id="">小结</h2><h3 id="">✏️ 改一改</h3><h2 id="">小结</h2></div>')
    soup = BeautifulSoup(html, "html.parser")
    tokens = hook.heading_tokens(soup, slugify(case="lower"))
    ids = [h["id"] for h in soup.find_all(["h1", "h2", "h3"])]
    assert ids == ["注意力", "小结", "改一改", "小结_1"]
    assert [t["id"] for t in tokens] == ["注意力"]
    assert [t["id"] for t in tokens[0]["children"]] == ["小结", "小结_1"]
    assert tokens[0]["children"][0]["children"][0]["id"] == "改一改"
    assert not soup.select("a.anchor-link") and len(soup.select("a.headerlink")) == 4


# --- the built site -----------------------------------------------------------------------


def page_html(site_dir, lang):
    return (site_dir / PAGE_DIR[lang] / "index.html").read_text(encoding="utf-8")


def page_soup(site_dir, lang):
    return BeautifulSoup(page_html(site_dir, lang), "html.parser")


@pytest.mark.site
@pytest.mark.parametrize("lang", LANGS)
def test_built_page_is_html_not_raw_json(site_dir, lang):
    html = page_html(site_dir, lang)
    assert html.lstrip().lower().startswith("<!doctype html>")
    assert '"cell_type"' not in html
    soup = BeautifulSoup(html, "html.parser")
    assert soup.find("html")["lang"] == lang
    assert soup.select_one("article .jupyter-wrapper") is not None


@pytest.mark.site
@pytest.mark.parametrize("lang", LANGS)
def test_built_page_shows_executed_outputs(site_dir, lang):
    soup = page_soup(site_dir, lang)
    outputs = [area.get_text() for area in soup.select(".jp-OutputArea-output")]
    assert any(expected_cat_weight() in text for text in outputs), outputs
    assert any(expected_top_book() in text for text in outputs)
    heatmaps = soup.select(".jp-OutputArea-output table.attention-heatmap")
    assert len(heatmaps) == 2
    first_row = [td.get_text() for td in heatmaps[0].select("tr")[1].select("td")]
    assert first_row[3] == f"{softmax(np.array(ARTICLE_SCORES))[3]:.2f}"


@pytest.mark.site
@pytest.mark.parametrize("lang", LANGS)
def test_built_outputs_have_no_traceback_warning_or_machine_path(site_dir, lang):
    soup = page_soup(site_dir, lang)
    areas = soup.select(".jp-OutputArea-output")
    assert len(areas) >= 8
    for area in areas:
        text = area.get_text()
        assert not BAD_TEXT.search(text), text
        assert not MACHINE_PATH.search(text), text
        assert area.get("data-mime-type") != "application/vnd.jupyter.stderr"
    assert not MACHINE_PATH.search(page_html(site_dir, lang))


@pytest.mark.site
@pytest.mark.parametrize("lang", LANGS)
def test_download_link_and_notebook_in_the_site(site_dir, lang):
    soup = page_soup(site_dir, lang)
    link = soup.select_one("article a.md-button[download]")
    assert link is not None and link["href"] == NOTEBOOK
    assert DOWNLOAD_LABEL[lang] in link.get_text()
    downloaded = site_dir / PAGE_DIR[lang] / link["href"]
    data = json.loads(downloaded.read_text(encoding="utf-8"))
    original = json.loads(source(lang).read_text(encoding="utf-8"))
    assert data["cells"] == original["cells"]
    nbformat.validate(nbformat.reads(downloaded.read_text(encoding="utf-8"), as_version=4))


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
    assert own < 20 * 1024, own
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


# --- a failing cell fails the build and names the notebook -----------------------------------


def copy_project(dest):
    ignore = shutil.ignore_patterns("__pycache__", ".cache", "site", ".venv", ".git")
    dest.mkdir(parents=True)
    for name in ("mkdocs.yml", "hooks", "overrides", "snippets", "docs"):
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, dest / name, ignore=ignore)
        else:
            shutil.copy(path, dest / name)


@pytest.mark.site
def test_failing_cell_fails_the_build_and_names_the_notebook(tmp_path):
    project = tmp_path / "project"
    copy_project(project)
    path = project / "docs" / "zh" / NOTEBOOK
    nb = read_notebook(path)
    bad = nbformat.v4.new_code_cell('raise ValueError("injected fault")', id="injected")
    nb.cells.insert(2, bad)
    nbformat.write(nb, path)

    started = time.monotonic()
    result = build_site(tmp_path / "site", project=project)
    elapsed = time.monotonic() - started
    log = result.stdout + result.stderr
    assert result.returncode != 0, log[-2000:]
    assert "docs/zh/playground.ipynb" in log
    assert 'cell 3 (id "injected")' in log
    assert "ValueError: injected fault" in log
    assert elapsed < 60, elapsed
