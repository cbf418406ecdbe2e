"""The exercises in Chromium, used the way a reader uses them, in both languages.

The pages are found by what they contain ([data-exercise]), not by a list. While
the chapters do not all carry their ``{{ exercises.<page> }}`` line yet, the test
builds a temporary copy of the project in which the missing ones are added at
the end of the page (docs/ itself is never touched), so the exercises of every
chapter are tested either way.

Set EXERCISE_SCREENSHOTS=<folder> to save 390 px screenshots (zh/en, light/dark), and
EXERCISE_SITE=<folder> to test a site you built yourself instead of building one.
"""
import json
import os
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from attention_site import exercises
from attention_site.local_site import build_site
from tests import exercise_oracle as oracle
from tests.cases import DECIMAL_COMMA_CASES, PARSE_CASES
from tests.served import PROJECT_PARTS, ROOT, copy_project, serve, site_path

pytestmark = [pytest.mark.site, pytest.mark.browser]

HEADINGS = {"zh": "## 动手试一试 {#try-it}", "en": "## Try it yourself {#try-it}"}
ROOT_SELECTOR = "[data-exercise]"
PHONE = {"width": 390, "height": 844}
BY_ID = {e.id: e for e in exercises.exercises()}


def _placeholder(page):
    return re.compile(r"\{\{\s*exercises\.%s\s*\}\}" % re.escape(page))


def missing_placeholders(project=ROOT):
    """[(lang, page)] of chapter pages that do not (yet) carry their placeholder."""
    return [(lang, page) for lang in exercises.LANGS for page in exercises.PAGES
            if not _placeholder(page).search((project / "docs" / lang / f"{page}.md").read_text(encoding="utf-8"))]


def add_placeholders(project):
    """In a COPY of the project: end each chapter that lacks it with the exercises."""
    for lang, page in missing_placeholders(project):
        path = project / "docs" / lang / f"{page}.md"
        text = path.read_text(encoding="utf-8").rstrip("\n")
        if "{#try-it}" not in text:
            text += f"\n\n{HEADINGS[lang]}"
        path.write_text(f"{text}\n\n{{{{ exercises.{page} }}}}\n", encoding="utf-8")


@pytest.fixture(scope="module")
def exercise_site(tmp_path_factory, request):
    """A built site whose chapters carry their exercises: the project's own build when
    every chapter has its placeholder, else a build of a copy with them added.
    EXERCISE_SITE=<folder> tests an existing build instead (quick iterations)."""
    if os.environ.get("EXERCISE_SITE"):
        return Path(os.environ["EXERCISE_SITE"])
    if not missing_placeholders():
        return request.getfixturevalue("site_dir")
    project = copy_project(tmp_path_factory.mktemp("exercises") / "project",
                           parts=tuple(PROJECT_PARTS) + ("extensions",))
    add_placeholders(project)
    dest = project.parent / "site"
    result = build_site(dest, project=project)
    if result.returncode != 0:
        pytest.fail(f"build of the copy with exercises failed:\n{result.stdout}\n{result.stderr}")
    return dest


@pytest.fixture(scope="module")
def base_url(exercise_site):
    with serve(exercise_site, site_path()) as url:
        yield url


@pytest.fixture(scope="module")
def exercise_pages(exercise_site):
    """{(lang, url)} of every built page with an exercise, found by its content."""
    found = {}
    for path in sorted(exercise_site.rglob("index.html")):
        text = path.read_text(encoding="utf-8")
        if "data-exercise=" in text:
            rel = path.relative_to(exercise_site).as_posix()[: -len("index.html")]
            found[("en" if rel.startswith("en/") else "zh", rel)] = re.findall(r'data-exercise="([^"]+)"', text)
    return found


@pytest.fixture
def errors(page):
    found = []
    page.on("pageerror", lambda error: found.append(f"pageerror: {error}"))
    page.on("console", lambda m: m.type == "error" and "Failed to load resource" not in m.text
            and found.append(m.text))
    return found


def url_of(exercise_pages, lang, page):
    return next(url for (l, url) in exercise_pages if l == lang and url.rstrip("/").endswith(page))


def open_page(page, base_url, url):
    page.goto(base_url + url)
    page.locator(f'{ROOT_SELECTOR}[data-ready="true"]').first.wait_for(timeout=5000)


