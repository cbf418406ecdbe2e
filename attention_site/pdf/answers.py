"""Exercises on paper: the question where it was, its answer at the end of the chapter.

A reader who turns the page to the answers has predicted first. Each question keeps its
choices (a list A-D) or gets a line to write a number on, its hint and a link to its answer;
the answers and explanations are collected in a section at the chapter's end, each linking
back to its question. Above each block of exercises, a line says the website checks answers.
"""
from attention_site.pdf.static_widgets import online_note

WORDS = {
    "zh": {"answers": "本章练习答案", "answer": "答案", "question": "回到题目",
           "exercises": "先自己做一遍：答案和解释在本章末尾。在网页版上，这些练习会当场核对你的答案：",
           "write": "你的答案：", "shown": "图中所示"},
    "en": {"answers": "Answers to this chapter's exercises", "answer": "Answer", "question": "back to the question",
           "exercises": "Work them out first: the answers and explanations are at the end of this chapter. "
                        "On the website these exercises check your answer as you give it:",
           "write": "Your answer:", "shown": "Shown"},
}


def exercises_for_print(article, soup, stem, lang, url):
    """Questions stay where they are; answers move to a section at the chapter's end (returned, or None)."""
    words = WORDS[lang]
    answers = []
    for block in article.select(".exercises"):
        heading = block.find_previous("h2")
        anchor = heading.get("id", "").removeprefix(f"{stem}--") if heading is not None else ""
        block.insert(0, online_note(soup, words["exercises"], f"{url}#{anchor}" if anchor else url))
        for exercise in block.select(".exercise"):
            ident = exercise.get("id", f"{stem}--ex-{len(answers)}")
            number = exercise.select_one(".exercise__number")
            explanation = exercise.select_one(".exercise__explanation")
            question = exercise.select_one(".exercise__question")
            if question is None or explanation is None:
                raise ValueError(f"{stem}: exercise {ident} has no question or no explanation to print")
            exercise.replace_with(printed_question(exercise, question, soup, ident, words))
            answers.append(printed_answer(explanation, number, soup, ident, words))
    if not answers:
        return None
    section = soup.new_tag("section", attrs={"class": "pdf-answers", "id": f"{stem}--pdf-answers"})
    heading = soup.new_tag("h2")
    heading.string = words["answers"]
    section.append(heading)
    for entry in answers:
        section.append(entry)
    return section


def printed_question(exercise, question, soup, ident, words):
    """The question with its choices (or a line to write on), its hint and a link to its answer."""
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
    return static


def printed_answer(explanation, number, soup, ident, words):
    """The explanation under a title that links back to the question (its number)."""
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
    return entry
