"""Fill ``{{ num.* }}``, ``{{ table.* }}``, ``{{ fig.* }}`` and ``{{ widget.* }}`` placeholders.

Thin on purpose: the values come from attention_site.values, the figure markup
from attention_site.figures, the widget markup from attention_site.widgets. An unknown or
failing placeholder stops the build and names the page and the placeholder. A
page that quotes a computed number, table or figure gets a stamp with the library
versions that computed it (a page with only exercises or a widget quotes none: a
reader of "why" saw the stamp under a page without a number).
"""
import re

from mkdocs.exceptions import PluginError

from attention_site import languages

PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}")  # "-": {{ exercises.word-vectors }}

STAMP = {
    "zh": "本页的数字和图都是这个网站的代码（NumPy {numpy}、Matplotlib {matplotlib}）算出来的，不是手填的；手工设定的只有输入。",
    "en": "Every number and figure on this page was computed by this site's code (NumPy {numpy}, Matplotlib {matplotlib}), not typed in; only the inputs are set by hand.",
}


def on_page_markdown(markdown, page, config, files):
    import matplotlib
    import numpy

    from attention_site import figures, values, widgets

    lang = languages.of_page(page)
    used = []

    def fill(match):
        name = match.group(1)
        used.append(name)
        try:
            if name.startswith("fig."):
                return figures.embed(name[4:], lang, page.file.src_uri,
                                     directory_urls=config.use_directory_urls)
            if name.startswith("widget."):
                return widgets.embed(name[7:], lang)
            if name.startswith("exercises."):
                from attention_site import exercises
                return exercises.embed(name[10:], lang)
            return values.render(name, lang)
        except Exception as error:
            raise PluginError(
                f"{page.file.src_path}: placeholder {{{{ {name} }}}} failed: "
                f"{type(error).__name__}: {error}"
            ) from error

    def fill_indented(match):  # a placeholder alone on an indented line (in a fold): every line indented
        text = fill(match)
        start = markdown.rfind("\n", 0, match.start()) + 1
        indent = markdown[start:match.start()]
        return text.replace("\n", "\n" + indent) if indent and not indent.strip() else text

    markdown = PLACEHOLDER.sub(fill_indented, markdown)
    if any(name.startswith(("num.", "table.", "fig.")) for name in used):  # not for exercises alone
        stamp = STAMP[lang].format(numpy=numpy.__version__, matplotlib=matplotlib.__version__)
        markdown += f'\n\n<p class="computed-stamp" markdown>{stamp}</p>\n'
    return markdown
