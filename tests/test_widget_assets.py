"""The one rule that loads the widgets' assets: overrides/partials/widgets.html.

A widget's root says data-widget="NAME" (playground, explorer, exercises); a page that
carries one links assets/stylesheets/NAME.css in <head> and, at the end of <body>,
widgets-core.js and then assets/javascripts/NAME.js, each exactly once; a page without
a widget links none of them. Checked three ways: the partial rendered for pages at every
depth (zh at the root, en under /en/, with and without directory URLs), every page of the
built site (each link resolves to a shipped file), and the JavaScript itself (softmax and
the colours exist once, in widgets-core.js).
"""
import posixpath
import re
import types
from pathlib import Path

import pytest

from attention_site import exercises
from attention_site.widgets import explorer, playground

ROOT = Path(__file__).resolve().parent.parent
PARTIAL = ROOT / "overrides" / "partials" / "widgets.html"
JAVASCRIPTS = ROOT / "docs" / "assets" / "javascripts"
STYLESHEETS = ROOT / "docs" / "assets" / "stylesheets"
CORE = "widgets-core.js"


def names():
    """The widgets the partial knows, in its order."""
    found = re.search(r"\{%-? set names = \[([^\]]*)\]", PARTIAL.read_text(encoding="utf-8"))
    assert found, f"{PARTIAL}: no `set names = [...]`"
    return re.findall(r'"([a-z-]+)"', found.group(1))


def rendered_roots():
    """{name: markup} of each widget as the build renders it."""
    return {"playground": playground.render("en"), "explorer": explorer.render("en"),
            "exercises": exercises.embed("why", "en")}


def assets(html):
    """(stylesheet hrefs, script srcs) in `html`, in document order."""
    styles = re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)
    scripts = re.findall(r'<script src="([^"]+)"', html)
    return styles, scripts


# --- the partial, rendered ---------------------------------------------------------------

def render_partial(url, content):
    """What the partial's styles() and scripts() write for a page at `url` whose HTML is `content`."""
    from mkdocs.theme import Theme

    env = Theme(name="material", custom_dir=str(ROOT / "overrides")).get_env()
    template = env.from_string('{% import "partials/widgets.html" as widgets with context %}'
                               "{{ widgets.styles() }}\n@@\n{{ widgets.scripts() }}")
    page = types.SimpleNamespace(url=url, content=content)
    head, body = template.render(page=page, base_url=".").split("@@")
    return head, body


# zh at the root, en under en/, the home pages, and flat URLs (use_directory_urls: false)
PAGES = [("weights/", "../"), ("en/weights/", "../../"), ("", ""), ("en/", "../"),
         ("weights.html", ""), ("en/weights.html", "../")]


def test_every_widget_names_itself_once_with_a_name_the_partial_knows():
    assert names() == ["playground", "explorer", "exercises"]
    for name, markup in rendered_roots().items():
        assert re.findall(r'data-widget="([a-z-]+)"', markup) == [name], name
        assert "<script" not in markup and "<link" not in markup, name  # the template links, not the markup
    for name in names():
        assert (STYLESHEETS / f"{name}.css").is_file() and (JAVASCRIPTS / f"{name}.js").is_file(), name
    assert (JAVASCRIPTS / CORE).is_file()


@pytest.mark.parametrize("url, up", PAGES)
@pytest.mark.parametrize("name", ["playground", "explorer", "exercises"])
def test_a_widget_page_links_its_assets_once_relative_to_itself(name, url, up):
    head, body = render_partial(url, "<p>x</p>" + rendered_roots()[name])
    assert assets(head) == ([f"{up}assets/stylesheets/{name}.css"], [])
    assert assets(body) == ([], [f"{up}assets/javascripts/{CORE}", f"{up}assets/javascripts/{name}.js"])


def test_a_page_with_several_widgets_loads_the_core_first_and_once():
    roots = rendered_roots()
    head, body = render_partial("explorer/", roots["exercises"] + roots["explorer"] + roots["playground"])
    assert assets(head)[0] == [f"../assets/stylesheets/{n}.css" for n in names()]
    assert assets(body)[1] == [f"../assets/javascripts/{n}" for n in (CORE, "playground.js", "explorer.js",
                                                                      "exercises.js")]


@pytest.mark.parametrize("content", ["<p>No widget here.</p>", "", None,
                                     '<p data-attention-explorer-like="x">data-widget="gallery"</p>'])
def test_a_page_without_a_widget_links_none(content):
    head, body = render_partial("en/glossary/", content)
    assert assets(head) == assets(body) == ([], [])


# --- the JavaScript: one copy of the maths and the colours ---------------------------------

SHARED = ("softmax", "rgb", "luminance", "contrast", "shade", "textOn")


@pytest.mark.parametrize("name", ["playground", "explorer", "exercises"])
def test_widget_scripts_keep_only_their_wiring(name):
    text = (JAVASCRIPTS / f"{name}.js").read_text(encoding="utf-8")
    for function in SHARED:
        assert not re.search(rf"function {function}\s*\(", text), (name, function)
    assert "document$" not in text and "DOMContentLoaded" not in text, name  # the start-up is start()'s
    assert "attentionWidgets" in text, name


def test_the_core_defines_each_shared_function_once():
    text = (JAVASCRIPTS / CORE).read_text(encoding="utf-8")
    for function in SHARED + ("start",):
        assert len(re.findall(rf"function {function}\s*\(", text)) == 1, function


# --- the built site ------------------------------------------------------------------------

@pytest.mark.site
def test_every_built_page_loads_exactly_its_widgets_assets(site_dir):
    from tests.served import page_file, page_urls

    seen = {name: set() for name in names()}
    for lang, url in page_urls(site_dir):
        html = page_file(site_dir, url).read_text(encoding="utf-8")
        head, body = html.split("</head>", 1)
        here = posixpath.dirname(page_file(site_dir, url).relative_to(site_dir).as_posix())
        on_page = [name for name in names() if f'data-widget="{name}"' in body]
        for name in on_page:
            seen[name].add(lang)
        styles, scripts = assets(html)
        ours = [href for href in styles + scripts
                if posixpath.basename(href) in {CORE} | {f"{n}.css" for n in names()} | {f"{n}.js" for n in names()}]
        expected_styles = [f"{n}.css" for n in on_page]
        expected_scripts = ([CORE] if on_page else []) + [f"{n}.js" for n in on_page]
        assert [posixpath.basename(h) for h in assets(head)[0] if h in ours] == expected_styles, url
        assert [posixpath.basename(s) for s in assets(body)[1] if s in ours] == expected_scripts, url
        assert not [h for h in assets(body)[0] if h in ours], url  # stylesheets in <head> only
        for href in ours:  # relative to the page, and shipped with the site
            assert (Path(site_dir) / posixpath.normpath(posixpath.join(here, href))).is_file(), (url, href)
    assert all(seen[name] == {"zh", "en"} for name in names()), seen  # the check saw every widget
