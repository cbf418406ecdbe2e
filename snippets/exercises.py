"""Predict-then-check exercises (stub until issue 11 lands): one block per chapter."""

LANGS = ("zh", "en")


def embed(page, lang):
    """HTML of the exercises for chapter `page` in `lang` (stub: empty)."""
    if lang not in LANGS:
        raise ValueError(f"exercise language must be one of {LANGS}, got {lang!r}")
    return '<div class="exercises-stub"></div>'
