"""A page whose other language changed since the pair was last synced says so.

Thin: attention_site/translations.py decides (the same check as `make translations`);
this hook only puts its note under the page title.
"""
from pathlib import Path

from attention_site import translations


def on_page_markdown(markdown, page, config, files):
    parts = Path(page.file.src_uri).parts
    if len(parts) != 2 or parts[0] not in translations.LANGS or not parts[1].endswith(".md"):
        return markdown
    note = translations.banner(Path(parts[1]).stem, parts[0])
    if not note:
        return markdown
    title, _, rest = markdown.partition("\n")
    return f"{title}\n\n{note}{rest}" if title.startswith("# ") else note + markdown
