"""A site on this machine: build one with `mkdocs build --strict`.

The tests, the benches and the PDF edition all need it, so it lives here rather than in
tests/ (nothing outside tests/ imports tests/: a tool must not depend on the test suite's layout).
Serving a build is attention_site.static_host; where it is served (the path of `site_url`)
is attention_site.site_config.
"""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def build_site(dest, project=ROOT, extra_env=None):
    """`mkdocs build --strict` of `project` into `dest`; returns CompletedProcess."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(project),
           "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH", "1700000000"),
           **(extra_env or {})}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--clean", "-d", str(dest)],
        cwd=project, env=env, capture_output=True, text=True,
    )
