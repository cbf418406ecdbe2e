"""Where a built page of the site lives, as a file and as a URL (zh at the root, en under en/).

The book reads each chapter from its file and rewrites links between chapters by their URL.
"""


def page_path(site, lang, stem):
    """The built page `stem` of `lang` under the site folder `site`."""
    base = site if lang == "zh" else site / "en"
    return base / "index.html" if stem == "index" else base / stem / "index.html"


def page_url(lang, stem):
    """The page's URL relative to the site root."""
    prefix = "" if lang == "zh" else "en/"
    return prefix if stem == "index" else f"{prefix}{stem}/"
