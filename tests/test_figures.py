"""Build-time figures (attention_site/figures) and their hook (hooks/figures.py).

Every figure renders in both languages, both themes and both layouts (wide, phone),
as SVG with real text labels, no missing glyphs, at most 30 KB, byte-identical from
one render (and process) to the next; alt text is computed from the data; failures
name the figure. Phone layouts keep every text >= 11 CSS px in a 328-px column.

Every figure is drawn once per test session (the `rendered` fixture) and every check of the
drawn bytes reads them from there; the checks that need a second drawing (in this process, in
other processes, in the build's worker processes) draw two or three figures again, not all.

Figures are read back against their data: the SVG's cells, bars and lines are
mapped to data values through the drawn tick labels and tick positions (the cell at
row i, column j of the heatmap shows weights[i, j]; a bar's height is its weight),
in both languages and layouts, with data from the same functions the figures use.
The `site` tests check the built pages carry both variants.
"""
import concurrent.futures
import gc
import hashlib
import html as html_lib
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
from mkdocs.structure.files import Files

from attention_site import figures
from attention_site.figures import drawings, sources, style, workers
from attention_site.figures import files as figure_files
from snippets import sentence
from tests import helpers

ROOT = Path(__file__).resolve().parents[1]
SVG_NS = "{http://www.w3.org/2000/svg}"
CJK = re.compile(r"[\u4e00-\u9fff]")
MAX_BYTES = 30_000
CASES = [(n, lang, theme, layout) for n in figures.NAMES for lang in figures.LANGS for theme in figures.THEMES
         for layout in figures.LAYOUTS]
PHONE_COLUMN_PX = 328  # the text column of a 360-px phone
MIN_PHONE_TEXT_PX = 11

# A label each figure must show as <text>: Chinese in zh, English in en.
LABELS = {
    "library": {"zh": "《猫咪饲养手册》", "en": "Cat Care Handbook"},
    "softmax": {"zh": "之前的分数", "en": "Scores before softmax"},
    "temperature": {"zh": "更尖锐", "en": "sharper"},
    "heatmap": {"zh": "被看的词", "en": "word looked at"},
    "asymmetry": {"zh": "它→猫", "en": "it (它)→cat (猫)"},
    "mix": {"zh": "新的「它」", "en": "new it (它)"},
    "cost": {"zh": "注意力", "en": "attention"},
}
# Where the pages place each figure (docs/<lang>/<page>.md).
PLACEMENT = {
    "library": "library", "asymmetry": "asymmetry", "softmax": "weights",
    "temperature": "softmax", "heatmap": "weights", "mix": "weighted-sum", "cost": "order-and-cost",
}


@pytest.fixture(scope="session")
def drawing():
    """Every (name, lang, theme, layout) rendered once per test session, and every warning the
    renders gave: ({case: SVG bytes}, [warnings])."""
    out = {}
    gc.collect()  # garbage of earlier tests (a notebook kernel's unclosed socket) warns now, not below
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for case in CASES:
            out[case] = figures.render(*case)
    return out, caught


@pytest.fixture(scope="session")
def rendered(drawing):
    return drawing[0]


def svg_texts(svg):
    """All text the SVG draws (<text> and its <tspan>s), one string per <text>."""
    tree = ET.fromstring(svg)
    return ["".join(t.itertext()) for t in tree.iter(f"{SVG_NS}text")]


def test_registry_has_the_seven_figures():
    assert set(figures.NAMES) == set(LABELS) == set(PLACEMENT)


@pytest.mark.parametrize("case", CASES, ids=lambda c: "-".join(c))
def test_figure_renders_as_small_svg_with_text_labels(rendered, case):
    name, lang, _, _ = case
    svg = rendered[case]
    assert svg.startswith(b"<?xml") and b"<svg" in svg
    assert len(svg) <= MAX_BYTES, f"{name}: {len(svg)} bytes"
    texts = svg_texts(svg)
    assert any(LABELS[name][lang] in t for t in texts) or LABELS[name][lang] in "".join(texts), texts
    other = "en" if lang == "zh" else "zh"
    assert not any(LABELS[name][other] in t for t in texts)
    # labels are text, not glyph outlines; the browser gets a CJK-capable family list
    assert b'id="DejaVuSans-' not in svg and b"NotoSansCJK" not in svg
    assert b"text {font-family: 'Noto Sans CJK SC'" in svg and b"'Microsoft YaHei'" in svg
    assert b"<!--" not in svg  # no leftover comments
    if lang == "zh":
        assert any(CJK.search(t) for t in texts)


@pytest.mark.parametrize("layout", figures.LAYOUTS)
def test_light_and_dark_differ_only_in_colour(rendered, layout):
    for name in figures.NAMES:
        light, dark = rendered[(name, "zh", "light", layout)], rendered[(name, "zh", "dark", layout)]
        assert light != dark
        assert svg_texts(light) == svg_texts(dark)
        tags = [[element.tag for element in ET.fromstring(svg).iter()] for svg in (light, dark)]
        assert tags[0] == tags[1]
        assert geometry(light) == geometry(dark), name  # so a phone shows dark text as large as light


def geometry(svg):
    """The figure's size and where and how large each text is: what a colour scheme must not change."""
    tree = ET.fromstring(svg)
    texts = [(re.findall(r"font-size:\s*([\d.]+)", t.get("style", "")), t.get("x"), t.get("y"), t.get("transform"))
             for t in tree.iter(f"{SVG_NS}text")]
    return [tree.get(a) for a in ("width", "height", "viewBox")], texts


def test_dark_theme_uses_light_text(rendered):
    for name in figures.NAMES:
        assert style.THEMES["dark"].text.encode() in rendered[(name, "en", "dark", "phone")]
        assert style.THEMES["light"].text.encode() in rendered[(name, "en", "light", "wide")]


def test_no_warnings_while_rendering(drawing):
    """Rendering every figure gives no warning at all (a missing glyph is already an error)."""
    rendered, caught = drawing
    assert len(rendered) == len(CASES)
    assert [f"{w.category.__name__}: {w.message}" for w in caught] == []


def test_a_missing_glyph_stops_the_figure(monkeypatch):
    """The guard is live: a label drawn in a font without 它 fails the render, naming the figure."""
    def draw(lang, theme, layout):
        fig = style.new_figure((2, 1))
        fig.text(0.1, 0.5, "它", fontfamily="DejaVu Sans")
        return fig

    monkeypatch.setitem(figures.FIGURES, "mix", types.SimpleNamespace(draw=draw))
    with pytest.raises(figures.FigureError, match=r"'mix'.*Glyph"):
        figures.render("mix", "zh", "light")


STABLE_CASES = [("heatmap", "zh", "light", "wide"), ("asymmetry", "en", "dark", "phone"), ("cost", "zh", "dark", "wide")]


def test_bytes_stable_within_a_process(rendered):
    for case in STABLE_CASES:
        assert figures.render(*case) == rendered[case]


RENDER_SOME = """
import hashlib, json, sys
from attention_site import figures
cases = json.loads(sys.argv[1])
print(json.dumps({"-".join(c): hashlib.sha256(figures.render(*c)).hexdigest() for c in cases}))
"""


