"""The numbers and tables the prose quotes, computed from the worked examples: the registry.

Pages write ``{{ num.name }}`` (or ``{{ table.name }}``); the build hook (hooks/computed.py)
replaces each with ``render(name, lang)``. Nothing derived is typed into docs/: change an input
in snippets/ and every page follows.

One module per chapter or topic holds its values in two dicts: NUMBERS (name -> function(),
the same text in every language) and PER_LANGUAGE (name -> function(lang), text in the page's
words). A name defined twice stops the import.

The "the page says ..." checks (a claim of the prose that the numbers must keep true) stay next
to the value they guard and raise while the page is built: an author who changes an input under
``mkdocs serve`` sees the page fail at once, naming the claim, instead of publishing prose that
lies until the test suite runs. tests/test_values.py makes each of them fire.
"""
from attention_site.languages import LANGS
from attention_site.values import (asymmetry, cost, differences, leads, library, matrices, rain, scores,
                                   sentence_weights, two_layers, weighted_sum, weights)

CHAPTERS = (weights, leads, sentence_weights, scores, matrices, asymmetry, weighted_sum, rain, library,
            cost, two_layers, differences)


def _merge(kind):
    merged, home = {}, {}
    for chapter in CHAPTERS:
        for name, function in getattr(chapter, kind).items():
            if name in home:
                raise ValueError(f"{{{{ {name} }}}} is defined in both {home[name]} and {chapter.__name__}")
            merged[name], home[name] = function, chapter.__name__
    return merged


NUMBERS = _merge("NUMBERS")
PER_LANGUAGE = _merge("PER_LANGUAGE")
if NUMBERS.keys() & PER_LANGUAGE.keys():
    raise ValueError(f"both a number and a text in words: {sorted(NUMBERS.keys() & PER_LANGUAGE.keys())}")
NAMES = tuple(sorted(NUMBERS.keys() | PER_LANGUAGE.keys()))


def render(name, lang):
    """The text for placeholder `name` in language `lang`; KeyError for an unknown name."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; expected one of {LANGS}")
    if name in NUMBERS:
        return NUMBERS[name]()
    if name in PER_LANGUAGE:
        return PER_LANGUAGE[name](lang)
    raise KeyError(f"unknown placeholder {{{{ {name} }}}}; known: {', '.join(NAMES)}")
