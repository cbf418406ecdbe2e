"""Each Chinese comment or string says what its English one says, in the parts a reader checks
against the code: the same numbers, step markers, shapes and identifiers.

snippets/i18n/zh/<module>.py maps each English comment/string of a module to Chinese. The
translation check (tests/test_i18n.py) proves every token has one; this proves each one belongs
to its English twin: a `#> [0.06 0.05 0.13 0.76]` whose zh line says 0.67, a step "2." that
became "3.", a shape `(n_q, d)` that became `(d, n_q)` or a `self_attention` that lost its
underscore would each mislead a reader of the zh page only.
"""
import importlib
import re

import pytest

from snippets import i18n

NUMBER = re.compile(r"(?<![\w.])[-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?(?![\d.]\d)", re.I)
SHAPE = re.compile(r"\((?:[a-z]\w{0,3}|\d+)(?:,\s*(?:[a-z]\w{0,3}|\d+))+\)")  # (n_q, d), (4, 4)
IDENTIFIER = re.compile(r"`[^`]+`|\b[A-Za-z]\w*_\w*\b|\b[A-Za-z_]\w*(?=\()|\bW_[QKV]\b|\bnp\.\w+")
STEP = re.compile(r"^#\s*(\d+)\.", re.M)
CHINESE_NUMERALS = {"三百": " 300 "}  # 《唐诗三百首》 is "300 Tang Poems"


def _catalogues():
    for lang in i18n.languages():
        for path in sorted((i18n.HERE / lang).glob("*.py")):
            if path.stem.startswith("_"):
                continue
            module = importlib.import_module(f"snippets.i18n.{lang}.{path.stem}")
            for english, translated in module.CATALOGUE.items():
                yield pytest.param(english, translated, id=f"{lang}/{path.stem}:{english[:40]}")


CATALOGUE = list(_catalogues())


def _numbers(text):
    for numeral, digits in CHINESE_NUMERALS.items():
        text = text.replace(numeral, digits)
    return sorted(float(n) for n in NUMBER.findall(text.replace(",", "")))


def test_there_are_catalogues_to_check():
    assert len(CATALOGUE) > 100


@pytest.mark.parametrize("english, translated", CATALOGUE)
def test_a_translation_keeps_the_numbers_shapes_steps_and_identifiers(english, translated):
    problems = []
    if _numbers(english) != _numbers(translated):
        problems.append(f"numbers {_numbers(english)} became {_numbers(translated)}")
    if sorted(SHAPE.findall(english)) != sorted(SHAPE.findall(translated)):
        problems.append(f"shapes {SHAPE.findall(english)} became {SHAPE.findall(translated)}")
    if STEP.findall(english) != STEP.findall(translated):
        problems.append(f"steps {STEP.findall(english)} became {STEP.findall(translated)}")
    lost = set(IDENTIFIER.findall(english)) - set(IDENTIFIER.findall(translated))
    if lost:  # a translation may name more code (W_Q), never less
        problems.append(f"identifiers {sorted(lost)} are missing")
    assert not problems, f"{english!r} -> {translated!r}: " + "; ".join(problems)
