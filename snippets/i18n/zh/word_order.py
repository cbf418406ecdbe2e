"""Chinese comments and strings for snippets/word_order.py (see snippets/i18n/__init__.py)."""

CATALOGUE = {
    # shuffle
    '# the same words, backwards': '# 同样的词，倒过来读',
    '# the old table, reordered': '# 原来那张表，按新顺序排',
    '#> cat [0.41 0.17 0.11 0.31]': '#> 猫 [0.41 0.17 0.11 0.31]',
    '#> a [0.32 0.39 0.14 0.14]': '#> 一只 [0.32 0.39 0.14 0.14]',
    '#> is [0.09 0.08 0.61 0.22]': '#> 是 [0.09 0.08 0.61 0.22]',
    '#> it [0.76 0.13 0.05 0.06]': '#> 它 [0.76 0.13 0.05 0.06]',
    '"same numbers, moved:"': '"同样的数，只是换了位置："',
    '#> same numbers, moved: True': '#> 同样的数，只是换了位置： True',
}
