"""Faults stop the build, name the culprit, and leave nothing that looks like a good site.

Each fault is injected into a temporary copy of what a build reads (mkdocs.yml, docs,
snippets, hooks, overrides, plus the Makefile), then `make build` runs there with this
venv. The build must fail, its output must name the culprit, and no complete-looking
site (an index.html outside docs/) may be left anywhere in the copy: MkDocs writes the
first language completely before building the second one, and in strict mode aborts
on warnings only after writing everything, so `make build` builds into a temporary
folder and moves it into place only on success.

Each copy starts from the caches the session's build filled (figures, executed notebooks,
templates, search entries), so a fault build redoes only what its fault touched: the fault
must get through the caches, whose keys must see the edit (a stale cache that hid a fault would
fail here). The cold path is built by test_reproducible. Faults sit in the first page/language
that shows them, except the ones about the English side.
"""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.served import copy_project

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def replace(path, old, new, count=1):
    text = path.read_text(encoding="utf-8")
    if old not in text:
        raise AssertionError(f"fault injection: {old!r} not in {path}")
    path.write_text(text.replace(old, new, count), encoding="utf-8")


# --- the faults: each edits the copy and returns the strings the output must contain ----

def snippet_section_disappears(project):
    # the three-step softmax: included by Markdown pages (faq.md comes first) and the notebooks
    replace(project / "snippets/softmax.py", "[start:idea]", "[start:renamed_idea]")
    replace(project / "snippets/softmax.py", "[end:idea]", "[end:renamed_idea]")
    return ["Snippet section 'idea'", "Error reading page 'zh/"]  # section and a page


def english_page_missing(project):
    (project / "docs/en/why.md").unlink()
    return ["en/why.md"]


def notebook_cell_raises(project):
    path = project / "docs/en/playground.ipynb"  # en: the message needs no zh translation
    notebook = json.loads(path.read_text(encoding="utf-8"))
    notebook["cells"].insert(2, {"cell_type": "code", "id": "injected-fault", "metadata": {},
                                 "execution_count": None, "outputs": [],
                                 "source": ["raise RuntimeError('injected notebook fault')"]})
    path.write_text(json.dumps(notebook, ensure_ascii=False, indent=1), encoding="utf-8")
    # the notebook, the cell by number and id, and the error (was also a cold zh build in test_notebooks)
    return ["docs/en/playground.ipynb", 'cell 3 (id "injected-fault")', "RuntimeError: injected notebook fault"]


def figure_function_raises(project):
    with open(project / "attention_site/figures/softmax_bars.py", "a", encoding="utf-8") as module:
        module.write("\n\ndef draw(lang, theme, *args, **kwargs):\n    raise ZeroDivisionError('injected figure fault')\n")
    return ["figure 'softmax'", "injected figure fault"]


def placeholder_unknown(project):
    replace(project / "docs/en/weights.md", "{{ num.it_cat_percent }}", "{{ num.it_cat_percnet }}")
    return ["en/weights.md", "num.it_cat_percnet"]


FAULTS = [snippet_section_disappears, english_page_missing, notebook_cell_raises,
          figure_function_raises, placeholder_unknown]


def warm_caches(project):
    """The repository's build caches, copied into `project` (site_dir filled them this run)."""
    shutil.copytree(ROOT / ".cache", project / ".cache",
                    ignore=shutil.ignore_patterns("pdf", "audit", "bare-venv-*"))


def make_build(project):
    """`make build` in `project` with this venv, never reinstalling it."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "SOURCE_DATE_EPOCH": "1700000000"}
    env.pop("MAKEFLAGS", None)
    return subprocess.run(
        ["make", "--no-print-directory", "-o", ".venv/.requirements.stamp", "build", f"BIN={BIN}"],
        cwd=project, env=env, capture_output=True, text=True, timeout=300)


def complete_looking_sites(project):
    """Folders of the copy, outside the sources, holding a built page (index.html)."""
    sources = {project / "docs", project / "overrides"}
    return sorted(str(p.parent.relative_to(project)) for p in project.rglob("index.html")
                  if not any(s in p.parents for s in sources))


def test_make_build_is_available():
    assert shutil.which("make"), "make is needed for the fault gates"
    assert (ROOT / "Makefile").exists()


@pytest.mark.site
@pytest.mark.parametrize("fault", FAULTS, ids=lambda f: f.__name__)
def test_fault_stops_the_build_and_names_the_culprit(fault, tmp_path, site_dir):
    project = copy_project(tmp_path / "project")
    warm_caches(project)
    culprits = fault(project)
    result = make_build(project)
    output = result.stdout + result.stderr
    assert result.returncode != 0, f"{fault.__name__}: the build passed:\n{output[-3000:]}"
    missing = [c for c in culprits if c not in output]
    assert not missing, f"{fault.__name__}: output does not name {missing}:\n{output[-3000:]}"
    left = complete_looking_sites(project)
    assert not left, f"{fault.__name__}: a failed build left a complete-looking site in {left}"


def test_self_half_built_detector(tmp_path):
    project = tmp_path / "p"
    (project / "docs/zh").mkdir(parents=True)
    (project / "docs/zh/index.html").write_text("source", encoding="utf-8")
    assert complete_looking_sites(project) == []
    (project / "site/en").mkdir(parents=True)
    (project / "site/index.html").write_text("built", encoding="utf-8")
    assert complete_looking_sites(project) == ["site"]
