"""The markup of ``{{ exercises.<page> }}``: raw HTML around a folded code block, one root per exercise.

Contract (an outside check reads it): every exercise root has
``data-exercise`` (its id), an answer field (a text ``input``, or radio
buttons whose ``value`` is the choice), a check ``button``, the build's answer
in ``data-answer`` (JSON: a number, or the value of the right choice), and
after checking ``data-state="correct"`` or ``"incorrect"``. An exercise with
predictable wrong answers also carries ``data-mistakes`` (JSON: a list of
``{"value": the wrong number or choice, "say": what is wrong with it}``); the
feedback then explains that mistake instead of a plain "not quite". The block
of a page's exercises says in ``data-decimal-comma`` whether "1,5" reads as 1.5
there ("true" in en; "false" in zh, where the box asks back instead: model.DECIMAL_COMMA).

The HTML is templates/block.html (a page's block) and templates/exercise.html (one exercise),
rendered by attention_site.templates; this module computes what they show: the texts filled
in and made HTML, each choice's label, the mistakes' words, the answer format's note.

The browser side is docs/assets/javascripts/exercises.js (checking, feedback, progress in
localStorage) and docs/assets/stylesheets/exercises.css, linked by overrides/partials/widgets.html
on pages whose block says ``data-widget="exercises"``: no asset link is written here.
"""
import markdown
from markupsafe import Markup

from attention_site import templates
from attention_site.exercises.catalogue import by_page
from attention_site.exercises.model import DECIMAL_COMMA
from attention_site.exercises.text_files import texts
from attention_site.languages import LANGS
from snippets.sentence import ENGLISH


def _inline(text):
    """Markdown of one paragraph (code, emphasis) as HTML without the <p>."""
    out = markdown.markdown(text.strip())
    return Markup(out[3:-4] if out.startswith("<p>") and out.endswith("</p>") and out.count("<p>") == 1 else out)


def _blocks(text):
    """Markdown of paragraphs as HTML."""
    return Markup(markdown.markdown(text.strip()))


def fill(text, exercise, lang):
    """A text of the exercise with {answer} and its named values filled in."""
    answer = exercise.answer
    values = {k: v[lang] if isinstance(v, dict) else v for k, v in exercise.values.items()}  # words per language
    return text.format(answer=answer, **values)


def choice_label(exercise, value, entry, lang):
    """What the reader sees for choice `value`: the text's label, else the sentence's word."""
    labels = entry.get("choices", {})
    if value in labels:
        return labels[value]
    if value in ENGLISH:  # a word of the sentence: 猫 / "cat (猫)"
        return value if lang == "zh" else f"{ENGLISH[value]} ({value})"
    raise KeyError(f"exercise {exercise.id!r}: no {lang} label for choice {value!r}")


def _format_note(exercise, ui):
    """The answer format under the box; a small count (the relay's 1 step) gets the short form:
    a reader answering 1 was told how to write 1,234,567."""
    fmt = exercise.fmt
    if fmt == "count" and abs(exercise.answer) < 1000:
        fmt = "small_count"
    return ui[f"format_{fmt}"].format(tolerance=f"{exercise.tolerance:g}")


def exercise_markup(exercise, number, lang, ui, entry):
    """Markdown (raw HTML + a folded code block) of one exercise: templates/exercise.html."""
    number_kind = exercise.kind == "number"
    return str(templates.render(
        "exercises/exercise.html", exercise=exercise, uid=f"ex-{exercise.id}", ui=ui,
        label=ui["exercise"].format(n=number),
        question=_inline(fill(entry["question"], exercise, lang)),
        format_note=_format_note(exercise, ui) if number_kind else None,
        choices=[] if number_kind else [(value, _inline(choice_label(exercise, value, entry, lang)))
                                        for value in exercise.choices],
        mistakes=[{"value": value, "say": fill(entry["mistakes"][name], exercise, lang)}
                  for name, value in exercise.mistakes.items()],
        hint=_inline(fill(entry["hint"], exercise, lang)) if entry.get("hint") else None,
        explanation=_blocks(fill(entry["explanation"], exercise, lang)),
        code_title=ui["code"].replace('"', "“")))  # the admonition's title sits in "..."


def embed(page, lang):
    """Markdown for ``{{ exercises.<page> }}`` in `lang`: the page's exercises (templates/block.html).
    Their block carries ``data-widget="exercises"``, so overrides/partials/widgets.html links
    their script and stylesheet on this page (and on no page without exercises)."""
    if lang not in LANGS:
        raise ValueError(f"exercise language must be one of {LANGS}, got {lang!r}")
    chosen = by_page(page)
    text = texts(lang)
    ui = text["ui"]
    messages = {key: ui[key] for key in ("correct", "incorrect", "mistake", "unreadable", "empty", "no_percent",
                                         "need_percent", "decimal_comma", "unchosen", "solved", "revealed")}
    return str(templates.render(
        "exercises/block.html", page=page, decimal_comma=DECIMAL_COMMA[lang], messages=messages,
        intro=_inline(ui["intro"]),
        exercises=[Markup(exercise_markup(exercise, number, lang, ui, text[exercise.id]))
                   for number, exercise in enumerate(chosen, 1)]))
