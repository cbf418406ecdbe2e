"""The predict-then-check exercises (attention_site/exercises/ and its two text files).

Every exercise renders in both languages with the contract attributes; its answer
is what snippets compute (checked here against an independent computation); the
zh and en texts are pairs (same exercises, fields, choices); the folded code
that computes an answer runs as copied, in both languages, and gets the answer;
a reader's number is read in the usual formats within the stated tolerance.
"""
import contextlib
import gzip
import html.parser
import io
import json
import math
import re
import string
from pathlib import Path

import numpy as np
import pytest

from attention_site import exercises, sections
from tests import exercise_oracle as oracle
from tests.cases import DECIMAL_COMMA_CASES, PARSE_CASES
from snippets import cost, i18n, library, sentence
from snippets.softmax import ARTICLE_SCORES, ARTICLE_WORDS, softmax

ROOT = Path(__file__).resolve().parents[1]
ALL = exercises.exercises()
BY_ID = {e.id: e for e in ALL}
ASSETS = [ROOT / "docs/assets/javascripts/exercises.js", ROOT / "docs/assets/stylesheets/exercises.css"]
# Code whose inputs are rounded the way a reader reads them off the page: within the
# exercise's tolerance. Every other section must compute the answer exactly.
ROUNDED_CODE = {"ws_note"}


class Roots(html.parser.HTMLParser):
    """Each [data-exercise] root: its attributes, radio values, buttons, inputs."""

    def __init__(self):
        super().__init__()
        self.roots = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "data-exercise" in attrs:
            self.roots.append({"attrs": attrs, "radios": [], "inputs": [], "buttons": [], "labels": 0})
        elif self.roots:
            root = self.roots[-1]
            if tag == "input" and attrs.get("type") == "radio":
                root["radios"].append(attrs["value"])
            elif tag == "input":
                root["inputs"].append(attrs)
            elif tag == "button":
                root["buttons"].append(attrs)
            elif tag == "label":
                root["labels"] += 1


def roots(markup):
    parser = Roots()
    parser.feed(markup)
    return parser.roots


