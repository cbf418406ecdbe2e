"""Tell extensions/code_i18n.py which language a page's code should speak.

Thin: it only marks the page. The translation itself is a Python-Markdown
extension (it would move unchanged to any tool that runs Markdown extensions).
"""


from attention_site import languages


def on_page_markdown(markdown, page, config, files):
    return f"<!-- code-i18n: {languages.of_page(page)} {page.file.src_path} -->\n{markdown}"
