"""attention_site/notebook/outputs.py: what an executed cell may print on a page.

The executed notebook is checked once, before it is cached; the page and the download are
both made from it, so each problem below, printed by any cell, must stop the build naming
the notebook and the cell.
"""
import nbformat
import pytest
from mkdocs.exceptions import PluginError

from attention_site.notebook import outputs


def stream(text, name="stdout"):
    return nbformat.v4.new_output("stream", name=name, text=text)


@pytest.mark.parametrize("output, problem", [
    (stream("UserWarning: careful", name="stderr"), "stderr"),
    (stream("quiet", name="stderr"), "stderr"),
    (stream("Traceback (most recent call last)"), "Traceback"),
    (stream("cwd /tmp/notebook-x"), "machine path"),
    (stream("loaded /root/work/x.py"), "machine path"),
    (stream(".venv/lib/site-packages/numpy"), "machine path"),
    (nbformat.v4.new_output("display_data", data={"text/plain": "DeprecationWarning: old"}), "Warning:"),
    (nbformat.v4.new_output("execute_result", data={"text/plain": "C:\\Users\\me"}, execution_count=1),
     "machine path"),
    (nbformat.v4.new_output("error", ename="ValueError", evalue="42", traceback=[]), "an error"),
])
def test_bad_outputs_in_the_executed_notebook_stop_the_build(output, problem):
    cell = nbformat.v4.new_code_cell("x", id="noisy")
    cell.outputs = [output]
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# T"), cell])
    with pytest.raises(PluginError, match=rf'docs/en/x\.ipynb: cell 2 \(id "noisy"\).*{problem}'):
        outputs.check(nb, "docs/en/x.ipynb")


def test_clean_outputs_pass():
    cell = nbformat.v4.new_code_cell("x", id="clean")
    cell.outputs = [stream("猫\t0.76\n"),
                    nbformat.v4.new_output("display_data", data={"text/plain": "<Figure size 640x480>"})]
    outputs.check(nbformat.v4.new_notebook(cells=[cell]), "docs/zh/x.ipynb")
