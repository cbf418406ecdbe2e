"""Named sections of snippets/*.py: well-formed, and runnable the way a reader copies them.

A page shows sections (``# --8<-- [start:name]`` ... ``# --8<-- [end:name]``), never
whole files. What a reader copies must run in a fresh interpreter that has numpy
and nothing of this repository, and print exactly the ``#>`` lines it shows.
"""
import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from attention_site import sections

ROOT = Path(__file__).resolve().parents[1]
SNIPPETS = ROOT / "snippets"
MODULES = ["library", "softmax", "attention", "projections", "sentence", "cost", "word_order",
           "coreference", "exercise_answers"]  # dependency order (library first: chapter 1 previews softmax)

# The sections pages include: renaming or dropping one breaks the site's include lines.
EXPECTED_SECTIONS = {
    "softmax": ["idea", "softmax", "softmax_checks", "scores", "article_scores", "amplify", "temperature",
                "stable", "sum_to_one", "bad_input"],
    "attention": ["dot_product_attention", "attention", "attention_checks", "one_query", "scale",
                  "agree", "batch"],
    "projections": ["project", "asymmetry"],
    "library": ["books", "softmax_preview", "lookup", "show", "winner", "soft_dict"],
    "sentence": ["embeddings", "w_query", "w_key_value", "self_attention", "widen", "faces", "scores_rows", "heatmap_rows",
                 "asymmetric", "tied", "new_it", "rain"],
    "cost": ["path", "counts", "cost_checks", "table", "checks_demo", "distance"],
    "word_order": ["shuffle"],
    "coreference": ["data", "layer", "choose"],
    # each exercise's folded answer code stands alone (it runs as copied)
    "exercise_answers": ["library_twin", "weights_equal", "weights_shift", "weights_mask",
                  "weights_temperature", "ws_note", "why_2000", "mis_ratio", "faq_double"],
}

# What a page must show earlier for a section to run (the rest follows transitively).
# A core section calls helpers from its *_checks section: pages show the core first and
# the checks right after it (collapsed); Python looks the helpers up only at call time,
# so both must come before the first call, in either order.
SOFTMAX = ["softmax:softmax", "softmax:softmax_checks"]
PROJECTIONS = ["sentence:w_query", "sentence:w_key_value"]
ATTENTION = ["attention:attention", "attention:attention_checks"]
PREREQUISITES = {
    "softmax:article_scores": ["softmax:idea"],
    "softmax:scores": ["softmax:idea"],                 # numpy comes with the idea
    "softmax:amplify": ["softmax:scores"],              # uses its words and scores
    "softmax:temperature": ["softmax:scores"],          # uses its scores
    "softmax:stable": ["softmax:idea"],
    "softmax:sum_to_one": ["softmax:idea"],
    "softmax:bad_input": SOFTMAX,                      # the full version, and its checks
    "attention:dot_product_attention": SOFTMAX,
    "attention:attention": SOFTMAX,
    "attention:one_query": ["attention:dot_product_attention"],
    "attention:scale": ["softmax:idea"],
    "attention:agree": [*ATTENTION, "attention:dot_product_attention"],
    "attention:batch": ATTENTION,
    "projections:asymmetry": ["projections:project"],
    "library:softmax_preview": ["library:books"],  # numpy comes with the books
    "library:lookup": ["library:softmax_preview"],
    "library:show": ["library:lookup"],
    "library:winner": ["library:lookup"],
    "library:soft_dict": ["library:lookup"],
    "sentence:self_attention": [*SOFTMAX, "sentence:embeddings", *PROJECTIONS],
    "sentence:w_query": ["sentence:embeddings"],  # numpy comes with the embeddings
    "sentence:w_key_value": ["sentence:embeddings"],
    "sentence:faces": ["sentence:embeddings", *PROJECTIONS],
    "sentence:heatmap_rows": ["sentence:self_attention"],
    "sentence:scores_rows": ["sentence:faces"],
    "sentence:asymmetric": ["sentence:faces", "sentence:heatmap_rows"],
    "sentence:tied": ["sentence:faces", *SOFTMAX],
    "sentence:new_it": ["sentence:heatmap_rows"],
    "sentence:widen": ["sentence:embeddings", *PROJECTIONS],
    "sentence:rain": [*SOFTMAX, "sentence:widen"],
    "cost:cost_checks": ["cost:path", "cost:counts"],
    "cost:table": ["cost:counts"],
    "cost:distance": ["cost:path"],
    "cost:checks_demo": ["cost:counts", "cost:cost_checks"],
    "word_order:shuffle": ["sentence:heatmap_rows"],
    "coreference:layer": ["attention:dot_product_attention", "coreference:data"],
    "coreference:choose": ["coreference:layer"],
}