def field_names(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


# --- how many, where (catalogue.py); the markup (render.py) ------------------------

def test_enough_exercises_over_enough_chapters():
    pages = {e.page for e in ALL}
    assert len(ALL) >= 12
    assert len(pages) >= 6 and pages == set(exercises.PAGES)
    for page in exercises.PAGES:  # a core chapter may keep one (its prose budget counts them)
        assert len(exercises.by_page(page)) >= 1, page
    assert len({e.id for e in ALL}) == len(ALL)  # ids are unique
    assert {e.kind for e in ALL} == {"number", "choice"}


@pytest.mark.parametrize("lang", exercises.LANGS)
@pytest.mark.parametrize("page", exercises.PAGES)
def test_every_exercise_renders_with_the_contract(page, lang):
    markup = exercises.embed(page, lang)
    found = roots(markup)
    chosen = exercises.by_page(page)
    assert [r["attrs"]["data-exercise"] for r in found] == [e.id for e in chosen]
    for root, exercise in zip(found, chosen):
        attrs = root["attrs"]
        assert json.loads(attrs["data-answer"]) == exercise.answer
        assert attrs["data-kind"] == exercise.kind
        assert any(b.get("type") == "submit" and "data-exercise-check" in b for b in root["buttons"])
        if exercise.kind == "choice":
            assert root["radios"] == list(exercise.choices)
            assert exercise.answer in exercise.choices
            assert not root["inputs"]
        else:
            assert len(root["inputs"]) == 1 and root["inputs"][0]["type"] == "text"
            assert float(attrs["data-tolerance"]) == exercise.tolerance
            assert attrs["data-percent"] == str(exercise.percent).lower()
            assert root["labels"] == 1
        if exercise.code:
            assert f'--8<-- "snippets/exercise_answers.py:{exercise.code}"' in markup
    # every text field was filled; the block names itself for the asset rule (overrides/partials/widgets.html)
    assert not re.search(r"\{[a-z_]+(:[^}]*)?\}", markup), markup
    assert markup.count('data-widget="exercises"') == 1 and '<div class="exercises" data-widget="exercises" ' in markup
    assert "<script" not in markup and "<link" not in markup  # linked by the template, once per page
    assert markup.count("data-exercise=") == len(chosen)



@pytest.mark.parametrize("lang", exercises.LANGS)
@pytest.mark.parametrize("page", exercises.PAGES)
def test_a_pages_exercises_are_numbered_from_one(page, lang):
    markup = exercises.embed(page, lang)
    numbers = re.findall(r'<span class="exercise__number">([^<]*)</span>', markup)
    label = exercises.texts(lang)["ui"]["exercise"]
    assert numbers == [label.format(n=n) for n in range(1, len(exercises.by_page(page)) + 1)]


# The site's Markdown extensions that read an exercise's block (mkdocs.yml): raw HTML with
# markdown="1" parts, a folded admonition (??? example) holding a fenced code block.
MARKDOWN = ["admonition", "attr_list", "md_in_html", "pymdownx.details", "pymdownx.superfences"]


@pytest.mark.parametrize("lang", exercises.LANGS)
def test_markdown_reads_each_explanation_and_its_folded_code(lang):
    """The template's line breaks are Markdown's: a lost blank line turns the fold or the
    explanation into plain text. Rendered as the site renders it, each exercise with code has
    one closed fold titled in `lang`, holding the code block that includes its section."""
    import markdown

    title = exercises.texts(lang)["ui"]["code"].replace('"', "“")
    with_code = 0
    for page in exercises.PAGES:
        out = markdown.markdown(exercises.embed(page, lang), extensions=MARKDOWN)
        assert "???" not in out and "```" not in out and 'markdown="1"' not in out, page
        folds = re.findall(r'<details class="example">\s*<summary>(.*?)</summary>(.*?)</details>', out, re.S)
        codes = [e.code for e in exercises.by_page(page) if e.code]
        assert [summary for summary, _ in folds] == [title] * len(codes), page
        for (_, inside), code in zip(folds, codes):
            assert "<pre" in inside and f"snippets/exercise_answers.py:{code}" in inside
        with_code += len(codes)
        explanations = re.findall(r'<p class="exercise__answer-title">[^<]*</p>\s*<p>', out)
        assert len(explanations) == len(exercises.by_page(page)), page
    assert with_code > 0

def test_the_page_language_shows():
    zh, en = exercises.embed("weights", "zh"), exercises.embed("weights", "en")
    assert "检查" in zh and "你的答案" in zh and "Check" not in zh
    assert ">Check<" in en and "Your answer" in en and "检查" not in en
    assert 'value="猫"' in exercises.embed("asymmetry", "zh")
    assert "cat (猫)" in exercises.embed("asymmetry", "en")


def test_unknown_page_or_language_fails_loudly():
    with pytest.raises(KeyError, match="summary"):
        exercises.embed("summary", "zh")
    with pytest.raises(ValueError, match="fr"):
        exercises.embed("weights", "fr")


# --- the answers are what snippets compute (the chapter modules) ----------------------

def test_answers_equal_independent_computations():
    scores = np.array(ARTICLE_SCORES)
    weights = softmax(scores)
    cat, a = ARTICLE_WORDS.index("猫"), ARTICLE_WORDS.index("一只")
    e = BY_ID
    assert e["weights-equal"].answer == pytest.approx(1 / 4, abs=1e-12)
    assert e["weights-shift"].answer == pytest.approx(weights[cat], abs=1e-12)
    assert e["weights-mask"].answer == 0.0
    assert e["weights-mask"].values["a"] == pytest.approx(
        math.exp(scores[a]) / sum(math.exp(s) for i, s in enumerate(scores) if i != cat), abs=1e-12)
    assert e["weights-temperature"].answer == pytest.approx(
        math.exp(scores[cat] / 0.8) / sum(math.exp(s / 0.8) for s in scores), abs=1e-12)
    is_ = ARTICLE_WORDS.index("是")
    assert e["mis-ratio"].answer == pytest.approx(math.exp(scores[cat] - scores[is_]), abs=1e-12)
    assert e["faq-budget"].answer == pytest.approx(1 - weights[cat], abs=1e-12)
    assert e["why-2000"].answer == 2000 ** 2 == cost.comparisons(2000)
    assert e["faq-double"].answer == 4
    assert e["why-distance"].answer == 1
    rel = library.labels @ library.question
    twin = np.exp(rel[0]) / (np.exp(rel[0]) + np.exp(rel).sum())
    before = softmax(rel)[0]
    assert e["library-twin"].values["each"] == pytest.approx(twin, abs=1e-12)
    assert twin == pytest.approx(before / (1 + before), abs=1e-12)  # the hint's route, no exp needed
    assert e["library-twin"].answer == "more-than-half" and before / 2 < twin < before
    assert e["library-quantum"].answer == "down"  # doubled question: the off-topic book's share shrinks
    keen = softmax(library.labels @ (2 * library.question))
    assert 0 < keen[3] < library.weights[3] and keen[0] > library.weights[0]
    assert e["library-pet"].answer == "Pet Care"
    row = sentence.sentence_weights()[sentence.SENTENCE.index("它")]  # "a" and "cat" hand over "pet"
    assert e["ws-note"].answer == pytest.approx(float(row[2] + row[3]), abs=1e-12)
    assert e["ws-note"].mistakes["cat_only"] == pytest.approx(sentence.new_it_meaning()["pet"], abs=1e-12)
    tied = sentence.sentence_scores(sentence.SENTENCE, tied=True)
    assert np.allclose(tied, tied.T)
    cat, is_ = sentence.SENTENCE.index("猫"), sentence.SENTENCE.index("是")
    assert e["wv-tied"].answer == sentence.SENTENCE[int(np.argmax(tied[cat]))] == "它"
    assert sentence.SENTENCE[int(np.argsort(tied[cat])[-2])] == "猫"  # itself, second
    pet = sentence.features.index("pet")  # 猫 has it; only W_V passes it on
    assert sentence.embedding["猫"][pet] == 1 and e["wv-faces"].answer == "value"
    assert not sentence.w_key[pet].any() and sentence.w_value[pet].any()
    assert e["wv-symmetric"].answer == pytest.approx(tied[0, is_]) == pytest.approx(tied[is_, 0])
    untied = sentence.sentence_scores(sentence.SENTENCE)
    assert untied[is_, 0] != untied[0, is_]  # the untied pair the explanation quotes does differ
    assert e["ws-same-value"].answer == "v"
    assert e["ws-shuffle"].answer == "same"
    assert e["mis-rain"].answer == 0.0 == sentence.rain_it_meaning()["animal"]  # no word here means "animal"
    assert sentence.new_it_meaning()["animal"] > 0.5 and sentence.rain_it_meaning()["weather"] > 0.5
    assert e["faq-small"].answer == pytest.approx(0.5)


def _section(name):
    return sections.of_file(ROOT / "snippets/exercise_answers.py")[name]


def _run(code):
    namespace, out = {"__name__": "__copied__"}, io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "<copied>", "exec"), namespace)
    return namespace, out.getvalue()


