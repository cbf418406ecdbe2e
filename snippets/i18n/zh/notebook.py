"""Chinese comments and strings of the playground notebook's own cells (docs/*/playground.ipynb).

The notebook's other cells include snippets sections, translated by those modules'
catalogues; attention_site/notebook/expand.py applies the merged catalogue (see snippets/i18n/__init__.py).
"""

CATALOGUE = {
    # try-temperature
    '# ✏️ Try it: edit the scores or the temperature': '# ✏️ 改一改：分数或温度',
    '# try 0.5, 2.0 or 10.0': '# 试试 0.5、2.0 或 10.0',
    # try-library
    '# ✏️ Try it: edit the question (Query) or a label (Key)': '# ✏️ 改一改：问题（Query）或某个标签（Key）',
    '# try [0, 0, 3, 0]': '# 试试 [0, 0, 3, 0]',
    '# Pet Care: try [1, 1, 0, 0]': '# 《宠物护理》：试试 [1, 1, 0, 0]',
    '"note:"': '"笔记："',
    # try-sentence
    '# ✏️ Try it: any words of `embedding`, in any order': '# ✏️ 改一改：`embedding` 里的任意词，任意顺序',
    '# or ["it", "cat"]': '# 或者 ["它", "猫"]',
}
