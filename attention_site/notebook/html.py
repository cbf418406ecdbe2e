"""nbconvert's HTML for a notebook page, light and in the site's style.

mkdocs-jupyter's HTML inlines ~600 KB of JupyterLab CSS and nbconvert's page-header scripts:
they go. Code cells get Material's code-block markup (its highlighting and copy button, one
span per line like the pages' code), and the headings ids and a toc (headings.py).
"""
from mkdocs.exceptions import PluginError

from attention_site.notebook import headings


def page(html, name):
    """(the page's HTML, the toc tokens of its headings); `name` is what an error names."""
    from bs4 import BeautifulSoup
    from pymdownx.slugs import slugify

    start = html.find('<div class="jupyter-wrapper"')
    if start < 0:
        raise PluginError(f"{name}: no notebook HTML (is mkdocs-jupyter rendering it?)")
    soup = BeautifulSoup(html[start:], "html.parser")  # nbconvert's header: scripts and CSS

    for tag in soup.find_all(["style", "script"]):
        tag.decompose()
    for tag in soup.select(".jp-Collapser"):
        tag.decompose()
    for tag in soup.select(".jp-Cell-inputWrapper[tabindex]"):
        del tag["tabindex"]
    for cell, editor in enumerate(soup.select("div.jp-CodeMirrorEditor")):
        editor.replace_with(material_code_block(soup, editor, name, cell))
    for cell in soup.select('[id^="cell-id="]'):
        # nbconvert's id="cell-id=softmax": Material names the code block after it and copies
        # from "#__code_cell-id=softmax > code", a selector the "=" breaks (every copy button
        # on the page threw). "cell-softmax" is a valid selector.
        cell["id"] = "cell-" + cell["id"][len("cell-id="):]
    tokens = headings.number(soup, slugify(case="lower"))
    return str(soup), tokens


def material_code_block(soup, editor, name, cell=0):
    """<div class="language-python highlight"><pre><span></span><code>...</code></pre></div>.

    Each line in its own <span id="__span-nb<cell>-<line>">, as pymdownx's line_spans gives the
    pages' code blocks, so that a phone wraps a long line with the same hanging indent.
    """
    pre = editor.select_one("div.highlight-ipynb > pre")
    if pre is None:
        raise PluginError(f"{name}: a code cell without highlighted source")
    block = soup.new_tag("div", attrs={"class": "language-python highlight"})
    new_pre = soup.new_tag("pre")
    code = soup.new_tag("code")
    lines = [soup.new_tag("span", attrs={"id": f"__span-nb{cell}-1"})]
    for child in list(pre.contents):
        if getattr(child, "name", None) == "span" and not child.attrs and not child.contents:
            continue  # pygments' leading empty <span></span>
        # a token may hold line breaks (a docstring): one piece of it per line, same class
        pieces = str(child.get_text() if child.name else child).split("\n")
        for n, piece in enumerate(pieces):
            if n:
                lines[-1].append("\n")
                lines.append(soup.new_tag("span", attrs={"id": f"__span-nb{cell}-{len(lines) + 1}"}))
            if not piece:
                continue
            if child.name and child.get("class") != ["n"]:  # a plain name: the code's own colour,
                token = soup.new_tag(child.name, attrs=dict(child.attrs))  # no span (page < 100 KB)
                token.string = piece
                lines[-1].append(token)
            else:
                lines[-1].append(piece)
    for line in lines:
        if line.contents:
            code.append(line)
    new_pre.append(soup.new_tag("span"))
    new_pre.append(code)
    block.append(new_pre)
    return block
