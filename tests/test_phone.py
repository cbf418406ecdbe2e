"""Every page as a phone shows it (issue 12): 390 x 844 and 360 x 740, both languages, in
headless Chromium; the pages with figures also in the dark scheme, at the narrower phone.

Dark mode is measured on the figure pages only: it must show the dark phone variant, with text as
large. Elsewhere it cannot lay a page out differently: the dark scheme's rules change colours only
(test_colour_schemes) and a figure's dark variant has the light one's geometry (test_figures).

- Figure text >= 11 CSS px as rendered: for each figure the page shows, the SVG the
  browser chose (img.currentSrc: the phone variant under 44.9375em) is fetched, and its
  smallest font-size (viewBox units) times rendered width / viewBox width must be >= 11.
- The document is never wider than the viewport (no sideways scrolling).
- No table is wider than its column: nothing of it hidden in its scroll wrapper, nothing
  past the screen edge.
- No code text under 12 px (code in admonitions, details and tables included, open or not).
- The playground's controls are >= 24 x 24 px, a 24-px target centred on each overlaps no
  other, and each number says on narrow screens what it is (score / weight).

Each check is a function returning a list of problems; the self-tests at the end plant
each fault in the page and require the check to see it.
"""
import re
from pathlib import Path

import pytest

from tests.served import page_file, page_urls

pytestmark = [pytest.mark.site, pytest.mark.browser]

PHONES = {"390x844": {"width": 390, "height": 844}, "360x740": {"width": 360, "height": 740}}
SCHEMES = ("light", "dark")
# (phone, scheme) measured: light on both phones, every page; dark on the narrower, the figure pages
RUNS = [("390x844", "light"), ("360x740", "light"), ("360x740", "dark")]
MIN_FIGURE_PX = 11
MIN_CODE_PX = 12
MIN_TARGET_PX = 24
PLAYGROUND = {"zh": "softmax/", "en": "en/softmax/"}  # the whole slider, temperature included

MEASURE_JS = """async () => {
  // screen.width: the phone's width (a mobile browser widens innerWidth to fit a page too wide)
  const out = {viewport: screen.width, docWidth: Math.max(document.documentElement.scrollWidth, window.innerWidth),
               figures: [], tables: [], code: []};
  const shown = el => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  for (const img of document.querySelectorAll("figure.build-figure img")) {
    if (!shown(img)) continue;                       // the other colour scheme's variant
    img.loading = "eager";
    if (!img.complete) await new Promise(done => { img.onload = done; img.onerror = done; });
    const src = img.currentSrc;
    const width = img.getBoundingClientRect().width;
    const svg = new DOMParser().parseFromString(await (await fetch(src)).text(), "image/svg+xml");
    const viewBox = svg.documentElement.getAttribute("viewBox").trim().split(/[\\s,]+/).map(Number);
    let smallest = Infinity, smallestText = "";
    for (const el of svg.querySelectorAll("text, tspan")) {
      const size = /font-size:\\s*([\\d.]+)px/.exec(el.getAttribute("style") || "");
      if (size && el.textContent.trim() && +size[1] < smallest) { smallest = +size[1]; smallestText = el.textContent.trim(); }
    }
    out.figures.push({id: img.closest("figure").id, src: src.split("/").pop(), width,
                      px: smallest * width / viewBox[2], text: smallestText});
  }
  for (const table of document.querySelectorAll(".md-content table")) {
    if (!shown(table)) continue;
    const wrap = table.closest(".md-typeset__scrollwrap") || table.parentElement;
    const box = table.getBoundingClientRect();
    out.tables.push({head: table.rows[0] ? table.rows[0].innerText.slice(0, 40) : "", width: box.width,
                     column: wrap.clientWidth, hidden: wrap.scrollWidth - wrap.clientWidth,
                     right: box.right, cls: table.className});
  }
  for (const el of document.querySelectorAll(".md-content :is(code, pre, kbd, samp)")) {
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 12.5 || !out.code.length) out.code.push({size, text: el.textContent.trim().slice(0, 30),
      where: (el.closest(".admonition, details, table") || {}).tagName || "body"});
  }
  return out;
}"""

