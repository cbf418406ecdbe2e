"""Every page exists in both languages with the same skeleton.

A reader switching languages must never lose their place: the same headings
(level and explicit anchor), the same code includes, the same computed
placeholders and figures, and the same link targets, in the same order.
"""
import re
from pathlib import Path

import pytest

from attention_site import sections

DOCS = Path(__file__).resolve().parents[1] / "docs"
PAGES = sorted(p.name for p in (DOCS / "zh").iterdir() if p.suffix in {".md", ".ipynb"})

HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*$", re.M)
ANCHOR = re.compile(r"\{#([\w-]+)\}")
PLACEHOLDER = re.compile(r"\{\{\s*([\w.]+)\s*\}\}")
LINK = re.compile(r"\]\(([^)\s]+)\)")
FENCE = re.compile(r"^(\s*)(```|~~~).*?^\1\2", re.M | re.S)


def skeleton(path):
    text = path.read_text(encoding="utf-8")
    prose = FENCE.sub(lambda m: "\n".join(sections.includes(m.group(0))), text)
    headings = [(len(h), (ANCHOR.search(t) or [None, None])[1]) for h, t in HEADING.findall(prose)]
    return {
        "headings": headings,
        "includes": sections.includes(text),
        "placeholders": PLACEHOLDER.findall(text),
        "links": [link for link in LINK.findall(prose) if not link.startswith(("http:", "https:"))],
    }


def test_same_pages_in_both_languages():
    en = sorted(p.name for p in (DOCS / "en").iterdir() if p.suffix in {".md", ".ipynb"})
    assert PAGES == en
    assert len([p for p in PAGES if p.endswith(".md")]) >= 10


@pytest.mark.parametrize("name", [p for p in PAGES if p.endswith(".md")])
def test_page_pair_has_same_skeleton(name):
    zh, en = skeleton(DOCS / "zh" / name), skeleton(DOCS / "en" / name)
    for part in zh:
        assert zh[part] == en[part], f"{name}: {part} differ between zh and en"


@pytest.mark.parametrize("name", [p for p in PAGES if p.endswith(".md")])
def test_every_heading_has_an_explicit_anchor(name):
    for lang in ("zh", "en"):
        missing = [lvl for lvl, anchor in skeleton(DOCS / lang / name)["headings"] if lvl > 1 and not anchor]
        assert not missing, f"{lang}/{name}: {len(missing)} heading(s) without {{#anchor}}"


def test_skeleton_detects_a_difference(tmp_path):
    (tmp_path / "a.md").write_text("# T\n\n## A {#a}\n\n{{ num.x }}\n", encoding="utf-8")
    (tmp_path / "b.md").write_text("# T\n\n## A {#b}\n\n{{ num.x }}\n", encoding="utf-8")
    assert skeleton(tmp_path / "a.md") != skeleton(tmp_path / "b.md")
