"""The PDF edition: one book per language, printed from the built site by Chromium.

    python -m attention_site.pdf SITE_DIR   # writes SITE_DIR/attention-zh.pdf and SITE_DIR/attention-en.pdf

Why Chromium (through Playwright): the site is already tested in it, so the book
shows exactly what readers see — the same CSS, the same SVG figures (printed as
vectors), the same highlighted code with its `#>` outputs, the same CJK fallback
fonts — and its PDFs keep CJK text real and extractable with every font embedded
(subset). WeasyPrint would need a second stylesheet for Material's layout and
does not run the theme's CSS variables the same way; it is not used.

How, one module a step:
- order, pages: the chapters in reading-path order (the core chapters in nav order, then the
  deep dives, then reference: each page's <meta name="reading-path">) and where each built page is;
- book: one HTML document per language (cover, table of contents, chapters, book.css), so links
  between chapters become links inside the PDF;
- chapter: a page made into a printed chapter (folds open, ids and links made the book's,
  light figures in TrueType fonts, no web-only instructions), with static_widgets (widgets as
  their state plus a link online), answers (exercises' answers at the chapter's end) and
  punctuation (full-width brackets set close);
- printing: Chromium prints the book once, tagged (its outline, the bookmarks, needs a tagged
  PDF), with empty page numbers in its contents; page_numbers reads where each chapter starts
  and fills the contents in, and the cover and contents alone are printed again;
- finish: those front pages swapped in, the structure tree dropped (structure), whole embedded
  font collections cut down (fonts), dates from SOURCE_DATE_EPOCH, so the same site gives the
  same bytes;
- cache_key, edition: a language's book printed, or copied from .cache/pdf/ when nothing it
  depends on changed (PDF_CACHE=off bypasses the cache: attention_site.cache);
- links: the site's download links, built hidden, shown once the books exist;
- __main__: the command `make build` runs. Before anything is printed it checks the toolchain
  (attention_site.toolchain: a Chromium, fontconfig, the font WenQuanYi Micro Hei, poppler's
  pdftotext). Without it the books are skipped with one line naming what is missing: the site
  is still built, its download links stay hidden. Under CI a missing piece fails the build.
"""
