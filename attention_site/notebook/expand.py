"""The notebook a reader gets: include lines expanded, code in the page's language.

The source notebook's code cells may hold include lines exactly like the Markdown pages
(`--8<-- "snippets/x.py:name"`). Each becomes that section of the snippets module (read with
attention_site.sections), dedented, without its `#>` lines (the real output is right below
the cell), so the code is the chapters' code and snippets/ stays its one source. On a
non-English page the comments and strings are then translated with snippets/i18n: an English
text without a translation stops the build. No cell may import `snippets`: the downloaded
notebook must run in a bare kernel that has numpy and matplotlib only.
"""
import io
import re
import textwrap
import tokenize
from pathlib import Path

from mkdocs.exceptions import PluginError

from attention_site import sections

IMPORTS_SNIPPETS = re.compile(r"^[ \t]*(?:import|from)[ \t]+snippets\b", re.MULTILINE)


def read_section(root, path, section, where):
    """The code of `section` of root/path (the whole file if None): dedented, no markers, no #> lines."""
    root = Path(root)
    file = (root / path).resolve()
    if not file.is_relative_to(root / "snippets") or file.suffix != ".py":
        raise PluginError(f"{where}: includes {path!r}: only snippets/*.py files can be included")
    if not file.is_file():
        raise PluginError(f"{where}: includes {path!r}, which does not exist")
    if section:
        try:
            found = sections.of_file(file, root)
        except ValueError as error:
            raise PluginError(f"{where}: includes {path!r}: {error}") from error
        if section not in found:
            raise PluginError(f"{where}: section {section!r} could not be located in {path}")
        code = found[section]
    else:
        text = file.read_text(encoding="utf-8")
        code = "\n".join(line for line in text.splitlines() if not sections.MARKER.match(line))
    return tidy(sections.without_outputs(code))


def tidy(code):
    """Dedented, no trailing spaces, no edge blank lines, at most two blank lines in a row."""
    text = textwrap.dedent(code).strip("\n")
    return re.sub(r"\n{4,}", "\n\n\n", re.sub(r"[ \t]+\n", "\n", text))


def expand_code(code, root, where):
    """`code` with every include line replaced by the snippets section it names."""
    out = []
    for line in code.split("\n"):
        match = sections.INCLUDE.match(line)
        out.append(read_section(root, match["path"], match["section"], where) if match else line)
    return blank_line_after_blocks("\n".join(out).strip("\n"))


def blank_line_after_blocks(code):
    """A blank line before a top-level statement that follows an indented block.

    Pasted into Python's interactive prompt, a block ends only at a blank line; without
    #> lines, a loop followed straight by a statement would be a SyntaxError there.
    """
    lines = code.split("\n")
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(code + "\n").readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return code  # not Python we can read: leave it to the kernel to say so
    starts = sorted({t.start[0] - 1 for t in tokens if t.type == tokenize.DEDENT and t.start[1] == 0})
    for row in reversed(starts):
        top = row
        while top > 0 and lines[top - 1].lstrip().startswith("#"):
            top -= 1  # comments above the statement belong to it
        if top > 0 and lines[top - 1].strip() and row < len(lines):
            lines.insert(top, "")
    return "\n".join(lines)


def expand_notebook(source, root, lang, name):
    """The notebook at `source` as a reader gets it: includes expanded, code in `lang`, no outputs.

    `name` (docs/zh/playground.ipynb) is what an error names, with the cell's number and id.
    """
    import nbformat

    from snippets import i18n

    nb = nbformat.read(source, as_version=4)
    entries = i18n.catalogue(lang)
    for number, cell in enumerate(nb.cells, start=1):
        if cell.cell_type != "code":
            continue
        where = f'{name}: cell {number} (id "{cell.get("id", "?")}")'
        code = expand_code(cell.source, root, where)
        if IMPORTS_SNIPPETS.search(code):
            raise PluginError(f"{where} imports `snippets`: the downloaded notebook must run "
                              "with numpy and matplotlib only; include the code instead")
        if lang != i18n.SOURCE_LANGUAGE:
            code, missing = i18n.translate(code + "\n", entries)
            code = code.rstrip("\n")
            if missing:
                shown = "\n".join(f"    {text!r}" for text in dict.fromkeys(missing))
                raise PluginError(
                    f"{where}: comments or strings with no {lang} translation; add them to a "
                    f"catalogue in snippets/i18n/{lang}/ (the notebook's own: notebook.py):\n{shown}")
        cell.source = code
        cell.outputs, cell.execution_count = [], None
    nbformat.validate(nb)
    return nb
