"""attention_site/pdf/answers.py: the question where it was, its answer at the chapter's end."""
import pytest
from bs4 import BeautifulSoup

from attention_site.pdf import answers

EXERCISES = """<article><h2 id="w--try">Try</h2><div class="exercises">
<div class="exercise" id="w--ex-a"><span class="exercise__number">1</span><p class="exercise__question">Which?</p>
<label class="exercise__choice">cat</label><label class="exercise__choice">mat</label>
<div class="exercise__explanation"><p class="exercise__answer-title">Answer</p><p>The cat.</p></div></div>
<div class="exercise" id="w--ex-b"><span class="exercise__number">2</span><div class="exercise__question">How much?</div>
<p class="exercise__hint">Hint: add.</p>
<div class="exercise__explanation"><p class="exercise__answer-title">Answer</p><p>0.78</p></div></div>
</div></article>"""


def test_questions_stay_and_answers_move_to_the_chapters_end():
    soup = BeautifulSoup(EXERCISES, "html.parser")
    section = answers.exercises_for_print(soup.article, soup, "w", "en", "https://x.org/en/w/")
    block = soup.select_one(".exercises")
    assert block.find()["class"] == ["pdf-online"] and block.find().a["href"] == "https://x.org/en/w/#try"
    first, second = block.select(".pdf-exercise")
    assert [li.get_text() for li in first.select("ol.pdf-choices li")] == ["cat", "mat"]
    assert second.select_one(".pdf-write") and second.select_one(".exercise__hint")
    assert second.select_one(".exercise__question").name == "p"
    assert first.select_one(".pdf-answer-link a")["href"] == "#w--ex-a-answer"
    assert not block.select(".exercise__explanation") and "The cat." not in block.get_text()
    assert section["id"] == "w--pdf-answers" and section.h2.get_text() == answers.WORDS["en"]["answers"]
    entries = section.select(".pdf-answer")
    assert [e["id"] for e in entries] == ["w--ex-a-answer", "w--ex-b-answer"]
    assert entries[0].select_one(".pdf-answer-title a")["href"] == "#w--ex-a"
    assert "The cat." in entries[0].get_text() and "Answer" not in entries[0].get_text()


def test_a_chapter_without_exercises_has_no_answers_section():
    soup = BeautifulSoup("<article><p>text</p></article>", "html.parser")
    assert answers.exercises_for_print(soup.article, soup, "w", "zh", "https://x.org/w/") is None


def test_an_exercise_without_its_explanation_stops_the_print():
    soup = BeautifulSoup('<article><div class="exercises"><div class="exercise" id="w--ex-c">'
                         '<p class="exercise__question">?</p></div></div></article>', "html.parser")
    with pytest.raises(ValueError, match="w: exercise w--ex-c has no question or no explanation"):
        answers.exercises_for_print(soup.article, soup, "w", "en", "https://x.org/w/")
