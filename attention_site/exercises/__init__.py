"""Predict-then-check exercises at the end of the chapters: ``{{ exercises.<page> }}``.

Pages (file stems): catalogue.PAGES; both languages show the same exercises.

- What an exercise IS (its answer, tolerance, choices, the numbers its text
  quotes) is an `Exercise` (model.py) built by one chapter module (library,
  word_vectors, asymmetry, weights, weighted_sum, order_and_cost, rain,
  two_layers), every answer computed from the tested modules (snippets.softmax,
  library, sentence, cost, coreference); catalogue.py lists them in page order.
  Nothing derived is typed into docs/ or into the texts.
- What it SAYS lives in two plain-text files next to these modules, zh.toml and
  en.toml (read by text_files.py; a translator edits only those, and tests/test_exercises.py
  checks that both have the same exercises, fields and choices).
- The code an explanation folds away is teaching code: it is in
  snippets/exercise_answers.py (sections ``--8<-- [start:<name>]``),
  self-contained so that it runs as copied; its `#>` lines are checked like
  every other module's, its Chinese comments are in
  snippets/i18n/zh/exercise_answers.py, and a test runs each section and
  compares its result with the exercise's answer.
- The markup and its data-* contract: render.py. Reading and grading a reader's
  reply happens in the browser (docs/assets/javascripts/exercises.js); the tests'
  Python oracle of those rules is tests/exercise_oracle.py.

This package's names are the API the build hook (hooks/computed.py) and the tests use.
"""
from attention_site.exercises.catalogue import PAGES, by_page, exercises
from attention_site.exercises.model import DECIMAL_COMMA, Exercise
from attention_site.exercises.render import choice_label, embed, fill
from attention_site.exercises.text_files import texts
from attention_site.languages import LANGS

__all__ = ["DECIMAL_COMMA", "LANGS", "PAGES", "Exercise", "by_page", "choice_label", "embed", "exercises", "fill",
           "texts"]