PLAYGROUND_JS = """() => {
  const root = document.querySelector("[data-attention-playground]");
  const targets = [...root.querySelectorAll("input, button, select, a[href]")].filter(el => el.getClientRects().length);
  const boxes = targets.map(el => { const r = el.getBoundingClientRect();
    return {name: el.id || el.className, x: r.x, y: r.y, w: r.width, h: r.height}; });
  const captions = [...root.querySelectorAll(".ap-num[data-caption]")].map(el =>
    ({caption: getComputedStyle(el, "::before").content, shown: el.getClientRects().length > 0}));
  return {boxes, captions, ready: root.dataset.ready === "true"};
}"""


def figure_problems(measured, where):
    return [f"{where}: #{f['id']} ({f['src']}) text {f['px']:.1f} px < {MIN_FIGURE_PX} ({f['text']!r}, "
            f"figure {f['width']:.0f} px wide)" for f in measured["figures"] if f["px"] < MIN_FIGURE_PX]


def width_problems(measured, where):
    problems = []
    if measured["docWidth"] > measured["viewport"]:
        problems.append(f"{where}: page {measured['docWidth']} px wide in a {measured['viewport']} px viewport")
    for t in measured["tables"]:
        if t["hidden"] > 1 or t["right"] > measured["viewport"] + 1:
            problems.append(f"{where}: table {t['head']!r} {t['width']:.0f} px in a {t['column']} px column "
                            f"({t['hidden']} px hidden)")
    return problems


def code_problems(measured, where):
    return [f"{where}: code {c['size']} px in {c['where']}: {c['text']!r}"
            for c in measured["code"] if c["size"] < MIN_CODE_PX]


def target_problems(info, where):
    problems = [] if info["ready"] else [f"{where}: playground not ready"]
    boxes = info["boxes"]
    if not boxes:
        return [f"{where}: no playground controls found"]
    for b in boxes:
        if b["w"] < MIN_TARGET_PX or b["h"] < MIN_TARGET_PX:
            problems.append(f"{where}: control {b['name']} is {b['w']:.0f} x {b['h']:.0f} px")
    # WCAG 2.5.8 spacing: a 24-px circle centred on each target intersects no other target's circle
    centres = [(b["x"] + b["w"] / 2, b["y"] + b["h"] / 2, b["name"]) for b in boxes]
    for i, (x1, y1, n1) in enumerate(centres):
        for x2, y2, n2 in centres[i + 1:]:
            if ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 < MIN_TARGET_PX:
                problems.append(f"{where}: controls {n1} and {n2} closer than {MIN_TARGET_PX} px")
    for c in info["captions"]:
        if c["shown"] and c["caption"] in ("none", "normal", '""'):
            problems.append(f"{where}: a number of the playground shows no label on a narrow screen")
    return problems


@pytest.fixture(scope="module")
def phone_pages(site_dir):
    return [(lang, url) for lang, url in page_urls(site_dir) if not url.endswith("404.html")]


def measure_all(browser, site_url, pages, phone, scheme):
    context = browser.new_context(viewport=PHONES[phone], device_scale_factor=2, is_mobile=True,
                                  has_touch=True, color_scheme=scheme)
    page = context.new_page()
    results = {}
    try:
        for lang, url in pages:
            page.goto(site_url + url)
            results[(lang, url)] = page.evaluate(MEASURE_JS)
    finally:
        context.close()
    return results


@pytest.fixture(scope="module")
def measured(browser, site_url, site_dir, phone_pages):
    """{(phone, scheme): {(lang, url): measurement}} for every page (dark: the pages with figures)."""
    with_figures = [(lang, url) for lang, url in phone_pages
                    if "#only-dark" in page_file(site_dir, url).read_text(encoding="utf-8")]
    return {(phone, scheme): measure_all(browser, site_url, phone_pages if scheme == "light" else with_figures,
                                         phone, scheme) for phone, scheme in RUNS}


