"""The machinery that renders the site (hooks call it; readers never copy it).

`snippets/` is the teaching code; this package holds the site's own rules, one home each.
"""
