"""A description and OpenGraph tags per page, in the page's language.

The description is the page's front-matter `description`, or else its first
paragraph (so translators never maintain it twice). Material renders
page.meta.description as <meta name="description">; the OpenGraph tags are
added before </head>.
"""
import html
import re

from mkdocs.plugins import event_priority

FIRST_PARAGRAPH = re.compile(r"<p>(.*?)</p>", re.S)
TAG = re.compile(r"<[^>]+>")
LOCALE = {"zh": "zh_CN", "en": "en_US"}


def _language(page):
    return "en" if page.file.src_uri.startswith("en/") else "zh"


def _summary(content, limit=160):
    match = FIRST_PARAGRAPH.search(content or "")
    text = re.sub(r"\s+", " ", html.unescape(TAG.sub("", match.group(1)))).strip() if match else ""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


@event_priority(-50)
def on_page_content(content, page, config, files):
    if not page.meta.get("description"):
        page.meta["description"] = _summary(content) or config.site_description
    return content


def on_post_page(output, page, config):
    if "</head>" not in output:
        return output
    lang = _language(page)
    title = page.title if page.is_homepage else f"{page.title} - {config.site_name}"
    tags = {
        "og:type": "article",
        "og:site_name": config.site_name,
        "og:title": title,
        "og:description": page.meta.get("description") or config.site_description,
        "og:locale": LOCALE[lang],
        "og:url": page.canonical_url or "",
    }
    meta = "".join(f'<meta property="{k}" content="{html.escape(str(v), quote=True)}">' for k, v in tags.items())
    return output.replace("</head>", meta + "</head>", 1)
