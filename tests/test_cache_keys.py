"""Every cache key changes with each kind of input it depends on (issue 13 §4).

A cache that ignores one of its inputs serves stale output: an old PDF, an old
notebook page. One test per key and per kind of input, nested files included. The PDF's key
is tested beside its module, in tests/test_pdf_cache_key.py.
"""
from attention_site.notebook import executed, jupyter_plugin


def test_notebook_keys_follow_the_notebook_the_code_and_versions(tmp_path, monkeypatch):
    """The executed copy: the expanded notebook, the code that executes and checks it, the versions.
    Its HTML (mkdocs-jupyter's cache): the executed copy's bytes (tests/test_notebook_jupyter_plugin.py),
    in a folder named after the versions."""
    import nbformat

    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(1)")])
    key = executed.key(notebook)
    html_folder = jupyter_plugin.html_cache_folder(tmp_path, "zh")
    other = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(2)")])
    assert executed.key(other) != key

    for n, code in enumerate(executed.KEY_CODE):  # execute.py, outputs.py, executed.py
        edited = tmp_path / f"{n}-{code.name}"
        edited.write_bytes(code.read_bytes() + b"\n# edited\n")
        monkeypatch.setattr(executed, "KEY_CODE", [*executed.KEY_CODE[:n], edited, *executed.KEY_CODE[n + 1:]])
        assert executed.key(notebook) != key, code.name
        monkeypatch.undo()
    assert {p.name for p in executed.KEY_CODE} == {"execute.py", "outputs.py", "executed.py"}

    monkeypatch.setattr(executed, "versions", lambda: ["numpy=0.0"])
    assert executed.key(notebook) != key
    assert jupyter_plugin.html_cache_folder(tmp_path, "zh") != html_folder
    monkeypatch.undo()
    assert executed.key(notebook) == key and jupyter_plugin.html_cache_folder(tmp_path, "zh") == html_folder