# Run first in the subprocess: refuse to import anything but the standard library and numpy.
ONLY_NUMPY = '''
import importlib.util, sys
if importlib.util.find_spec("snippets") is not None:
    sys.exit("the repository is importable: the environment is not clean")
class OnlyNumpy:
    def find_spec(self, name, path=None, target=None):
        top = name.partition(".")[0]
        if top == "numpy" or top in sys.stdlib_module_names:
            return None
        raise ModuleNotFoundError(f"a section imports {name!r}; readers only have numpy")
sys.meta_path.insert(0, OnlyNumpy())
'''


parse_sections = sections.parse  # the one parser (attention_site/sections.py)


def sections_of(module):
    path = SNIPPETS / f"{module}.py"
    return parse_sections(path.read_text(encoding="utf-8"), path.relative_to(ROOT))


def shown_output(code):
    """The `#>` lines of some code: what it says it prints."""
    return sections.outputs(code)


def run_clean(code, tmp_path):
    """`python -c code` with numpy but without this repository: no PYTHONPATH, cwd elsewhere."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path)}
    return subprocess.run([sys.executable, "-I", "-X", "utf8", "-c", ONLY_NUMPY + code],
                          cwd=tmp_path, env=env, capture_output=True, text=True, encoding="utf-8",
                          timeout=120)


def with_prerequisites(key, seen=None):
    """`key` after everything it needs, each once, in a valid order."""
    seen = [] if seen is None else seen
    for need in PREREQUISITES.get(key, []):
        with_prerequisites(need, seen)
    if key not in seen:
        seen.append(key)
    return seen


# ---------------------------------------------------------------- the markers

@pytest.mark.parametrize("module", MODULES)
def test_sections_are_well_formed_and_the_expected_ones(module):
    assert list(sections_of(module)) == EXPECTED_SECTIONS[module]


@pytest.mark.parametrize("path", sorted(SNIPPETS.glob("*.py")), ids=lambda p: p.name)
def test_every_snippets_file_parses(path):
    sections = parse_sections(path.read_text(encoding="utf-8"), path.name)
    assert bool(sections) == (path.stem in MODULES)  # a new file with sections needs a place here


def test_prerequisites_name_real_sections():
    known = {f"{m}:{s}" for m, names in EXPECTED_SECTIONS.items() for s in names}
    for key, needs in PREREQUISITES.items():
        assert key in known and set(needs) <= known, key


@pytest.mark.parametrize("text, problem", [
    ("# --8<-- [start:a]\nx = 1\n", "never ended"),
    ("x = 1\n# --8<-- [end:a]\n", "without a start"),
    ("# --8<-- [start:a]\nx\n# --8<-- [end:a]\n# --8<-- [start:a]\ny\n# --8<-- [end:a]\n", "twice"),
    ("# --8<-- [start: a]\nx\n# --8<-- [end:a]\n", "malformed"),
    ("# --8<-- [begin:a]\nx\n# --8<-- [end:a]\n", "malformed"),
    ("# --8<-- [start:a]\n\n# --8<-- [end:a]\n", "empty"),
    ("    # --8<-- [start:a]\n    x\n# --8<-- [end:a]\n", "indented unlike"),
])
def test_the_parser_rejects_malformed_sections(text, problem):
    with pytest.raises(ValueError, match=problem):
        parse_sections(text)


def test_the_parser_dedents_and_drops_nested_markers():
    text = "def f():\n    # --8<-- [start:a]\n    x = 1\n    # --8<-- [start:b]\n    y = 2\n" \
           "    # --8<-- [end:b]\n    # --8<-- [end:a]\n"
    assert parse_sections(text) == {"b": "y = 2\n", "a": "x = 1\ny = 2\n"}


@pytest.mark.parametrize("module", ["softmax", "attention"])
def test_the_core_is_short_and_its_input_checks_live_in_their_own_section(module):
    """Beginners read the core; every `raise` sits in the collapsed `<module>_checks`."""
    sections = sections_of(module)
    core, checks = sections[module], sections[f"{module}_checks"]
    assert "raise " not in core and "raise " in checks
    assert len(core.strip().split("\n")) <= 25, f"{module}: the core grew past 25 lines"
    helpers = re.findall(r"^def (_\w+)\(", checks, flags=re.M)
    assert helpers and all(f"{name}(" in core + checks.replace(f"def {name}(", "")
                           for name in helpers), f"{module}: an unused check helper"


@pytest.mark.parametrize("module", ["softmax", "attention"])
def test_shown_lines_fit_in_80_columns(module):
    long = [f"{name}: {line}" for name, code in sections_of(module).items()
            for line in code.split("\n") if len(line) > 80]
    assert not long, "\n".join(long)


# ---------------------------------------------------------------- running what readers copy

def test_all_sections_run_together_with_numpy_alone(tmp_path):
    code = "".join(code for m in MODULES for code in sections_of(m).values())
    result = run_clean(code, tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout.split("\n")[:-1] == shown_output(code)


def test_every_section_runs_after_just_its_prerequisites(tmp_path):
    """One fresh namespace per section: only what PREREQUISITES say comes before it."""
    sections = {f"{m}:{name}": code for m in MODULES for name, code in sections_of(m).items()}
    programs = {key: "".join(sections[k] for k in with_prerequisites(key)) for key in sections}
    driver = textwrap.dedent('''
        import contextlib, io, json, sys, traceback
        programs, report = json.loads(sys.stdin.read()), {}
        for key, code in programs.items():
            out = io.StringIO()
            try:
                with contextlib.redirect_stdout(out):
                    exec(compile(code, key, "exec"), {"__name__": "__main__"})
                report[key] = {"ok": True, "stdout": out.getvalue()}
            except BaseException:
                report[key] = {"ok": False, "error": traceback.format_exc(limit=2)}
        print(json.dumps(report))
    ''')
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path)}
    result = subprocess.run([sys.executable, "-I", "-X", "utf8", "-c", ONLY_NUMPY + driver],
                            input=json.dumps(programs), cwd=tmp_path, env=env, capture_output=True,
                            text=True, encoding="utf-8", timeout=120)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    failed = {key: r["error"] for key, r in report.items() if not r["ok"]}
    assert not failed, failed
    for key, code in programs.items():
        assert report[key]["stdout"].split("\n")[:-1] == shown_output(code), key


def test_the_clean_environment_really_is_clean(tmp_path):
    """The two tests above would prove nothing if the repo or other packages were importable."""
    assert run_clean("import numpy\n", tmp_path).returncode == 0
    result = run_clean("import matplotlib\n", tmp_path)
    assert result.returncode != 0 and "readers only have numpy" in result.stderr
    result = run_clean("print(undefined_name)\n", tmp_path)
    assert result.returncode != 0 and "NameError" in result.stderr


@pytest.mark.parametrize("module", [f"snippets.{m}" for m in MODULES])
def test_each_module_runs_as_a_script(module):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result = subprocess.run([sys.executable, "-X", "utf8", "-m", module], cwd=ROOT,
                            env=env, capture_output=True, text=True, encoding="utf-8", timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    source = (ROOT / f"{module.replace('.', '/')}.py").read_text(encoding="utf-8")
    assert result.stdout.split("\n")[:-1] == shown_output(source)
    assert result.stdout  # worked examples print something (the page values print nothing: test_values.py)
