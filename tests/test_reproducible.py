"""Two builds of the same tree are byte-identical.

The session's build (site_dir, built from the repository) is compared with a second
build made from a copy of the project in another folder, into another folder, with
another PYTHONHASHSEED. Any difference is reported by file with the first differing
bytes: sitemap dates, SVG ids, search index order, notebook outputs, asset hashes,
or a machine path that follows the folder. A second build in the copy, served from the
caches the first one filled, must be identical too. Costs two builds (~12 s).
"""
import datetime
import os
import re
from pathlib import Path

import pytest

from attention_site.local_site import build_site
from tests.served import copy_project

ROOT = Path(__file__).resolve().parents[1]


def tree(site):
    return {p.relative_to(site).as_posix(): p for p in sorted(Path(site).rglob("*")) if p.is_file()}


def differences(site_a, site_b, limit=12):
    """Human-readable differences between two built sites (empty when identical)."""
    a, b = tree(site_a), tree(site_b)
    problems = [f"only in the first build: {n}" for n in sorted(a.keys() - b.keys())]
    problems += [f"only in the second build: {n}" for n in sorted(b.keys() - a.keys())]
    for name in sorted(a.keys() & b.keys()):
        x, y = a[name].read_bytes(), b[name].read_bytes()
        if x == y:
            continue
        at = next((i for i, (p, q) in enumerate(zip(x, y)) if p != q), min(len(x), len(y)))
        lo = max(at - 80, 0)
        problems.append(f"{name} differs at byte {at} of {len(x)}/{len(y)}:\n"
                        f"    first:  {x[lo:at + 80]!r}\n    second: {y[lo:at + 80]!r}")
    return problems[:limit] + ([f"... and {len(problems) - limit} more"] if len(problems) > limit else [])


@pytest.mark.site
def test_two_builds_in_two_folders_are_byte_identical(site_dir, tmp_path):
    project = copy_project(tmp_path / "another-checkout" / "attention")
    dest = tmp_path / "elsewhere" / "built-site"
    seed = "4242" if os.environ.get("PYTHONHASHSEED") != "4242" else "77"
    result = build_site(dest, project=project, extra_env={"PYTHONHASHSEED": seed})
    assert result.returncode == 0, result.stdout + result.stderr
    problems = differences(site_dir, dest)
    assert not problems, "the builds differ:\n" + "\n".join(problems)
    # The copy's first build filled its caches (figures, notebooks, templates, search entries);
    # a second build there is served from them and must not differ either.
    assert {p.name for p in (project / ".cache").iterdir()} >= {"figures", "notebooks", "templates", "search"}
    warm = tmp_path / "elsewhere" / "warm-site"
    result = build_site(warm, project=project, extra_env={"PYTHONHASHSEED": seed})
    assert result.returncode == 0, result.stdout + result.stderr
    problems = differences(site_dir, warm)
    assert not problems, "a build from the caches differs:\n" + "\n".join(problems)


@pytest.mark.site
def test_sitemap_dates_come_from_source_date_epoch(site_dir):
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "1700000000"))
    day = datetime.datetime.fromtimestamp(epoch, datetime.timezone.utc).date().isoformat()
    sitemap = (site_dir / "sitemap.xml").read_text(encoding="utf-8")
    dates = set(re.findall(r"<lastmod>([^<]+)</lastmod>", sitemap))
    assert dates == {day}, f"sitemap dates {dates}, expected {day} (SOURCE_DATE_EPOCH={epoch})"


def test_self_differences_are_reported(tmp_path):
    for name, svg in (("a", '<svg id="p1a2b3c"/>'), ("b", '<svg id="p9f8e7d"/>')):
        site = tmp_path / name
        (site / "figures").mkdir(parents=True)
        (site / "figures" / "softmax.svg").write_text(svg, encoding="utf-8")
        (site / "index.html").write_text("same", encoding="utf-8")
    (tmp_path / "b" / "extra.js").write_text("x", encoding="utf-8")
    problems = differences(tmp_path / "a", tmp_path / "b")
    assert len(problems) == 2, problems
    assert problems[0] == "only in the second build: extra.js"
    assert problems[1].startswith("figures/softmax.svg differs at byte 10"), problems[1]
    assert not differences(tmp_path / "a", tmp_path / "a")
