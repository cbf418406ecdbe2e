"""attention_site/pdf/edition.py: a language's book, printed or copied from the cache."""
import pytest

from attention_site.pdf import book, cache_key, edition, printing


@pytest.mark.parametrize("value", ["off", "0", "false", "OFF"])
def test_pdf_cache_off_neither_reads_nor_writes_the_cache(value, tmp_path, monkeypatch):
    monkeypatch.setenv("PDF_CACHE", value)
    monkeypatch.setattr(cache_key, "CACHE_DIR", tmp_path / "cache")
    monkeypatch.setattr(book, "book_html", lambda site, lang, root=None: "<html>book</html>")
    monkeypatch.setattr(cache_key, "cache_key", lambda html, site: "k" * 40)
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / f"en.{'k' * 20}.pdf").write_bytes(b"%PDF stale")

    class Printed(Exception):
        pass

    def printing_pdf(*args, **kwargs):
        raise Printed

    monkeypatch.setattr(printing, "print_pdf", printing_pdf)
    site = tmp_path / "site"
    site.mkdir()
    with pytest.raises(Printed):  # it printed instead of copying the cached book
        edition.build_book(site, "en", browser=object())
    assert not (site / "attention-en.pdf").exists()
    assert not (site / ".book-en.html").exists()  # the document printed from is removed
    assert not cache_key.cache_on()
    monkeypatch.setenv("PDF_CACHE", "on")
    assert edition.build_book(site, "en", browser=object()) == (site / "attention-en.pdf", True)
    assert (site / "attention-en.pdf").read_bytes() == b"%PDF stale"
