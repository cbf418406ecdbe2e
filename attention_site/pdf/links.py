"""The site's links to the PDF books, built hidden and shown once the books exist.

The build hides them (overrides/partials/copyright.html, the home pages): a site without
the PDFs, as `make serve` gives, offers no link that would answer 404.
"""
HIDDEN_LINK = " data-pdf-link hidden>"


def show_pdf_links(site):
    """Unhide every [data-pdf-link] of the site's pages; returns how many pages changed."""
    changed = 0
    for path in sorted(site.rglob("*.html")):
        html = path.read_text(encoding="utf-8")
        if HIDDEN_LINK in html:
            path.write_text(html.replace(HIDDEN_LINK, " data-pdf-link>"), encoding="utf-8")
            changed += 1
    return changed
