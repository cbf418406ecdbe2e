"""A description and OpenGraph tags per page, in the page's language.

The description is the page's front-matter `description`, or else its first
paragraph (so translators never maintain it twice). The OpenGraph tags are
added before </head>.

Escaping, the two traps of the theme (tests/test_meta.py):
- Material prints ``page.meta.description`` into ``<meta name="description"
  content="...">`` as is (no autoescape): the hook stores it HTML-escaped, so a
  ``"`` or ``&`` in it cannot end or corrupt the attribute. The plain text is kept
  in ``page.meta["description_text"]`` for the OpenGraph tag (escaped once there).
- ``page.title`` is HTML already (``&`` is ``&amp;``): the footer's
  ``aria-label="... {{ title | e }}"`` escapes it a second time, and so would
  ``html.escape(page.title)``. The OpenGraph title is made from the plain text,
  and the footer labels are rewritten from their plain text, escaped once.
"""
import html
import re

from mkdocs.plugins import event_priority

from attention_site import languages

FIRST_PARAGRAPH = re.compile(r"<p>(.*?)</p>", re.S)
TAG = re.compile(r"<[^>]+>")
LOCALE = {"zh": "zh_CN", "en": "en_US"}
TEXT_KEY = "description_text"  # the plain-text description (page.meta["description"] is HTML-escaped)
FOOTER_LABEL = re.compile(r'(<a\b[^>]*\bclass="md-footer__link[^"]*"[^>]*\baria-label=")([^"]*)(")')


def plain(markup):
    """Text of an HTML fragment: tags dropped, entities decoded, spaces collapsed."""
    return re.sub(r"\s+", " ", html.unescape(TAG.sub("", markup or ""))).strip()


def attr(text):
    """`text` escaped once for a double-quoted attribute."""
    return html.escape(text, quote=True)


def _summary(content, limit=160):
    match = FIRST_PARAGRAPH.search(content or "")
    text = plain(match.group(1)) if match else ""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


@event_priority(-50)
def on_page_content(content, page, config, files):
    if TEXT_KEY not in page.meta:  # once per page, even if the event runs again
        given = page.meta.get("description")
        text = str(given).strip() if given else (_summary(content) or config.site_description or "")
        page.meta[TEXT_KEY] = text
        page.meta["description"] = attr(text)  # printed unescaped by the theme
    return content


def _unescape_label(match):
    # The theme wrote e(title) where title is HTML: decode twice to plain text, escape once.
    return match.group(1) + attr(html.unescape(html.unescape(match.group(2)))) + match.group(3)


def on_post_page(output, page, config):
    if "</head>" not in output:
        return output
    lang = languages.of_page(page)
    title = plain(page.title or "")
    if not page.is_homepage:
        title = f"{title} - {config.site_name}"
    tags = {
        "og:type": "article",
        "og:site_name": config.site_name,
        "og:title": title,
        "og:description": page.meta.get(TEXT_KEY) or config.site_description,
        "og:locale": LOCALE[lang],
        "og:url": page.canonical_url or "",
    }
    meta = "".join(f'<meta property="{k}" content="{attr(str(v))}">' for k, v in tags.items())
    output = output.replace("</head>", meta + "</head>", 1)
    return FOOTER_LABEL.sub(_unescape_label, output)
