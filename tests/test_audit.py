"""tools/audit.py (`make audit`): the report logic counts what Lighthouse counts, over every page.
Lighthouse itself is not run here (minutes per page). Its server is attention_site.static_host
(tests/test_static_host.py)."""
import json

from tools import audit


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


def test_pages_are_both_languages_in_nav_order(tmp_path):
    """The audit walks every page of the build, zh first, each language in the nav's order
    (attention_site.site_config reads it); assets and the en folder are not zh pages."""
    for rel in ("index.html", "weights/index.html", "library/index.html", "assets/x/index.html",
                "en/index.html", "en/weights/index.html", "en/library/index.html"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("<!doctype html>", encoding="utf-8")
    assert audit.pages(tmp_path) == [
        ("zh", "index", ""), ("zh", "library", "library/"), ("zh", "weights", "weights/"),
        ("en", "index", "en/"), ("en", "library", "en/library/"), ("en", "weights", "en/weights/")]
