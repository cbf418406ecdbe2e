"""The site's own HTML, written as HTML: one Jinja environment over every package's templates/.

Markup lives where it can be read as markup. Each package that writes HTML keeps its templates
in its own templates/ folder and names them by package: "widgets/explorer.html",
"exercises/block.html", "figures/figure.html", "pdf/book.html" (FOLDERS). Python computes the
values (numbers, JSON, Markdown made HTML, which label a choice has); the template says where
they go.

One setup for all of them:

- Autoescape is on, and every {{ value }} is escaped exactly as html.escape escapes it (quotes
  as &quot; and &#x27;; Jinja's own escape writes &#34;). A value that is already markup (a
  rendered template, a macro, ``|safe``, ``Markup``) passes unescaped. ``|element_text``
  escapes for an element's content only (& < >, quotes kept, as html.escape(quote=False)).
- ``|json`` writes a value as compact JSON (non-ASCII kept), then escaped like any value:
  ``data-answer="{{ answer|json }}"``. ``|slot`` writes markup into a translated sentence:
  "{w}" in ``text["rows_caption"]|slot("w", label)``.
- An undefined value is an error (StrictUndefined), and every error names its template.
- The output is the template's text: trim_blocks and lstrip_blocks, so a line holding only a
  {% %} tag or a {# #} comment leaves no line of its own, and a trailing line break is kept.
- Line breaks are a choice each template makes. Markdown needs them in some places (the
  exercises: blank lines around ``markdown="1"`` blocks, an indented include), and forbids
  them in others (a widget inside a paragraph: a blank or an indented line would end the HTML
  block). ``{% oneline %}...{% endoneline %}`` joins the lines between its tags into one line
  before Jinja compiles the template: each line break inside goes, together with the next
  line's indentation, and only the break that ends the last line stays. So such a part is
  written as readable, indented HTML; it breaks lines only where no space belongs (between two
  tags, or a tag and a {% %} block) and keeps each tag, and each run of words, on one line. A
  widget's part ends ``{%- endoneline %}``: no line break at all, it sits inside a paragraph.
"""
import html
import json
import re
import traceback
from pathlib import Path

import jinja2
from jinja2.ext import Extension
from markupsafe import Markup

PACKAGE = Path(__file__).resolve().parent
# The packages that write HTML, each with its templates in <package>/templates/.
FOLDERS = {name: PACKAGE / name / "templates" for name in ("widgets", "exercises", "figures", "pdf")}

ONE_LINE_PART = re.compile(r"(\{%-?\s*oneline\s*-?%\})(.*?)(\n[ \t]*)?(\{%-?\s*endoneline\s*-?%\})", re.DOTALL)


class TemplateFailed(RuntimeError):
    """A template could not be rendered; the message names it."""


class OneLine(Extension):
    """``{% oneline %}...{% endoneline %}``: the lines between the tags joined into one.

    The line breaks (each with the indentation after it) go from the template's source before
    Jinja compiles it, except the one before ``{% endoneline %}``, which ends the joined line.
    The tags then stand for their body, and trim_blocks drops the line break after each like
    after any other tag."""

    tags = {"oneline"}

    def preprocess(self, source, name, filename=None):
        return ONE_LINE_PART.sub(_joined, source)

    def parse(self, parser):
        next(parser.stream)
        return parser.parse_statements(("name:endoneline",), drop_needle=True)


def _joined(part):
    opening, lines, end, closing = part.group(1, 2, 3, 4)
    return opening + re.sub(r"\n[ \t]*", "", lines) + (end or "") + closing


def escape(value):
    """`value` as markup: escaped as html.escape does, unless it is markup already."""
    return value if hasattr(value, "__html__") else Markup(html.escape(str(value)))


def element_text(value):
    """`value` escaped for an element's content (& < >), its quotes as they are."""
    return value if hasattr(value, "__html__") else Markup(html.escape(str(value), quote=False))


def to_json(value):
    """`value` as compact JSON, non-ASCII kept (escaped afterwards like any value)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def slot(text, name, value):
    """`text` (escaped) with every "{name}" replaced by `value` (escaped unless markup)."""
    return Markup(str(escape(text)).replace("{" + name + "}", str(escape(value))))


ENVIRONMENT = jinja2.Environment(
    loader=jinja2.PrefixLoader({name: jinja2.FileSystemLoader(folder) for name, folder in FOLDERS.items()}),
    autoescape=True, finalize=escape, undefined=jinja2.StrictUndefined, extensions=[OneLine],
    trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
ENVIRONMENT.filters.update(element_text=element_text, json=to_json, slot=slot)


def render(template, /, **values):
    """The template named `template` ("widgets/explorer.html") filled with `values`, as markup.

    A caller that hands the result on as a page's text returns it as a plain str: str + Markup
    would escape the str."""
    try:
        return Markup(ENVIRONMENT.get_template(template).render(**values))
    except jinja2.TemplateError as error:
        raise TemplateFailed(f"template {template}{_inside(error)}: {type(error).__name__}: {error}") from error


def _inside(error):
    """", at widgets/playground_ratio.html line 5": the innermost template line in `error`'s
    traceback (Jinja writes template lines into it), or "" when there is none. Lines inside a
    {% oneline %} part count as that part's first line."""
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        path = Path(frame.filename)
        for prefix, folder in FOLDERS.items():
            if path.is_relative_to(folder):
                return f", at {prefix}/{path.relative_to(folder).as_posix()} line {frame.lineno}"
    return ""
