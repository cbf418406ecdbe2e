"""The notebook a reader downloads: its Markdown links made absolute.

mkdocs-jupyter (`include_source: true`) copies the executed notebook next to its page. A link
such as ../weights/#playground works on the page, but opened in Jupyter a relative link leads
nowhere: in the copy, each one points at the site instead.
"""
import re
from urllib.parse import urljoin

RELATIVE_LINK = re.compile(r"\]\((?!https?:|mailto:|#)([^)\s]+)\)")


def absolute_links(path, base):
    """Rewrite the notebook at `path` in place: relative Markdown links resolved against `base`."""
    import nbformat

    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source = RELATIVE_LINK.sub(lambda m: f"]({urljoin(base, m.group(1))})", cell.source)
    nbformat.write(nb, path)
