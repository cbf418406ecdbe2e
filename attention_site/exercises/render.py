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

The browser side is docs/assets/javascripts/exercises.js (checking, feedback, progress in
localStorage) and docs/assets/stylesheets/exercises.css, linked by overrides/partials/widgets.html
on pages whose block says ``data-widget="exercises"``: no asset link is written here.
"""
import html
import json

import markdown

from attention_site.exercises.catalogue import by_page
from attention_site.exercises.model import DECIMAL_COMMA
from attention_site.exercises.text_files import texts
from attention_site.languages import LANGS
from snippets.sentence import ENGLISH


def _json(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _attr(value):
    return html.escape(str(value), quote=True)


def _inline(text):
    """Markdown of one paragraph (code, emphasis) as HTML without the <p>."""
    out = markdown.markdown(text.strip())
    return out[3:-4] if out.startswith("<p>") and out.endswith("</p>") and out.count("<p>") == 1 else out


def _blocks(text):
    return markdown.markdown(text.strip())


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
    """Markdown (raw HTML + a folded code block) of one exercise."""
    uid = f"ex-{exercise.id}"
    question = _inline(fill(entry["question"], exercise, lang))
    attrs = (f'class="exercise" id="{uid}" data-exercise="{_attr(exercise.id)}" '
             f'data-answer="{_attr(_json(exercise.answer))}" data-kind="{exercise.kind}"')
    if exercise.kind == "number":
        attrs += f' data-tolerance="{exercise.tolerance!r}" data-percent="{str(exercise.percent).lower()}"'
    if exercise.mistakes:
        said = [{"value": value, "say": fill(entry["mistakes"][name], exercise, lang)}
                for name, value in exercise.mistakes.items()]
        attrs += f' data-mistakes="{_attr(_json(said))}"'
    head = f'<span class="exercise__number">{_attr(ui["exercise"].format(n=number))}</span> '
    lines = [f'<div {attrs} markdown="1">', ""]
    if exercise.kind == "number":
        lines.append(f'<p class="exercise__question" id="{uid}-q">{head}{question}</p>')
        field = (f'<label class="exercise__label" for="{uid}-input">{_attr(ui["your_answer"])}'
                 f'<span class="exercise__format">{_attr(_format_note(exercise, ui))}</span></label>'
                 f'<input class="exercise__input" id="{uid}-input" type="text" inputmode="decimal" '
                 f'autocomplete="off" spellcheck="false" aria-describedby="{uid}-q" disabled>')
    else:
        radios = "".join(
            f'<label class="exercise__choice"><input type="radio" name="{uid}-choice" '
            f'value="{_attr(value)}" disabled> <span>{_inline(choice_label(exercise, value, entry, lang))}</span></label>'
            for value in exercise.choices)
        field = (f'<fieldset class="exercise__choices"><legend class="exercise__question" id="{uid}-q">'
                 f'{head}{question}</legend>{radios}</fieldset>')
    lines.append(
        f'<form class="exercise__form" novalidate>{field}'
        f'<span class="exercise__buttons"><button type="submit" class="exercise__button exercise__check" '
        f'data-exercise-check disabled>{_attr(ui["check"])}</button>'
        f'<button type="button" class="exercise__button exercise__reveal" data-exercise-reveal disabled>'
        f'{_attr(ui["reveal"])}</button></span></form>')
    if entry.get("hint"):
        lines.append(f'<details class="exercise__hint tip"><summary>{_attr(ui["hint"])}</summary>'
                     f'<p>{_inline(fill(entry["hint"], exercise, lang))}</p></details>')
    lines.append('<p class="exercise__feedback" data-exercise-feedback role="status" aria-live="polite"></p>')
    # data-search-exclude: Material's search leaves the answer out of its index (R24: searching
    # 猫 showed an exercise's answer)
    lines += [f'<div class="exercise__explanation" data-exercise-explanation data-search-exclude markdown="1">', "",
              f'<p class="exercise__answer-title">{_attr(ui["answer"])}</p>',
              _blocks(fill(entry["explanation"], exercise, lang)), ""]
    if exercise.code:
        title = ui["code"].replace('"', "“")
        lines += [f'??? example "{title}"', "",
                  "    ```python",
                  f'    --8<-- "snippets/exercise_answers.py:{exercise.code}"',
                  "    ```", ""]
    lines += ["</div>", "", "</div>", ""]
    return "\n".join(lines)


def embed(page, lang):
    """Markdown for ``{{ exercises.<page> }}`` in `lang`: the page's exercises. Their block
    carries ``data-widget="exercises"``, so overrides/partials/widgets.html links their
    script and stylesheet on this page (and on no page without exercises)."""
    if lang not in LANGS:
        raise ValueError(f"exercise language must be one of {LANGS}, got {lang!r}")
    chosen = by_page(page)
    text = texts(lang)
    ui = text["ui"]
    messages = {key: ui[key] for key in ("correct", "incorrect", "mistake", "unreadable", "empty", "no_percent",
                                         "need_percent", "decimal_comma", "unchosen", "solved", "revealed")}
    parts = ["", f'<div class="exercises" data-widget="exercises" data-exercises-page="{_attr(page)}" '
             f'data-decimal-comma="{str(DECIMAL_COMMA[lang]).lower()}" '
             f'data-messages="{_attr(_json(messages))}" markdown="1">', "",
             f'<p class="exercises__intro">{_inline(ui["intro"])}</p>', ""]
    for number, exercise in enumerate(chosen, 1):
        parts.append(exercise_markup(exercise, number, lang, ui, text[exercise.id]))
    parts += ["</div>", ""]
    return "\n".join(parts)
