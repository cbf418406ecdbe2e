"""The dark scheme (Material's "slate") changes colours, never layout: checked in the stylesheets.

A rule of ours that applies in dark mode may set colours (and colour custom properties,
`color-scheme`) and hide the other scheme's variant of a figure or its zoom link (`display: none`
on a `--light` / `--dark` class); any other declaration could make the dark page wider, or a
control smaller, than the light one, and fails here. No script of ours reads the scheme, and a
figure's dark variant has the light one's geometry (test_figures).

This is what lets the layout checks of the browser lane (test_phone, test_exercises_browser,
test_explorer_browser) run in the light scheme only; axe still checks both schemes (test_a11y).
"""
import re
from pathlib import Path

import pytest

STYLESHEETS = Path(__file__).resolve().parents[1] / "docs" / "assets" / "stylesheets"
SCRIPTS = STYLESHEETS.parent / "javascripts"
DARK = re.compile(r'slate|prefers-color-scheme:\s*dark')
COLOUR_PROPERTY = re.compile(r"^(color|color-scheme|caret-color|accent-color|fill|stroke|background(-color)?"
                             r"|border(-(top|right|bottom|left))?-color|outline-color|text-decoration-color)$")
COLOUR_VALUE = re.compile(r"^(#[0-9a-fA-F]{3,8}|(rgb|hsl)a?\(.*\)|var\(--[\w-]*\)|transparent|currentcolor"
                          r"|inherit|light|dark|none)(\s*!important)?$")
VARIANT = re.compile(r"--(light|dark)\b")


def rules(css):
    """(selector with its enclosing at-rules, [(property, value)]) for every rule block."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found, stack, start = [], [], 0
    for match in re.finditer(r"[{};]", css):
        token = match.group()
        if token == "{":
            stack.append([css[start:match.start()].strip(), []])
        elif token == ";" and stack:
            stack[-1][1].append(css[start:match.start()].strip())
        elif token == "}" and stack:
            prelude, declarations = stack.pop()
            tail = css[start:match.start()].strip()
            declarations += [tail] if tail else []
            if not prelude.startswith("@"):
                context = " ".join(p for p, _ in stack)
                pairs = [tuple(part.strip() for part in d.split(":", 1)) for d in declarations if ":" in d]
                found.append((f"{context} {prelude}".strip(), pairs))
        start = match.end()
    return found


def layout_in_dark(css):
    """The declarations a dark-scheme rule makes that are not about colour: [(selector, 'prop: value')]."""
    wrong = []
    for selector, declarations in rules(css):
        if not DARK.search(selector):
            continue
        for prop, value in declarations:
            if prop.startswith("--") or COLOUR_PROPERTY.match(prop):
                if not COLOUR_VALUE.match(value):
                    wrong.append((selector, f"{prop}: {value}"))
            elif not (prop == "display" and value == "none" and VARIANT.search(selector)):
                wrong.append((selector, f"{prop}: {value}"))
    return wrong


@pytest.mark.parametrize("path", sorted(STYLESHEETS.glob("*.css")), ids=lambda p: p.name)
def test_the_dark_scheme_changes_colours_only(path):
    wrong = layout_in_dark(path.read_text(encoding="utf-8"))
    assert not wrong, f"{path.name}: dark-scheme rules that change more than colour: {wrong}"


def test_the_scripts_do_not_read_the_scheme():
    """Nor does a script of ours lay anything out by scheme."""
    readers = [p.name for p in SCRIPTS.glob("*.js")
               if re.search(r"slate|prefers-color-scheme|color-scheme|colorScheme", p.read_text(encoding="utf-8"))]
    assert len(list(SCRIPTS.glob("*.js"))) >= 4 and not readers, readers


def test_the_stylesheets_have_dark_rules_to_check():
    assert sum(len(rules(p.read_text(encoding="utf-8"))) for p in STYLESHEETS.glob("*.css")) > 50
    dark = [s for p in STYLESHEETS.glob("*.css") for s, _ in rules(p.read_text(encoding="utf-8")) if DARK.search(s)]
    assert len(dark) >= 6, dark


@pytest.mark.parametrize("css", [
    '[data-md-color-scheme="slate"] .exercise { padding: 2em; }',
    '@media screen { [data-md-color-scheme="slate"] .attention-explorer { --ae-gap: 2rem; } }',
    '[data-md-color-scheme="slate"] .md-typeset table { display: none }',
    '@media (prefers-color-scheme: dark) { .md-typeset pre { font-size: 10px } }',
])
def test_a_layout_change_in_dark_is_caught(css):
    assert layout_in_dark(css)


@pytest.mark.parametrize("css", [
    '[data-md-color-scheme="slate"] .exercise { --ex-ok: #8fdc97; color: var(--md-default-fg-color) }',
    '[data-md-color-scheme="slate"] .x__zoom--light, body:not([data-md-color-scheme="slate"]) .x__zoom--dark '
    '{ display: none; }',
    '@media print { [data-md-color-scheme="slate"] { color-scheme: light; --md-code-bg-color: #f5f5f5; } }',
    '.exercise { padding: 2em }',
])
def test_colours_and_variants_pass(css):
    assert not layout_in_dark(css)
