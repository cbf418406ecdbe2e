"""Plant the bugs in tools/mutants.toml one at a time and check that the tests catch each one.

    python -m tools.mutants                 # every mutant
    python -m tools.mutants softmax-shift   # some, by id

A mutant is a small, realistic edit (a sign, an index, a translated number, a cache key that
forgets an input) with the test files that should catch it. The runner copies the working tree
once (git's tracked and untracked, unignored files, plus the build caches) into a temporary
folder, checks that those tests pass there unmutated, then for each mutant writes the edit,
runs its tests and restores the file. A mutant is killed when its tests fail; the report lists
the survivors, which are missing checks. Exit status 1 when any survived, 2 when the catalogue
is stale (an edit's `old` text is not in its file exactly once) or the baseline fails.

Not part of `make test` (minutes per mutant that builds the site): run it after changing the
tests, to show that no guard was lost (`make mutants`).
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = ROOT / "tools" / "mutants.toml"


def load(path=CATALOGUE):
    mutants = tomllib.loads(path.read_text(encoding="utf-8"))["mutant"]
    for m in mutants:
        missing = {"id", "about", "file", "old", "new", "tests"} - m.keys()
        if missing:
            raise ValueError(f"{path.name}: mutant {m.get('id', '?')} lacks {sorted(missing)}")
    ids = [m["id"] for m in mutants]
    if len(ids) != len(set(ids)):
        raise ValueError(f"{path.name}: duplicate ids")
    return mutants


def stale(mutants, root):
    """Mutants whose `old` text is not in their file exactly once (the code moved on)."""
    out = []
    for m in mutants:
        path = root / m["file"]
        count = path.read_text(encoding="utf-8").count(m["old"]) if path.exists() else 0
        if count != 1:
            out.append(f"{m['id']}: {m['file']} holds the old text {count} times")
    return out


def copy_tree(dest):
    """The working tree as git sees it (tracked + untracked, not ignored), plus .cache and .venv."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        src = ROOT / name
        if src.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)
    if (ROOT / ".cache").is_dir():
        shutil.copytree(ROOT / ".cache", dest / ".cache",
                        ignore=shutil.ignore_patterns("pdf", "audit", "bare-venv-*"))
    (dest / ".venv").symlink_to(Path(sys.prefix))


def run_tests(tree, tests):
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0", "NO_MKDOCS_2_WARNING": "1"}
    started = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                             *tests], cwd=tree, env=env, capture_output=True, text=True)
    return result, time.monotonic() - started


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ids", nargs="*", help="mutant ids (default: all)")
    args = parser.parse_args(argv)
    mutants = load()
    if args.ids:
        unknown = set(args.ids) - {m["id"] for m in mutants}
        if unknown:
            parser.error(f"unknown mutant ids: {sorted(unknown)}")
        mutants = [m for m in mutants if m["id"] in args.ids]
    if problems := stale(mutants, ROOT):
        print("stale catalogue:\n  " + "\n  ".join(problems))
        return 2
    with tempfile.TemporaryDirectory(prefix="mutants-") as tmp:
        tree = Path(tmp) / "attention"
        copy_tree(tree)
        for tests in sorted({tuple(m["tests"]) for m in mutants}):
            result, seconds = run_tests(tree, tests)
            if result.returncode != 0:
                print(f"baseline fails ({' '.join(tests)}), so no mutant can be judged:\n"
                      f"{result.stdout[-2000:]}{result.stderr[-2000:]}")
                return 2
            print(f"baseline ok in {seconds:.0f} s: {' '.join(tests)}")
        survivors = []
        for m in mutants:
            path = tree / m["file"]
            original = path.read_text(encoding="utf-8")
            path.write_text(original.replace(m["old"], m["new"], 1), encoding="utf-8")
            try:
                result, seconds = run_tests(tree, m["tests"])
            finally:
                path.write_text(original, encoding="utf-8")
            killed = result.returncode not in (0, 5)  # 5: no tests collected is no kill
            print(f"{'killed  ' if killed else 'SURVIVED'} {m['id']:<32} {seconds:5.0f} s  {m['about']}")
            if not killed:
                survivors.append(m["id"])
    total = len(mutants)
    print(f"\n{total - len(survivors)} of {total} killed ({100 * (total - len(survivors)) / total:.0f} %)"
          + (f"; survivors: {', '.join(survivors)}" if survivors else ""))
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
