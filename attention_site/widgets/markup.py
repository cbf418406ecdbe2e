"""Small pieces of markup the widgets' templates and the page values share.

Kept in Python, not in a template, because each is one element or one attribute and is also
used outside the widgets' templates: word_label and corner_html name the words in the page
values' Markdown tables too (attention_site/values/words.py). The JSON of the widgets' data
attributes is attention_site.templates.to_json, the one the templates' |json filter uses.
"""
import html

from snippets.sentence import ENGLISH

from attention_site.widgets.text_files import words


def word_label(word, lang):
    """The word as a reader of `lang` sees it: 猫 in Chinese, "cat (猫)" in English."""
    return word if lang == "zh" else f"{ENGLISH[word]} ({word})"


def corner_html(lang):
    """A heatmap's corner cell, "提问的词 ↓ 被看的词 →": each half unbreakable (nowrap), so a narrow
    column wraps between the two and never inside a word or before an arrow."""
    corner = words("playground", lang)["corner"]
    return " ".join(f'<span class="nowrap">{html.escape(half)}</span>' for half in corner.split(" "))