def check(page, root, reply=None, *, choice=None):
    if choice is not None:
        root.locator(f'input[type="radio"][value="{choice}"]').check()
    elif reply is not None:
        root.locator("input").fill(reply)
    root.locator("button[data-exercise-check]").click()
    return root.get_attribute("data-state")


# --- found, complete, and the same in both languages ---------------------------------

def test_every_chapter_has_its_exercises_in_both_languages(exercise_pages):
    per_lang = {lang: {url: ids for (l, url), ids in exercise_pages.items() if l == lang}
                for lang in exercises.LANGS}
    assert len(per_lang["zh"]) >= 6 and len(per_lang["en"]) >= 6
    assert sum(len(ids) for ids in per_lang["zh"].values()) >= 12
    for url, ids in per_lang["zh"].items():
        assert per_lang["en"]["en/" + url] == ids  # the same exercises on each page pair
    for page in exercises.PAGES:
        assert per_lang["zh"][f"{page}/"] == [e.id for e in exercises.by_page(page)]


def test_script_and_style_load_only_where_exercises_are(exercise_site, exercise_pages):
    for path in sorted(exercise_site.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        has = "data-exercise=" in text
        assert ("exercises.js" in text) == has, path
        assert ("exercises.css" in text) == has, path


@pytest.mark.parametrize("lang", exercises.LANGS)
def test_assets_load_from_the_site_and_nothing_is_sent(page, base_url, exercise_pages, errors, lang):
    requests = []
    page.on("request", lambda r: requests.append((r.method, r.resource_type, r.url)))
    open_page(page, base_url, url_of(exercise_pages, lang, "weights"))
    ours = [u for _, _, u in requests if "exercises." in u or "widgets-core." in u]
    names = sorted(urlsplit(u).path.rsplit("/", 1)[1] for u in ours)
    assert names == ["exercises.css", "exercises.js", "widgets-core.js"]  # each once
    assert all(u.startswith(base_url) for u in ours)  # no CDN
    root = page.locator(ROOT_SELECTOR).first
    before = len(requests)
    check(page, root, "0.3")
    check(page, root, "0.25")
    page.wait_for_timeout(200)
    # Lazy figures may still load, and the theme's search worker fetches its lunr
    # language files from this site whenever it gets round to it: neither is the exercise.
    sent = [r for r in requests[before:] if r[1] != "image" and "/assets/javascripts/lunr/" not in r[2]]
    assert sent == []  # checking never talks to a server
    assert all(u.startswith(base_url) for _, _, u in requests)  # and nothing leaves the site
    assert not errors


# --- answering: numbers in several formats, choices, feedback ------------------------

@pytest.mark.parametrize("lang", exercises.LANGS)
def test_numbers_in_the_formats_readers_type(page, base_url, exercise_pages, errors, lang):
    open_page(page, base_url, url_of(exercise_pages, lang, "weights"))
    root = page.locator('[data-exercise="weights-equal"]')
    assert json.loads(root.get_attribute("data-answer")) == BY_ID["weights-equal"].answer
    assert root.get_attribute("data-state") is None
    explanation = root.locator("[data-exercise-explanation]")
    assert explanation.is_hidden()
    feedback = root.locator("[data-exercise-feedback]")
    assert feedback.get_attribute("aria-live") == "polite"
    messages = json.loads(page.locator(".exercises").get_attribute("data-messages"))
    text = exercises.texts(lang)["ui"]

    assert check(page, root, "0.3") == "incorrect"
    assert feedback.inner_text() == text["incorrect"] == messages["incorrect"]
    assert explanation.is_hidden()
    assert root.locator("details.exercise__hint").get_attribute("open") is not None  # the hint opens
    assert check(page, root, "abc") == "incorrect"
    assert feedback.inner_text() == text["unreadable"]
    assert check(page, root, "") == "incorrect"
    assert feedback.inner_text() == text["empty"]  # nothing typed yet: not "unreadable"
    assert check(page, root, "25") == "incorrect"  # a weight, not 25
    assert feedback.inner_text() == text["need_percent"]  # ...and the reader is told how to write 25 %
    for reply in ("0.25", ".25", "25%", "1/4", "０.２５", "0.26"):
        assert check(page, root, reply) == "correct", reply
        assert feedback.inner_text() == text["correct"]
    assert explanation.is_visible()
    # a decimal comma: en reads it, zh asks back (issue 27: 「1,5」 was right as 1.5), hint shut
    assert root.get_attribute("data-state") == "correct"
    if exercises.DECIMAL_COMMA[lang]:
        assert check(page, root, "0,25") == "correct"
    else:
        root.locator("details.exercise__hint").evaluate("d => d.open = false")
        assert check(page, root, "0,25") == "incorrect"
        assert feedback.inner_text() == text["decimal_comma"].replace("{VALUE}", "0.25") == "✗ 你是想写 0.25 吗？小数点请用「.」。"
        assert root.locator("details.exercise__hint").get_attribute("open") is None
        assert check(page, root, "0.25") == "correct"

    assert check(page, root, "0.3") == "incorrect"  # a later wrong answer hides the explanation again
    assert explanation.is_hidden()
    root.locator("[data-exercise-reveal]").click()  # unless the reader asked to see the answer
    assert check(page, root, "0.3") == "incorrect" and explanation.is_visible()

    shift = page.locator('[data-exercise="weights-shift"]')
    answer = BY_ID["weights-shift"].answer
    assert check(page, shift, f"{answer * 100:.0f}%") == "correct"
    assert check(page, shift, f"{answer + 0.03:.2f}") == "incorrect"
    assert not errors


@pytest.mark.parametrize("lang", exercises.LANGS)
def test_counts_with_thousands_separators(page, base_url, exercise_pages, errors, lang):
    open_page(page, base_url, url_of(exercise_pages, lang, "order-and-cost"))
    root = page.locator('[data-exercise="why-2000"]')
    for reply in ("4,000,000", "4000000", "4 000 000", "400万"):
        assert check(page, root, reply) == "correct", reply
    for reply in ("4,000", "2000", "4000000%"):
        assert check(page, root, reply) == "incorrect", reply
    assert root.locator("[data-exercise-feedback]").inner_text() == exercises.texts(lang)["ui"]["no_percent"]
    assert "0." not in exercises.texts(lang)["ui"]["no_percent"]  # no decimal example on a whole-number question
    assert not errors


@pytest.mark.parametrize("lang", exercises.LANGS)
def test_radio_choices(page, base_url, exercise_pages, errors, lang):
    open_page(page, base_url, url_of(exercise_pages, lang, "asymmetry"))
    exercise = BY_ID["wv-tied"]
    root = page.locator(f'[data-exercise="{exercise.id}"]')
    assert json.loads(root.get_attribute("data-answer")) == exercise.answer
    values = root.locator('input[type="radio"]').evaluate_all("els => els.map(e => e.value)")
    assert values == list(exercise.choices)
    text = exercises.texts(lang)["ui"]
    root.locator("button[data-exercise-check]").click()  # nothing chosen yet
    assert root.get_attribute("data-state") == "incorrect"
    assert root.locator("[data-exercise-feedback]").inner_text() == text["unchosen"]
    wrong = next(c for c in exercise.choices if c != exercise.answer)
    assert check(page, root, choice=wrong) == "incorrect"
    assert check(page, root, choice=exercise.answer) == "correct"
    # every radio is named by its label, in the page's language
    label = root.locator(f'input[value="{exercise.answer}"]').evaluate("el => el.closest('label').textContent")
    assert (exercise.answer in label) and (("it (它)" in label) == (lang == "en"))
    assert not errors


def every_exercise(page, base_url, exercise_pages, lang):
    """(exercise, its root) for every exercise of `lang`'s pages, each page opened in turn."""
    for (l, url), ids in sorted(exercise_pages.items()):
        if l != lang:
            continue
        open_page(page, base_url, url)
        for exercise_id in ids:
            yield BY_ID[exercise_id], page.locator(f'[data-exercise="{exercise_id}"]')


@pytest.mark.parametrize("lang", exercises.LANGS)
def test_every_exercise_takes_its_answer_and_names_each_predictable_mistake(page, base_url, exercise_pages,
                                                                           errors, lang):
    """One walk over every exercise: the answer is accepted and another rejected; every listed
    mistake, typed or picked as a reader would, says what is wrong with it; any other wrong
    answer gets the plain "not quite"."""
    text = exercises.texts(lang)
    seen = 0
    for exercise, root in every_exercise(page, base_url, exercise_pages, lang):
        exercise_id = exercise.id
        answer = json.loads(root.get_attribute("data-answer"))
        assert answer == pytest.approx(exercise.answer) if exercise.kind == "number" else answer == exercise.answer
        if exercise.kind == "choice":
            wrong = next(c for c in exercise.choices if c != answer)
            assert check(page, root, choice=wrong) == "incorrect", exercise_id
            assert check(page, root, choice=answer) == "correct", exercise_id
        else:
            shown = f"{answer:.2f}" if exercise.tolerance else f"{answer:,.0f}"
            assert check(page, root, shown) == "correct", (exercise_id, shown)
            wrong = answer + 3 * exercise.tolerance + 1
            assert check(page, root, f"{wrong:.2f}") == "incorrect", exercise_id
        feedback = root.locator("[data-exercise-feedback]")
        for name, value in exercise.mistakes.items():
            if exercise.kind == "choice":
                state = check(page, root, choice=value)
            else:
                state = check(page, root, f"{value:.2f}" if exercise.tolerance else f"{value:,.0f}")
            said = exercises.fill(text[exercise.id]["mistakes"][name], exercise, lang)
            assert state == "incorrect" and said in feedback.inner_text(), (exercise.id, name)
            seen += 1
        if exercise.kind == "number" and exercise.mistakes:
            taken = [exercise.answer, *exercise.mistakes.values()]
            far = next(x for x in (0.47, 0.93, 3.33, 777) if all(
                abs(x - t) > 3 * exercise.tolerance + 0.02 for t in taken))  # a share, for weights
            check(page, root, f"{far:g}")
            assert feedback.inner_text() == text["ui"]["incorrect"], exercise.id
    assert seen == sum(len(e.mistakes) for e in exercises.exercises())
    assert not errors


def test_page_parse_matches_python(page, base_url, exercise_pages, errors):
    open_page(page, base_url, url_of(exercise_pages, "en", "weights"))

    cases = [(text, percent) for text, percent, _ in PARSE_CASES] + [
        (text, percent) for text, percent, _, _ in DECIMAL_COMMA_CASES]
    for decimal_comma in (True, False):  # en pages, zh pages
        got = page.evaluate("([cases, comma]) => cases.map(c => attentionExercises.parse(c[0], c[1], comma))",
                            [cases, decimal_comma])
        for (text, percent), value in zip(cases, got):
            expected = oracle.parse_number(text, percent, decimal_comma)
            assert (value is None) == (expected is None), (text, decimal_comma)
            if expected is not None:
                assert value == pytest.approx(expected, abs=1e-12), (text, decimal_comma)
    assert not errors


# --- keyboard, progress, phones, accessibility ---------------------------------------

@pytest.mark.parametrize("lang", exercises.LANGS)
def test_keyboard_only(page, base_url, exercise_pages, errors, lang):
    open_page(page, base_url, url_of(exercise_pages, lang, "softmax"))
    root = page.locator('[data-exercise="weights-temperature"]')
    field = root.locator("input")
    field.focus()
    page.keyboard.type("0.5")
    page.keyboard.press("Enter")  # Enter in the field checks
    assert root.get_attribute("data-state") == "incorrect"
    field.fill("")
    page.keyboard.type(f"{BY_ID['weights-temperature'].answer:.2f}")
    page.keyboard.press("Tab")  # on to Check
    assert page.evaluate("document.activeElement.matches('[data-exercise-check]')")
    page.keyboard.press("Space")
    assert root.get_attribute("data-state") == "correct"

    open_page(page, base_url, url_of(exercise_pages, lang, "explorer"))
    choice = page.locator('[data-exercise="ws-shuffle"]')
    first = choice.locator('input[type="radio"]').first
    first.focus()
    assert first.evaluate("el => getComputedStyle(el).outlineStyle") != "none"  # focus is visible
    page.keyboard.press("ArrowDown")  # selects the next choice ("changes")
    page.keyboard.press("Enter")
    assert choice.get_attribute("data-state") == "incorrect"
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    assert choice.get_attribute("data-state") == "correct"
    open_page(page, base_url, url_of(exercise_pages, lang, "weighted-sum"))
    reveal = page.locator('[data-exercise="ws-same-value"] [data-exercise-reveal]')
    reveal.focus()
    page.keyboard.press("Enter")
    assert page.locator('[data-exercise="ws-same-value"] [data-exercise-explanation]').is_visible()
    assert not errors


def test_progress_is_remembered_in_this_browser_only(browser, base_url, exercise_pages):
    context = browser.new_context()
    try:
        page = context.new_page()
        open_page(page, base_url, url_of(exercise_pages, "zh", "order-and-cost"))
        root = page.locator('[data-exercise="faq-double"]')
        assert root.locator(".exercise__solved").count() == 0
        assert check(page, root, "4") == "correct"
        stored = json.loads(page.evaluate("localStorage.getItem('attention-exercises')"))
        assert stored == {"faq-double": True}
        open_page(page, base_url, url_of(exercise_pages, "en", "order-and-cost"))  # same exercise, other language
        root = page.locator('[data-exercise="faq-double"]')
        assert root.locator(".exercise__solved").inner_text() == exercises.texts("en")["ui"]["solved"]
        assert root.get_attribute("data-state") is None  # not checked on this visit
    finally:
        context.close()


def test_without_javascript_the_questions_and_answers_read(browser, base_url, exercise_pages):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(base_url + url_of(exercise_pages, "zh", "weights"))
        root = page.locator('[data-exercise="weights-equal"]')
        assert root.locator("input").is_disabled() and root.locator("button").first.is_disabled()
        assert root.locator("[data-exercise-explanation]").is_visible()
    finally:
        context.close()


def screenshots(page, url, folder, name):
    """Fresh exercises of `url` as a reader sees them (below the sticky header)."""
    shots = {"weights": [("weights-shift", "0.5", "incorrect"), ("weights-equal", "0.25", "correct")],
             "asymmetry": [("wv-tied", None, "choice")]}
    for exercise_id, reply, state in shots.get(url.rstrip("/").rsplit("/", 1)[-1], []):
        folder.mkdir(parents=True, exist_ok=True)
        page.reload()
        page.locator(f'{ROOT_SELECTOR}[data-ready="true"]').first.wait_for()
        root = page.locator(f'[data-exercise="{exercise_id}"]')
        if reply:
            check(page, root, reply)
        page.evaluate("window.scrollTo(0, 0)")
        root.evaluate("el => window.scrollTo(0, el.getBoundingClientRect().top - 70)")
        page.wait_for_timeout(300)
        page.screenshot(path=str(folder / f"{name}-{state}.png"))


# Layout is checked in the light scheme: the dark one changes colours only (test_colour_schemes), and
# axe checks the exercises' colours in both (test_a11y). Screenshots are taken in both.
PHONE_SCHEMES = ["light", "dark"] if os.environ.get("EXERCISE_SCREENSHOTS") else ["light"]


@pytest.mark.parametrize("scheme", PHONE_SCHEMES)
@pytest.mark.parametrize("lang", exercises.LANGS)
def test_phone_width_targets_and_no_sideways_scroll(browser, base_url, exercise_pages, lang, scheme):
    context = browser.new_context(viewport=PHONE, color_scheme=scheme, device_scale_factor=2)
    shots = os.environ.get("EXERCISE_SCREENSHOTS")
    try:
        page = context.new_page()
        for (l, url) in sorted(exercise_pages):
            if l != lang:
                continue
            open_page(page, base_url, url)
            roots = page.locator(ROOT_SELECTOR)
            for i in range(roots.count()):  # every part visible: hint open, answer shown
                roots.nth(i).locator("details.exercise__hint").evaluate_all("els => els.forEach(e => e.open = true)")
                roots.nth(i).locator("[data-exercise-reveal]").click()
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], (url, width)
            small = page.evaluate("""() => [...document.querySelectorAll(
                    '[data-exercise] input, [data-exercise] button, [data-exercise] summary')]
                .map(el => [el.outerHTML.slice(0, 80), el.getBoundingClientRect()])
                .filter(([, r]) => r.width < 24 || r.height < 24)""")
            assert not small, (url, small)
            if shots:
                screenshots(page, url, Path(shots), f"{lang}-{scheme}")
    finally:
        context.close()
