"""The `--8<--` section format: one home for reading it.

A snippets module marks what a page shows with

    # --8<-- [start:name]
    ...code...
    # --8<-- [end:name]

and a page includes it with a line `--8<-- "snippets/module.py:name"` (pymdownx.snippets, which
also strips the markers). The notebook glue, the tests and the tools read sections through this
module, so the format is written down once.
"""
import re
import textwrap
from pathlib import Path

# An include line, as in the Markdown pages: --8<-- "snippets/softmax.py:idea"
INCLUDE = re.compile(r'^(?P<indent>[ \t]*)--8<--[ \t]+"(?P<path>[^":]+)(?::(?P<section>[\w-]+))?"[ \t]*$', re.M)
MARKER = re.compile(r"^(?P<indent>[ \t]*)# --8<-- \[(?P<kind>start|end):(?P<name>[A-Za-z0-9_-]+)\][ \t]*$")
# A `#>` line shows what the code above it prints; pages do not show it as code.
OUTPUT = re.compile(r"^[ \t]*#>(?: (?P<text>.*))?$")


def includes(text):
    """["snippets/x.py:name", ...]: what the include lines of a page (or any text) name, in order."""
    return [m["path"] + (f":{m['section']}" if m["section"] else "") for m in INCLUDE.finditer(text)]


def parse(text, where="<text>"):
    """{name: dedented code} of every section in `text`; ValueError naming `where` if malformed.

    Sections may nest; each must start once, end once at its start's indent, and hold code.
    """
    lines, open_at, found = text.split("\n"), {}, {}
    for number, line in enumerate(lines, 1):
        if not line.lstrip().startswith("# --8<--"):  # prose that mentions markers is no marker
            continue
        match = MARKER.match(line)
        if not match:
            raise ValueError(f"{where}:{number}: malformed section marker {line.strip()!r}")
        kind, name, indent = match["kind"], match["name"], match["indent"]
        if kind == "start":
            if name in found or name in open_at:
                raise ValueError(f"{where}:{number}: section {name!r} twice")
            open_at[name] = (number, indent)
            continue
        if name not in open_at:
            raise ValueError(f"{where}:{number}: [end:{name}] without a start")
        start, start_indent = open_at.pop(name)
        if indent != start_indent:
            raise ValueError(f"{where}:{number}: [end:{name}] indented unlike its start")
        body = [l for l in lines[start:number - 1] if not MARKER.match(l)]
        code = textwrap.dedent("\n".join(body)).strip("\n")
        if not code.strip():
            raise ValueError(f"{where}:{start}: section {name!r} is empty")
        found[name] = code + "\n"
    if open_at:
        raise ValueError(f"{where}: sections never ended: {sorted(open_at)}")
    return found


def of_file(path, root=None):
    """parse() of a file, errors naming it relative to `root` when given."""
    path = Path(path)
    where = path.relative_to(root) if root else path
    return parse(path.read_text(encoding="utf-8"), where)


def outputs(code):
    """The `#>` lines of some code, without the marker: what it says it prints."""
    return [m["text"] or "" for line in code.split("\n") if (m := OUTPUT.match(line))]


def without_outputs(code):
    """`code` without its `#>` lines: what a page shows of it."""
    return "\n".join(line for line in code.split("\n") if not OUTPUT.match(line))