def _printed_comments(code):
    return "".join(line.strip()[3:] + "\n" for line in code.splitlines() if line.strip().startswith("#> "))


@pytest.mark.parametrize("exercise", [e for e in ALL if e.code], ids=lambda e: e.id)
def test_the_folded_code_computes_the_answer_in_both_languages(exercise):
    english = _section(exercise.code)
    chinese, missing = i18n.translate(english, i18n.catalogue("zh"))
    assert not missing, f"no zh translation in snippets/i18n/zh/exercise_answers.py for {missing}"
    assert i18n.code_tokens(chinese) == i18n.code_tokens(english)
    assert "snippets" not in english  # runs as copied, without this repository
    assert not re.search(r"[\u3400-\u9fff]", english)  # en pages show English code only
    for code in (english, chinese):
        namespace, printed = _run(code)
        assert printed == _printed_comments(code)
        got = np.asarray(exercise.code_value(namespace), dtype=float)
        expected = np.asarray(exercise.answer if exercise.code_expected is None else exercise.code_expected)
        atol = exercise.tolerance if exercise.code in ROUNDED_CODE else 1e-9
        assert got.shape == expected.shape and np.allclose(got, expected, atol=atol, rtol=0), (got, expected)


def test_every_code_section_is_used_once():
    source = (ROOT / "snippets/exercise_answers.py").read_text(encoding="utf-8")
    sections = re.findall(r"# --8<-- \[start:(\w+)\]", source)
    assert sorted(sections) == sorted(e.code for e in ALL if e.code)


