"""Build-time figures (snippets/figures) and their hook (hooks/figures.py).

Every figure renders in both languages and both themes, as SVG with real text
labels, no missing glyphs, at most 30 KB, byte-identical from one render (and
process) to the next; alt text is computed from the data; failures name the
figure. The `site` tests check the built pages carry both variants.
"""
import hashlib
import html as html_lib
import importlib.util
import json
import os
import re
import subprocess
import sys
import types
import warnings
import xml.etree.ElementTree as ET
from pathlib import Path

import autocorrect_py
import numpy as np
import pytest
from mkdocs.exceptions import PluginError

from snippets import figures, sentence
from snippets.figures import style

ROOT = Path(__file__).resolve().parents[1]
SVG_NS = "{http://www.w3.org/2000/svg}"
CJK = re.compile(r"[\u4e00-\u9fff]")
MAX_BYTES = 30_000
CASES = [(n, lang, theme) for n in figures.NAMES for lang in figures.LANGS for theme in figures.THEMES]

# A label each figure must show as <text>: Chinese in zh, English in en.
LABELS = {
    "library": {"zh": "《猫咪饲养手册》", "en": "Cat Care Handbook"},
    "softmax": {"zh": "原始分数", "en": "Raw scores"},
    "temperature": {"zh": "更尖锐", "en": "sharper"},
    "heatmap": {"zh": "被看的词", "en": "word looked at"},
    "asymmetry": {"zh": "它→猫", "en": "it→cat"},
    "mix": {"zh": "新的「它」", "en": "new \"it\""},
    "cost": {"zh": "注意力", "en": "attention"},
}
# Where the pages place each figure (docs/<lang>/<page>.md).
PLACEMENT = {
    "library": "library", "asymmetry": "word-vectors", "softmax": "weights",
    "temperature": "weights", "heatmap": "weights", "mix": "weighted-sum", "cost": "why",
}


@pytest.fixture(scope="module")
def rendered():
    """Every (name, lang, theme) rendered once, with every warning an error."""
    out = {}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for case in CASES:
            out[case] = figures.render(*case)
    return out


def svg_texts(svg):
    """All text the SVG draws (<text> and its <tspan>s), one string per <text>."""
    tree = ET.fromstring(svg)
    return ["".join(t.itertext()) for t in tree.iter(f"{SVG_NS}text")]


def test_registry_has_the_seven_figures():
    assert set(figures.NAMES) == set(LABELS) == set(PLACEMENT)


@pytest.mark.parametrize("case", CASES, ids=lambda c: "-".join(c))
def test_figure_renders_as_small_svg_with_text_labels(rendered, case):
    name, lang, _ = case
    svg = rendered[case]
    assert svg.startswith(b"<?xml") and b"<svg" in svg
    assert len(svg) <= MAX_BYTES, f"{name}: {len(svg)} bytes"
    texts = svg_texts(svg)
    assert any(LABELS[name][lang] in t for t in texts), texts
    other = "en" if lang == "zh" else "zh"
    assert not any(LABELS[name][other] in t for t in texts)
    # labels are text, not glyph outlines; the browser gets a CJK-capable family list
    assert b'id="DejaVuSans-' not in svg and b"NotoSansCJK" not in svg
    assert b"text {font-family: 'Noto Sans CJK SC'" in svg and b"'Microsoft YaHei'" in svg
    assert b"<!--" not in svg  # no leftover comments
    if lang == "zh":
        assert any(CJK.search(t) for t in texts)


def test_light_and_dark_differ_only_in_colour(rendered):
    for name in figures.NAMES:
        light, dark = rendered[(name, "zh", "light")], rendered[(name, "zh", "dark")]
        assert light != dark
        assert svg_texts(light) == svg_texts(dark)
        tags = [[element.tag for element in ET.fromstring(svg).iter()] for svg in (light, dark)]
        assert tags[0] == tags[1]


def test_dark_theme_uses_light_text(rendered):
    for name in figures.NAMES:
        assert style.THEMES["dark"].text.encode() in rendered[(name, "en", "dark")]
        assert style.THEMES["light"].text.encode() in rendered[(name, "en", "light")]


def test_no_warnings_while_rendering():
    """Glyph warnings (and any other) are errors; render a few figures afresh."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for name in ("heatmap", "library", "asymmetry"):
            figures.render(name, "zh", "dark")


def test_a_missing_glyph_stops_the_figure(monkeypatch):
    """The guard is live: a label drawn in a font without 它 fails the render, naming the figure."""
    def draw(lang, theme):
        fig = style.new_figure((2, 1))
        fig.text(0.1, 0.5, "它", fontfamily="DejaVu Sans")
        return fig

    monkeypatch.setitem(figures.FIGURES, "mix", types.SimpleNamespace(draw=draw))
    with pytest.raises(figures.FigureError, match=r"'mix'.*Glyph"):
        figures.render("mix", "zh", "light")


def test_bytes_stable_within_a_process(rendered):
    for case in [("heatmap", "zh", "light"), ("asymmetry", "en", "dark"), ("cost", "zh", "dark")]:
        assert figures.render(*case) == rendered[case]


RENDER_ALL = """
import hashlib, json
from snippets import figures
print(json.dumps({"-".join(c): hashlib.sha256(figures.render(*c)).hexdigest()
                  for c in [(n, l, t) for n in figures.NAMES for l in figures.LANGS for t in figures.THEMES]}))
