"""The site's two languages and which one a page is in: one home for the rule.

Chinese is the default, at the site root (docs/zh/ → /); English lives under en/ (docs/en/ →
/en/). A page's language is read from its source path (``en/weights.md``) or from its built
path relative to the site root (``en/weights/index.html``).
"""
LANGS = ("zh", "en")
DEFAULT = "zh"


def of_path(path):
    """'en' for a path under en/ (a page's src_uri, or a built path under the site root), else 'zh'."""
    path = str(path).strip("./")
    return "en" if path == "en" or path.startswith("en/") else DEFAULT


def of_page(page):
    """The language of a MkDocs page: from its source path."""
    return of_path(page.file.src_uri)