def test_bytes_stable_across_processes(rendered):
    """Three figures, drawn in two other processes with different hash seeds: nothing may depend
    on set/dict order. (tests/test_reproducible.py builds the whole site twice, seeds apart.)"""
    runs = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": seed}
        runs.append(subprocess.Popen([sys.executable, "-c", RENDER_SOME, json.dumps(STABLE_CASES)], cwd=ROOT,
                                     env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    digests = []
    for run in runs:
        out, err = run.communicate(timeout=300)
        assert run.returncode == 0, err
        digests.append(json.loads(out))
    here = {"-".join(c): hashlib.sha256(rendered[c]).hexdigest() for c in STABLE_CASES}
    assert digests[0] == digests[1] == here


def test_ids_differ_between_figures(rendered):
    """A fixed salt per figure: two figures on one page never share element ids."""
    ids = {case: set(re.findall(rb'id="(p[0-9a-f]{10})"', svg)) for case, svg in rendered.items()}
    seen = {}
    for case, found in ids.items():
        for element_id in found:
            assert element_id not in seen, f"{case} and {seen[element_id]} share id {element_id}"
            seen[element_id] = case


@pytest.mark.parametrize("layout", figures.LAYOUTS)
@pytest.mark.parametrize("name", figures.NAMES)
def test_scales_start_at_zero(name, layout):
    """Every bar axis and every colour scale of a figure begins at 0."""
    import matplotlib
    from matplotlib.collections import QuadMesh

    theme = style.THEMES["light"]
    with matplotlib.rc_context(style.rc(theme, layout)):
        fig = figures.FIGURES[name].draw("en", theme, layout)
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
    with pytest.raises(ValueError, match="unknown layout"):
        figures.render("heatmap", "zh", "light", "tablet")
    with pytest.raises(TypeError):
        figures.render(None, "zh", "light")


def test_a_failing_figure_names_itself(monkeypatch):
    def broken(lang, theme, layout):
        return 1 / 0

    monkeypatch.setattr(figures.FIGURES["heatmap"], "draw", broken)
    with pytest.raises(figures.FigureError, match=r"figure 'heatmap' \(zh, dark\) failed: ZeroDivisionError"):
        figures.render("heatmap", "zh", "dark")


# -- embedding --------------------------------------------------------------------

def test_embed_gives_both_variants_with_paths_relative_to_the_page():
    markup = figures.embed("heatmap", "en", "en/weights.md")
    for theme in figures.THEMES:  # served at en/weights/: figures are one folder up
        assert f'href="../figures/heatmap-{theme}.svg"' in markup  # opens full size
        assert f'src="../figures/heatmap-{theme}.svg#only-{theme}"' in markup
        assert f'media="{style.PHONE_MEDIA}" srcset="../figures/heatmap-{theme}-phone.svg"' in markup
    assert f'alt="{html_lib.escape(figures.alt_text("heatmap", "en"), quote=True)}"' in markup
    assert f"<figcaption>{figures.caption('heatmap', 'en')}</figcaption>" in markup
    assert "\n\n" not in markup.strip() and not re.search(r"^\s", markup, re.M)  # one raw HTML block
    nested = figures.embed("heatmap", "zh", "zh/deep/page.md")
    assert 'src="../../figures/heatmap-light.svg#only-light"' in nested
    home = figures.embed("heatmap", "zh", "zh/index.md")
    assert 'src="figures/heatmap-light.svg#only-light"' in home
    flat = figures.embed("heatmap", "zh", "zh/weights.md", directory_urls=False)
    assert 'src="figures/heatmap-light.svg#only-light"' in flat
    with pytest.raises(ValueError, match="not a 'zh' page"):
        figures.embed("heatmap", "zh", "en/weights.md")



def test_each_zoom_link_holds_the_image_of_its_own_theme():
    """site.css hides the link of the other scheme by its --light/--dark class (and prints the
    light one): a link must say the theme of the image and the SVG inside it."""
    markup = figures.embed("heatmap", "zh", "zh/weights.md")
    links = re.findall(r'<a class="build-figure__zoom build-figure__zoom--(\w+)" href="([^"]+)"[^>]*>(.*?)</a>',
                       markup, re.S)
    assert [theme for theme, _, _ in links] == list(figures.THEMES)
    for theme, href, inside in links:
        assert href == f"../figures/heatmap-{theme}.svg"
        assert re.findall(r'<img [^>]*src="([^"#]+)#only-(\w+)"', inside) == [(href, theme)]
        assert re.findall(r'srcset="([^"]+)"', inside) == [f"../figures/heatmap-{theme}-phone.svg"]


def test_embed_escapes_the_caption_and_the_alt_text(monkeypatch):
    """The caption is element text (& < > escaped, quotes as typed), the alt text an attribute."""
    caption = 'Weights <b> & "quotes"'
    monkeypatch.setitem(figures.FIGURES["heatmap"].CAPTION, "en", caption)
    monkeypatch.setattr(figures.FIGURES["heatmap"], "alt", lambda lang: 'a "quoted" word & more')
    markup = figures.embed("heatmap", "en", "en/weights.md")
    assert f"<figcaption>{html_lib.escape(caption, quote=False)}</figcaption>" in markup
    assert "<b>" not in markup
    assert markup.count('alt="a &quot;quoted&quot; word &amp; more"') == len(figures.THEMES)

def test_embed_declares_the_svg_sizes(rendered):
    width, height = figures.size_px("softmax")
    phone_width, phone_height = figures.size_px("softmax", "phone")
    markup = figures.embed("softmax", "zh", "zh/weights.md")
    assert f'width="{width}" height="{height}"' in markup
    assert f'width="{phone_width}" height="{phone_height}"' in markup
    for layout, expected in (("wide", width), ("phone", phone_width)):
        root = ET.fromstring(rendered[("softmax", "zh", "light", layout)])
        assert float(root.get("width").removesuffix("pt")) * 96 / 72 == pytest.approx(expected, abs=1)


def font_sizes(svg):
    """Every font-size (viewBox units) of a text or tspan that draws something."""
    sizes = []
    for element in ET.fromstring(svg).iter():
        if element.tag in (f"{SVG_NS}text", f"{SVG_NS}tspan") and "".join(element.itertext()).strip():
            match = re.search(r"font-size:\s*([\d.]+)px", element.get("style") or "")
            if match:
                sizes.append(float(match.group(1)))
    return sizes


@pytest.mark.parametrize("name", figures.NAMES)
@pytest.mark.parametrize("lang", figures.LANGS)
def test_phone_layout_text_is_at_least_11_px_in_a_phone_column(rendered, name, lang):
    """Shown 328 px wide (a 360-px phone), the smallest text of the phone SVG is >= 11 CSS px;
    the phone figure is no wider than a phone's column, so it is never scaled up."""
    svg = rendered[(name, lang, "light", "phone")]
    view_width = float(ET.fromstring(svg).get("viewBox").split()[2])
    smallest = min(font_sizes(svg)) * PHONE_COLUMN_PX / view_width
    assert smallest >= MIN_PHONE_TEXT_PX, f"{name} ({lang}): smallest text {smallest:.1f} px"
    assert figures.size_px(name, "phone")[0] <= 360


# -- drawing for a build: the cache, the workers, the Files (attention_site/figures/) -----

class FakePlugins(dict):
    _current_plugin = "hooks/figures.py"


def fake_config(tmp_path, current):
    plugins = FakePlugins(i18n=types.SimpleNamespace(current_language=current, default_language="zh"))
    return types.SimpleNamespace(site_dir=str(tmp_path / "site"), use_directory_urls=True, plugins=plugins,
                                 config_file_path=str(tmp_path / "mkdocs.yml"))


def fresh_drawings(tmp_path, disk=True):
    """A new build process: empty memory, nothing pending; the disk cache in tmp_path/.cache/figures."""
    return drawings.Drawings({}, {}, tmp_path / ".cache" / "figures" if disk else None)


PER_LANGUAGE = len(figures.NAMES) * len(figures.THEMES) * len(figures.LAYOUTS)


def test_figure_files_are_served_where_the_i18n_plugin_expects(tmp_path, monkeypatch):
    monkeypatch.setattr(figures, "render",
                        lambda name, lang, theme, layout: f"<svg>{name}{lang}{theme}{layout}</svg>".encode())
    drawn = fresh_drawings(tmp_path)
    zh, en = Files([]), Files([])
    assert figure_files.add(zh, fake_config(tmp_path, "zh"), drawn) == {"zh": (PER_LANGUAGE, 0)}
    assert figure_files.add(en, fake_config(tmp_path, "en"), drawn) == {"en": (PER_LANGUAGE, 0)}
    assert len(zh) == len(en) == PER_LANGUAGE
    zh_file = zh.get_file_from_path("zh/figures/heatmap-dark.svg")
    en_file = en.get_file_from_path("en/figures/heatmap-dark.svg")
    assert zh_file.dest_uri == "figures/heatmap-dark.svg" and zh_file.url == "figures/heatmap-dark.svg"
    assert en_file.dest_uri == "en/figures/heatmap-dark.svg"
    assert en_file.content_bytes == b"<svg>heatmapendarkwide</svg>"
    phone = en.get_file_from_path("en/figures/heatmap-dark-phone.svg")
    assert phone.dest_uri == "en/figures/heatmap-dark-phone.svg" and phone.content_bytes == b"<svg>heatmapendarkphone</svg>"
    for file, lang in ((zh_file, "zh"), (en_file, "en")):
        assert (file.locale, file.localization, file.norm_src_uri) == (lang, lang, "figures/heatmap-dark.svg")
        assert file.alternates == {lang: file}


def test_a_language_without_figures_is_named(tmp_path):
    with pytest.raises(PluginError, match="no figures for language 'fr'"):
        figure_files.add(Files([]), fake_config(tmp_path, "fr"), fresh_drawings(tmp_path))


def edited_digest(monkeypatch, names):
    """Pretend the sources of the figures in `names` were edited."""
    real = sources.figure_digest

    def digest(module_path, package_dir):
        name = next(n for n, m in figures.FIGURES.items() if m.__file__ == module_path)
        return ("edited" if name in names else "") + real(module_path, package_dir)

    monkeypatch.setattr(sources, "figure_digest", digest)


def test_unchanged_figures_are_not_redrawn(tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(figures, "render", lambda *case: calls.append(case) or b"<svg/>")
    drawn = fresh_drawings(tmp_path, disk=False)  # memory only: what a rebuild under mkdocs serve keeps
    figure_files.add(Files([]), fake_config(tmp_path, "zh"), drawn)
    first = len(calls)
    figure_files.add(Files([]), fake_config(tmp_path, "zh"), drawn)
    assert first == PER_LANGUAGE and len(calls) == first
    edited_digest(monkeypatch, {"heatmap"})  # an edit that only the heatmap is made from
    drawn.forget_all_but(drawings.keys(figures.LANGS))  # what on_config does at every build
    assert {key[1] for key in drawn.missing(drawings.keys(["zh"]))} == {"heatmap"}
    figure_files.add(Files([]), fake_config(tmp_path, "zh"), drawn)
    redrawn = calls[first:]
    assert {case[0] for case in redrawn} == {"heatmap"}
    assert len(redrawn) == len(figures.THEMES) * len(figures.LAYOUTS)


def test_disk_cache_serves_a_new_process_and_follows_the_sources(tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(figures, "render", lambda *case: calls.append(case) or f"<svg>{case}</svg>".encode())
    folder = tmp_path / ".cache" / "figures"
    figure_files.add(Files([]), fake_config(tmp_path, "en"), fresh_drawings(tmp_path))
    count = PER_LANGUAGE
    assert len(calls) == count and len(list(folder.glob("*.svg"))) == count
    fresh = fresh_drawings(tmp_path)  # a new build process: empty memory, same disk cache
    files = Files([])
    figure_files.add(files, fake_config(tmp_path, "en"), fresh)
    assert len(calls) == count  # nothing re-rendered
    assert (files.get_file_from_path("en/figures/mix-dark.svg").content_bytes
            == b"<svg>('mix', 'en', 'dark', 'wide')</svg>")
    edited_digest(monkeypatch, set(figures.NAMES))  # every figure's sources edited
    figure_files.add(Files([]), fake_config(tmp_path, "en"), fresh)
    assert len(calls) == 2 * count  # re-rendered, and the stale files replaced
    assert len(list(folder.glob("*.svg"))) == count
    figure_files.add(Files([]), fake_config(tmp_path, "en"), fresh_drawings(tmp_path, disk=False))
    assert len(calls) == 3 * count


WORKER_CASES = [("heatmap", "zh", "dark", "phone"), ("mix", "en", "light", "wide"), ("cost", "en", "dark", "wide")]


def test_workers_draw_the_same_bytes_as_this_process(rendered, monkeypatch):
    """A worker process draws the bytes drawn here. Tasks are pickled as they are submitted: right
    after, attention_site leaves sys.modules (as the next build under `mkdocs serve` purges it), and
    the tasks still queued behind the first (one worker) reach it all the same."""
    futures = workers.start(WORKER_CASES, jobs=1)
    for name in [m for m in sys.modules if m.partition(".")[0] in sources.PACKAGES]:
        monkeypatch.delitem(sys.modules, name)
    drawn = {case: future.result(timeout=300) for case, future in futures.items()}
    monkeypatch.undo()
    assert drawn == {case: rendered[case] for case in WORKER_CASES}


def test_workers_start_for_what_is_missing_and_files_do_not_wait_for_them(tmp_path, monkeypatch):
    """At on_config every missing figure of both languages goes to the workers (the cached ones
    do not); on_files adds them without waiting, and their bytes are the workers' when MkDocs reads
    them. Nothing is drawn twice, nothing in this process."""
    monkeypatch.setenv("FIGURE_JOBS", "2")
    started = {}

    def start(cases, jobs):
        assert jobs == 2
        started.update((case, concurrent.futures.Future()) for case in cases)
        return dict(started)

    monkeypatch.setattr(workers, "start", start)
    here = []
    monkeypatch.setattr(figures, "render", lambda *case: here.append(case) or b"<svg>here</svg>")
    drawn = fresh_drawings(tmp_path, disk=False)
    keys = drawings.keys(figures.LANGS)
    drawn.memory[keys[0]] = b"<svg>cached</svg>"
    assert drawn.start(keys) == 2 * PER_LANGUAGE - 1
    assert set(started) == {key[1:] for key in keys[1:]} and set(drawn.pending) == set(keys[1:])
    assert drawn.start(keys) == 0  # a second on_config (the other language's build) starts nothing
    zh, en = Files([]), Files([])
    counts = {**figure_files.add(zh, fake_config(tmp_path, "zh"), drawn),
              **figure_files.add(en, fake_config(tmp_path, "en"), drawn)}
    assert counts == {"zh": (PER_LANGUAGE, PER_LANGUAGE - 1), "en": (PER_LANGUAGE, PER_LANGUAGE)}
    assert len(drawn.pending) == 2 * PER_LANGUAGE - 1  # on_files did not wait for the workers
    for case, future in started.items():
        future.set_result(f"<svg>{case}</svg>".encode())
    collected = {file.src_uri: file.content_bytes for files in (zh, en) for file in files}
    assert here == [] and not drawn.pending
    assert collected[figures.src_uri(*keys[0][1:])] == b"<svg>cached</svg>"
    assert collected["en/figures/heatmap-dark-phone.svg"] == b"<svg>('heatmap', 'en', 'dark', 'phone')</svg>"


def test_too_few_missing_figures_are_drawn_here(tmp_path, monkeypatch):
    monkeypatch.setenv("FIGURE_JOBS", "2")
    monkeypatch.setattr(workers, "start", lambda cases, jobs: pytest.fail("started workers"))
    drawn = fresh_drawings(tmp_path, disk=False)
    keys = drawings.keys(["zh"])
    drawn.memory.update((key, b"<svg/>") for key in keys[workers.MIN_POOL_JOBS - 1:])
    assert drawn.start(keys) == 0 and not drawn.pending
    monkeypatch.setenv("FIGURE_JOBS", "1")
    assert drawn.start(drawings.keys(["en"])) == 0 and not drawn.pending


def test_a_failing_worker_names_the_figure(tmp_path):
    drawn = fresh_drawings(tmp_path, disk=False)
    for key in drawings.keys(["zh"]):
        drawn.pending[key] = concurrent.futures.Future()
        drawn.pending[key].set_result(b"<svg/>")
    key = next(k for k in drawn.pending if k[1:] == ("mix", "zh", "light", "wide"))
    drawn.pending[key] = concurrent.futures.Future()
    drawn.pending[key].set_exception(figures.FigureError("figure 'mix' (zh, light) failed: boom"))
    files = Files([])
    figure_files.add(files, fake_config(tmp_path, "zh"), drawn)  # the bytes are collected when MkDocs copies them
    with pytest.raises(PluginError, match=r"figure 'mix' \(zh, light, wide\).*boom"):
        files.get_file_from_path("zh/figures/mix-light.svg").copy_file()


def test_bad_figure_jobs_is_named(monkeypatch):
    monkeypatch.setenv("FIGURE_JOBS", "two")
    with pytest.raises(PluginError, match="FIGURE_JOBS"):
        workers.jobs()


def test_a_failing_figure_stops_adding_the_files(tmp_path, monkeypatch):
    def broken(lang, theme, layout):
        raise RuntimeError("boom")

    first = figures.NAMES[0]  # fails before any other figure is drawn
    monkeypatch.setattr(figures.FIGURES[first], "draw", broken)
    with pytest.raises(PluginError, match=rf"figure '{first}' \(zh, light, wide\).*boom"):
        figure_files.add(Files([]), fake_config(tmp_path, "zh"), fresh_drawings(tmp_path, disk=False))


# -- the hook: wiring only ------------------------------------------------------------

def load_hook():
    return helpers.load_hook("figures")


def test_hook_keeps_the_drawings_across_builds_and_obeys_the_cache_switch(tmp_path, monkeypatch):
    """The hook holds the memory and the pending drawings (attention_site is re-imported at every
    build under `mkdocs serve`); the disk cache is attention_site.cache's 'figures' folder, beside
    mkdocs.yml, unless FIGURE_CACHE is off."""
    monkeypatch.setenv("FIGURE_JOBS", "1")  # no workers: draws here
    calls = []
    monkeypatch.setattr(figures, "render", lambda *case: calls.append(case) or b"<svg/>")
    hook = load_hook()
    config = fake_config(tmp_path, "zh")
    assert hook._drawings(config).folder == tmp_path / ".cache" / "figures"
    monkeypatch.setenv("FIGURE_CACHE", "off")
    assert hook._drawings(config).folder is None
    for _ in range(2):  # two builds in one process: the second draws nothing
        assert hook.on_config(config) is config
        assert len(hook.on_files(Files([]), config)) == PER_LANGUAGE
    assert len(calls) == PER_LANGUAGE and not (tmp_path / ".cache").exists()
    assert len(load_hook().on_files(Files([]), config)) == PER_LANGUAGE  # a new process draws again
    assert len(calls) == 2 * PER_LANGUAGE


def test_hook_is_wiring():
    """What the hook does lives in attention_site/figures/: the hook has no logic to test apart."""
    hook = (ROOT / "hooks" / "figures.py").read_text(encoding="utf-8")
    assert len(hook.splitlines()) <= 150
    assert "import tools" not in hook and "from tools" not in hook


def write_package(root, files):
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")


FAKE_PROJECT = {
    "snippets/__init__.py": "",
    "snippets/softmax.py": "import numpy as np\n",
    "snippets/sentence.py": "from snippets.softmax import softmax\n",
    "snippets/unrelated.py": "x = 1\n",
    "snippets/late.py": "z = 3\n",
    "snippets/data.toml": "a = 1\n",
    "snippets/i18n/__init__.py": "",
    "snippets/i18n/zh/sentence.py": "CATALOGUE = {}\n",
    "attention_site/__init__.py": "",
    "attention_site/exercises.py": "from snippets import unrelated\n",
    "attention_site/exercises_zh.toml": "a = 1\n",
    "attention_site/widgets/__init__.py": "",
    "attention_site/widgets/zh.toml": "a = 1\n",
    "attention_site/widgets/templates/w.html": "<p>{{ a }}</p>\n",
    "attention_site/figures/__init__.py": "from attention_site.figures import heatmap, other\n",
    "attention_site/figures/style.py": "from .deep.nested import helper\n",
    "attention_site/figures/deep/__init__.py": "",
    "attention_site/figures/deep/nested/__init__.py": "",
    "attention_site/figures/deep/nested/helper.py": "y = 2\n",
    "attention_site/figures/data/weights.json": "[1]\n",
    "attention_site/figures/heatmap.py": "from snippets import sentence\nfrom attention_site.figures import style\n\n"
                                         "def draw():\n    from snippets import late\n",
    "attention_site/figures/other.py": "from snippets import unrelated\n",
    "notes/readme.txt": "not a package of the project\n",
}


@pytest.fixture
def fake_heatmap(tmp_path):
    """(a fake project root (snippets/ and attention_site/), its heatmap module, the heatmap's
    digest before any edit)."""
    root = tmp_path / "project"
    write_package(root, FAKE_PROJECT)
    heatmap = root / "attention_site" / "figures" / "heatmap.py"
    return root, heatmap, sources.figure_digest(heatmap, root)


@pytest.mark.parametrize("relative", [
    "attention_site/figures/heatmap.py",              # the figure module
    "attention_site/figures/style.py",                # a module it imports
    "attention_site/figures/deep/nested/helper.py",   # imported relatively, two folders down
    "attention_site/figures/deep/__init__.py",        # a package on the way
    "attention_site/figures/__init__.py",             # its package (render lives there)
    "attention_site/__init__.py",
    "snippets/__init__.py",                           # the package of a module it imports
    "snippets/sentence.py",                           # the data it shows
    "snippets/softmax.py",                            # what that data is made with (transitive)
    "snippets/late.py",                               # imported inside a function
    "attention_site/figures/data/weights.json",       # data a figure may read, in a data folder
    "snippets/data.toml",                             # beside a module it uses, in either package
])
def test_figure_digest_follows_each_file_the_figure_is_made_from(fake_heatmap, relative):
    root, heatmap, before = fake_heatmap
    cache = root / "attention_site" / "figures" / "__pycache__"
    cache.mkdir()
    (cache / "style.cpython-311.pyc").write_bytes(b"\0cache")
    assert sources.figure_digest(heatmap, root) == before  # interpreter caches do not count
    (root / relative).write_text((root / relative).read_text(encoding="utf-8") + "# edited\n")
    assert sources.figure_digest(heatmap, root) != before


def test_figure_sources_follow_a_new_import_in_the_same_build_process(fake_heatmap):
    """sources.py parses each file's imports once per text: an edit that adds an import (under
    `mkdocs serve`, the same process) is seen at once."""
    root, heatmap, before = fake_heatmap
    found = set(sources.figure_sources(heatmap, root))
    assert root / "snippets" / "unrelated.py" not in found
    heatmap.write_text(heatmap.read_text(encoding="utf-8") + "\nfrom snippets import unrelated\n", encoding="utf-8")
    assert root / "snippets" / "unrelated.py" in set(sources.figure_sources(heatmap, root))
    assert sources.figure_digest(heatmap, root) != before


@pytest.mark.parametrize("relative", ["snippets/unrelated.py", "attention_site/figures/other.py",
                                      "attention_site/exercises.py", "snippets/i18n/zh/sentence.py",
                                      "notes/readme.txt", "attention_site/exercises_zh.toml",
                                      "attention_site/widgets/zh.toml", "attention_site/widgets/templates/w.html"])
def test_figure_digest_ignores_modules_the_figure_does_not_use(fake_heatmap, relative):
    """What makes the per-figure key worth having: an edit elsewhere redraws nothing here."""
    root, heatmap, before = fake_heatmap
    (root / relative).write_text((root / relative).read_text(encoding="utf-8") + "# edited\n")
    assert sources.figure_digest(heatmap, root) == before


def reachable_files(function, packages, seen=None):
    """Files under `packages` that `function` can reach through the names its code uses (modules,
    functions, classes), followed into those functions: what the draw can run."""
    import inspect

    seen = set() if seen is None else seen
    files = set()
    codes = [function.__code__]
    while codes:
        code = codes.pop()
        codes += [c for c in code.co_consts if inspect.iscode(c)]
        for name in code.co_names:
            target = function.__globals__.get(name)
            path = getattr(target, "__file__", None) or getattr(getattr(target, "__code__", None), "co_filename", None)
            if path and set(packages) & set(Path(path).resolve().parents):
                files.add(Path(path).resolve())
                if inspect.isfunction(target) and target not in seen:
                    seen.add(target)
                    files |= reachable_files(target, packages, seen)
    return files


@pytest.mark.parametrize("name", figures.NAMES)
def test_every_module_a_figure_runs_is_in_its_key(name):
    """What a figure is made from is read statically from its imports; check it against what
    runs. Its data() and alt() are traced (every frame of the project's packages that runs), and
    its draw() is followed through the names its code uses: every file of those packages found
    (snippets/, attention_site/) is among its sources."""
    packages = {(ROOT / package).resolve() for package in sources.PACKAGES}
    module = figures.FIGURES[name]
    keyed = {Path(p).resolve() for p in sources.figure_sources(module.__file__, ROOT)}
    ran = set()

    def tracer(frame, event, arg):
        path = Path(frame.f_code.co_filename)
        if packages & set(path.resolve().parents):
            ran.add(path.resolve())

    sys.setprofile(tracer)
    try:
        module.data()
        module.alt("zh")
    finally:
        sys.setprofile(None)
    ran |= reachable_files(module.draw, packages)
    assert Path(module.__file__).resolve() in ran
    assert ran <= keyed, f"{name}: runs code not in its key: {sorted(str(p) for p in ran - keyed)}"


def test_no_figure_is_keyed_on_code_it_does_not_use():
    for name, module in figures.FIGURES.items():
        keyed = {p.relative_to(ROOT).as_posix() for p in sources.figure_sources(module.__file__, ROOT)}
        assert not any(p.startswith("attention_site/widgets/") and p.endswith(".py") for p in keyed), name
        assert not any(p.startswith("attention_site/values/") for p in keyed), name
        assert not any(p.startswith("attention_site/exercises/") and p.endswith(".py") for p in keyed), name
        assert not {"attention_site/figures/drawings.py", "attention_site/figures/files.py",
                    "attention_site/figures/workers.py", "attention_site/figures/sources.py"} & keyed, name
        assert not any(p.startswith("snippets/i18n/") for p in keyed), name
        assert {"attention_site/figures/__init__.py", "attention_site/figures/style.py",
                f"attention_site/figures/{Path(module.__file__).name}"} <= keyed, name


# -- the built site ---------------------------------------------------------------

IMG = re.compile(r'<img alt="([^"]+)" src="([^"]+)#only-(light|dark)"')
SRCSET = re.compile(r'<source media="([^"]+)" srcset="([^"]+)"')
ZOOM = re.compile(r'<a class="build-figure__zoom build-figure__zoom--(light|dark)" href="([^"]+)"')


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
        phones = SRCSET.findall(block)
        assert [src for _, src in phones] == [f"../figures/{name}-{t}-phone.svg" for t in figures.THEMES]
        for media, src in phones:
            assert media == style.PHONE_MEDIA and (html_path.parent / src).resolve().is_file()
        zooms = dict(ZOOM.findall(block))  # each variant opens its full-size SVG
        assert zooms == {t: f"../figures/{name}-{t}.svg" for t in figures.THEMES}


@pytest.mark.site
def test_site_svgs_are_the_rendered_bytes(site_dir, rendered):
    for (name, lang, theme, layout), svg in rendered.items():
        prefix = site_dir if lang == "zh" else site_dir / "en"
        suffix = "" if layout == "wide" else f"-{layout}"
        assert (prefix / "figures" / f"{name}-{theme}{suffix}.svg").read_bytes() == svg


@pytest.mark.site
def test_build_log_has_no_glyph_warnings(build_log):
    assert "Glyph" not in build_log and "missing from font" not in build_log
    assert re.search(r"figures: zh: 28 figures \(", build_log)  # the hook names what it serves


@pytest.mark.site
@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_browser_shows_the_variant_of_the_colour_scheme(browser, site_url, scheme):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    try:
        for path in ("weights/", "en/weights/"):
            page.goto(site_url + path)
            for name in ("softmax", "heatmap"):  # the figures of the weights chapter
                figure = page.locator(f"#fig-{name}")
                figure.scroll_into_view_if_needed()
                visible = figure.locator(f'img[src$="#only-{scheme}"]')
                hidden = figure.locator('img[src$="#only-{}"]'.format("dark" if scheme == "light" else "light"))
                assert visible.is_visible() and not hidden.is_visible(), f"{path} {name} {scheme}"
                visible.evaluate("img => img.decode()")
                assert visible.evaluate("img => img.naturalWidth") > 0
    finally:
        context.close()


# -- each figure shows its data: read the values back from the SVG ------------------
#
# Positions come from the drawing itself: tick labels name rows, columns and bars; tick
# marks (or grid lines) at labelled values give each value axis its scale. The data come
# from each module's data(), i.e. the functions the figures draw from (never typed here).

NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def _floats(d):
    return [float(x) for x in NUMBER.findall(d or "")]


def _text_of(group):
    return "".join("".join(t.itertext()) for t in group.iter(f"{SVG_NS}text"))


def _tick_position(group, axis):
    """Where a tick sits: its marker (<use>), else its grid line, else its label."""
    index = 0 if axis == "x" else 1
    for use in group.iter(f"{SVG_NS}use"):
        return float(use.get(axis))
    for path in group.iter(f"{SVG_NS}path"):
        numbers = _floats(path.get("d"))
        if numbers:
            return numbers[index]
    centres = [_text_centre(text) for text in group.iter(f"{SVG_NS}text")]
    if centres:  # a label on several lines: one <text> per line
        return sum(c[index] for c in centres) / len(centres)
    return None


def _text_centre(text):
    """(x, y) of the middle of a <text> line: its anchor moved by half its estimated width
    (CJK characters 1 em, others 0.55 em) unless centred, and up from the baseline."""
    style_text = text.get("style") or ""
    size = float(re.search(r"font-size:\s*([\d.]+)px", style_text).group(1))
    if text.get("x") is not None:
        x, y = float(text.get("x")), float(text.get("y"))
    else:
        x, y = _floats(text.get("transform"))[:2]
    content = "".join(text.itertext())
    width = sum(size if CJK.match(c) or c in "（）「」" else 0.55 * size for c in content)
    anchor = re.search(r"text-anchor:\s*(\w+)", style_text)
    anchor = anchor.group(1) if anchor else "start"
    x += {"start": width / 2, "middle": 0, "end": -width / 2}[anchor]
    return x, y - 0.35 * size


def _fill(element):
    match = re.search(r"fill:\s*(#[0-9a-fA-F]{6})", element.get("style") or "")
    return match.group(1).lower() if match else None


def read_axes(svg):
    """Per axes, in drawing order: ticks {'x': [(label, pos)], 'y': [...]}, its own texts
    [(text, x, y)] (title, cell values, annotations), filled rectangles (bars, cells) as
    (x0, x1, y0, y1, fill), lines as vertex lists, and the colour-mesh cells."""
    root = ET.fromstring(svg)
    found = []
    for ax in root.iter(f"{SVG_NS}g"):
        if not (ax.get("id") or "").startswith("axes_"):
            continue
        info = {"ticks": {"x": [], "y": []}, "texts": [], "rects": [], "lines": [], "cells": []}
        for child in ax:
            cid = child.get("id") or ""
            if cid.startswith("matplotlib.axis"):
                for tick in child:
                    tid = tick.get("id") or ""
                    if tid.startswith(("xtick_", "ytick_")):
                        axis = tid[0]
                        info["ticks"][axis].append((_text_of(tick), _tick_position(tick, axis)))
            elif cid.startswith("text_"):
                lines = list(child.iter(f"{SVG_NS}text"))
                if lines and all("font-size" in (t.get("style") or "") for t in lines):
                    centres = [_text_centre(t) for t in lines]
                    info["texts"].append(("\n".join("".join(t.itertext()) for t in lines),
                                          sum(c[0] for c in centres) / len(centres),
                                          sum(c[1] for c in centres) / len(centres)))
            elif cid.startswith("patch_"):
                for path in child.iter(f"{SVG_NS}path"):
                    numbers = _floats(path.get("d"))
                    xs, ys = numbers[0::2], numbers[1::2]
                    if xs:
                        info["rects"].append((min(xs), max(xs), min(ys), max(ys), _fill(path)))
            elif cid.startswith("line2d_"):
                for path in child.findall(f"{SVG_NS}path"):  # not the marker shapes in <defs>
                    numbers = _floats(path.get("d"))
                    info["lines"].append(list(zip(numbers[0::2], numbers[1::2])))
            elif cid.startswith("QuadMesh"):
                for path in child.iter(f"{SVG_NS}path"):
                    numbers = _floats(path.get("d"))
                    xs, ys = numbers[0::2], numbers[1::2]
                    info["cells"].append((sum(xs) / len(xs), sum(ys) / len(ys), _fill(path)))
        found.append(info)
    return found


def _same(label, expected):
    return re.sub(r"\s+", "", label) == re.sub(r"\s+", "", expected)


def _nearest(ticks, position):
    return min(ticks, key=lambda tick: abs(tick[1] - position))[0]


def _scale(ticks):
    """value = a * position + b, from the ticks labelled with numbers (least squares)."""
    pairs = [(float(label.replace("−", "-").rstrip("%")), pos) for label, pos in ticks
             if pos is not None and re.fullmatch(r"[−-]?\d+(\.\d+)?%?", label.strip())]
    assert len(pairs) >= 2, f"no numeric ticks to scale by: {ticks}"
    values, positions = np.array(pairs).T
    a, b = np.polyfit(positions, values, 1)
    return lambda position: a * position + b


def axes_titled(svg, title):
    """The axes whose own texts include `title` (newlines ignored)."""
    matches = [ax for ax in read_axes(svg) if any(_same(t, title) for t, _, _ in ax["texts"])]
    assert len(matches) == 1, f"{len(matches)} axes titled {title!r}"
    return matches[0]


def read_matrix(ax, rows, cols):
    """{(i, j): (text shown in the cell, fill of the cell)}: cells placed by the row and
    column labels nearest to them; rows/cols are the labels expected for index i/j."""
    row_ticks = [(rows.index(next(r for r in rows if _same(r, label))), pos) for label, pos in ax["ticks"]["y"]]
    col_ticks = [(cols.index(next(c for c in cols if _same(c, label))), pos) for label, pos in ax["ticks"]["x"]]
    cells = {}
    for text, x, y in ax["texts"]:
        if NUMBER.fullmatch(text.strip()):
            cells.setdefault((_nearest(row_ticks, y), _nearest(col_ticks, x)), [None, None])[0] = text.strip()
    for x, y, fill in ax["cells"]:
        cells.setdefault((_nearest(row_ticks, y), _nearest(col_ticks, x)), [None, None])[1] = fill
    return {key: tuple(value) for key, value in cells.items()}


def read_bars(ax, labels, horizontal=False):
    """{label index: (start value, end value)} of the filled bars of an axes, placed by the
    category labels nearest to their middle and measured on the value axis's ticks."""
    value_axis, category_axis = ("x", "y") if horizontal else ("y", "x")
    scale = _scale(ax["ticks"][value_axis])
    categories = [(labels.index(next(l for l in labels if _same(l, label))), pos)
                  for label, pos in ax["ticks"][category_axis] if label.strip()]
    bars = {}
    for x0, x1, y0, y1, fill in ax["rects"]:
        if fill is None:
            continue
        if horizontal:
            index, (start, end) = _nearest(categories, (y0 + y1) / 2), (scale(x0), scale(x1))
        else:
            index, (start, end) = _nearest(categories, (x0 + x1) / 2), sorted((scale(y1), scale(y0)))
        bars.setdefault(index, []).append((start, end))
    return bars


def viridis(value):
    import matplotlib
    return matplotlib.colors.to_hex(matplotlib.colormaps["viridis"](value)).lower()


LANG_LAYOUTS = [(lang, layout) for lang in figures.LANGS for layout in figures.LAYOUTS]
LANG_THEME_LAYOUTS = [(lang, theme, layout) for lang in figures.LANGS for theme in figures.THEMES
                      for layout in figures.LAYOUTS]


@pytest.mark.parametrize("lang, theme, layout", LANG_THEME_LAYOUTS)
def test_heatmap_cell_i_j_shows_weight_i_j(rendered, lang, theme, layout):
    """Row i = the asking word (Query), column j = the word looked at (Key): the cell at
    row i, column j is labelled weights[i, j] and coloured viridis(weights[i, j])."""
    from attention_site.figures import heatmap

    words, weights = heatmap.data()
    svg = rendered[("heatmap", lang, theme, layout)]
    ax = next(a for a in read_axes(svg) if a["cells"])
    labels = [style.word_label(w, lang) for w in words]
    cells = read_matrix(ax, labels, labels)
    assert len(cells) == weights.size
    for (i, j), (shown, fill) in cells.items():
        assert shown == style.w2(weights[i, j]), f"row {words[i]}, column {words[j]}: shows {shown}"
        assert fill == viridis(weights[i, j]), f"row {words[i]}, column {words[j]}: colour {fill}"
    # the rows' name sits left of the cells, the columns' name above them
    texts = svg_texts(svg)
    assert any("Query" in t for t in texts) and any("Key" in t for t in texts)
    assert not np.allclose(weights, weights.T)  # else a transposed drawing could not be told apart


@pytest.mark.parametrize("lang, theme, layout", LANG_THEME_LAYOUTS)
def test_asymmetry_cells_show_their_scores(rendered, lang, theme, layout):
    from attention_site.figures import asymmetry

    words, separate, shared = asymmetry.data()
    labels = [style.word_label(w, lang) for w in words]
    svg = rendered[("asymmetry", lang, theme, layout)]
    matrices = [a for a in read_axes(svg) if a["cells"]]
    assert len(matrices) == 2
    for ax, scores in zip(matrices, (separate, shared)):
        cells = read_matrix(ax, labels, labels)
        assert {key: shown for key, (shown, _) in cells.items()} == {
            (i, j): f"{scores[i, j]:.1f}" for i in range(len(words)) for j in range(len(words))}


def _luminance(hex_colour):
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    """WCAG contrast ratio of two #rrggbb colours."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_is_the_wcag_ratio():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#777777") == pytest.approx(1)


@pytest.mark.parametrize("name", ["heatmap", "asymmetry"])
@pytest.mark.parametrize("lang, theme, layout", LANG_THEME_LAYOUTS)
def test_every_cell_value_is_readable_on_its_cell(rendered, name, lang, theme, layout):
    """Each number drawn on a coloured cell has contrast >= 4.5 with that cell (WCAG AA), in the
    light and the dark theme: a value in white on a bright yellow cell would be unreadable."""
    root = ET.fromstring(rendered[(name, lang, theme, layout)])
    checked = 0
    for ax in root.iter(f"{SVG_NS}g"):
        if not (ax.get("id") or "").startswith("axes_"):
            continue
        cells = []
        for mesh in (c for c in ax if (c.get("id") or "").startswith("QuadMesh")):
            for path in mesh.iter(f"{SVG_NS}path"):
                numbers = _floats(path.get("d"))
                cells.append((sum(numbers[0::2]) / len(numbers[0::2]), sum(numbers[1::2]) / len(numbers[1::2]),
                              _fill(path)))
        if not cells:
            continue
        for group in (c for c in ax if (c.get("id") or "").startswith("text_")):
            for text in group.iter(f"{SVG_NS}text"):
                if not NUMBER.fullmatch("".join(text.itertext()).strip()):
                    continue
                x, y = _text_centre(text)
                cell = min(cells, key=lambda c: (c[0] - x) ** 2 + (c[1] - y) ** 2)
                ink = _fill(text) or "#000000"
                assert contrast(ink, cell[2]) >= 4.5, (
                    f"{name} {lang} {theme} {layout}: {''.join(text.itertext())} in {ink} on {cell[2]}")
                checked += 1
    assert checked >= 16, f"{name}: only {checked} cell values found"


def _assert_bars(bars, expected, what, tolerance):
    assert sorted(bars) == list(range(len(expected))), f"{what}: bars at {sorted(bars)}"
    for index, value in enumerate(expected):
        (start, end), = bars[index]
        assert start == pytest.approx(0, abs=tolerance), f"{what}[{index}] starts at {start}"
        assert end == pytest.approx(value, abs=tolerance), f"{what}[{index}]: drawn {end:.3f}, data {value:.3f}"


@pytest.mark.parametrize("lang, layout", LANG_LAYOUTS)
def test_softmax_bars_are_as_tall_as_their_values(rendered, lang, layout):
    from attention_site.figures import softmax_bars

    words, scores, weights = softmax_bars.data()
    labels = [style.word_label(w, lang) for w in words]
    svg = rendered[("softmax", lang, "light", layout)]
    text = softmax_bars.TEXT[lang]
    _assert_bars(read_bars(axes_titled(svg, text["scores"]), labels), scores, "scores", 0.02)
    _assert_bars(read_bars(axes_titled(svg, text["weights"]), labels), weights, "weights", 0.005)
    # the budget strip: each share as wide as its weight, in the words' order, filling 0..1
    budget = axes_titled(svg, text["budget"].format(total=f"{weights.sum():.2f}"))
    segments = sorted((x0, x1) for x0, x1, _, _, fill in budget["rects"] if fill)
    left, right = segments[0][0], segments[-1][1]
    widths = [(x1 - x0) / (right - left) for x0, x1 in segments]
    assert widths == pytest.approx(list(weights), abs=0.005)


@pytest.mark.parametrize("lang, layout", LANG_LAYOUTS)
def test_temperature_bars_match_each_temperature(rendered, lang, layout):
    from attention_site.figures import temperature

    words, temps, weights = temperature.data()
    labels = [style.word_label(w, lang) for w in words]
    svg = rendered[("temperature", lang, "light", layout)]
    for t, row in zip(temps, weights):
        title = temperature.TITLES[lang][temperature._kind(t)].format(t=t)
        axes = axes_titled(svg, title)
        for axis, panel in (("y", 0), ("x", -1)):  # shared axes label only the first (y) or last (x) panel
            if not any(label.strip() for label, _ in axes["ticks"][axis]):
                axes["ticks"][axis] = read_axes(svg)[panel]["ticks"][axis]
        _assert_bars(read_bars(axes, labels), row, f"T={t}", 0.005)


@pytest.mark.parametrize("lang, layout", LANG_LAYOUTS)
def test_library_bars_match_relevance_and_weights(rendered, lang, layout):
    from attention_site.figures import library_lookup

    relevance, weights, parts, note = library_lookup.data()
    names = library_lookup.titles(lang)
    svg = rendered[("library", lang, "light", layout)]
    text = library_lookup.TEXT[lang]
    _assert_bars(read_bars(axes_titled(svg, text["relevance"]), names, horizontal=True), relevance,
                 "relevance", 0.02)
    weight_axes = axes_titled(svg, text["weights"])
    if not any(label.strip() for label, _ in weight_axes["ticks"]["y"]):  # wide: names only on the left panel
        weight_axes["ticks"]["y"] = axes_titled(svg, text["relevance"])["ticks"]["y"]
    _assert_bars(read_bars(weight_axes, names, horizontal=True), weights, "weights", 0.005)


@pytest.mark.parametrize("lang, layout", LANG_LAYOUTS)
def test_mix_layers_are_as_thick_as_their_shares(rendered, lang, layout):
    """The glass is 1 tall; each word's layer (its colour) is its share of it, bottom up."""
    from attention_site.figures import mix

    words, shares = mix.data()
    svg = rendered[("mix", lang, "light", layout)]
    ax = read_axes(svg)[0]
    glass = [r for r in ax["rects"] if r[4] is None and r[3] - r[2] > 0]
    height = max(r[3] - r[2] for r in glass)
    colours = [c.lower() for c in style.THEMES["light"].words]
    layers = {fill: (y0, y1) for _, _, y0, y1, fill in ax["rects"] if fill in colours}
    assert len(layers) == len(words)
    bottom = max(y1 for _, y1 in layers.values())  # SVG y grows downwards
    for word, share, colour in zip(words, shares, colours):
        y0, y1 = layers[colour]
        assert (y1 - y0) / height == pytest.approx(share, abs=0.005), word
    order = sorted(colours, key=lambda c: -layers[c][1])  # the first word at the bottom
    assert order == colours and layers[colours[0]][1] == pytest.approx(bottom)


@pytest.mark.parametrize("theme", list(style.THEMES))
def test_identity_colours_do_not_say_more_or_less(theme):
    """On this site brighter means more (heatmaps). The colours that only tell the words (or
    books) apart must not be samples of that scale: not viridis, not ordered by brightness."""
    import matplotlib

    viridis = matplotlib.colormaps["viridis"]
    samples = [viridis(x / 200)[:3] for x in range(201)]
    def luminance(hex_colour):
        r, g, b = matplotlib.colors.to_rgb(hex_colour)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    colours = style.THEMES[theme].words
    for colour in colours:
        rgb = matplotlib.colors.to_rgb(colour)
        assert min(max(abs(a - b) for a, b in zip(rgb, s)) for s in samples) > 0.05, colour
    lum = [luminance(c) for c in colours]
    assert lum != sorted(lum) and lum != sorted(lum, reverse=True), lum


@pytest.mark.parametrize("lang, layout", LANG_LAYOUTS)
def test_cost_lines_follow_the_counts(rendered, lang, layout):
    """Each panel's line lies on its own data: n² comparisons, n − 1 relay steps, and the
    path lengths; comparisons and relay steps are on separate axes."""
    from attention_site.figures import cost_curves

    v = cost_curves.data()
    text = cost_curves.TEXT[lang]
    svg = rendered[("cost", lang, "light", layout)]
    panels = [(text["pairs"], v["n"], [v["comparisons"]]), (text["chain"], v["n"], [v["chain"]]),
              (text["path"], v["d"], [v["relay_path"], v["attention_path"]])]
    for title, xs, series in panels:
        ax = axes_titled(svg, title)
        to_x, to_y = _scale(ax["ticks"]["x"]), _scale(ax["ticks"]["y"])
        lines = [line for line in ax["lines"] if len(line) >= 2]
        assert len(lines) == len(series), f"{title}: {len(lines)} lines"
        for ys in series:  # some drawn line lies on this series at every vertex
            def on_series(line):
                return all(abs(to_y(py) - np.interp(to_x(px), xs, ys)) <= 0.02 * max(ys.max(), 1) + 0.05
                           for px, py in line)
            assert any(on_series(line) for line in lines), f"{title}: no line follows {ys[:4]}..."


def test_a_transposed_heatmap_is_caught(monkeypatch):
    """Plant the bug: draw weights.T under the same labels. The read-back must fail."""
    from attention_site.figures import heatmap

    matrix = style.matrix
    monkeypatch.setattr(heatmap.style, "matrix", lambda ax, values, *a, **k: matrix(ax, np.asarray(values).T, *a, **k))
    planted = {("heatmap", "en", "light", "phone"): figures.render("heatmap", "en", "light", "phone")}
    with pytest.raises(AssertionError, match="row 它, column"):
        test_heatmap_cell_i_j_shows_weight_i_j(planted, "en", "light", "phone")


def test_mix_caption_calls_empty_values_water_only_while_they_are_empty():
    """The cocktail's caption says 是 pours in plain water (its Value is all zeros) and 它 keeps a
    trace of its own flavour, "refers" (its Value is not empty: the article's "一丝原味")."""
    from snippets import sentence
    from attention_site.figures import mix

    def value(word):
        return np.asarray(sentence.embedding[word], dtype=float) @ sentence.w_value

    assert not value("是").any()
    assert sentence.value_features[np.flatnonzero(value("它")).tolist()[0]] == "refers"
    assert "「是」没有含义可交" in mix.CAPTION["zh"] and "指代" in mix.CAPTION["zh"]
    assert "“is” has no meaning" in mix.CAPTION["en"] and "refers" in mix.CAPTION["en"]
    # and the figure's own labels say so, for that word only (a reader saw "value of it" next to water)
    assert [w for w in sentence.SENTENCE if mix.empty(w)] == ["是"]
    for lang, water in (("zh", "白水"), ("en", "water")):
        fig = mix.draw(lang, style.THEMES["light"])
        labels = [t.get_text() for t in fig.axes[0].texts if water in t.get_text()]
        assert len(labels) == 1, labels


@pytest.mark.parametrize("lang, layout", LANG_LAYOUTS)
def test_asymmetry_titles_name_their_own_matrix(rendered, lang, layout):
    """The panel drawn first shows Query and Key made separately (test_asymmetry_cells_show_their_scores):
    its title must say separate, the symmetric one's shared. Swapped titles teach the opposite.
    No W_Q / W_K: the core chapter shows it before any matrix is named."""
    svg = rendered[("asymmetry", lang, "light", layout)]
    word = "分数" if lang == "zh" else "Scores"
    titles = [" ".join(t.split()) for t in svg_texts(svg) if "".join(t.split()).startswith(word)]
    assert len(titles) == 2, titles
    separate, shared = ("分开", "共用") if lang == "zh" else ("separate", "shared")
    assert separate in titles[0] and shared not in titles[0], titles
    assert shared in titles[1] and separate not in titles[1], titles
    assert not any("W_" in t or "W_" in "".join(svg_texts(svg)) for t in titles), titles


@pytest.mark.parametrize("layout", ("wide", "phone"))
def test_asymmetry_panels_share_one_colour_scale(layout):
    """R25 en compared colours across the two panels and was misled (0-3 vs 0-5): both meshes
    now run from 0 to the larger matrix's top score, so a colour is the same score in both."""
    from matplotlib.collections import QuadMesh
    import matplotlib.pyplot as plt

    from attention_site.figures import asymmetry

    _, separate, shared = asymmetry.data()
    fig = asymmetry.draw("en", style.THEMES["light"], layout)
    try:
        panels = [ax for ax in fig.axes if ax.get_title().startswith("Scores")]  # not the colour bars
        meshes = [c for ax in panels for c in ax.collections if isinstance(c, QuadMesh)]
        assert len(meshes) == 2
        assert [m.get_clim() for m in meshes] == [(0, max(separate.max(), shared.max()))] * 2
    finally:
        plt.close(fig)


def test_cost_axes_count_whole_steps():
    """R26 en: the relay panel's y axis read 2.5 and 7.5 steps. Every tick of the cost figure's
    panels is a whole number: they count comparisons, hand-offs and steps."""
    import matplotlib.pyplot as plt

    from attention_site.figures import cost_curves

    for layout in ("wide", "phone"):
        fig = cost_curves.draw("en", style.THEMES["light"], layout)
        try:
            fig.canvas.draw()
            for ax in fig.axes:
                ticks = [t for t in ax.get_yticks() if ax.get_ylim()[0] <= t <= ax.get_ylim()[1]]
                assert ticks and all(float(t).is_integer() for t in ticks), (layout, ax.get_title(), ticks)
        finally:
            plt.close(fig)
