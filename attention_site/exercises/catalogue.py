"""Every exercise, in page order, its answer computed now from snippets: the chapter modules in
the order their exercises appear on a page (library before weights: the softmax page asks about
the library first; weights before weighted_sum: the faq asks about the budget first).
"""
from attention_site.exercises import (asymmetry, library, order_and_cost, rain, two_layers, weighted_sum, weights,
                                      word_vectors)

PAGES = ("library", "word-vectors", "self-attention", "asymmetry", "weights", "weighted-sum", "why",
         "order-and-cost", "two-layers", "faq", "softmax", "explorer", "rain")
CHAPTERS = (library, word_vectors, asymmetry, weights, weighted_sum, order_and_cost, rain, two_layers)


def exercises():
    """Every exercise: each chapter module's, in the order of CHAPTERS."""
    return [exercise for chapter in CHAPTERS for exercise in chapter.exercises()]


def by_page(page):
    """The exercises of chapter `page`, in order (KeyError for a page without any)."""
    if page not in PAGES:
        raise KeyError(f"no exercises for page {page!r}; pages with exercises: {list(PAGES)}")
    return [e for e in exercises() if e.page == page]
