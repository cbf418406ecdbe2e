"""The widgets' HTML: Jinja templates in templates/ next to this module, rendered to one line.

A widget's markup is raw HTML inside a Markdown page, so it must stay on one line (a blank
line or an indented line would end the HTML block). The templates are written as readable,
indented HTML all the same: ONE_LINE drops every line break together with the indentation of
the line after it before Jinja compiles a template. So a template breaks lines only where no
space belongs (between two tags, or between a tag and a {% %} block) and keeps each tag, and
each run of words, on one line.

Autoescape is on, and every {{ value }} is escaped exactly as html.escape escapes it (quotes
as &quot; and &#x27;, as the widgets have always written them; Jinja's own escape writes &#34;).
A value that is already markup (a rendered template, a macro, `|safe`) passes unescaped. The
`slot` filter writes markup into a translated sentence: "{w}" in
``text["rows_caption"]|slot("w", label)``.
"""
import html
import re
from pathlib import Path

import jinja2
from jinja2.ext import Extension
from markupsafe import Markup

FOLDER = Path(__file__).resolve().parent / "templates"


class OneLine(Extension):
    """Drops each line break and the next line's indentation from a template's source."""

    def preprocess(self, source, name, filename=None):
        return re.sub(r"\n[ \t]*", "", source)


def escape(value):
    """`value` as markup: escaped as html.escape does, unless it is markup already."""
    return value if hasattr(value, "__html__") else Markup(html.escape(str(value)))


def slot(text, name, value):
    """`text` (escaped) with every "{name}" replaced by `value` (escaped unless markup)."""
    return Markup(str(escape(text)).replace("{" + name + "}", str(escape(value))))


ENVIRONMENT = jinja2.Environment(
    loader=jinja2.FileSystemLoader(FOLDER), autoescape=True, finalize=escape,
    undefined=jinja2.StrictUndefined, extensions=[OneLine], keep_trailing_newline=False)
ENVIRONMENT.filters["slot"] = slot


def render(name, **values):
    """templates/`name` filled with `values`, as markup (one line). A widget's public render()
    returns it as a plain str: str + Markup would escape the str (a page's other markup)."""
    return Markup(ENVIRONMENT.get_template(name).render(**values))
