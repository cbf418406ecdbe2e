"""attention_site/templates.py: the one Jinja environment over every package's templates/.

Escaping exactly as html.escape, the filters (element_text, json, slot), an undefined value
or a broken template that names the template, and line breaks as each template chooses:
kept outside ``{% oneline %}``, joined inside it.
"""
import html
from pathlib import Path

import jinja2
import pytest

from attention_site import templates

PACKAGE = Path(templates.__file__).resolve().parent
TEXTS = ['say "it"', "it's", "a < b & c > d", "plain", "猫"]


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A templates/ folder of its own, named "t/...", in the shared environment's setup."""
    loader = jinja2.PrefixLoader({"t": jinja2.FileSystemLoader(tmp_path)})
    monkeypatch.setattr(templates, "FOLDERS", {"t": tmp_path})
    monkeypatch.setattr(templates, "ENVIRONMENT", templates.ENVIRONMENT.overlay(loader=loader))
    return tmp_path


def write(folder, name, text):
    (folder / name).write_text(text, encoding="utf-8")


# --- escaping and filters ---------------------------------------------------------------

@pytest.mark.parametrize("text", TEXTS)
def test_values_are_escaped_as_html_escape_does(text):
    assert templates.escape(text) == html.escape(text)
    assert templates.ENVIRONMENT.from_string("<p title=\"{{ x }}\">{{ x }}</p>").render(x=text) == (
        f'<p title="{html.escape(text)}">{html.escape(text)}</p>')
    marked = templates.Markup("<b>it</b>")
    assert templates.escape(marked) is marked  # markup passes as it is
    assert templates.ENVIRONMENT.from_string("{{ x }}").render(x=marked) == "<b>it</b>"


@pytest.mark.parametrize("text", TEXTS)
def test_element_text_keeps_quotes(text):
    """A figure's caption is element content: & < > escaped, quotes as written."""
    assert templates.ENVIRONMENT.from_string("{{ x|element_text }}").render(x=text) == html.escape(text, quote=False)


def test_json_is_compact_keeps_non_ascii_and_is_escaped_in_an_attribute():
    value = {"value": "猫", "say": 'a "b" & c', "n": [0.5, True, None]}
    assert templates.to_json(value) == '{"value":"猫","say":"a \\"b\\" & c","n":[0.5,true,null]}'
    rendered = templates.ENVIRONMENT.from_string('<div data-x="{{ v|json }}">').render(v=value)
    assert rendered == f'<div data-x="{html.escape(templates.to_json(value))}">'
    assert templates.ENVIRONMENT.from_string("{{ 0.005|json }} {{ 1e-05|json }} {{ False|json }}").render() == (
        "0.005 1e-05 false")  # a number's JSON is its repr: data-tolerance reads as before


def test_slot_escapes_the_text_and_keeps_markup():
    filled = templates.slot('"{w}" & {w}', "w", templates.Markup("<span>it</span>"))
    assert filled == "&quot;<span>it</span>&quot; &amp; <span>it</span>"
    assert templates.slot("{a} and {b}", "a", "<x>") == "&lt;x&gt; and {b}"


# --- errors name the template -----------------------------------------------------------

def test_a_missing_value_names_the_template(folder):
    write(folder, "outer.html", "<p>{{ here }}</p>\n")
    assert templates.render("t/outer.html", here="x") == "<p>x</p>\n"
    with pytest.raises(templates.TemplateFailed, match=r"template t/outer\.html.*'here' is undefined"):
        templates.render("t/outer.html")


def test_a_missing_value_in_an_included_template_names_both(folder):
    write(folder, "outer.html", '<p>{% include "t/inner.html" %}</p>\n')
    write(folder, "inner.html", "{# a comment #}\n{{ missing }}\n")
    with pytest.raises(templates.TemplateFailed,
                       match=r"template t/outer\.html, at t/inner\.html line 2: UndefinedError"):
        templates.render("t/outer.html")


def test_a_broken_or_missing_template_names_itself(folder):
    write(folder, "open.html", "{% oneline %}\n<p>\n")
    with pytest.raises(templates.TemplateFailed, match=r"template t/open\.html.*endoneline"):
        templates.render("t/open.html")
    with pytest.raises(templates.TemplateFailed, match=r"template t/none\.html"):
        templates.render("t/none.html")


def test_every_template_of_the_site_compiles():
    names = templates.ENVIRONMENT.list_templates()
    for package in ("widgets", "exercises", "figures", "pdf"):
        assert any(name.startswith(f"{package}/") for name in names), package
    for name in names:
        templates.ENVIRONMENT.get_template(name)


def test_every_templates_folder_of_the_package_is_loaded():
    found = {p.parent.name for p in PACKAGE.glob("*/templates") if p.is_dir()}
    assert found == set(templates.FOLDERS)
    assert all(folder.is_dir() for folder in templates.FOLDERS.values())


# --- line breaks: kept, or joined inside {% oneline %} ---------------------------------------

def test_lines_stay_as_written_outside_a_oneline_part(folder):
    """The exercises' Markdown needs its blank lines and indentation; a line holding only a tag
    or a comment leaves nothing, and the last line break is kept."""
    write(folder, "lines.html", "{# about #}\n<div markdown=\"1\">\n\n{% if x %}\n    indented {{ x }}\n"
                                "{% endif %}\n</div>\n")
    assert templates.render("t/lines.html", x=1) == '<div markdown="1">\n\n    indented 1\n</div>\n'
    assert templates.render("t/lines.html", x=0) == '<div markdown="1">\n\n</div>\n'


def test_a_oneline_part_joins_its_lines(folder):
    """Inside the part every line break goes with the next line's indentation; the break that
    ends its last line stays, unless the closing tag says {%- endoneline %}."""
    write(folder, "mixed.html", "<figure>\n{% oneline %}\n<a>\n  <b>{{ x }}</b> {{ x }}\n"
                                "  {% if x %}\n    <i>on</i>\n  {% endif %}\n</a>\n{% endoneline %}\n"
                                "</figure>\n")
    assert templates.render("t/mixed.html", x=1) == "<figure>\n<a><b>1</b> 1<i>on</i></a>\n</figure>\n"
    write(folder, "widget.html", "{# a widget: no line break at all #}\n{% oneline %}\n<p>\n  <b>{{ x }}</b>\n</p>\n"
                                 "{%- endoneline %}\n")
    assert templates.render("t/widget.html", x="<&>") == "<p><b>&lt;&amp;&gt;</b></p>"
    write(folder, "inline.html", "a {% oneline %}<q\n  >b</q>{% endoneline %} c\nd\n")
    assert templates.render("t/inline.html") == "a <q>b</q> c\nd\n"


def test_a_value_keeps_its_own_line_breaks_inside_a_oneline_part(folder):
    """Joining works on the template's source, not on what values bring (a Markdown block)."""
    write(folder, "value.html", "{% oneline %}\n<div>\n  {{ x }}\n</div>\n{%- endoneline %}\n")
    assert templates.render("t/value.html", x=templates.Markup("<p>a</p>\n<p>b</p>")) == "<div><p>a</p>\n<p>b</p></div>"
