"""What a figure worker process runs (hooks/figures.py submits it by name).

It lives outside snippets/ and attention_site/ on purpose: under `mkdocs serve`
the build purges and re-imports every module of those packages
(hooks/reload_snippets.py), and a worker task must still name a function that
exists. The worker imports the packages as they are on disk when it starts.
"""


def render(name, lang, theme, layout):
    from attention_site import figures

    return figures.render(name, lang, theme, layout)
