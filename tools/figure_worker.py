"""What a figure worker process runs (hooks/figures.py submits it by name).

It lives outside snippets/ on purpose: under `mkdocs serve` the build purges and
re-imports every snippets module, and a worker task must still name a function
that exists. The worker imports the snippets as they are on disk when it starts.
"""


def render(name, lang, theme, layout):
    from snippets import figures

    return figures.render(name, lang, theme, layout)
