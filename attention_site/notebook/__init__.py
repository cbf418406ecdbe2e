"""The playground notebook page (docs/<lang>/playground.ipynb), from source to the page.

The source notebook's code cells hold include lines, like the Markdown pages. The build
expands and translates them (expand), executes the result in a bare kernel (execute) and
checks what it printed (outputs), keeping the executed copy in one content-hashed cache
(executed). mkdocs-jupyter renders that copy to HTML (with its own cache) and offers it for
download (download makes its links absolute); html reworks nbconvert's HTML into the site's
markup, headings gives the headings ids and a toc, page_cache keeps that page between builds. i18n_files works around
mkdocs-static-i18n #198, which would copy notebooks out as raw JSON. hooks/notebooks.py
wires these to the MkDocs events.
"""
