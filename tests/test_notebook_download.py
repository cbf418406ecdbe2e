"""attention_site/notebook/download.py: the downloaded notebook's links lead to the site."""
import nbformat

from attention_site.notebook import download


def test_relative_links_in_markdown_cells_point_at_the_site(tmp_path):
    text = "See [weights](../weights/#playground), [top](#top), [mail](mailto:a@b.c), [x](https://x.org/)."
    path = tmp_path / "playground.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(text),
                                                   nbformat.v4.new_code_cell("x = '](../a/)'")]), path)
    download.absolute_links(path, "https://example.org/site/en/playground/")
    nb = nbformat.read(path, as_version=4)
    assert nb.cells[0].source == text.replace("../weights/", "https://example.org/site/en/weights/")
    assert nb.cells[1].source == "x = '](../a/)'"  # code is code