# --- the texts (zh.toml, en.toml): pairs, no typed answers, Chinese typesetting -------

def test_a_broken_text_file_fails_naming_itself(tmp_path, monkeypatch):
    from attention_site.exercises import text_files

    (tmp_path / "en.toml").write_text('[ui]\nintro = "an unclosed string\n', encoding="utf-8")
    monkeypatch.setattr(text_files, "HERE", tmp_path)
    with pytest.raises(ValueError, match=r"en\.toml"):
        exercises.texts("en")


def test_zh_and_en_texts_are_pairs():
    zh, en = exercises.texts("zh"), exercises.texts("en")
    assert set(zh) == set(en) == {"ui"} | set(BY_ID)
    assert set(zh["ui"]) == set(en["ui"])
    for key in zh["ui"]:
        assert field_names(zh["ui"][key]) == field_names(en["ui"][key]), key
    for exercise in ALL:
        a, b = zh[exercise.id], en[exercise.id]
        assert set(a) == set(b), exercise.id
        assert {"question", "explanation"} <= set(a)
        for key in a:
            if key == "choices":
                assert list(a[key]) == list(b[key]), exercise.id
                continue
            if key == "mistakes":
                assert list(a[key]) == list(b[key]) == list(exercise.mistakes), exercise.id
                for name in a[key]:
                    assert field_names(a[key][name]) == field_names(b[key][name]), (exercise.id, name)
                    assert field_names(a[key][name]) <= {"answer"} | set(exercise.values), (exercise.id, name)
                continue
            assert field_names(a[key]) == field_names(b[key]), (exercise.id, key)
            assert field_names(a[key]) <= {"answer"} | set(exercise.values), (exercise.id, key)
        if exercise.kind == "choice":
            labels = a.get("choices", {})
            assert set(labels) <= set(exercise.choices), exercise.id
            for value in set(exercise.choices) - set(labels):
                assert value in sentence.ENGLISH, (exercise.id, value)  # a word: labelled from sentence


def test_no_computed_answer_is_typed_into_a_text():
    for lang in exercises.LANGS:
        text = exercises.texts(lang)
        for exercise in ALL:
            if exercise.kind != "number" or float(exercise.answer).is_integer():
                continue
            typed = f"{exercise.answer:.2f}"
            for key, value in text[exercise.id].items():
                assert typed not in str(value), (lang, exercise.id, key)


def test_docs_use_only_known_exercise_placeholders():
    for path in sorted((ROOT / "docs").glob("*/*.md")):
        for page in re.findall(r"\{\{\s*exercises\.([\w-]+)\s*\}\}", path.read_text(encoding="utf-8")):
            assert page == path.stem and page in exercises.PAGES, path


def test_chinese_texts_are_well_typeset():
    import autocorrect_py

    zh = exercises.texts("zh")
    problems = []
    for exercise in ALL:
        for key, value in zh[exercise.id].items():
            values = value.values() if isinstance(value, dict) else [value]
            for text in values:
                if isinstance(value, dict):
                    filled = text
                else:
                    filled = exercises.fill(text, exercise, "zh")
                for line in autocorrect_py.lint_for(filled + "\n", "md").lines:
                    problems.append(f"{exercise.id}.{key}: {line.old!r} -> {line.new!r}")
    for key, text in zh["ui"].items():
        for line in autocorrect_py.lint_for(text + "\n", "md").lines:
            problems.append(f"ui.{key}: {line.old!r} -> {line.new!r}")
    assert not problems, "\n".join(problems)


# --- reading a reader's answer (tests/exercise_oracle.py, the rules of exercises.js) ---

@pytest.mark.parametrize("text, percent, expected", PARSE_CASES)
def test_parse_number(text, percent, expected):
    got = oracle.parse_number(text, percent)
    if expected is None:
        assert got is None
    else:
        assert got == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("text, percent, en, asked", DECIMAL_COMMA_CASES)
