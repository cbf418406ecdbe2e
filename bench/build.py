"""Build speed: a cold build, a rebuild after a one-line edit, the split, and `mkdocs serve` reloads.

Each run works on a fresh copy of the working tree (tracked and untracked files,
not the ignored ones, so no .cache/ and no site/): a cold build is cold. Goals:
cold ≤ 15 s; rebuild after a one-line text edit ≤ 0.35 × cold; under
`mkdocs serve`, a text edit shows in the browser ≤ 1.5 s after the file is
written and a snippets/ edit ≤ 3 s (measured in Chromium: from the write to the
live-reloaded page showing the change). The split comes from one profiled cold
build (cProfile slows everything down, so read it as shares, not seconds).
"""
import os
import pstats
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COLD_GOAL, REBUILD_RATIO_GOAL, SERVE_GOAL, SERVE_SNIPPETS_GOAL = 15.0, 0.35, 1.5, 3.0
EDITED = Path("docs/zh/faq.md")


def copy_tree(dest):
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.split("\0")
    for name in filter(None, files):
        source = ROOT / name
        if source.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, dest / name)
    return dest


def env_for(project):
    return {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(project),
            "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH", "1700000000")}


def timed_build(project, *extra):
    start = time.perf_counter()
    result = subprocess.run([sys.executable, *extra, "-m", "mkdocs", "build", "--strict", "-q", "-d", "site"],
                            cwd=project, env=env_for(project), capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise RuntimeError(f"build failed in {project}:\n{result.stderr[-3000:]}")
    return elapsed


def timed_pdfs(project):
    """The other half of a cold `make build`: print both PDF books from the built site."""
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "attention_site.pdf", "site"], cwd=project, env=env_for(project),
                            capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise RuntimeError(f"PDF print failed in {project}:\n{result.stderr[-3000:]}")
    return elapsed


def one_line_edit(project, n):
    """A line of text a reader sees (Chinese: the search index segments it again)."""
    path = project / EDITED
    path.write_text(path.read_text(encoding="utf-8") + f"\n\n基准测试加的一行字，第 {n} 次。\n", encoding="utf-8")


def split(project):
    """Shares of a profiled cold build: Markdown, figures, notebooks, search index, the rest."""
    profile = project / "build.prof"
    total = timed_build(project, "-m", "cProfile", "-o", str(profile))
    stats = pstats.Stats(str(profile)).stats  # {(file, line, func): (cc, nc, tt, ct, callers)}

    def cumulative(match):
        return sum(ct for (file, _, func), (_, _, _, ct, _) in stats.items() if match(file, func))

    parts = {
        "markdown": cumulative(lambda f, fn: f.endswith("markdown/core.py") and fn == "convert"),
        # on_files adds the figures; their bytes are collected (waiting for the workers) when copied
        "figures": cumulative(lambda f, fn: (f.endswith("hooks/figures.py") and fn == "on_files")
                              or (f.endswith("attention_site/figures/files.py") and fn == "_content")),
        # the notebook hook's events (waiting for the executed copy, reworking the HTML) and
        # mkdocs-jupyter's render (convert, or its cache)
        "notebooks": cumulative(lambda f, fn: (f.endswith("hooks/notebooks.py") and fn.startswith("on_"))
                                or (f.endswith("mkdocs_jupyter/plugin.py") and fn == "new_render")),
        "search index": cumulative(lambda f, fn: "material/plugins/search/plugin.py" in f and fn.startswith("on_")),
    }
    profiled = max(ct for (_, _, _, ct, _) in stats.values())
    parts["the rest"] = max(profiled - sum(parts.values()), 0.0)
    return total, profiled, parts


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _edit_text(project, n):
    marker = f"bench-reload-{n}-{time.time_ns()}"
    path = project / EDITED
    path.write_text(path.read_text(encoding="utf-8") + f"\n\n{marker}\n", encoding="utf-8")
    return marker


def _edit_snippets(project, n):
    """A visible change that only the code can make (attention_site/values/__init__.py, purged and
    re-imported like snippets/ under `mkdocs serve`): the stamp every computed page carries."""
    marker = f"bench{n}x{time.time_ns()}"
    path = project / "attention_site" / "values" / "__init__.py"
    text = path.read_text(encoding="utf-8")
    path.write_text(text + f"\n\n_render_{n} = render\n\n\ndef render(name, lang):\n"
                    f"    text = _render_{n}(name, lang)\n"
                    f"    return text + ' {marker}' if name.startswith('num.') else text\n", encoding="utf-8")
    return marker


