"""attention_site/static_host.py: the one local server (browser tests, benches, `make audit`)
serves a build the way GitHub Pages does: under the /attention/ prefix, the site's 404 page for
a missing path, revalidation and cache lifetimes, and gzip when asked (the audit)."""
import gzip
import http.client
import urllib.error
import urllib.request

import pytest

from attention_site import static_host


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    site = tmp_path_factory.mktemp("site")
    (site / "index.html").write_text("<!doctype html><p>" + "注意力 " * 200, encoding="utf-8")
    (site / "en" / "weights").mkdir(parents=True)
    (site / "en" / "weights" / "index.html").write_text("<!doctype html>" + "x" * 1000, encoding="utf-8")
    (site / "assets").mkdir()
    (site / "assets" / "bundle.a5f9d56c.min.js").write_text("var a = 1;\n" * 100)
    (site / "assets" / "site.css").write_text("body { color: red }\n" * 50)
    (site / "assets" / "tiny.css").write_text("p{}")
    (site / "404.html").write_text("<!doctype html>not here " * 20, encoding="utf-8")
    return site


@pytest.fixture(scope="module", params=[True, False], ids=["gzip", "plain"])
def host(site, request):
    server = static_host.start(site, "/attention/", gzip=request.param)
    yield server
    server.shutdown()
    server.server_close()


def get(host, path, gz=True, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", host.server_address[1], timeout=10)
    conn.request("GET", path, headers={**({"Accept-Encoding": "gzip, br"} if gz else {}), **(headers or {})})
    resp = conn.getresponse()
    body = resp.read()
    conn.close()
    return resp, body


def text(resp, body):
    return (gzip.decompress(body) if resp.getheader("Content-Encoding") == "gzip" else body).decode("utf-8")


def test_pages_are_revalidated_and_gzipped_only_when_asked(host):
    resp, body = get(host, "/attention/")
    assert resp.status == 200
    assert resp.getheader("Cache-Control") == "no-cache"
    assert "注意力" in text(resp, body)
    assert int(resp.getheader("Content-Length")) == len(body)
    if host.gzip:
        assert resp.getheader("Content-Encoding") == "gzip"
        assert resp.getheader("Vary") == "Accept-Encoding"
    else:
        assert resp.getheader("Content-Encoding") is None and resp.getheader("Vary") is None
    again, body2 = get(host, "/attention/", headers={"If-None-Match": resp.getheader("ETag")})
    assert again.status == 304 and body2 == b""


def test_plain_when_not_accepted_or_tiny(host):
    resp, body = get(host, "/attention/", gz=False)
    assert resp.getheader("Content-Encoding") is None and body.startswith(b"<!doctype")
    resp, _ = get(host, "/attention/assets/tiny.css")
    assert resp.getheader("Content-Encoding") is None


def test_cache_lifetimes(host):
    resp, _ = get(host, "/attention/assets/bundle.a5f9d56c.min.js")
    assert resp.getheader("Cache-Control") == "public, max-age=31536000, immutable"
    assert resp.getheader("Content-Type").startswith("text/javascript")
    resp, _ = get(host, "/attention/assets/site.css")
    assert resp.getheader("Cache-Control") == "public, max-age=3600"


def test_the_prefix_redirects_and_the_sites_404_page(host):
    for path, location in (("/", "/attention/"), ("/attention", "/attention/"),
                           ("/attention/en/weights", "/attention/en/weights/")):
        resp, _ = get(host, path)
        assert (resp.status, resp.getheader("Location")) == (301, location)
    assert get(host, "/attention/en/weights/")[0].status == 200
    # Outside the prefix is missing too: a link that forgot /attention/ fails here as on GitHub Pages.
    for path in ("/attention/nope/", "/elsewhere/", "/en/weights/", "/attention/../etc/passwd"):
        resp, body = get(host, path)
        assert resp.status == 404 and "not here" in text(resp, body)
        assert resp.getheader("Content-Type") == "text/html; charset=utf-8"


def test_serve_yields_the_base_url_and_stops_after_the_block(site, tmp_path):
    with static_host.serve(site, "/attention/") as url:
        assert url.startswith("http://127.0.0.1:") and url.endswith("/attention/")
        with urllib.request.urlopen(url + "en/weights/") as resp:
            assert resp.status == 200 and resp.read().startswith(b"<!doctype")
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(url + "gone/")
        assert missing.value.code == 404 and b"not here" in missing.value.read()
    with pytest.raises(OSError):
        urllib.request.urlopen(url, timeout=2)
    (tmp_path / "index.html").write_text("root", encoding="utf-8")  # no 404.html: a bare 404
    with static_host.serve(tmp_path) as url:
        with urllib.request.urlopen(url) as resp:
            assert resp.read() == b"root"
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(url + "gone/")
        assert missing.value.code == 404


@pytest.mark.parametrize("error, quiet", [(BrokenPipeError(), True), (ConnectionResetError(), True),
                                          (ValueError("a real bug"), False)])
def test_a_dropped_connection_is_quiet_and_a_real_error_is_not(host, capsys, error, quiet):
    try:
        raise error
    except type(error):
        host.handle_error(None, ("127.0.0.1", 1))
    printed = capsys.readouterr().err
    assert (printed == "") == quiet, printed
    assert quiet or "a real bug" in printed
