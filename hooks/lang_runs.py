"""English pages: Chinese runs in their text get lang="zh" (attention_site/lang_runs.py says why).

Wiring only. Listed after the hooks that add text to a page's content (the chapter number, the
translation banner), so what they add is marked too.
"""
from attention_site import lang_runs, languages


def on_page_content(html, page, config, files):
    if languages.of_page(page) != "en":
        return html
    return lang_runs.mark(html)
