"""attention_site/notebook/html.py: nbconvert's HTML made light and in the site's style."""
import pytest
from bs4 import BeautifulSoup
from mkdocs.exceptions import PluginError

from attention_site.notebook import html

NOTEBOOK_HTML = ('<script src="https://cdnjs.example/require.js"></script><style>.jp{}</style>'
                 '<div class="jupyter-wrapper"><div class="jp-RenderedMarkdown"><h2>猫 cat</h2></div>'
                 '<div class="jp-Cell" id="cell-id=softmax"><div class="jp-Collapser"></div>'
                 '<div class="jp-Cell-inputWrapper" tabindex="0"><div class="jp-CodeMirrorEditor">'
                 '<div class="highlight-ipynb"><pre><span></span><span class="n">x</span> '
                 '<span class="o">=</span> <span class="mi">1</span>\n</pre></div></div></div>'
                 "<style>.x{}</style><script>require([])</script></div></div>")


def test_the_page_keeps_the_notebook_and_drops_css_scripts_and_jupyter_chrome():
    content, tokens = html.page(NOTEBOOK_HTML, "docs/zh/x.ipynb")
    soup = BeautifulSoup(content, "html.parser")
    assert not soup.find_all(["style", "script"]) and "cdnjs" not in content
    assert not soup.select(".jp-Collapser, [tabindex]")
    assert soup.select_one("#cell-softmax") is not None and "cell-id=" not in content  # a valid selector
    code = soup.select_one("div.language-python.highlight > pre > code")
    assert code.get_text() == "x = 1\n" and code.select_one("span.mi").get_text() == "1"
    assert soup.select_one("h2")["id"] == "猫-cat"
    assert [(t["id"], t["name"]) for t in tokens] == [("猫-cat", "猫 cat")]


@pytest.mark.parametrize("broken, message", [
    ("<p>no notebook here</p>", "no notebook HTML"),
    ('<div class="jupyter-wrapper"><div class="jp-CodeMirrorEditor"><pre>x</pre></div></div>',
     "a code cell without highlighted source"),
])
def test_html_it_cannot_read_stops_the_build_naming_the_notebook(broken, message):
    with pytest.raises(PluginError, match=rf"docs/en/x\.ipynb: {message}"):
        html.page(broken, "docs/en/x.ipynb")


def test_code_cells_get_one_span_per_line_like_the_pages():
    """A phone wraps a long line with a hanging indent only inside a line span (site.css)."""
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import PythonLexer

    code = 'def f(x):\n    """Two\n    lines."""\n\n    return x < 1  # a & b\n'
    pre = highlight(code, PythonLexer(), HtmlFormatter(nowrap=False, cssclass="highlight-ipynb"))
    soup = BeautifulSoup(f'<div class="jp-CodeMirrorEditor">{pre}</div>', "html.parser")
    block = html.material_code_block(soup, soup.div, "nb", cell=3)
    lines = block.select("pre > code > span")
    assert [line["id"] for line in lines] == [f"__span-nb3-{n}" for n in range(1, 6)]
    assert "".join(line.get_text() for line in lines) == code  # nothing lost, nothing added
    assert all(line.get_text().count("\n") == 1 and line.get_text().endswith("\n") for line in lines)
    assert lines[2].select_one(".sd").get_text() == '    lines."""'  # the docstring, split per line
    assert "&lt;</span>" in str(lines[4]) and "# a &amp; b" in str(lines[4])  # still escaped

