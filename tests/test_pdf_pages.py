"""attention_site/pdf/pages.py: where a built page is, as a file and as a URL."""
from pathlib import Path

from attention_site.pdf.pages import page_path, page_url


def test_zh_is_at_the_root_and_en_under_en():
    site = Path("/site")
    assert page_path(site, "zh", "index") == site / "index.html"
    assert page_path(site, "zh", "weights") == site / "weights" / "index.html"
    assert page_path(site, "en", "index") == site / "en" / "index.html"
    assert page_path(site, "en", "weights") == site / "en" / "weights" / "index.html"
    assert [page_url(lang, stem) for lang in ("zh", "en") for stem in ("index", "weights")] == [
        "", "weights/", "en/", "en/weights/"]
