"""Ids and a table of contents for a notebook page's headings, Chinese ones too.

nbconvert gives headings ids of its own and an anchor link; the site's pages have unique
slugs (pymdownx's, which keep Chinese) and Material's ¶ permalink. The toc is rebuilt from
those ids, so every toc entry leads to its heading.
"""
import re


def number(soup, slugify):
    """Give every heading a unique id and Material's permalink; return nested toc tokens."""
    seen, flat = set(), []
    for heading in soup.select(".jp-RenderedMarkdown h1, .jp-RenderedMarkdown h2, "
                               ".jp-RenderedMarkdown h3, .jp-RenderedMarkdown h4"):
        for anchor in heading.select("a.anchor-link"):
            anchor.decompose()
        text = heading.get_text().strip()
        base = re.sub(r"-{2,}", "-", slugify(text, "-")).strip("-") or "section"
        slug, n = base, 1
        while slug in seen:
            slug, n = f"{base}_{n}", n + 1
        seen.add(slug)
        heading["id"] = slug
        link = soup.new_tag("a", attrs={"class": "headerlink", "href": f"#{slug}",
                                        "title": "Permanent link"})
        link.string = "¶"
        heading.append(link)
        flat.append({"level": int(heading.name[1]), "id": slug, "name": text, "children": []})
    return nest(flat)


def nest(flat):
    """Tokens in document order -> a tree: each heading under the last one of a higher level."""
    tokens, stack = [], []
    for token in flat:
        while stack and stack[-1]["level"] >= token["level"]:
            stack.pop()
        (stack[-1]["children"] if stack else tokens).append(token)
        stack.append(token)
    return tokens
