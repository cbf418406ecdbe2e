"""The built site as a reader's browser meets it: headless Chromium (Debian's) via Playwright.

Every page of both languages: no console error, no failed request, no request that
leaves the site (fonts, CDNs, analytics, api.github.com), every <img> loaded; dark
mode shows the `#only-dark` figures and hides the `#only-light` ones (and vice versa);
the language switcher lands on the same page in the other language without any 404
(Material used to fetch `<page>/sitemap.xml`); search offers each language's own pages.

The site is served under the path of `site_url` (/attention/), as on GitHub Pages
(tests/served.py). Each check is a function returning a list of problems; the
self-tests at the end run the same functions on a deliberately broken copy of the
site and require them to complain.
"""
import json
import re
import shutil
from urllib.parse import urlsplit

import pytest

from tests.served import page_file, page_urls, serve, site_path

pytestmark = [pytest.mark.site, pytest.mark.browser]

VIEWPORT = {"width": 1280, "height": 900}

# (language, query, a page that must be among the results, relative to the language root)
SEARCHES = [
    ("zh", "注意力", ""),
    ("zh", "猫", "library/"),
    ("zh", "权重", "weights/"),
    ("en", "attention", ""),
    ("en", "softmax", "weights/"),
    ("en", "library", "library/"),  # needs the query stemmed like the index: pipeline: []
]

# Force lazy images to load, wait for them, return the src of every one that did not load.
BROKEN_IMAGES_JS = """async () => {
  const images = [...document.images];
  for (const img of images) img.loading = "eager";
  await Promise.all(images.map(img => img.complete ? null :
    new Promise(done => { img.addEventListener("load", done); img.addEventListener("error", done); })));
  return images.filter(img => !(img.naturalWidth > 0)).map(img => img.getAttribute("src"));
}"""

# Every copy button's target resolves (R37 en: the notebook's ids held "=", so Material's
# "#__code_cell-id=softmax > code" threw on every click and nothing was copied).
COPY_TARGETS_JS = """() => [...document.querySelectorAll('[data-clipboard-target]')].flatMap(b => {
  const target = b.getAttribute("data-clipboard-target");
  try { return document.querySelector(target) ? [] : [`copy button copies nothing: ${target}`]; }
  catch (e) { return [`copy button has an invalid target: ${target}`]; }
})"""

FIGURES_JS = """() => [...document.querySelectorAll('img[src*="#only-"]')].map(img => ({
  src: img.getAttribute("src"), shown: getComputedStyle(img).display !== "none"}))"""


@pytest.fixture(scope="module")
def base_url(site_dir):
    with serve(site_dir, site_path()) as url:
        yield url


def lang_root(lang):
    return "" if lang == "zh" else f"{lang}/"


def counterpart(lang, url):
    """The same page in the other language (relative to the site root).

    The 404 page (one for both languages) offers the English home page."""
    if url == "404.html":
        return "en/"
    if lang == "en":
        return url[len("en/"):]
    return "en/" + url


def watch(context, base_url, log):
    """Record every request that leaves the site (and block it) on `log`: a list, or a function
    of the request that returns the list of the page that made it."""
    host = urlsplit(base_url).netloc
    log_of = log if callable(log) else lambda request: log

    def route(route):
        if urlsplit(route.request.url).netloc != host:
            log_of(route.request).append(f"request leaves the site: {route.request.url}")
            route.abort()
        else:
            route.continue_()

    context.route("**/*", route)


def listen(page, log):
    page.on("console", lambda m: log.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: log.append(f"uncaught exception: {e}"))
    page.on("requestfailed", lambda r: log.append(f"request failed: {r.url} ({r.failure})"))
    page.on("response", lambda r: log.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)


def load_problems(browser, base_url, pages, at_once=12):
    """Open every (lang, url); problems: console errors, failed or off-site requests, broken
    images, and a language switcher that does not point at the same page in the other language.

    Pages load `at_once` side by side (tabs of one context, each with its own log), so their
    waits for a quiet network (half a second each) overlap instead of adding up."""
    problems = []
    for start in range(0, len(pages), at_once):
        context, logs, unowned = browser.new_context(viewport=VIEWPORT), {}, []

        def log_of(request):
            try:
                return logs[request.frame.page]
            except Exception:  # a worker's request has no frame: still reported, by batch
                return unowned

        watch(context, base_url, log_of)
        opened = []
        try:
            for lang, url in pages[start:start + at_once]:
                page = context.new_page()
                logs[page] = []
                listen(page, logs[page])
                opened.append((page, lang, url))
                page.goto(base_url + url, wait_until="commit")
            for page, lang, url in opened:
                log = logs[page]
                page.wait_for_load_state("networkidle")
                log.extend(wrong_switcher(page, base_url, lang, url))
                broken = page.evaluate(BROKEN_IMAGES_JS)
                log.extend(f"image not loaded: {src}" for src in broken)
                log.extend(page.evaluate(COPY_TARGETS_JS))
                page.wait_for_load_state("networkidle")
                problems.extend(f"/{url}: {entry}" for entry in log)
        finally:
            context.close()
        where = ", ".join(f"/{url}" for _, _, url in opened)
        problems.extend(f"({where}): {entry}" for entry in unowned)
    return problems