def test_zh_asks_back_for_a_decimal_comma_where_en_reads_it(text, percent, en, asked):
    assert exercises.DECIMAL_COMMA == {"zh": False, "en": True}
    got = oracle.parse_number(text, percent)
    assert got is None if en is None else got == pytest.approx(en, abs=1e-12)
    zh = oracle.parse_number(text, percent, decimal_comma=False)
    if asked is None:  # no decimal comma in it: both languages read it alike
        assert zh == got
    else:
        assert zh is None
    assert oracle.decimal_point_meant(text, percent) == asked
    if asked is not None:  # and what it asks back reads, in zh, as what en read
        assert oracle.parse_number(asked, percent, decimal_comma=False) == pytest.approx(en, abs=1e-12)


def test_the_exercise_blocks_say_whether_a_decimal_comma_reads():
    for lang in exercises.LANGS:
        markup = exercises.embed("weights", lang)
        assert f'data-decimal-comma="{str(exercises.DECIMAL_COMMA[lang]).lower()}"' in markup
        assert "{VALUE}" in exercises.texts(lang)["ui"]["decimal_comma"]
    assert "你是想写 {VALUE} 吗？" in exercises.texts("zh")["ui"]["decimal_comma"]
    equal = BY_ID["weights-equal"]
    assert oracle.is_correct(equal, "0,25", "en") and not oracle.is_correct(equal, "0,25", "zh")
    assert oracle.is_correct(equal, "0.25", "zh") and oracle.is_correct(equal, "25%", "zh")


def test_answers_are_checked_within_the_stated_tolerance():
    equal, ratio, big, zero = BY_ID["weights-equal"], BY_ID["mis-ratio"], BY_ID["why-2000"], BY_ID["weights-mask"]
    for reply in ("0.25", ".25", "25%", "1/4", "0.26", "0.24", "０.２５", "0,25"):
        assert oracle.is_correct(equal, reply), reply
    for reply in ("0.27", "25", "0.2", "", "a quarter", "0.5"):
        assert not oracle.is_correct(equal, reply), reply
    # 15.2 is 0.76 / 0.05, the rounded weights the page shows: a reader's fair answer
    assert all(oracle.is_correct(ratio, r) for r in ("15", "14.9", "14.88", "15.2"))
    assert not oracle.is_correct(ratio, "10") and not oracle.is_correct(ratio, "16")
    for reply in ("4,000,000", "4000000", "4 000 000", "400万", "4e6"):
        assert oracle.is_correct(big, reply), reply
    for reply in ("4,000,001", "3999999", "4000000%", "2000"):
        assert not oracle.is_correct(big, reply), reply
    assert oracle.is_correct(zero, "0") and oracle.is_correct(zero, "0%") and oracle.is_correct(zero, "0.00")
    choice = BY_ID["wv-tied"]
    assert oracle.is_correct(choice, choice.answer)
    assert not any(oracle.is_correct(choice, c) for c in choice.choices if c != choice.answer)


def test_tolerances_are_the_stated_ones():
    for exercise in ALL:
        if exercise.kind != "number":
            continue
        if exercise.fmt in ("weight", "decimal"):
            exact = exercise.answer == 0  # a weight of exactly 0 (masking): a small number is wrong
            assert exercise.tolerance == (0.001 if exact else 0.01), exercise.id
        if exercise.fmt == "count":
            assert exercise.tolerance == 0 and float(exercise.answer).is_integer(), exercise.id
        assert exercise.percent == (exercise.fmt == "weight"), exercise.id


# --- small, loaded only where used ------------------------------------------------

def test_script_and_stylesheet_are_small_and_local():
    total = sum(len(gzip.compress(path.read_bytes(), 9)) for path in ASSETS)
    assert total <= 4 * 1024, total
    for path in ASSETS:
        text = path.read_text(encoding="utf-8")
        assert "http://" not in text and "https://" not in text and "fetch(" not in text
        assert "XMLHttpRequest" not in text and "sendBeacon" not in text
    mkdocs_yml = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "exercises.js" not in mkdocs_yml and "exercises.css" not in mkdocs_yml  # not on every page


def test_the_build_hook_reads_every_exercise_placeholder():
    from tests.helpers import load_hook

    hook = load_hook("computed")
    for page in exercises.PAGES:
        match = hook.PLACEHOLDER.fullmatch(f"{{{{ exercises.{page} }}}}")
        assert match and match.group(1) == f"exercises.{page}", page


