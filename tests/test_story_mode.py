"""Story mode (issue 27): one switch hides the code site-wide, and no visible sentence then
points at code the reader cannot see.

The switch sits under the title of every page with code (overrides/main.html); it is a real
button (keyboard, aria-pressed), remembered across pages and reloads (localStorage). Hidden: code
blocks, folds holding code, "needs a fold" lines and paragraphs marked { .code-talk }. Each hidden
block leaves a "show this code" button: code stays one click away.
"""
import re

import pytest


pytestmark = [pytest.mark.site, pytest.mark.browser]

# Words that only make sense next to code. A sentence using them in story mode points at code
# the reader cannot see (tag its paragraph { .code-talk }, or say it without the code).
CODE_TALK = {
    "zh": re.compile(r"代码|这段|这几行|运行|打印|复制|粘贴|NumPy|Python|#>|print"),
    "en": re.compile(r"\bcode\b|\bprints?\b|\bprinted\b|\bblock below\b|\bthe block\b|\bcopy\b|\bpaste\b"
                     r"|NumPy|Python|#>|\brun (?:it|this|the)\b", re.I),
}
IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b|\b\w+\(|\.T\b| @ |\bnp\.")
CORE = {"zh": ["library/", "self-attention/", "weights/", "weighted-sum/", "why/", "faq/", "summary/"]}
CORE["en"] = ["en/" + url for url in CORE["zh"]]


def _visible_text(page):
    """What a reader sees in the article: innerText skips display:none; buttons and the
    provenance stamp left out."""
    return page.evaluate("""() => {
        const live = document.querySelector('article');
        let text = live.innerText;
        // the provenance line under every page ("computed by this site's code, NumPy x.y") points at
        // no block: it stays visible in story mode and is not a sentence about hidden code
        for (const b of live.querySelectorAll('button, .computed-stamp')) {
          if (b.offsetParent && b.innerText.trim()) text = text.split(b.innerText).join(' ');
        }
        return text; }""")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_story_mode_hides_the_code_and_every_sentence_about_it(page, site_url, lang):
    urls = [u for u in CORE[lang]]
    page.goto(site_url + urls[2])  # weights: a page with visible code (the first two chapters fold theirs)
    toggle = page.locator("[data-story-toggle]")
    assert toggle.get_attribute("aria-pressed") == "false"
    assert page.locator("article div.highlight:visible").count() > 0
    toggle.focus()
    page.keyboard.press("Enter")  # by keyboard
    assert toggle.get_attribute("aria-pressed") == "true"
    problems = []
    for url in urls:
        page.goto(site_url + url)  # remembered from page to page
        toggle = page.locator("[data-story-toggle]")
        if toggle.count() == 0:
            continue  # a page without code: nothing to hide
        assert toggle.get_attribute("aria-pressed") == "true", url
        shown = page.evaluate("""() => [...document.querySelectorAll('article div.highlight, article .needs-fold, article .code-talk')]
            .filter(e => e.offsetParent !== null).length""")
        assert shown == 0, f"{url}: {shown} code blocks or code sentences still visible in story mode"
        for line in _visible_text(page).splitlines():
            if CODE_TALK[lang].search(line) or IDENTIFIER.search(line):
                problems.append(f"{url}: {line.strip()[:120]}")
    assert not problems, "visible in story mode, about hidden code:\n" + "\n".join(problems)


def test_code_stays_one_click_away_and_the_switch_turns_back(page, site_url):
    page.goto(site_url + "weights/")
    off_label = page.locator("[data-story-toggle]").inner_text()
    page.locator("[data-story-toggle]").click()
    page.reload()
    assert page.locator("[data-story-toggle]").get_attribute("aria-pressed") == "true"
    on_label = page.locator("[data-story-toggle]").inner_text()
    assert on_label != off_label and "代码" in on_label  # it says what a click does next (R45)
    # one "show" button per run of hidden blocks: never two side by side
    assert page.evaluate("""() => [...document.querySelectorAll('button.story-reveal')].every(b => {
        let next = b.nextElementSibling; while (next && next.matches('.story-code, .needs-fold, .code-talk'))
          next = next.nextElementSibling;
        return !(next && next.matches('button.story-reveal')); })""")
    reveal = page.locator("button.story-reveal").first
    assert reveal.is_visible()
    hidden_before = page.locator("article div.highlight:visible").count()
    reveal.click()
    assert page.locator("article div.highlight:visible").count() > hidden_before
    page.locator("[data-story-toggle]").click()
    assert page.locator("[data-story-toggle]").get_attribute("aria-pressed") == "false"
    assert page.locator("button.story-reveal:visible").count() == 0
    page.reload()
    assert page.locator("[data-story-toggle]").get_attribute("aria-pressed") == "false"