"""


def test_bytes_stable_across_processes(rendered):
    runs = []
    for seed in ("1", "2"):  # different hash seeds: nothing may depend on set/dict order
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": seed}
        runs.append(subprocess.Popen([sys.executable, "-c", RENDER_ALL], cwd=ROOT, env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    digests = []
    for run in runs:
        out, err = run.communicate(timeout=300)
        assert run.returncode == 0, err
        digests.append(json.loads(out))
    here = {"-".join(c): hashlib.sha256(svg).hexdigest() for c, svg in rendered.items()}
    assert digests[0] == digests[1] == here


def test_ids_differ_between_figures(rendered):
    """A fixed salt per figure: two figures on one page never share element ids."""
    ids = {case: set(re.findall(rb'id="(p[0-9a-f]{10})"', svg)) for case, svg in rendered.items()}
    seen = {}
    for case, found in ids.items():
        for element_id in found:
            assert element_id not in seen, f"{case} and {seen[element_id]} share id {element_id}"
            seen[element_id] = case


@pytest.mark.parametrize("name", figures.NAMES)
def test_scales_start_at_zero(name):
    """Every bar axis and every colour scale of a figure begins at 0."""
    import matplotlib
    from matplotlib.collections import QuadMesh

    theme = style.THEMES["light"]
    with matplotlib.rc_context(style.rc(theme)):
        fig = figures.FIGURES[name].draw("en", theme)
    checked = 0
    for ax in fig.axes:
        for mesh in (c for c in ax.collections if isinstance(c, QuadMesh)):
            assert mesh.norm.vmin == 0, f"{name}: colour scale from {mesh.norm.vmin}"
            checked += 1
        rects = [r for container in ax.containers for r in container]
        horizontal = any(getattr(c, "orientation", None) == "horizontal" for c in ax.containers)
        low = ax.get_xlim()[0] if horizontal else ax.get_ylim()[0]
        if rects:  # bars, stacked or not, grow from 0
            assert min(r.get_x() if horizontal else r.get_y() for r in rects) == 0, name
            checked += 1
        if (rects or ax.lines) and ax.axison:
            assert low == 0, f"{name}: axis from {low}"
            checked += 1
    assert checked


# -- alt text and captions ------------------------------------------------------

def pct(x):
    return f"{x * 100:.0f}%"


def test_heatmap_alt_text_quotes_the_computed_weight():
    weights = sentence.sentence_weights()
    share = pct(weights[0, 3])
    assert f"「它」把 {share} 的注意力给了「猫」" in figures.alt_text("heatmap", "zh")
    assert f"“it” gives {share} of its attention to “cat”" in figures.alt_text("heatmap", "en")


def test_alt_text_follows_the_data(monkeypatch):
    """Change the weights and the alt text changes: it is computed, not typed."""
    fake = np.full((4, 4), 0.25)
    fake[0] = [0.1, 0.2, 0.6, 0.1]  # 它 now looks at 一只 most
    monkeypatch.setattr(sentence, "sentence_weights", lambda: fake)
    assert "「它」把 60% 的注意力给了「一只」" in figures.alt_text("heatmap", "zh")
    assert "“it” gives 60% of its attention to “a”" in figures.alt_text("heatmap", "en")


@pytest.mark.parametrize("name", figures.NAMES)
def test_alt_text_and_caption_in_the_page_language(name):
    zh_alt, en_alt = figures.alt_text(name, "zh"), figures.alt_text(name, "en")
    assert CJK.search(zh_alt) and re.search(r"\d", zh_alt)
    assert re.search(r"\d", en_alt) and not CJK.search(en_alt.replace("W_Q", ""))
    assert CJK.search(figures.caption(name, "zh")) and not CJK.search(figures.caption(name, "en"))
    for text in (zh_alt, figures.caption(name, "zh")):  # 中英文排版, like the pages
        assert not autocorrect_py.lint_for(text + "\n", "md").lines, text


def test_alt_text_with_markdown_characters_is_refused(monkeypatch):
    monkeypatch.setitem(figures.FIGURES, "mix", types.SimpleNamespace(alt=lambda lang: "a ] b"))
    with pytest.raises(figures.FigureError, match="'mix'"):
        figures.alt_text("mix", "en")


# -- bad input and failures -----------------------------------------------------

def test_unknown_figure_raises():
    with pytest.raises(ValueError, match="unknown figure 'nope'"):
        figures.render("nope", "zh", "light")
    with pytest.raises(ValueError, match="unknown figure 'nope'"):
        figures.embed("nope", "zh", "zh/weights.md")
    with pytest.raises(ValueError, match="unknown language"):
        figures.render("heatmap", "fr", "light")
    with pytest.raises(ValueError, match="unknown theme"):
        figures.render("heatmap", "zh", "sepia")
    with pytest.raises(TypeError):
        figures.render(None, "zh", "light")


def test_a_failing_figure_names_itself(monkeypatch):
    def broken(lang, theme):
        return 1 / 0

    monkeypatch.setattr(figures.FIGURES["heatmap"], "draw", broken)
    with pytest.raises(figures.FigureError, match=r"figure 'heatmap' \(zh, dark\) failed: ZeroDivisionError"):
        figures.render("heatmap", "zh", "dark")


# -- embedding --------------------------------------------------------------------

def test_embed_gives_both_variants_with_paths_relative_to_the_page():
    markdown = figures.embed("heatmap", "en", "en/weights.md")
    assert "](figures/heatmap-light.svg#only-light)" in markdown
    assert "](figures/heatmap-dark.svg#only-dark)" in markdown
    assert f"![{figures.alt_text('heatmap', 'en')}]" in markdown
    assert f"<figcaption>{figures.caption('heatmap', 'en')}</figcaption>" in markdown
    nested = figures.embed("heatmap", "zh", "zh/deep/page.md")
    assert "](../figures/heatmap-light.svg#only-light)" in nested
    with pytest.raises(ValueError, match="not a 'zh' page"):
        figures.embed("heatmap", "zh", "en/weights.md")


def test_embed_declares_the_svg_size(rendered):
    width, height = figures.size_px("softmax")
    assert f'width="{width}" height="{height}"' in figures.embed("softmax", "zh", "zh/weights.md")
    root = ET.fromstring(rendered[("softmax", "zh", "light")])
    assert float(root.get("width").removesuffix("pt")) * 96 / 72 == pytest.approx(width, abs=1)


# -- the hook ---------------------------------------------------------------------

def load_hook():
    spec = importlib.util.spec_from_file_location("figures_hook_under_test", ROOT / "hooks" / "figures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class FakePlugins(dict):
    _current_plugin = "hooks/figures.py"


def fake_config(tmp_path, current):
    plugins = FakePlugins(i18n=types.SimpleNamespace(current_language=current, default_language="zh"))
    return types.SimpleNamespace(site_dir=str(tmp_path / "site"), use_directory_urls=True, plugins=plugins,
                                 config_file_path=str(tmp_path / "mkdocs.yml"))  # disk cache: tmp_path/.cache


def test_hook_serves_each_language_where_the_i18n_plugin_expects(tmp_path, monkeypatch):
    hook = load_hook()
    monkeypatch.setattr(figures, "render", lambda name, lang, theme: f"<svg>{name}{lang}{theme}</svg>".encode())
    from mkdocs.structure.files import Files

    zh = hook.on_files(Files([]), fake_config(tmp_path, "zh"))
    en = hook.on_files(Files([]), fake_config(tmp_path, "en"))
    assert len(zh) == len(en) == len(figures.NAMES) * len(figures.THEMES)
    zh_file = zh.get_file_from_path("zh/figures/heatmap-dark.svg")
    en_file = en.get_file_from_path("en/figures/heatmap-dark.svg")
    assert zh_file.dest_uri == "figures/heatmap-dark.svg" and zh_file.url == "figures/heatmap-dark.svg"
    assert en_file.dest_uri == "en/figures/heatmap-dark.svg"
    assert en_file.content_bytes == b"<svg>heatmapendark</svg>"
    for file, lang in ((zh_file, "zh"), (en_file, "en")):
        assert (file.locale, file.localization, file.norm_src_uri) == (lang, lang, "figures/heatmap-dark.svg")
        assert file.alternates == {lang: file}


def test_hook_does_not_rerender_unchanged_snippets(tmp_path, monkeypatch):
    hook = load_hook()
    calls = []
    monkeypatch.setattr(figures, "render", lambda *case: calls.append(case) or b"<svg/>")
    from mkdocs.structure.files import Files

    hook.on_files(Files([]), fake_config(tmp_path, "zh"))
    first = len(calls)
    hook.on_files(Files([]), fake_config(tmp_path, "zh"))
    assert first == len(figures.NAMES) * len(figures.THEMES) and len(calls) == first
    monkeypatch.setattr(hook, "snippets_digest", lambda path: "edited")  # a snippets/ edit
    hook.on_files(Files([]), fake_config(tmp_path, "zh"))
    assert len(calls) == 2 * first


def test_disk_cache_serves_a_new_process_and_follows_snippets(tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(figures, "render", lambda *case: calls.append(case) or f"<svg>{case}</svg>".encode())
    from mkdocs.structure.files import Files

    load_hook().on_files(Files([]), fake_config(tmp_path, "en"))
    count = len(figures.NAMES) * len(figures.THEMES)
    assert len(calls) == count and len(list((tmp_path / ".cache" / "figures").glob("*.svg"))) == count
    fresh = load_hook()  # a new build process: empty memory, same disk cache
    files = fresh.on_files(Files([]), fake_config(tmp_path, "en"))
    assert len(calls) == count  # nothing re-rendered
    assert files.get_file_from_path("en/figures/mix-dark.svg").content_bytes == b"<svg>('mix', 'en', 'dark')</svg>"
    monkeypatch.setattr(fresh, "snippets_digest", lambda path: "edited")  # a snippets/ edit
    fresh.on_files(Files([]), fake_config(tmp_path, "en"))
    assert len(calls) == 2 * count  # re-rendered, and the stale files replaced
    assert len(list((tmp_path / ".cache" / "figures").glob("*.svg"))) == count
    monkeypatch.setenv("FIGURE_CACHE", "off")
    load_hook().on_files(Files([]), fake_config(tmp_path, "en"))
    assert len(calls) == 3 * count


def test_snippets_digest_changes_with_the_source(tmp_path):
    hook = load_hook()
    (tmp_path / "a.py").write_text("x = 1\n")
    before = hook.snippets_digest(tmp_path)
    assert hook.snippets_digest(tmp_path) == before
    (tmp_path / "a.py").write_text("x = 2\n")
    assert hook.snippets_digest(tmp_path) != before


def test_hook_names_a_failing_figure(tmp_path, monkeypatch):
    hook = load_hook()

    def broken(lang, theme):
        raise RuntimeError("boom")

    first = figures.NAMES[0]  # fails before any other figure is drawn
    monkeypatch.setattr(figures.FIGURES[first], "draw", broken)
    from mkdocs.structure.files import Files

    with pytest.raises(PluginError, match=rf"figure '{first}' \(zh, light\).*boom"):
        hook.on_files(Files([]), fake_config(tmp_path, "zh"))


# -- the built site ---------------------------------------------------------------

IMG = re.compile(r'<img alt="([^"]+)"[^>]*src="([^"]+)#only-(light|dark)"')


@pytest.mark.site
@pytest.mark.parametrize("lang", figures.LANGS)
def test_site_pages_show_both_variants_of_their_figures(site_dir, lang):
    prefix = site_dir if lang == "zh" else site_dir / "en"
    for name, page in PLACEMENT.items():
        html_path = prefix / page / "index.html"
        html = html_path.read_text(encoding="utf-8")
        start = html.index(f'id="fig-{name}"')
        block = html[start:html.index("</figure>", start)]
        found = {theme: (alt, src) for alt, src, theme in IMG.findall(block)}
        assert set(found) == {"light", "dark"}, f"{lang}/{page}: {name}"
        for theme, (alt, src) in found.items():
            assert src == f"../figures/{name}-{theme}.svg"
            target = (html_path.parent / src).resolve()
            assert target.is_file() and target.stat().st_size <= MAX_BYTES
            assert html_lib.unescape(alt) == figures.alt_text(name, lang)


@pytest.mark.site
def test_site_svgs_are_the_rendered_bytes(site_dir, rendered):
    for (name, lang, theme), svg in rendered.items():
        prefix = site_dir if lang == "zh" else site_dir / "en"
        assert (prefix / "figures" / f"{name}-{theme}.svg").read_bytes() == svg


@pytest.mark.site
def test_build_log_has_no_glyph_warnings(build_log):
    assert "Glyph" not in build_log and "missing from font" not in build_log
    assert re.search(r"figures: zh: 14 figures ready", build_log)


@pytest.mark.site
@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_browser_shows_the_variant_of_the_colour_scheme(browser, site_url, scheme):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    try:
        for path in ("weights/", "en/weights/"):
            page.goto(site_url + path)
            for name in ("softmax", "temperature", "heatmap"):
                figure = page.locator(f"#fig-{name}")
                figure.scroll_into_view_if_needed()
                visible = figure.locator(f'img[src$="#only-{scheme}"]')
                hidden = figure.locator('img[src$="#only-{}"]'.format("dark" if scheme == "light" else "light"))
                assert visible.is_visible() and not hidden.is_visible(), f"{path} {name} {scheme}"
                visible.evaluate("img => img.decode()")
                assert visible.evaluate("img => img.naturalWidth") > 0
    finally:
        context.close()