# The meaning of each choice label, in both languages: a reviewed pair per choice, so that a
# label swapped in one language (zh "不变" on the key "changes") fails. Book titles and words of
# the sentence are paired through the code catalogue and sentence.ENGLISH instead.
CHOICE_MEANINGS = {
    "zero": ("正好", "exactly"), "up": ("变大", "goes up"), "down": ("变小", "goes down"),
    "v": ("v", "v"), "4v": ("4v", "4v"), "quarter-v": ("四分之一", "quarter"),
    "same": ("不变", "same"), "changes": ("会变", "changes"),
    "as-before": ("一样多", "As much"), "half": ("正好", "Exactly half"),
    "more-than-half": ("一半多", "More than half"), "less-than-half": ("一半少", "Less than half"),
    "key": ("Key", "Key"), "value": ("Value", "Value"), "both": ("两个都有", "Both"),
    "higher": ("更高", "Higher"), "equal": ("一样", "The same"), "lower": ("更低", "Lower"),
    "keys": ("Key 一样", "same Key"), "query": ("一样用力", "equally hard"), "blind": ("看不到", "does not see"),
}


def test_choice_labels_mean_the_same_in_both_languages():
    from snippets import i18n, library

    zh, en = exercises.texts("zh"), exercises.texts("en")
    titles = {english.strip('"'): chinese.strip('"') for english, chinese in i18n.catalogue("zh").items()
              if english.strip('"') in library.books}
    for exercise in ALL:
        if exercise.kind != "choice":
            continue
        for value in exercise.choices:
            zh_label = exercises.choice_label(exercise, value, zh[exercise.id], "zh")
            en_label = exercises.choice_label(exercise, value, en[exercise.id], "en")
            if value in library.books:
                assert value in en_label and titles[value] in zh_label, (exercise.id, value)
            elif value in sentence.ENGLISH:
                assert zh_label == value and en_label == f"{sentence.ENGLISH[value]} ({value})"
            else:
                zh_word, en_word = CHOICE_MEANINGS[value]
                assert zh_word in zh_label and en_word in en_label, (exercise.id, value, zh_label, en_label)


def test_the_masked_weight_is_exactly_zero_and_a_small_number_is_wrong():
    """-inf gives a weight of exactly 0; a finite score never does (the library taught that), so a
    reply of 0.01 or 1% must be marked wrong here."""
    mask = BY_ID["weights-mask"]
    assert mask.answer == 0.0
    assert oracle.is_correct(mask, "0") and oracle.is_correct(mask, "0%")
    for reply in ("0.01", "1%", "0.005"):
        assert not oracle.is_correct(mask, reply), reply


def test_every_mistake_is_a_wrong_answer_with_its_own_words():
    """A predictable mistake is never counted right, names a real choice, and shows in both
    languages as filled-in plain text in data-mistakes."""
    with_mistakes = [e for e in ALL if e.mistakes]
    assert len(with_mistakes) >= 10
    for lang in exercises.LANGS:
        for exercise in with_mistakes:
            for name, value in exercise.mistakes.items():
                if name in exercise.values:  # named after a number the texts quote: that very number
                    assert value == exercise.values[name], (exercise.id, name)
                if exercise.kind == "choice":
                    assert value in exercise.choices and value != exercise.answer, (exercise.id, name)
                else:
                    assert not oracle.is_correct(exercise, str(value)), (exercise.id, name)
            [root] = [r for r in roots(exercises.embed(exercise.page, lang))
                      if r["attrs"]["data-exercise"] == exercise.id]
            said = json.loads(root["attrs"]["data-mistakes"])
            assert [m["value"] for m in said] == list(exercise.mistakes.values())
            for m in said:
                assert m["say"].strip() and not re.search(r"[{}`*]", m["say"]), (lang, exercise.id, m)
    for exercise in ALL:
        if not exercise.mistakes:
            [root] = [r for r in roots(exercises.embed(exercise.page, "en"))
                      if r["attrs"]["data-exercise"] == exercise.id]
            assert "data-mistakes" not in root["attrs"]
    for lang in exercises.LANGS:
        assert "{SAY}" in exercises.texts(lang)["ui"]["mistake"]


