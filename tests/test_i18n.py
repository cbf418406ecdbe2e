"""snippets.i18n and extensions/code_i18n.py: code in the reader's language.

One source: only comments and string literals differ between languages, the
translated module prints what its translated `#>` lines say, and a zh page
never shows an English comment it has no translation for.
"""
import tokenize

import markdown
import pytest

from extensions import code_i18n
from snippets import i18n
from tests import outputs

SOURCE = '''\
def mean(xs):
    """Average of `xs`.

    Sums and divides.
    """
    # add them up
    total = sum(xs)
    print(f"mean = {total / len(xs):.1f}", "ok")
    #> mean = 2.0 ok
    return total / len(xs)
'''

ENTRIES = {
    '"""Average of `xs`.\n\nSums and divides.\n"""': '"""`xs` 的平均值。\n\n先求和，再相除。\n"""',
    "# add them up": "# 先加起来",
    'f"mean = {total / len(xs):.1f}"': 'f"平均 = {total / len(xs):.1f}"',
    '"ok"': '"好"',
    "#> mean = 2.0 ok": "#> 平均 = 2.0 好",
}


def test_translate_replaces_comments_strings_and_docstrings_only():
    translated, missing = i18n.translate(SOURCE, ENTRIES)
    assert missing == []
    assert '    """`xs` 的平均值。\n\n    先求和，再相除。\n    """' in translated
    assert "    # 先加起来\n" in translated and '"好"' in translated
    assert i18n.code_tokens(translated) == i18n.code_tokens(SOURCE)
    namespace = {}
    exec(compile(translated, "<zh>", "exec"), namespace)
    assert namespace["mean"]([1, 2, 3]) == 2.0


def test_an_untranslated_english_comment_is_reported():
    entries = dict(ENTRIES)
    del entries["# add them up"]
    _, missing = i18n.translate(SOURCE, entries)
    assert missing == ["# add them up"]


@pytest.mark.parametrize("text, kind, needed", [
    ("# (n, d) @ (d, n) -> (n, n)", tokenize.COMMENT, False),
    ("#> [0.06 0.05 0.13 0.76]", tokenize.COMMENT, False),
    ("# sums to 1", tokenize.COMMENT, True),
    ('"a"', tokenize.STRING, True),
    ('f"{word:<4}{weight:.2f}"', tokenize.STRING, False),
    ('"它"', tokenize.STRING, False),
])
def test_what_needs_a_translation(text, kind, needed):
    assert i18n.needs_translation(text, kind) is needed


def test_code_tokens_see_a_changed_f_string_field():
    assert i18n.code_tokens('f"{a}"') != i18n.code_tokens('f"{b}"')
    assert i18n.code_tokens('x = "a"  # one') == i18n.code_tokens('x = "b"  # two')
    assert i18n.code_tokens("x = 1") != i18n.code_tokens("x = 2")


def _catalogue_dir(tmp_path, monkeypatch, text):
    (tmp_path / "xx").mkdir()
    (tmp_path / "xx" / "m.py").write_text(text, encoding="utf-8")
    monkeypatch.setattr(i18n, "HERE", tmp_path)


def test_a_translation_may_not_change_f_string_code(tmp_path, monkeypatch):
    _catalogue_dir(tmp_path, monkeypatch, "CATALOGUE = {'f\"{a} x\"': 'f\"{b} y\"'}")
    with pytest.raises(ValueError, match="changes its f-string fields"):
        i18n.catalogue("xx")


def test_a_comment_may_not_become_a_string(tmp_path, monkeypatch):
    _catalogue_dir(tmp_path, monkeypatch, "CATALOGUE = {'# one': '\"one\"'}")
    with pytest.raises(ValueError, match="not the same kind"):
        i18n.catalogue("xx")


def test_unknown_language_is_an_error():
    with pytest.raises(ValueError, match="no code catalogue"):
        i18n.catalogue("tlh")


def _page(text, lang="zh"):
    md = markdown.Markdown(extensions=["pymdownx.superfences", "pymdownx.details", code_i18n.makeExtension()])
    return md.convert(f"<!-- code-i18n: {lang} docs/{lang}/x.md -->\n{text}")


FENCED = '??? note "n"\n\n    ```python\n    # add them up\n    y = "ok"\n    ```\n'


def test_the_extension_translates_fenced_python_even_when_indented(monkeypatch):
    monkeypatch.setattr(i18n, "catalogue", lambda lang: ENTRIES)
    html = _page(FENCED)
    assert "先加起来" in html and "好" in html and "add them up" not in html


def test_the_extension_leaves_english_pages_alone(monkeypatch):
    monkeypatch.setattr(i18n, "catalogue", lambda lang: ENTRIES)
    assert "add them up" in _page(FENCED, lang="en")


def test_the_extension_stops_on_a_missing_translation_naming_the_page(monkeypatch):
    monkeypatch.setattr(i18n, "catalogue", lambda lang: {})
    with pytest.raises(code_i18n.CodeLanguageError, match=r"docs/zh/x\.md.*\n.*add them up"):
        _page(FENCED)


def _translated_modules():
    for lang in i18n.languages():
        for path in sorted((i18n.HERE / lang).glob("*.py")):
            module = outputs.ROOT / "snippets" / path.name
            if not path.name.startswith("_") and module.exists():
                yield lang, module


@pytest.mark.parametrize("lang, module", list(_translated_modules()),
                         ids=lambda x: x if isinstance(x, str) else x.name)
def test_a_translated_module_prints_its_translated_outputs(lang, module, tmp_path):
    copy = tmp_path / module.name
    copy.write_text(i18n.translate_file(module, lang), encoding="utf-8")
    assert i18n.code_tokens(copy.read_text(encoding="utf-8")) == i18n.code_tokens(
        module.read_text(encoding="utf-8"))
    _, pairs = outputs.expected_and_actual(copy)
    for (start, _, _, expected), printed in pairs:
        assert printed == expected, (
            f"{lang} {module.name}:{start + 1}: #> says {expected!r}, prints {printed!r}")
