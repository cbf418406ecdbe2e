"""`<meta name="reading-path">` on every page, and "第 3 章 · 共 7 章" above each core chapter.

Wiring only: attention_site.reading_path reads the paths from the nav. A page the nav does not
list, and the 404 page, are "reference".
"""
from attention_site import languages, reading_path

LABEL = {"zh": "第 {n} 章 · 共 {total} 章", "en": "Chapter {n} of {total}"}
_paths, _numbers = {}, {}  # src_uri -> path / (n, total), for the language being built


def on_nav(nav, config, files):
    _paths.clear()
    _paths.update(reading_path.classify(nav))
    found = reading_path.chapters(nav)
    _numbers.clear()
    _numbers.update({uri: (n, len(found)) for n, uri in enumerate(found, 1)})
    return nav


def on_page_content(html, page, config, files):
    found = _numbers.get(page.file.src_uri)
    if found is None:
        return html
    label = LABEL[languages.of_page(page)].format(n=found[0], total=found[1])
    return f'<p class="chapter-number">{label}</p>\n{html}'


def on_post_page(output, page, config):
    path = _paths.get(page.file.src_uri, "reference")
    return output.replace("</head>", f'<meta name="reading-path" content="{path}"></head>', 1)


def on_post_template(output, template_name, config):
    if template_name != "404.html":
        return output
    return output.replace("</head>", '<meta name="reading-path" content="reference"></head>', 1)
