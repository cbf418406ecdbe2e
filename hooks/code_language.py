"""Tell extensions/code_i18n.py which language a page's code should speak.

Thin: it only marks the page. The translation itself is a Python-Markdown
extension (it would move unchanged to any tool that runs Markdown extensions).
"""


def on_page_markdown(markdown, page, config, files):
    lang = "en" if page.file.src_uri.startswith("en/") else "zh"
    return f"<!-- code-i18n: {lang} {page.file.src_path} -->\n{markdown}"
