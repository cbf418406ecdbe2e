"""The layout the README's "How the pieces fit" describes, checked statically (ast, no imports).

- snippets/ is the teaching code readers copy and its translations, nothing that renders the site;
- nothing outside tests/ imports tests/;
- no module of the project imports one that imports it back (directly or through others).
"""
import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SNIPPETS = ROOT / "snippets"

# The modules pages include and readers copy (exercise_answers: the code an exercise folds away).
TEACHING = {"__init__", "softmax", "attention", "projections", "library", "sentence", "cost", "word_order",
            "coreference", "exercise_answers"}
# Catalogues that translate code which is not a snippets module: the notebook's own cells.
OTHER_CATALOGUES = {"notebook"}
# The folders whose modules import one another (tests/ is checked apart: nothing may import it).
PROJECT = ("attention_site", "snippets", "hooks", "tools", "extensions", "bench")
RENDERING = ("<table", "<div", "<span", "markdown", "html")


def python_files(*folders):
    return sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py")
                  if "__pycache__" not in p.parts and "node_modules" not in p.parts)


def test_snippets_holds_only_the_teaching_modules():
    top = {p.stem for p in SNIPPETS.glob("*.py")}
    assert top == TEACHING, f"snippets/ should hold only teaching code: {sorted(top ^ TEACHING)}"
    folders = {p.name for p in SNIPPETS.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders == {"i18n"}
    others = [p.relative_to(ROOT).as_posix() for p in SNIPPETS.rglob("*")
              if p.is_file() and p.suffix not in {".py", ".pyc"}]
    assert not others, f"data or texts of the site belong in attention_site/: {others}"


def test_every_code_catalogue_translates_a_teaching_module():
    for lang in (p for p in (SNIPPETS / "i18n").iterdir() if p.is_dir() and p.name != "__pycache__"):
        names = {p.stem for p in lang.glob("*.py")}
        assert names <= (TEACHING - {"__init__"}) | OTHER_CATALOGUES, (lang.name, sorted(names))


@pytest.mark.parametrize("path", sorted(SNIPPETS.glob("*.py")) + [SNIPPETS / "i18n" / "__init__.py"],
                         ids=lambda p: p.relative_to(SNIPPETS).as_posix())
def test_snippets_renders_no_html_or_markdown(path):
    """Markup is the site's business (attention_site/, overrides/), never the code readers copy."""
    text = path.read_text(encoding="utf-8").lower()
    found = [word for word in RENDERING if word in text]
    assert not found, f"{path.relative_to(ROOT)} mentions {found}: rendering belongs in attention_site/"


def imports(path):
    """(module name, level, names) of every import in `path`, function-level ones included."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, 0, []
        elif isinstance(node, ast.ImportFrom):
            yield node.module or "", node.level, [alias.name for alias in node.names]


def test_nothing_outside_tests_imports_tests():
    folders = sorted(p.name for p in ROOT.iterdir() if p.is_dir() and not p.name.startswith(".")
                     and p.name not in {"tests", "site", "node_modules", "docs"})
    paths = python_files(*folders) + sorted(ROOT.glob("*.py"))
    assert ROOT / "attention_site" / "pdf" / "__main__.py" in paths  # the PDF tool and bench/ used to import tests/conftest.py
    offenders = [f"{path.relative_to(ROOT)} imports {module}" for path in paths
                 for module, level, _ in imports(path) if level == 0 and module.partition(".")[0] == "tests"]
    assert not offenders, offenders



def test_the_build_imports_nothing_from_tools():
    """tools/ holds command lines that call the site package, never the reverse: a build (hooks and what
    they call) must not depend on a maintenance script."""
    paths = python_files("hooks", "attention_site", "extensions")
    assert ROOT / "hooks" / "translation_banner.py" in paths  # it used to import tools/translations.py
    offenders = [f"{path.relative_to(ROOT)} imports {module}" for path in paths
                 for module, level, _ in imports(path) if level == 0 and module.partition(".")[0] == "tools"]
    assert not offenders, offenders

def test_no_test_module_imports_another():
    """Shared helpers and data live in tests/helpers.py, tests/cases.py and tests/served.py: a test
    module that imports another runs (and depends on) that module's tests and fixtures too."""
    offenders = []
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        for module, level, names in imports(path):
            targets = [f"{module}.{n}" for n in names] if module == "tests" else [module]
            offenders += [f"{path.name} imports {t}" for t in targets
                          if level == 0 and t.startswith("tests.test_")]
    assert not offenders, offenders


def module_file(dotted):
    """The file of a project module 'a.b' (a/b.py or a/b/__init__.py), or None."""
    base = ROOT.joinpath(*dotted.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def import_graph():
    """{file: {project files it imports}} over PROJECT. `from a import b` is the module a/b.py
    when it exists, else a/__init__.py; relative imports are resolved from the file's package."""
    graph = {}
    for path in python_files(*PROJECT):
        package = list(path.relative_to(ROOT).with_suffix("").parts[:-1])
        targets = set()
        for module, level, names in imports(path):
            if level:
                anchor = package[:len(package) - (level - 1)]
                module = ".".join(anchor + ([module] if module else []))
            if module.partition(".")[0] not in PROJECT:
                continue
            for name in names or [None]:
                found = (module_file(f"{module}.{name}") if name else None) or module_file(module)
                if found is not None and found != path:
                    targets.add(found)
        graph[path] = targets
    return graph


def cycles(graph):
    """The strongly connected components with more than one file (Tarjan)."""
    index, low, stack, on_stack, found, counter = {}, {}, [], set(), [], [0]

    def visit(node):
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(p.relative_to(ROOT).as_posix() for p in component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_module_imports_one_that_imports_it_back():
    graph = import_graph()
    assert graph[ROOT / "attention_site" / "widgets" / "__init__.py"]  # the walk sees imports at all
    assert not cycles(graph), f"import cycles: {cycles(graph)}"


def test_the_cycle_check_finds_a_cycle():
    a, b, c = (ROOT / "x" / f"{n}.py" for n in "abc")
    assert cycles({a: {b}, b: {c}, c: {a}}) == [[f"x/{n}.py" for n in "abc"]]
    assert cycles({a: {b}, b: {c}, c: set()}) == []


def test_no_hook_is_over_150_lines():
    """Hooks are wiring: what they wire lives in attention_site, where it can be imported and tested."""
    long = {p.name: n for p in sorted((ROOT / "hooks").glob("*.py"))
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 150}
    assert not long, long


def pieces_fit():
    """The text block of the README's "How the pieces fit"."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## How the pieces fit", 1)[1]
    return section.split("```text\n", 1)[1].split("```", 1)[0]


def test_the_readme_names_every_module_of_the_site_package():
    """A newcomer finds each attention_site module (and each subpackage's) in "How the pieces fit";
    the figures' own modules are covered by "one module per figure"."""
    text = pieces_fit()
    package = ROOT / "attention_site"
    names = {p.stem for p in package.glob("*.py") if p.stem != "__init__"}
    names |= {f"{p.name}/" for p in package.iterdir() if (p / "__init__.py").is_file()}
    names |= {p.stem for sub in package.iterdir() if (sub / "__init__.py").is_file()
              for p in sub.glob("*.py") if p.stem != "__init__"
              and "\ndef draw(" not in p.read_text(encoding="utf-8")}  # a figure module: "one per figure"
    missing = sorted(n for n in names if not re.search(rf"(?<![\w/]){re.escape(n)}(?![\w])", text))
    assert not missing, f'README "How the pieces fit" does not name: {missing}'


def test_the_readme_names_every_top_level_folder():
    text = pieces_fit()
    folders = {p.name for p in ROOT.iterdir() if p.is_dir() and not p.name.startswith((".", "_"))
               and p.name not in {"site", "site.partial", "node_modules"}}
    missing = sorted(f for f in folders if f"{f}/" not in text)
    assert not missing, f'README "How the pieces fit" does not name: {missing}'
