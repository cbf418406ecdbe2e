"""A chapter's web page made into a printed chapter: the reading edition's rules, one function each.

tools/pdf.py puts the chapters into one document and prints it; this module decides what a
chapter shows on paper. Paper cannot run JavaScript, take a click or keep progress, so:

- web-only parts go (`drop_web_only`): the copy-all button, "needs code from a fold above: ... or
  use Copy all", the exercises' "press Check, your progress is kept in your browser", the
  download-the-PDF paragraph, "with JavaScript enabled ..."; any element a page marks
  `{.web-only}` goes too;
- the widgets print their state (`static_explorer`, `static_playground`): the tables the page
  was built with, inputs as the numbers they hold, controls gone, plus the link online;
- exercises print their question (choices as a list, a line to write a number on) and a link
  to their answer; the answers and explanations are collected at the end of the chapter
  (`exercises_for_print`), where a reader who turns the page has predicted first;
- figures print with their text in the book's TrueType fonts (`print_figures`): the SVGs name
  Noto Sans CJK first, whose CFF outlines Chromium embeds as Type 3 glyphs (digits that do
  not extract, Han that extracts as Kangxi radicals);
- full-width brackets beside Latin text or inline code sit closer (`tight_cjk_punctuation`):
  WenQuanYi draws （ and ） centred in a full em, so "注意力（attention）" printed as
  "注意力（ attention ）", and inline code's padding widened "（ inf ，" further.
"""
import base64
import re

from bs4 import NavigableString

WEB_ONLY = (".web-only, .copy-all, .needs-fold, .pdf-download, .ae-noscript, .exercises__intro, "
            ".exercise__format, .exercise__feedback, .exercise__buttons, .story-toggle, .story-reveal, "
            "noscript")
WORDS = {
    "zh": {"answers": "本章练习答案", "answer": "答案", "question": "回到题目",
           "exercises": "先自己做一遍：答案和解释在本章末尾。在网页版上，这些练习会当场核对你的答案：",
           "write": "你的答案：", "shown": "图中所示"},
    "en": {"answers": "Answers to this chapter's exercises", "answer": "Answer", "question": "back to the question",
           "exercises": "Work them out first: the answers and explanations are at the end of this chapter. "
                        "On the website these exercises check your answer as you give it:",
           "write": "Your answer:", "shown": "Shown"},
}
# Print fonts for figure text, in the book's order: Latin in Liberation Sans, CJK in WenQuanYi
# (both TrueType, both embedded as real fonts), never a CFF font that would print as Type 3.
FIGURE_FONTS = "'Liberation Sans', 'WenQuanYi Micro Hei', sans-serif"
OPENING = "（「『《〈【〔［｛“‘，。、；：！？"
CLOSING = "）」』》〉】〕］｝”’，。、；：！？"
# A full-width bracket right against Latin text: （attention）, （scale=1.0）. The class pulls the
# Latin side in by the blank WenQuanYi leaves there (about a quarter em).
BRACKET_LATIN = re.compile(r"([（［｛])(?=[A-Za-z0-9_$])|(?<=[A-Za-z0-9_.%)\]])([）］｝])")
LEAVE_ALONE = {"code", "pre", "script", "style", "kbd", "samp"}


def drop_web_only(article):
    for tag in article.select(WEB_ONLY):
        tag.decompose()


def print_figures(article, site):
    """Each figure's SVG inlined as a data: URI whose text names the book's print fonts first."""
    for img in article.select("img[src]"):
        path = site / img["src"]
        if not img["src"].endswith(".svg") or not path.is_file():
            continue
        svg = re.sub(r"font-family:[^;}\"]*", f"font-family: {FIGURE_FONTS}", path.read_text(encoding="utf-8"))
        img["src"] = "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def _online(soup, text, url):
    note = soup.new_tag("p", attrs={"class": "pdf-online"})
    note.string = text + " "
    anchor = soup.new_tag("a", href=url)
    anchor.string = url
    note.append(anchor)
    return note


def static_explorer(widget, soup, online_text, url, lang):
    """The explorer as the tables it was built with: every step at once, numbers instead of inputs."""
    asking = widget.select_one("[data-ae-asking] option[selected]") or widget.select_one("[data-ae-asking] option")
    temperature = widget.select_one("output[data-ae-t]")
    labels = [label.get_text(" ", strip=True) for label in widget.select(".ae-controls label")]
    state, colon = [], "：" if lang == "zh" else ": "
    if asking is not None and labels:
        state.append(f"{labels[0]}{colon}{asking.get_text(' ', strip=True)}")
    if temperature is not None and len(labels) > 1:
        state.append(f"{labels[1]}{colon}{temperature.get_text(strip=True)}")
    for cell in widget.select("input"):
        if cell.get("type") == "number":
            value = soup.new_tag("span", attrs={"class": "pdf-value"})
            value.string = cell.get("value", "")
            cell.replace_with(value)
    for tag in widget.select(".ae-controls, .ae-stepper, .ae-invalid, input, select, button"):
        tag.decompose()
    widget["data-step"] = "all"  # no step is highlighted: all six are shown
    if state:
        line = soup.new_tag("p", attrs={"class": "pdf-state"})
        line.string = " · ".join(state)
        title = widget.select_one(".ae-title")
        if title is not None:
            title.insert_after(line)
        else:
            widget.insert(0, line)
    widget.insert_after(_online(soup, online_text, url))


