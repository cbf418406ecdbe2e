"""Check (or rewrite) the ``#>`` output comments in snippets modules.

The pytest-examples convention: a ``print`` is followed, after its statement,
by ``#>`` comment lines holding exactly what it prints. Running a module as a
script records each printed line with the line of the ``print`` call; the
printed text must equal the first ``#>`` block below that line.

    python -m tests.outputs            # check every module, exit 1 on a mismatch
    python -m tests.outputs --update   # rewrite the #> blocks from real output
"""
import builtins
import io
import re
import runpy
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MARK = re.compile(r"^(\s*)#>(?: (.*))?$", re.M)


def blocks(lines):
    """[(first, last, indent, [text lines])] for each run of #> lines (0-based, inclusive)."""
    found, i = [], 0
    while i < len(lines):
        m = MARK.match(lines[i])
        if not m:
            i += 1
            continue
        start, texts = i, []
        while i < len(lines) and (m := MARK.match(lines[i])):
            texts.append(m.group(2) or "")
            i += 1
        found.append((start, i - 1, MARK.match(lines[start]).group(1), texts))
    return found


def run_recording(path):
    """Run `path` as __main__; return [(line_of_print_call, printed_line), ...]."""
    path = str(Path(path).resolve())
    records, real_print = [], builtins.print

    def recording_print(*args, **kwargs):
        if kwargs.get("file") not in (None, sys.stdout):
            return real_print(*args, **kwargs)
        buffer = io.StringIO()
        real_print(*args, **{**kwargs, "file": buffer})
        frame = sys._getframe(1)
        while frame is not None and frame.f_code.co_filename != path:
            frame = frame.f_back
        line = frame.f_lineno if frame else 0
        for text in buffer.getvalue().rstrip("\n").split("\n"):
            records.append((line, text))

    builtins.print = recording_print
    try:
        runpy.run_path(path, run_name="__main__")
    finally:
        builtins.print = real_print
    return records


def expected_and_actual(path):
    """[(block, actual_lines)] for every #> block of the file."""
    lines = Path(path).read_text(encoding="utf-8").split("\n")
    found = blocks(lines)
    actual = {b[0]: [] for b in found}
    for line, text in run_recording(path):
        after = [b for b in found if b[0] >= line]  # line is 1-based: block start 0-based >= line
        if not after:
            raise AssertionError(f"{path}:{line}: print without a #> block below it")
        actual[after[0][0]].append(text)
    return lines, [(b, actual[b[0]]) for b in found]


def modules():
    """Every snippets module with `#>` lines (catalogues in snippets/i18n/ are not modules)."""
    return sorted(p for p in (ROOT / "snippets").rglob("*.py")
                  if "i18n" not in p.relative_to(ROOT).parts and MARK.search(p.read_text(encoding="utf-8")))


def main(argv):
    update, failures = "--update" in argv, 0
    for path in modules():
        lines, pairs = expected_and_actual(path)
        for (start, end, indent, texts), got in reversed(pairs):
            if texts != got:
                failures += 1
                rel = path.relative_to(ROOT)
                print(f"{rel}:{start + 1}: #> expected {texts!r}, printed {got!r}", file=sys.stderr)
                lines[start:end + 1] = [f"{indent}#> {t}".rstrip() if t else f"{indent}#>" for t in got]
        if update:
            path.write_text("\n".join(lines), encoding="utf-8")
    if failures and not update:
        sys.exit(1)


if __name__ == "__main__":
    main(sys.argv[1:])
