"""The "needs code from a fold above" mark: ``{{ widget.needs-fold }}`` above a visible code block
that uses code kept in a fold above it (tests/test_copy_run.py finds such blocks and checks that
each carries this mark). One short line, tied to the block below it; its words are
[needs_fold] in zh.toml / en.toml, its markup templates/needs_fold.html.
"""
from attention_site import templates
from attention_site.widgets.text_files import words


def render(lang):
    """HTML of the mark for a page in `lang`, on one line."""
    return str(templates.render("widgets/needs_fold.html", text=words("needs_fold", lang)["text"]))