@pytest.mark.site
def test_search_does_not_give_the_answers_away(site_dir):
    """Each explanation is left out of the search index (R24 zh: searching 猫 showed one), while
    the question itself can still be found."""
    for lang, index_path in (("zh", "search/search_index.json"), ("en", "en/search/search_index.json")):
        index = json.loads((site_dir / index_path).read_text(encoding="utf-8"))
        text = " ".join(d.get("text", "") for d in index["docs"])
        plain = re.sub(r"<[^>]+>|[\s\u200b]+", "", text)  # zh is segmented (jieba, zero-width spaces)
        quantum = BY_ID["library-quantum"]
        explanation = exercises.fill(exercises.texts(lang)["library-quantum"]["explanation"], quantum, lang)
        first_words = re.sub(r"<[^>]+>|[*`]|\s+", "", explanation)[:12]
        assert first_words and first_words not in plain, (lang, first_words)
        question = re.sub(r"<[^>]+>|[*`]|\s+", "", exercises.fill(exercises.texts(lang)["library-quantum"]["question"], quantum, lang))
        assert question[:10] in plain, (lang, question[:10])


def _plain_scores(vectors, w_query, w_key):
    """Every Query · every Key with plain loops: no matrix product, nothing from snippets' helpers."""
    def times(vector, matrix):
        return [sum(v * matrix[f][j] for f, v in enumerate(vector)) for j in range(len(matrix[0]))]
    queries = [times(v, w_query) for v in vectors]
    keys = [times(v, w_key) for v in vectors]
    return [[sum(q * k for q, k in zip(query, key)) for key in keys] for query in queries]


def test_the_sentence_exercises_equal_plain_loop_computations():
    """The exercises on the toy sentence, recomputed without the code that sets them (held-out
    mutants: a changed slot, a wrong row or column in attention_site/exercises/ went unnoticed before)."""
    e = BY_ID
    words = list(sentence.SENTENCE)
    vectors = [sentence.embedding[w] for w in words]
    scores = _plain_scores(vectors, sentence.w_query.tolist(), sentence.w_key.tolist())
    it, cat = words.index("它"), words.index("猫")
    # wv-score: 猫's label without "animal" keeps only "noun": the pronoun row's noun slot
    pronoun, noun = sentence.features.index("pronoun"), sentence.key_features.index("noun")
    assert e["wv-score"].answer == pytest.approx(float(sentence.w_query[pronoun][noun]), abs=1e-12)
    # sa-dog: 狗 has 猫's vector, so 它 scores it as it scores 猫; sa-dog-cat: 狗 asks as 猫 asks
    assert e["sa-dog"].answer == pytest.approx(scores[it][cat], abs=1e-12) == pytest.approx(3.0)
    assert e["sa-dog-cat"].answer == pytest.approx(scores[cat][cat], abs=1e-12)
    # asym-a: how 一只 scores 它, against how 它 scores 一只
    a = words.index("一只")
    assert e["asym-a"].answer == ("higher" if scores[a][it] > scores[it][a] else
                                  "lower" if scores[a][it] < scores[it][a] else "equal")
    # explorer-pet: only 猫 hands over "pet"; without it, the new 它 holds none
    pet = sentence.value_features.index("pet")
    givers = [w for w in words if sum(x * sentence.w_value[f][pet] for f, x in enumerate(sentence.embedding[w]))]
    assert givers == ["猫"] and e["explorer-pet"].answer == 0.0
    # rain without the hand-set weather rule: 它's row by plain loops and math.exp
    rain = list(sentence.RAIN_SENTENCE)
    w_query = sentence.rain_w_query.tolist()
    w_query[sentence.features.index("pronoun")][len(sentence.key_features)] = 0.0
    row = _plain_scores([sentence.rain_embedding[w] for w in rain], w_query, sentence.rain_w_key.tolist())[0]
    exps = [math.exp(s - max(row)) for s in row]
    weights = [x / sum(exps) for x in exps]
    assert e["rain-no-rule-top"].answer == rain[weights.index(max(weights))]
    assert e["rain-no-rule"].answer == pytest.approx(weights[rain.index("下雨")], abs=1e-12)