def figure_problems(browser, base_url, urls, scheme):
    """In `scheme` ('dark'/'light') each figure shows exactly one version: `#only-<scheme>`.

    The two versions of a figure are NAME-light.svg#only-light and NAME-dark.svg#only-dark.
    """
    context = browser.new_context(viewport=VIEWPORT, color_scheme=scheme)
    page = context.new_page()
    expected_scheme = "slate" if scheme == "dark" else "default"
    problems = []
    try:
        for url in urls:
            page.goto(base_url + url, wait_until="load")
            active = page.evaluate("() => document.body.getAttribute('data-md-color-scheme')")
            if active != expected_scheme:
                problems.append(f"/{url}: palette {active!r} in {scheme} mode")
            groups = {}
            for figure in page.evaluate(FIGURES_JS):
                name = re.sub(r"-(dark|light)(\.\w+)#only-(dark|light)$", r"\2", figure["src"])
                groups.setdefault(name, []).append(figure)
            for name, versions in groups.items():
                shown = [f["src"] for f in versions if f["shown"]]
                if len(shown) != 1 or not shown[0].endswith(f"#only-{scheme}"):
                    problems.append(f"/{url}: {name} shows {shown or 'nothing'} in {scheme} mode")
    finally:
        context.close()
    return problems


def wrong_switcher(page, base_url, lang, url):
    other = "zh" if lang == "en" else "en"
    expected = base_url + counterpart(lang, url)
    hrefs = page.eval_on_selector_all(f".md-header a.md-select__link[hreflang={other}]",
                                      "links => links.map(a => a.href)")
    return [] if hrefs == [expected] else [f"language switcher links to {hrefs}, not {expected}"]


def switcher_problems(browser, base_url, pages):
    """Hover the language selector and follow the other language: same page, no HTTP error."""
    context = browser.new_context(viewport=VIEWPORT)
    log, problems = [], []
    watch(context, base_url, log)
    page = context.new_page()
    listen(page, log)
    try:
        for lang, url in pages:
            other = "zh" if lang == "en" else "en"
            expected = base_url + counterpart(lang, url)
            page.goto(base_url + url, wait_until="networkidle")
            page.hover(".md-header .md-select")
            link = page.locator(f".md-header a.md-select__link[hreflang={other}]")
            href = link.evaluate("a => a.href")
            if href != expected:
                problems.append(f"/{url}: switcher links to {href}, not {expected}")
                continue
            with page.expect_navigation(wait_until="networkidle"):
                link.click()
            if page.url != expected:
                problems.append(f"/{url}: switcher landed on {page.url}, not {expected}")
            html_lang = page.evaluate("() => document.documentElement.lang")
            if html_lang != other:
                problems.append(f"/{url}: switcher landed on a page with lang={html_lang!r}")
            # Leaving the page cancels what it was still loading (a lazy figure): net::ERR_ABORTED
            # is the click's doing, not the site's. A missing file still shows as its HTTP 404.
            problems.extend(f"/{url}: {entry}" for entry in log
                            if not (entry.startswith("request failed:") and entry.endswith("(net::ERR_ABORTED)")))
            log.clear()
    finally:
        context.close()
    return problems


def search(page, base_url, lang, query):
    """Search `query` from the home page of `lang`; the result links (absolute, no query)."""
    page.goto(base_url + lang_root(lang), wait_until="networkidle")
    box = page.locator("input.md-search__input")
    box.click()
    box.fill(query)
    box.press("End")  # Material searches on keyup; fill() and type() of CJK send none
    page.wait_for_function(
        """() => document.querySelector('.md-search-result__list').children.length > 0 ||
                 /\\b0\\b|没有|No matching/.test(document.querySelector('.md-search-result__meta').textContent)""",
        timeout=10_000)
    hrefs = page.eval_on_selector_all(".md-search-result__item a", "els => els.map(a => a.href)")
    return sorted({href.split("?")[0].split("#")[0] for href in hrefs})


def search_problems(browser, base_url, searches=SEARCHES):
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    problems = []
    try:
        for lang, query, must in searches:
            found = search(page, base_url, lang, query)
            where = f"search {query!r} on the {lang} site"
            if not found:
                problems.append(f"{where}: no results")
                continue
            paths = [href[len(base_url):] if href.startswith(base_url) else href for href in found]
            foreign = [p for p in paths if (p.startswith("en/") or "://" in p) != (lang == "en")]
            if foreign:
                problems.append(f"{where}: pages of another language {foreign}")
            if lang_root(lang) + must not in paths:
                problems.append(f"{where}: /{lang_root(lang)}{must} not among {paths}")
    finally:
        context.close()
    return problems


# ---------------------------------------------------------------------------
# The gates, on the real site
# ---------------------------------------------------------------------------

