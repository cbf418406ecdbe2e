"""No machine path in the published site.

Executed code (notebooks, build-time figures, tracebacks, warnings) can write the
builder's paths into pages: home and root directories, site-packages, temporary
folders, the repository's own absolute path. Every text file of the built site is
scanned (HTML, SVG, search index and other JSON, the copied .ipynb notebooks,
sitemaps, gzip-compressed ones included), JSON also after decoding its escapes.
"""
import gzip
import json
import re
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TEXT_SUFFIXES = {".html", ".svg", ".json", ".ipynb", ".xml", ".txt", ".js", ".css", ".md", ".py", ".gz"}

GENERIC = [
    r"/root/", r"/home/", r"/Users/", r"site-packages", r"dist-packages", r"/tmp/", r"/var/folders/",
    r"[A-Za-z]:\\\\?(?:Users|Windows)\\", r"ipykernel_\d+", r"\.venv/",
]


def machine_paths(site_dir):
    """Literal paths of this machine that must not appear (repo, home, temp, the build)."""
    paths = {str(ROOT), str(Path.home()), tempfile.gettempdir(), str(Path(site_dir).resolve().parent)}
    return sorted(p for p in paths if len(p) > 4)  # never "/" or "/tmp" alone by accident


def leak_pattern(site_dir):
    literal = [re.escape(p) for p in machine_paths(site_dir)]
    return re.compile("|".join(GENERIC + literal))


def texts(path):
    """The text forms of one file to scan (raw, and decoded for JSON/gzip)."""
    data = path.read_bytes()
    if path.suffix == ".gz":
        data = gzip.decompress(data)
    text = data.decode("utf-8", errors="replace")
    yield text
    if path.suffix in {".json", ".ipynb"} or path.name.endswith(".json.gz"):
        try:
            yield json.dumps(json.loads(text), ensure_ascii=False)
        except ValueError:
            pass


def find_leaks(site_dir):
    """Problems: 'file: ...context...' for every machine path found."""
    pattern = leak_pattern(site_dir)
    problems = []
    for path in sorted(Path(site_dir).rglob("*")):
        if not path.is_file() or path.suffix not in TEXT_SUFFIXES or path.name.endswith(".map"):
            continue
        for text in texts(path):
            for match in pattern.finditer(text):
                start = max(match.start() - 60, 0)
                context = text[start:match.end() + 40].replace("\n", " ")
                problems.append(f"{path.relative_to(site_dir)}: {match.group(0)!r} in …{context}…")
                break
    return problems


@pytest.mark.site
def test_no_machine_path_in_the_built_site(site_dir):
    scanned = [p for p in site_dir.rglob("*") if p.is_file() and p.suffix in TEXT_SUFFIXES]
    assert len(scanned) > 40, "the scan found too few files: is this the built site?"
    problems = find_leaks(site_dir)
    assert not problems, "\n".join(problems[:40])


def test_self_leak_gate_finds_each_kind_of_path(tmp_path):
    site = tmp_path / "site"
    (site / "en" / "playground").mkdir(parents=True)
    (site / "search").mkdir()
    (site / "index.html").write_text("<p>clean</p>", encoding="utf-8")
    (site / "en" / "playground" / "index.html").write_text(
        '<pre>File "/root/.cache/x/lib/python3.11/site-packages/numpy/core.py", line 3</pre>', encoding="utf-8")
    (site / "en" / "playground" / "playground.ipynb").write_text(
        json.dumps({"outputs": [{"text": "/tmp/ipykernel_4242/123.py:1: UserWarning"}]}), encoding="utf-8")
    (site / "search" / "search_index.json").write_text(
        json.dumps({"docs": [{"text": "see " + str(ROOT) + "/snippets/softmax.py"}]}), encoding="utf-8")
    (site / "fig.svg").write_text("<svg><!-- /home/alice/attention/figures.py --></svg>", encoding="utf-8")
    (site / "sitemap.xml.gz").write_bytes(gzip.compress(b"<loc>file:///Users/bob/site/</loc>"))
    problems = "\n".join(find_leaks(site))
    for name in ("en/playground/index.html", "playground.ipynb", "search_index.json", "fig.svg",
                 "sitemap.xml.gz"):
        assert name in problems, f"{name} not flagged:\n{problems}"
    assert "index.html: " not in problems.replace("playground/index.html", ""), problems