def serve_reload(project, rounds=3):
    """Seconds from an edit until the page open in Chromium (live reload) shows it.

    Returns {"text": [...], "snippets": [...]}: a docs/ edit, and a snippets/ edit.
    """
    from playwright.sync_api import sync_playwright

    from attention_site import browser as chromium

    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "--livereload",
                               "--dev-addr", f"127.0.0.1:{port}"],
                              cwd=project, env=env_for(project), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    results = {"text": [], "snippets": []}
    try:
        deadline = time.time() + 180
        while time.time() < deadline:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/attention/faq/", timeout=2).read()
                break
            except OSError:
                time.sleep(0.3)
        else:
            raise RuntimeError("mkdocs serve did not come up within 180 s")
        with sync_playwright() as playwright:
            browser = chromium.launch(playwright)
            page = browser.new_page()
            for kind, edit, path in (("text", _edit_text, "faq/"), ("snippets", _edit_snippets, "weights/")):
                page.goto(f"http://127.0.0.1:{port}/attention/{path}")
                for n in range(rounds):
                    time.sleep(1.5)  # let the watcher settle after the last rebuild
                    start = time.perf_counter()
                    marker = edit(project, n)
                    page.wait_for_function(f"document.body && document.body.innerText.includes({marker!r})",
                                           timeout=120_000, polling=20)
                    results[kind].append(time.perf_counter() - start)
            browser.close()
        return results
    finally:
        server.terminate()
        server.wait(timeout=30)


def run(args):
    repeats = args.repeats or 3
    cold, pdfs, warm = [], [], []  # cold: the site alone; cold + pdfs: a cold `make build`
    with tempfile.TemporaryDirectory() as tmp:
        for n in range(repeats):
            project = copy_tree(Path(tmp) / f"copy{n}")
            cold.append(timed_build(project))
            pdfs.append(timed_pdfs(project))
            one_line_edit(project, n)
            warm.append(timed_build(project))
        total, profiled, parts = split(copy_tree(Path(tmp) / "profiled"))
        reloads = serve_reload(copy_tree(Path(tmp) / "served"))
    cold_median, warm_median = statistics.median(cold), statistics.median(warm)
    make_build = [c + p for c, p in zip(cold, pdfs)]
    make_build_median = statistics.median(make_build)
    ratio = warm_median / cold_median  # the edit loop (serve) skips the PDFs: compare like with like
    print(f"cold make build median {make_build_median:6.2f} s  (runs: {', '.join(f'{t:.2f}' for t in make_build)}:"
          f" site {cold_median:.2f} s + PDFs {statistics.median(pdfs):.2f} s)"
          f"  goal ≤ {COLD_GOAL:.0f} s  {'met' if make_build_median <= COLD_GOAL else 'MISSED'}")
    print(f"one-line edit   median {warm_median:6.2f} s  = {ratio:.2f} × the cold site build"
          f"  goal ≤ {REBUILD_RATIO_GOAL} ×  {'met' if ratio <= REBUILD_RATIO_GOAL else 'MISSED'}")
    reload_median = statistics.median(reloads["text"])
    snippets_median = statistics.median(reloads["snippets"])
    print(f"serve: text     median {reload_median:6.2f} s  (runs: {', '.join(f'{t:.2f}' for t in reloads['text'])})"
          f"  goal ≤ {SERVE_GOAL} s  {'met' if reload_median <= SERVE_GOAL else 'MISSED'}")
    print(f"serve: snippets median {snippets_median:6.2f} s  (runs: "
          f"{', '.join(f'{t:.2f}' for t in reloads['snippets'])})"
          f"  goal ≤ {SERVE_SNIPPETS_GOAL} s  {'met' if snippets_median <= SERVE_SNIPPETS_GOAL else 'MISSED'}")
    print(f"split of one profiled cold build ({profiled:.2f} s under cProfile, {total:.2f} s wall):")
    for name, seconds in parts.items():
        print(f"  {name:<13} {seconds:6.2f} s  {seconds / profiled:5.1%}")
    missed = (make_build_median > COLD_GOAL or ratio > REBUILD_RATIO_GOAL or reload_median > SERVE_GOAL
              or snippets_median > SERVE_SNIPPETS_GOAL)
    return int(bool(args.check and missed))