def static_playground(widget, soup, online_text, url):
    """The playground as its scores, weights and bars at the chapter's values; sliders and buttons gone."""
    for slider in widget.select("input"):
        slider.replace_with(soup.new_tag("span", attrs={"class": "pdf-slot"}))
    for tag in widget.select("button, .ap-buttons, [data-ap-summary]"):
        tag.decompose()
    widget.insert_after(_online(soup, online_text, url))


def exercises_for_print(article, soup, stem, lang, url):
    """Questions stay where they are; answers move to a section at the chapter's end (returned, or None)."""
    words = WORDS[lang]
    answers = []
    for block in article.select(".exercises"):
        heading = block.find_previous("h2")
        anchor = heading.get("id", "").removeprefix(f"{stem}--") if heading is not None else ""
        block.insert(0, _online(soup, words["exercises"], f"{url}#{anchor}" if anchor else url))
        for exercise in block.select(".exercise"):
            ident = exercise.get("id", f"{stem}--ex-{len(answers)}")
            number = exercise.select_one(".exercise__number")
            explanation = exercise.select_one(".exercise__explanation")
            question = exercise.select_one(".exercise__question")
            if question is None or explanation is None:
                raise ValueError(f"{stem}: exercise {ident} has no question or no explanation to print")
            choices = [choice.get_text(" ", strip=True) for choice in exercise.select(".exercise__choice")]
            static = soup.new_tag("div", attrs={"class": "exercise pdf-exercise", "id": ident})
            static.append(question.extract())
            question.name = "p"
            if choices:
                listing = soup.new_tag("ol", attrs={"class": "pdf-choices", "type": "A"})
                for text in choices:
                    item = soup.new_tag("li")
                    item.string = text
                    listing.append(item)
                static.append(listing)
            else:
                line = soup.new_tag("p", attrs={"class": "pdf-write"})
                line.string = words["write"]
                static.append(line)
            hint = exercise.select_one(".exercise__hint")
            if hint is not None:
                static.append(hint.extract())
            link = soup.new_tag("p", attrs={"class": "pdf-answer-link"})
            anchor = soup.new_tag("a", href=f"#{ident}-answer")
            anchor.string = f"→ {words['answer']}"
            link.append(anchor)
            static.append(link)
            exercise.replace_with(static)
            title = explanation.select_one(".exercise__answer-title")
            if title is not None:
                title.decompose()
            entry = soup.new_tag("div", attrs={"class": "pdf-answer", "id": f"{ident}-answer"})
            head = soup.new_tag("p", attrs={"class": "pdf-answer-title"})
            back = soup.new_tag("a", href=f"#{ident}")
            back.string = number.get_text(" ", strip=True) if number else words["question"]
            head.append(back)
            entry.append(head)
            for child in list(explanation.children):
                entry.append(child.extract())
            answers.append(entry)
    if not answers:
        return None
    section = soup.new_tag("section", attrs={"class": "pdf-answers", "id": f"{stem}--pdf-answers"})
    heading = soup.new_tag("h2")
    heading.string = words["answers"]
    section.append(heading)
    for entry in answers:
        section.append(entry)
    return section


def tight_cjk_punctuation(article, soup):
    """Full-width brackets against Latin text, and inline code against full-width punctuation:
    pulled together by the blank the font or the code's padding leaves between them."""
    for text in list(article.find_all(string=BRACKET_LATIN)):
        if type(text) is not NavigableString or any(p.name in LEAVE_ALONE for p in text.parents):
            continue
        parts, last = [], 0
        for match in BRACKET_LATIN.finditer(text):
            parts.append(NavigableString(text[last:match.start()]))
            span = soup.new_tag("span", attrs={"class": "pdf-open" if match.group(1) else "pdf-close"})
            span.string = match.group(0)
            parts.append(span)
            last = match.end()
        parts.append(NavigableString(text[last:]))
        for part in parts:
            text.insert_before(part)
        text.extract()
    for code in article.select("code"):
        if code.find_parent("pre") is not None:
            continue
        before, after = code.previous_sibling, code.next_sibling
        classes = code.get("class", [])
        if isinstance(before, str) and before and before[-1] in OPENING:
            classes.append("pdf-tight-start")
        if isinstance(after, str) and after and after[0] in CLOSING:
            classes.append("pdf-tight-end")
        if classes:
            code["class"] = classes
