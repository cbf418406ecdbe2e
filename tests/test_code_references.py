"""Prose never names code that does not exist.

Every inline `code` span in the prose of docs/*/*.md that reads as a Python
identifier or expression (`w_query`, `softmax`, `np.swapaxes(key, -1, -2)`,
`x @ w_query, x @ w_key, x @ w_value`) must be found in real code: in the source
of snippets/ or in a code block of the built site. A learner who matches a table
or a sentence against the code must find what the sentence names (a formula table
once mapped QKᵀ to `(query * scale) @ key_t`, and no code defined `key_t`).

How a span is matched (comments are never evidence: a name mentioned only in a
comment is not code):
- one name (`key_t`): a NAME token of the code;
- anything longer: the same text, whitespace ignored, inside the code.

Spans that are not references to this site's code are skipped, and the rules
for skipping are explicit (see `why_skipped`): literals (`1.0`, `-inf`, `"it"`),
Python builtins and keywords (`print`, `dict`), shapes (`(n, d)`), maths notation
(`W_Q = W_K`, `exp(1000)`), file names (`snippets/softmax.py`) and commands
(`make serve`, which do not parse as Python).
"""
import ast
import builtins
import html
import io
import keyword
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SNIPPETS = ROOT / "snippets"
PAGES = sorted(DOCS.glob("*/*.md"))

# Spans written in prose that are deliberately not references to this site's code.
EXEMPT = {
    "-inf", "inf", "+inf", "nan", "NaN",    # values a reader meets in output
    "make", "site_url",                     # the build tool and a mkdocs.yml setting
}
# Maths notation written in code font: the projection matrices, their shapes, exp().
# A span made only of these names (and calls of them) is a formula, not a reference.
MATHS = {"W_Q", "W_K", "W_V", "Q", "K", "V", "d_k", "d_v", "exp"}

FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,}).*?^(?P=indent)(?P=fence)[ \t]*$",
                   re.M | re.S)
INCLUDE = re.compile(r'^\s*--8<--.*$', re.M)
SPAN = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)")
SHAPE = re.compile(r"^\((?:\s*[\w.]+\s*,)*\s*[\w.]+\s*,?\s*\)$")     # (n, d), (n_k, d_v), (4,)
FILENAME = re.compile(r"^[\w./-]+\.(?:py|md|ipynb|txt|yml|yaml|in|json|svg|png|css|js)$")
BUILTIN_NAMES = set(dir(builtins)) | set(keyword.kwlist)
PRE = re.compile(r"<pre\b[^>]*>(.*?)</pre>", re.S)
TAG = re.compile(r"<[^>]+>")


def prose(text):
    """`text` with fenced code blocks (also indented ones) and include lines blanked out;
    line numbers stay those of the file."""
    return INCLUDE.sub("", FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text))


def code_spans(text):
    """(line number, span) of every inline code span in the prose of a Markdown text."""
    spans = []
    stripped = prose(text)
    for number, line in enumerate(stripped.split("\n"), start=1):
        spans += [(number, m.group(2).strip()) for m in SPAN.finditer(line)]
    return spans


def why_skipped(span):
    """None when `span` reads as a reference to Python code; otherwise the reason to skip it."""
    if span in EXEMPT:
        return "exempt"
    if FILENAME.match(span):
        return "file name"
    if SHAPE.match(span):
        return "shape"
    try:
        tree = ast.parse(span, mode="exec")
    except SyntaxError:
        return "not Python (a command or plain words)"
    names = [node for node in ast.walk(tree) if isinstance(node, (ast.Name, ast.Attribute))]
    if not names:
        return "literal"
    if all(isinstance(node, ast.Name) and node.id in MATHS for node in names):
        return "maths notation"
    if re.fullmatch(r"[A-Za-z_]\w*", span) and span in BUILTIN_NAMES:
        return "builtin"
    return None


def strip_comments(source):
    """(code text without comments, set of NAME tokens); raw text if it does not tokenize."""
    kept, names = [], set()
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.COMMENT:
                continue
            if token.type == tokenize.NAME:
                names.add(token.string)
            kept.append(token.string)
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return source, set(re.findall(r"[A-Za-z_]\w*", source))
    return " ".join(kept), names


def squeeze(text):
    return re.sub(r"\s+", "", text)


class KnownCode:
    """Everything that counts as code: snippets/ sources and the built site's code blocks."""

    def __init__(self, sources):
        self.names, texts = set(), []
        for source in sources:
            code, names = strip_comments(source)
            self.names |= names
            texts.append(squeeze(code))
        self.text = "\n".join(texts)

    def has(self, span):
        if re.fullmatch(r"[A-Za-z_]\w*", span):
            return span in self.names
        return squeeze(span) in self.text


