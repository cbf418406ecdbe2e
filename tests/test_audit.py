"""tools/audit.py (`make audit`): its static host serves like a real one, and the report logic
counts what Lighthouse counts. Lighthouse itself is not run here (minutes per page)."""
import gzip
import http.client
import json

import pytest

from tools import audit


@pytest.fixture(scope="module")
def host(tmp_path_factory):
    site = tmp_path_factory.mktemp("site")
    (site / "index.html").write_text("<!doctype html><p>" + "注意力 " * 200, encoding="utf-8")
    (site / "en" / "weights").mkdir(parents=True)
    (site / "en" / "weights" / "index.html").write_text("<!doctype html>" + "x" * 1000, encoding="utf-8")
    (site / "assets").mkdir()
    (site / "assets" / "bundle.a5f9d56c.min.js").write_text("var a = 1;\n" * 100)
    (site / "assets" / "site.css").write_text("body { color: red }\n" * 50)
    (site / "assets" / "tiny.css").write_text("p{}")
    (site / "404.html").write_text("<!doctype html>not here " * 20, encoding="utf-8")
    server = audit.serve(site, "/attention/")
    yield server
    server.shutdown()


def get(host, path, gz=True, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", host.server_address[1], timeout=10)
    conn.request("GET", path, headers={**({"Accept-Encoding": "gzip, br"} if gz else {}), **(headers or {})})
    resp = conn.getresponse()
    body = resp.read()
    conn.close()
    return resp, body


def test_pages_are_gzipped_with_revalidation(host):
    resp, body = get(host, "/attention/")
    assert resp.status == 200
    assert resp.getheader("Content-Encoding") == "gzip"
    assert resp.getheader("Vary") == "Accept-Encoding"
    assert resp.getheader("Cache-Control") == "no-cache"
    assert "注意力" in gzip.decompress(body).decode("utf-8")
    assert int(resp.getheader("Content-Length")) == len(body)
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


def test_paths_redirects_and_404(host):
    for path, location in (("/", "/attention/"), ("/attention", "/attention/"),
                           ("/attention/en/weights", "/attention/en/weights/")):
        resp, _ = get(host, path)
        assert (resp.status, resp.getheader("Location")) == (301, location)
    assert get(host, "/attention/en/weights/")[0].status == 200
    for path in ("/attention/nope/", "/elsewhere/", "/attention/../etc/passwd"):
        resp, body = get(host, path)
        assert resp.status == 404 and b"not here" in gzip.decompress(body)


def test_site_path_and_pages_cover_both_languages():
    assert audit.site_path() == "/attention/"
    order = audit.nav_order()
    assert order[0] == "index" and len(order) == len(set(order))


def lhr(scores, audits, refs):
    return {"categories": {c: {"score": s, "auditRefs": refs.get(c, [])} for c, s in scores.items()},
            "audits": audits, "environment": {"benchmarkIndex": 1900}}


def test_summary_counts_weighted_failures_and_notes():
    audits = {
        "font-size": {"title": "Font size", "score": 0, "scoreDisplayMode": "binary",
                      "details": {"items": [{"selector": ".md-typeset code", "fontSize": "10.88px",
                                             "coverage": "41%"}]}},
        "label-content-name-mismatch": {"title": "Label", "score": 0, "scoreDisplayMode": "binary"},
        "total-blocking-time": {"title": "TBT", "score": 0.5, "scoreDisplayMode": "numeric",
                                "displayValue": "500 ms", "numericValue": 500},
        "first-contentful-paint": {"title": "FCP", "score": 0.95, "scoreDisplayMode": "numeric",
                                   "numericValue": 1400},
        "manual-check": {"title": "Manual", "score": None, "scoreDisplayMode": "manual"},
    }
    refs = {"best-practices": [{"id": "font-size", "weight": 1}],
            "accessibility": [{"id": "label-content-name-mismatch", "weight": 0}, {"id": "manual-check", "weight": 0}],
            "performance": [{"id": "total-blocking-time", "weight": 30}, {"id": "first-contentful-paint", "weight": 10}]}
    r = audit.summarise(lhr({"performance": 0.87, "accessibility": 1, "best-practices": 0.96, "seo": 1}, audits, refs))
    assert r["scores"] == {"performance": 87, "accessibility": 100, "best-practices": 96, "seo": 100}
    assert [a["id"] for a in r["failing"]["best-practices"]] == ["font-size"]
    assert r["failing"]["best-practices"][0]["where"] == [".md-typeset code (10.88px, 41%)"]
    assert [a["id"] for a in r["failing"]["performance"]] == ["total-blocking-time"]
    assert [n["id"] for n in r["notes"]] == ["label-content-name-mismatch"]
    page = audit.combine([r, dict(r, scores=dict(r["scores"], performance=93)),
                          dict(r, scores=dict(r["scores"], performance=91))])
    assert page["scores"]["performance"] == 91 and page["performance_runs"] == [87, 93, 91]
    assert page["missed"] == ["best-practices"]
    json.dumps(page)