def test_every_page_loads_cleanly_and_stays_on_site(browser, site_dir, base_url):
    pages = page_urls(site_dir)
    assert len(pages) >= 23, pages  # 11 pages per language and the 404 page
    problems = load_problems(browser, base_url, pages)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_figures_follow_the_colour_scheme(browser, site_dir, base_url, scheme):
    urls = [url for _, url in page_urls(site_dir)
            if "#only-dark" in page_file(site_dir, url).read_text(encoding="utf-8")]
    assert urls, "no page has #only-dark figures"
    problems = figure_problems(browser, base_url, urls, scheme)
    assert not problems, "\n".join(problems)


# Following the switcher is tried on the home pages (absolute links), a chapter and the
# notebook page, both ways; test_every_page_loads_cleanly checks its target on every page.
FOLLOW = [("zh", ""), ("en", "en/"), ("zh", "weights/"), ("en", "en/weights/"),
          ("zh", "playground/"), ("en", "en/playground/")]


def test_language_switcher_keeps_the_page(browser, site_dir, base_url):
    existing = set(page_urls(site_dir))
    assert set(FOLLOW) <= existing, set(FOLLOW) - existing
    problems = switcher_problems(browser, base_url, FOLLOW)
    assert not problems, "\n".join(problems)


def test_no_sitemap_is_requested_beside_pages(site_dir):
    """Material fetches sitemap.xml beside every <link rel=alternate>: none may remain."""
    offenders = [url for _, url in page_urls(site_dir)
                 if re.search(r'<link rel="alternate" href="[^"]*" hreflang=',
                              page_file(site_dir, url).read_text(encoding="utf-8"))]
    assert not offenders, f"pages with <link rel=alternate hreflang> (each costs a 404): {offenders}"


def test_search_finds_each_language_in_its_own_pages(browser, base_url):
    problems = search_problems(browser, base_url)
    assert not problems, "\n".join(problems)


# ---------------------------------------------------------------------------
# Self-tests: each gate fails on a deliberately broken copy of the site
# ---------------------------------------------------------------------------

CDN = '<script src="https://cdn.jsdelivr.net/npm/left-pad@1.3.0/index.js"></script>'


@pytest.fixture(scope="module")
def broken(site_dir, tmp_path_factory):
    """A copy of the site with one defect per gate; yields (base url, site copy)."""
    copy = tmp_path_factory.mktemp("broken") / "site"
    shutil.copytree(site_dir, copy)

    def edit(rel, old, new):
        path = copy / rel
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{rel}: {old!r} not found"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    # load gate: a CDN script, a missing image, the old sitemap-fetching head link
    edit("index.html", "</head>", CDN + '<link rel="alternate" href="weights/" hreflang="zh"></head>')
    edit("index.html", "</article>", '<img src="missing.png" alt="x"></article>')
    # load gate: a notebook cell id as nbconvert writes it, which no copy button can select
    edit("en/playground/index.html", 'id="cell-softmax"', 'id="cell-id=softmax"')
    # figure gate: the dark and light figures of one page swapped
    edit("weights/index.html", "-dark.svg#only-dark", "-dark.svg#only-light")
    # switcher gate: the English weights page links to the Chinese home page
    edit("en/weights/index.html", 'href="../../weights/" hreflang="zh"', 'href="../../" hreflang="zh"')
    # search gate: the upstream behaviour, one merged index for both languages
    zh_index = json.loads((copy / "search/search_index.json").read_text(encoding="utf-8"))
    en_index = json.loads((copy / "en/search/search_index.json").read_text(encoding="utf-8"))
    merged = {**zh_index, "docs": zh_index["docs"] + [
        {**doc, "location": "en/" + doc["location"]} for doc in en_index["docs"]]}
    (copy / "search/search_index.json").write_text(json.dumps(merged), encoding="utf-8")
    edit("en/index.html", '"base": "../en/"', '"base": ".."')  # en home searches the root index
    with serve(copy, site_path()) as url:
        yield url, copy


def test_self_load_gate_catches_cdn_image_sitemap_404_and_switcher(browser, broken):
    base_url, _ = broken
    pages = [("zh", ""), ("en", "en/weights/"), ("en", "en/playground/")]
    problems = "\n".join(load_problems(browser, base_url, pages, at_once=2))  # two batches
    assert "request leaves the site: https://cdn.jsdelivr.net" in problems, problems
    assert "image not loaded: missing.png" in problems, problems
    assert re.search(r"HTTP 404: \S*/attention/weights/sitemap.xml", problems), problems
    assert "/en/weights/: language switcher links to" in problems, problems
    assert "/en/playground/: copy button has an invalid target: #__code_cell-id=softmax > code" in problems, problems


def test_self_figure_gate_catches_swapped_figures(browser, broken):
    base_url, _ = broken
    assert figure_problems(browser, base_url, ["weights/"], "dark")


def test_self_switcher_gate_catches_a_wrong_link(browser, broken):
    base_url, _ = broken
    problems = switcher_problems(browser, base_url, [("en", "en/weights/")])
    assert any("switcher links to" in p for p in problems), problems


def test_self_search_gate_catches_a_merged_index(browser, broken):
    base_url, _ = broken
    problems = search_problems(browser, base_url, [("en", "softmax", "weights/")])
    assert any("pages of another language" in p for p in problems), problems