def site_code_blocks(site_dir):
    """The text of every <pre> block of the built site's pages, HTML tags removed."""
    blocks = []
    for page in sorted(site_dir.rglob("*.html")):
        for block in PRE.findall(page.read_text(encoding="utf-8")):
            blocks.append(html.unescape(TAG.sub("", block)))
    return blocks


def snippet_sources():
    """The code of snippets/, without the translation catalogues (their strings hold comments)."""
    paths = [p for p in sorted(SNIPPETS.rglob("*.py")) if "i18n" not in p.relative_to(SNIPPETS).parts]
    return [p.read_text(encoding="utf-8") for p in paths]


def dangling_references(pages, known):
    """'page:line: `span`' for every span that reads as code but names nothing real."""
    problems = []
    for page in pages:
        for line, span in code_spans(page.read_text(encoding="utf-8")):
            if why_skipped(span) is None and not known.has(span):
                problems.append(f"{page.relative_to(DOCS)}:{line}: `{span}`")
    return problems


@pytest.mark.site
def test_every_code_span_in_the_prose_names_real_code(site_dir):
    known = KnownCode(snippet_sources() + site_code_blocks(site_dir))
    problems = dangling_references(PAGES, known)
    assert not problems, ("inline code in the prose that no snippet defines and no code block "
                          "on the site shows:\n" + "\n".join(problems))


# ---------------------------------------------------------------------------------------------
# The checker itself: it finds what it must and skips only what it says it skips.
# ---------------------------------------------------------------------------------------------

SUMMARY_TABLE = """# Summary

| In the formula | In the code |
| --- | --- |
| QKᵀ | `(query * scale) @ key_t` |
| …V | `weights @ value` |

Run `make serve`, then read `snippets/attention.py`; a score of `-inf` gets weight `0`.

``` python
--8<-- "snippets/attention.py:attention"
```

!!! note "folded"

    ``` python
    key_t = "not prose: inside a fence"
    ```
"""

CODE = '''
def attention(query, key, value):
    # key_t would be the transposed keys  (a comment is not code)
    scores = query @ key.T
    weights = softmax(scores)
    return weights @ value
'''


def test_the_checker_catches_key_t_and_accepts_real_expressions(tmp_path):
    page = tmp_path / "en" / "summary.md"
    page.parent.mkdir()
    page.write_text(SUMMARY_TABLE, encoding="utf-8")
    known = KnownCode([CODE])
    problems = [p.split(": ", 1)[1] for p in _dangling(page, known)]
    assert problems == ["`(query * scale) @ key_t`"]
    assert known.has("weights @ value") and known.has("query @ key.T")
    assert not known.has("key_t"), "a name found only in a comment counts as missing"


def _dangling(page, known):
    return [f"{page.name}:{line}: `{span}`" for line, span in code_spans(page.read_text(encoding="utf-8"))
            if why_skipped(span) is None and not known.has(span)]


@pytest.mark.parametrize("span, reason", [
    ("-inf", "exempt"), ("1.0", "literal"), ('"it"', "literal"), ("make serve", "not Python"),
    ("(n, d)", "shape"), ("snippets/softmax.py", "file name"), ("print", "builtin"),
    ("python -m snippets.softmax", "not Python"), ("W_Q = W_K", "maths"), ("exp(1000)", "maths"),
])
def test_what_is_skipped_and_why(span, reason):
    assert why_skipped(span).startswith(reason)


@pytest.mark.parametrize("span", ["key_t", "w_query", "softmax", "np.swapaxes(key, -1, -2)",
                                  "x @ w_query, x @ w_key, x @ w_value", "scale=1.0"])
def test_references_to_code_are_checked(span):
    assert why_skipped(span) is None


def test_spans_inside_fences_and_include_lines_are_not_prose():
    spans = [span for _, span in code_spans(SUMMARY_TABLE)]
    assert spans == ["(query * scale) @ key_t", "weights @ value", "make serve",
                     "snippets/attention.py", "-inf", "0"]


def test_code_names_chapters_by_title_not_by_number():
    """Code and its translations say "the chapter "From scores to weights"", never "chapter 3":
    a chapter inserted before it (R20: asymmetry became chapter 3) silently made the library's
    copied docstring point at the wrong chapter."""
    root = Path(__file__).resolve().parents[1]
    numbered = re.compile(r"\bchapter \d|第\s*\d+\s*章", re.IGNORECASE)
    found = [f"{path.relative_to(root)}:{number}: {line.strip()}"
             for folder in ("snippets", "attention_site")  # the code, and the exercises' texts
             for path in sorted((root / folder).rglob("*")) if path.suffix in {".py", ".toml"}
             and path not in {root / "attention_site" / "reading_path.py",  # it numbers the chapters
                              root / "attention_site" / "pdf" / "page_numbers.py"}  # it reads them back
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if numbered.search(line)]
    assert not found, "code that names a chapter by number:\n" + "\n".join(found)
