"""attention_site/pdf/links.py: the download links, built hidden, shown once the books exist.

That every page's link opens its book after the print is read back in tests/test_pdf.py.
"""
import re

import pytest

from attention_site.pdf import links


def test_only_hidden_links_are_shown_and_counted(tmp_path):
    (tmp_path / "en").mkdir()
    (tmp_path / "index.html").write_text('<p class="pdf-download" data-pdf-link hidden><a href="a.pdf">PDF</a></p>')
    (tmp_path / "en" / "index.html").write_text("<p>no link</p>")
    assert links.show_pdf_links(tmp_path) == 1
    assert (tmp_path / "index.html").read_text() == '<p class="pdf-download" data-pdf-link><a href="a.pdf">PDF</a></p>'
    assert (tmp_path / "en" / "index.html").read_text() == "<p>no link</p>"
    assert links.show_pdf_links(tmp_path) == 0


@pytest.mark.site
def test_every_page_links_its_language_book(site_dir):
    for path in site_dir.rglob("index.html"):
        if "assets" in path.parts:
            continue
        lang = "en" if path.relative_to(site_dir).parts[0] == "en" else "zh"
        html = path.read_text(encoding="utf-8")
        link = re.search(r'md-copyright__pdf" data-pdf-link hidden>\s*<a href="([^"]+)"', html)
        assert link, path
        target = (path.parent / link.group(1)).resolve()
        assert target == (site_dir / f"attention-{lang}.pdf").resolve(), (path, link.group(1))