@pytest.mark.parametrize("phone, scheme", RUNS)
def test_figure_text_is_at_least_11_px(measured, phone, scheme):
    problems, seen = [], 0
    for (lang, url), m in measured[(phone, scheme)].items():
        problems += figure_problems(m, f"{phone} {scheme} /{url}")
        seen += len(m["figures"])
        for f in m["figures"]:
            assert f["src"].endswith(f"-{scheme}-phone.svg"), f"/{url}: {f['id']} shows {f['src']}"
    # every {{ fig.* }} a page shows, in 2 languages (the heatmap also on the differences page)
    docs = Path(__file__).resolve().parents[1] / "docs" / "zh"
    placed = sum(len(re.findall(r"\{\{\s*fig\.\w+\s*\}\}", page.read_text(encoding="utf-8")))
                 for page in docs.glob("*.md"))
    assert placed >= 7 and seen == 2 * placed, f"expected the {placed} figure placements in 2 languages, saw {seen}"
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("phone, scheme", RUNS)
def test_nothing_wider_than_the_screen(measured, phone, scheme):
    problems = []
    for (lang, url), m in measured[(phone, scheme)].items():
        problems += width_problems(m, f"{phone} {scheme} /{url}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("phone", PHONES)
def test_no_code_under_12_px(measured, phone):
    problems = []
    for (lang, url), m in measured[(phone, "light")].items():
        problems += code_problems(m, f"{phone} /{url}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("phone", PHONES)
@pytest.mark.parametrize("lang", PLAYGROUND)
def test_playground_controls_are_finger_sized(browser, site_url, phone, lang):
    context = browser.new_context(viewport=PHONES[phone], device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(site_url + PLAYGROUND[lang])
        page.locator('[data-attention-playground][data-ready="true"]').wait_for(timeout=5000)
        info = page.evaluate(PLAYGROUND_JS)
        assert len(info["boxes"]) == 8, info["boxes"]  # 4 scores, temperature, reset, every score +1 / −1
        assert not target_problems(info, f"{phone} /{PLAYGROUND[lang]}"), target_problems(info, phone)
        assert all(c["caption"] not in ("none", "normal") for c in info["captions"]), info["captions"]
    finally:
        context.close()


LINES_JS = """() => [...document.querySelectorAll('.highlight pre > code > span[id^="__span"]')]
  .filter(line => line.getClientRects().length && !line.closest('details:not([open])'))
  .map(line => { const box = line.closest('pre').getBoundingClientRect(), range = document.createRange();
                 range.selectNodeContents(line);
                 const rects = [...range.getClientRects()].filter(r => r.width > 1);
                 const tops = [...new Set(rects.map(r => Math.round(r.top)))].sort((a, b) => a - b);
                 const first = rects.filter(r => Math.round(r.top) === tops[0]);
                 const rest = rects.filter(r => Math.round(r.top) !== tops[0]);
                 return {text: line.textContent, lines: tops.length,
                         past: rects.filter(r => r.right > box.right + 1).length,
                         start: Math.min(...first.map(r => r.left)), line: line.getBoundingClientRect().left,
                         rest: rest.length ? Math.min(...rest.map(r => r.left)) : null,
                         indent: /^ */.exec(line.textContent)[0].length,
                         ch: parseFloat(getComputedStyle(line).fontSize) * 0.5}; })"""


@pytest.mark.parametrize("url", ["word-vectors/", "en/word-vectors/", "formula/", "en/formula/",
                                 "playground/", "en/playground/"])
def test_code_wraps_inside_the_screen_with_a_hanging_indent(browser, site_url, url):
    """A long line of code (a shape comment, a print) wraps at the screen's edge, and what wraps
    continues further in than its own line starts: `# (n, 8)` pushed to a new line must not look
    like a line of its own."""
    context = browser.new_context(viewport=PHONES["390x844"], is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(site_url + url)
        lines = page.evaluate(LINES_JS)
        assert len(lines) >= 20, lines
        wrapped = [line for line in lines if line["lines"] > 1]
        assert wrapped, "no line needed wrapping: the check saw nothing"
        cut = [line["text"] for line in lines if line["past"]]
        assert not cut, f"{url}: code running past the screen: {cut}"
        flush = [line["text"] for line in wrapped
                 if line["rest"] < line["line"] + (line["indent"] + 1) * line["ch"]]
        assert not flush, f"{url}: wrapped lines not continuing further in than they start: {flush}"
    finally:
        context.close()


COMMENTS_JS = """() => [...document.querySelectorAll('.highlight pre > code .c1')].filter(c => c.offsetParent).map(c => {
    const line = c.closest("span[id^='__span']");
    const range = document.createRange(); range.selectNodeContents(c);
    const tops = new Set([...range.getClientRects()].filter(r => r.width > 1).map(r => Math.round(r.top)));
    const probe = document.createElement('span'); probe.className = 'c1';
    probe.style.cssText = 'white-space: pre; position: absolute; visibility: hidden; text-indent: 0';
    probe.textContent = c.textContent; line.appendChild(probe);
    const width = probe.getBoundingClientRect().width;
    probe.textContent = '0000000000'; const ch = probe.getBoundingClientRect().width / 10;
    probe.textContent = '\u21b3\u00a0'; const mark = probe.getBoundingClientRect().width; probe.remove();
    const indent = /^ */.exec(line.textContent)[0].length;
    const code = c.closest('code'), style = getComputedStyle(code);
    const room = code.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - (indent + 2) * ch;
    const lineTop = Math.round(line.getBoundingClientRect().top);
    return {text: c.textContent, lines: tops.size, fits: width <= room + 1, fitsMarked: width + mark <= room + 1,
            moved: Math.min(...tops) > lineTop + 2,
            arrow: getComputedStyle(c, '::before').content.includes('\u21b3')}; })"""


@pytest.mark.parametrize("url", ["asymmetry/", "en/order-and-cost/", "en/formula/"])
def test_a_comment_that_fits_the_screen_is_never_split(browser, site_url, url):
    """R19 (phone): `scores = q @ k.T  #` ended one line and `(n, 5) @ (5, n) -> (n, n)` began
    the next, which read as a line of code. A comment no wider than the screen stays on one line
    (moving below its code, whole, when the line is full, marked ↳); only a wider one wraps inside."""
    context = browser.new_context(viewport=PHONES["390x844"], is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(site_url + url)
        comments = page.evaluate(COMMENTS_JS)
        assert any(c["moved"] and c["fits"] for c in comments), "no comment had to move: the check saw nothing"
        split = [c["text"] for c in comments if c["fits"] and c["lines"] > 1]
        assert not split, f"{url}: comments split across lines though they fit the screen: {split}"
        # R21: a comment alone on the next line read as a statement; "↳" ties it to its code
        unmarked = [c["text"] for c in comments if c["moved"] and c["fitsMarked"] and not c["arrow"]]
        assert not unmarked, f"{url}: comments moved below their code without the ↳ mark: {unmarked}"
        stray = [c["text"] for c in comments if c["arrow"] and not c["moved"]]
        assert not stray, f"{url}: ↳ on comments that did not move: {stray}"
    finally:
        context.close()


@pytest.mark.parametrize("url", ["order-and-cost/", "en/order-and-cost/"])
def test_printed_columns_keep_their_spaces_on_a_phone(browser, site_url, url):
    """R38 en: on a phone `#>     4           16            3` showed as `#> 4 16 3` (a comment kept
    whole with white-space: nowrap collapses its runs of spaces). Every comment keeps them."""
    context = browser.new_context(viewport=PHONES["390x844"], is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(site_url + url)
        collapsing = page.evaluate("""() => [...document.querySelectorAll('.md-content .highlight :is(.c, .c1)')]
            .filter(el => /  /.test(el.textContent))
            .map(el => [el.textContent, getComputedStyle(el).whiteSpace])""")
        assert collapsing, "no comment with a run of spaces: the check saw nothing"
        bad = [text for text, space in collapsing if space not in ("pre", "pre-wrap", "break-spaces")]
        assert not bad, f"{url}: comments whose spaces collapse on a phone: {bad}"
    finally:
        context.close()


@pytest.mark.parametrize("url", ["summary/", "en/summary/"])
def test_code_in_a_table_breaks_only_between_words(browser, site_url, url):
    """The formula-to-code table on a phone: `softmax(scores, axis=-1)` may wrap at its space, never
    inside a name (it read `softmax(scor` / `es, axis=-1)`): every line of a code cell ends where a
    word of its text ends."""
    context = browser.new_context(viewport=PHONES["390x844"], is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(site_url + url)
        cut = page.evaluate("""() => [...document.querySelectorAll('article table td code')].flatMap(code => {
            const text = code.firstChild; if (!text || text.nodeType !== 3) return [];
            const range = document.createRange(), bad = [];
            for (let i = 1; i < text.length; i++) {
              range.setStart(text, i - 1); range.setEnd(text, i); const a = range.getBoundingClientRect();
              range.setStart(text, i); range.setEnd(text, i + 1); const b = range.getBoundingClientRect();
              const wrapped = b.top > a.top + 2;
              if (wrapped && text.data[i - 1] !== ' ' && text.data[i] !== ' ') bad.push(text.data);
            }
            return bad; })""")
        assert not cut, f"{url}: code split inside a word: {cut}"
    finally:
        context.close()


@pytest.mark.parametrize("url", ["weights/", "en/faq/"])
def test_the_menu_opens_at_the_top_with_every_section(browser, site_url, site_dir, url):
    """On a phone the menu (the reading order) opens at its top level, not inside the section of
    the page being read (Material's default), and lists every chapter under its section's name:
    each chapter is one tap away, in the nav's order."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup((site_dir / url / "index.html").read_text(encoding="utf-8"), "html.parser")
    primary = soup.select_one(".md-nav--primary")
    sections = [label.get_text(" ", strip=True) for label in
                primary.select(":scope > .md-nav__list > .md-nav__item--nested > label.md-nav__link")]
    chapters = [a.get_text(" ", strip=True) for a in primary.select("a.md-nav__link")
                if not a.find_parent(class_="md-nav--secondary")]
    assert len(sections) >= 4 and len(chapters) >= 12, (sections, chapters)
    context = browser.new_context(viewport=PHONES["390x844"], is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(site_url + url)
        page.locator("label.md-header__button[for=__drawer]").tap()
        page.wait_for_timeout(400)  # the drawer slides in
        # what a finger can reach: scrolled to, on screen, and nothing (a nested level) covers it
        reach = page.evaluate("""() => [...document.querySelectorAll('.md-nav--primary a.md-nav__link')]
            .filter(link => !link.closest('.md-nav--secondary')).map(link => {
              // the page being read shows as a label that opens its contents: its row counts
              const row = link.classList.contains('md-nav__link--active') ? link.closest('li') : link;
              row.scrollIntoView({block: 'center'});
              let flat = true;  // reached by scrolling down only, not sideways to a level off-screen
              for (let el = row; el; el = el.parentElement) if (el.scrollLeft) { flat = false; el.scrollLeft = 0; }
              const r = row.getBoundingClientRect();
              const hit = document.elementFromPoint(r.left + Math.min(r.width / 2, 40), r.top + Math.min(r.height / 2, 12));
              return [link.textContent.trim(), flat && r.width > 0 && r.left >= 0 && r.right <= innerWidth
                      && !!hit && row.contains(hit)];
            })""")
        assert [name for name, _ in reach] == chapters
        assert all(ok for _, ok in reach), [name for name, ok in reach if not ok]
        shown = page.evaluate("""() => [...document.querySelectorAll(
            '.md-nav--primary > .md-nav__list > .md-nav__item--nested > label.md-nav__link')].map(label => {
              label.scrollIntoView({block: 'center'});
              const r = label.getBoundingClientRect();
              return r.width > 0 && r.left >= 0 && r.right <= innerWidth ? label.textContent.trim() : null; })""")
        assert [name for name in shown if name] == sections
    finally:
        context.close()


@pytest.mark.parametrize("url", ["weights/", "en/faq/"])
@pytest.mark.parametrize("viewport", ["phone", "desktop"])
def test_the_menu_numbers_the_chapters_as_the_home_page_map_does(browser, site_url, url, viewport):
    """The home page says "start with chapter 1" and numbers its chapter map; the menu shows
    the same number before each chapter (a CSS counter), on a phone (drawer open) and on a
    desktop (sidebar), with the page being read counted in its place."""
    size = PHONES["390x844"] if viewport == "phone" else {"width": 1280, "height": 900}
    context = browser.new_context(viewport=size, is_mobile=viewport == "phone", has_touch=viewport == "phone")
    page = context.new_page()
    try:
        page.goto(site_url + ("en/" if url.startswith("en/") else ""))
        chapter_map = page.evaluate("""() => [...document.querySelector('#chapter-map ~ ol')
            .querySelectorAll(':scope > li > a')].map(a => a.href)""")
        assert 5 <= len(chapter_map) <= 7, chapter_map  # the core chapters; deep dives are listed apart
        page.goto(site_url + url)
        if viewport == "phone":
            page.locator("label.md-header__button[for=__drawer]").tap()
            page.wait_for_timeout(400)
        # getComputedStyle gives a ::before's content as "counter(chapter) ...", not its value: count
        # as CSS does, walking the menu in document order through each element's reset/increment
        numbered = page.evaluate("""() => {
            const count = new Map(); let n = null;
            for (const el of document.querySelectorAll('.md-nav--primary, .md-nav--primary *')) {
              const style = getComputedStyle(el), reset = style.counterReset.split(' ');
              const step = style.counterIncrement.split(' ');
              if (reset[0] === 'chapter') n = Number(reset[1] || 0);
              if (step[0] === 'chapter') n += Number(step[1] || 1);
              count.set(el, n);
            }
            return [...document.querySelectorAll('.md-nav--primary a.md-nav__link')]
              .filter(a => !a.closest('.md-nav--secondary') && a.closest('.md-nav__item--nested'))
              .map(a => {
                const shown = getComputedStyle(a).display === 'none'  // phones: the page being read is a label
                  ? a.parentElement.querySelector(':scope > label.md-nav__link') : a;
                const text = shown.querySelector('.md-ellipsis'), r = shown.getBoundingClientRect();
                const before = getComputedStyle(text, '::before').content;
                return [before === 'counter(chapter) ". "' ? count.get(text) : before, a.href, r.width > 0 && r.height > 0];
              }); }""")
        chapters = [entry for entry in numbered if entry[0] != "none"]  # deep dives, reference: none
        assert [number for number, _, _ in chapters] == list(range(1, len(chapters) + 1)), numbered
        assert [href for _, href, _ in chapters] == chapter_map
        # the un-numbered deep dives and reference pages all come after the core chapters
        assert numbered[:len(chapters)] == chapters and len(numbered) >= len(chapters) + 8, numbered
        assert all(seen for _, _, seen in numbered), numbered
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["", "en/"])
def test_notebook_code_is_as_wide_as_the_chapters_code_on_a_phone(browser, site_url, lang):
    """A notebook cell runs edge to edge like a page's code block (one not in a fold): the same
    width, so the same code wraps alike on both pages."""
    context = browser.new_context(viewport=PHONES["390x844"], is_mobile=True)
    page = context.new_page()
    widths = {}
    try:
        for url in ("formula/", "playground/"):  # the library's code lives in "Attention in one function"
            page.goto(site_url + lang + url)
            widths[url] = page.evaluate("""() => {
                const pre = [...document.querySelectorAll('article pre')].find(p => p.offsetParent && !p.closest('details')
                    && p.textContent.includes('np.'));
                const code = pre.querySelector('code') || pre, style = getComputedStyle(code);
                return code.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight); }""")
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 390, url
    finally:
        context.close()
    assert widths["playground/"] == pytest.approx(widths["formula/"], abs=1), widths


def test_back_to_top_does_not_cover_the_explorer_on_a_phone(browser, site_url):
    """Material's "Back to top" pill sits under the header, where the explorer's sticky step bar
    is: on the explorer's page a phone goes without it; other pages (and desktops) keep it."""
    def top_display(url, size):
        context = browser.new_context(viewport=size, is_mobile=size["width"] < 500)
        page = context.new_page()
        try:
            page.goto(site_url + url)
            return page.evaluate("() => getComputedStyle(document.querySelector('.md-top')).display")
        finally:
            context.close()
    phone, desktop = PHONES["390x844"], {"width": 1280, "height": 900}
    for url in ("explorer/", "en/explorer/"):
        assert top_display(url, phone) == "none", url
        assert top_display(url, desktop) != "none", url
    assert top_display("weights/", phone) != "none"


@pytest.mark.parametrize("url", ["weights/", "en/weights/", "en/word-vectors/", "faq/"])
def test_a_one_line_title_is_one_line_tall_on_a_phone(browser, site_url, url):
    """A reader saw a blank band under each title: the title's invisible ¶ link wrapped onto a
    line of its own. A title whose words fit on one line must take one line."""
    context = browser.new_context(viewport=PHONES["390x844"], is_mobile=True)
    page = context.new_page()
    try:
        page.goto(site_url + url)
        lines = page.evaluate("""() => {
          const h1 = document.querySelector('.md-content h1');
          const range = document.createRange();
          range.selectNodeContents(h1.firstChild);  // the title's words alone
          const words = range.getClientRects().length;
          return [words, Math.round(h1.getBoundingClientRect().height / parseFloat(getComputedStyle(h1).lineHeight))];
        }""")
    finally:
        context.close()
    words, tall = lines
    assert tall == words, f"{url}: the title's words take {words} line(s), the title {tall}"


@pytest.mark.parametrize("lang", PLAYGROUND)
def test_playground_assets_only_where_used(site_dir, lang):
    """playground.css/.js are linked from the page with the playground and no other."""
    with_it = []
    for page_lang, url in page_urls(site_dir):
        from tests.served import page_file
        text = page_file(site_dir, url).read_text(encoding="utf-8")
        if "playground.js" in text or "playground.css" in text:
            with_it.append(url)
        has = "data-attention-playground" in text
        assert has == ("playground.js" in text) == ("playground.css" in text), url
    # the weights chapter (scores only) and the softmax deep dive (the whole slider), both languages
    assert sorted(with_it) == sorted(["weights/", "en/weights/", *PLAYGROUND.values()])


# -- the checks can fail -------------------------------------------------------------

PLANT = {
    "figure": """() => { const s = document.querySelector("figure.build-figure source");
                         s.setAttribute("srcset", s.closest("picture").querySelector("img").src.split("#")[0]); }""",
    "wide": """() => { document.body.style.minWidth = "480px"; }""",  # a rule that widens the page
    "table": """() => { const th = document.querySelector(".md-content table th"); th.style.minWidth = "30rem"; }""",
    "code": """() => { document.querySelector(".md-content code").style.fontSize = "10.9px"; }""",
}


@pytest.mark.parametrize("fault", PLANT)
def test_checks_see_a_planted_fault(browser, site_url, fault):
    context = browser.new_context(viewport=PHONES["360x740"], device_scale_factor=2, is_mobile=True)
    page = context.new_page()
    try:
        page.goto(site_url + "weights/")
        before = page.evaluate(MEASURE_JS)
        assert not (figure_problems(before, "") + width_problems(before, "") + code_problems(before, ""))
        page.evaluate(PLANT[fault])
        page.wait_for_timeout(200)
        after = page.evaluate(MEASURE_JS)
        check = {"figure": figure_problems, "wide": width_problems, "table": width_problems, "code": code_problems}
        assert check[fault](after, "planted"), f"{fault}: not seen"
    finally:
        context.close()


def test_target_check_sees_small_and_crowded_controls():
    small = {"ready": True, "captions": [], "boxes": [{"name": "a", "x": 0, "y": 0, "w": 20, "h": 16}]}
    assert target_problems(small, "x")
    crowded = {"ready": True, "captions": [], "boxes": [{"name": "a", "x": 0, "y": 0, "w": 30, "h": 30},
                                                        {"name": "b", "x": 0, "y": 20, "w": 30, "h": 30}]}
    assert target_problems(crowded, "x")
    unlabelled = {"ready": True, "captions": [{"caption": "none", "shown": True}],
                  "boxes": [{"name": "a", "x": 0, "y": 0, "w": 30, "h": 30}]}
    assert target_problems(unlabelled, "x")


# -- printing in dark mode prints like light mode -------------------------------------

PRINT_JS = """() => {
  const shownImgs = fig => [...fig.querySelectorAll("img")].filter(i => i.getClientRects().length);
  const luminance = css => { const [r, g, b] = css.match(/[\\d.]+/g).slice(0, 3).map(Number);
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255; };
  const text = document.querySelector(".md-content article p");
  const comment = document.querySelector(".md-content .highlight .c1, .md-content .highlight .c");
  const codeText = [...document.querySelectorAll(".md-content .highlight code")].find(c => !c.closest("details"));  // a block on the page, not in a fold
  return {
    figures: [...document.querySelectorAll("figure.build-figure")].map(f =>
      ({id: f.id, shown: shownImgs(f).map(i => i.getAttribute("src"))})),
    text: luminance(getComputedStyle(text).color),
    comment: comment ? luminance(getComputedStyle(comment).color) : 0,
    code: codeText ? luminance(getComputedStyle(codeText).color) : 0,
    headingBreak: getComputedStyle(document.querySelector(".md-content h2")).breakAfter,
    figureBreak: getComputedStyle(document.querySelector("figure.build-figure")).breakInside,
  };
}"""


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("url", ["weights/", "en/weights/"])
def test_print_shows_the_light_figure_once_and_dark_text(browser, site_url, scheme, url):
    context = browser.new_context(viewport={"width": 1000, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    try:
        page.goto(site_url + url)
        page.emulate_media(media="print", color_scheme=scheme)
        page.wait_for_timeout(600)  # the theme's colour transitions settle
        found = page.evaluate(PRINT_JS)
        assert len(found["figures"]) == 2  # the softmax bars and the heatmap
        for figure in found["figures"]:
            assert len(figure["shown"]) == 1 and "-light.svg#only-light" in figure["shown"][0], figure
        assert found["text"] < 0.3 and found["code"] < 0.35 and found["comment"] < 0.45, found  # dark on white
        assert found["headingBreak"] == "avoid" and found["figureBreak"] == "avoid", found
    finally:
        context.close()
