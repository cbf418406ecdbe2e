"""Chinese comments and strings of the playground notebook's own cells (docs/*/playground.ipynb).

The notebook's other cells include snippets sections, translated by those modules'
catalogues; hooks/notebooks.py applies the merged catalogue (see snippets/i18n/__init__.py).
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
    # heatmap-helper: HTML and colour names are code, kept as they are
    '"viridis"': '"viridis"',
    '# 0: dark purple ... 1: yellow': '# 0：深紫色 …… 1：黄色',
    '# Helper code: draws the heatmap table': '# 辅助代码：画出热力图表格',
    "# only Jupyter's coloured table needs it": '# 只有 Jupyter 里的彩色表格要用它',
    "# the heatmap's name for each word (rename them here)":
        '# 热力图上怎么称呼每个词（想换个叫法，改这里）',
    '"it (它)"': '"它"',
    '"is (是)"': '"是"',
    '"a (一只)"': '"一只"',
    '"cat (猫)"': '"猫"',
    '"rains (下雨)"': '"下雨"',
    '"le (了)"': '"了"',
    '"""One table cell, coloured by viridis: brighter = more."""':
        '"""表格的一格，用 viridis 上色：越亮权重越大。"""',
    '# viridis is dark below 0.44': '# viridis 在 0.44 以下颜色偏暗，用白字',
    '"black"': '"black"',
    '"white"': '"white"',
    'f"rgb({r * 255:.0f}, {g * 255:.0f}, {b * 255:.0f})"': 'f"rgb({r * 255:.0f}, {g * 255:.0f}, {b * 255:.0f})"',
    'f\'<td style="background: {rgb}; color: {ink}">{weight:.2f}</td>\'':
        'f\'<td style="background: {rgb}; color: {ink}">{weight:.2f}</td>\'',
    '"""Attention weights: a row per asking word (Query),\na column per word looked at (Key)."""':
        '"""注意力权重：每一行是一个提问的词（Query），\n每一列是一个被看的词（Key）。"""',
    '# plain text, where HTML cannot show': '# 显示不了 HTML 的地方，打印成文字',
    '"\\n"': '"\\n"',
    '# Jupyter shows this table': '# Jupyter 显示这张表',
    'f\'<th scope="col">{n}</th>\'': 'f\'<th scope="col">{n}</th>\'',
    'f"<tr><td></td>{head}</tr>"': 'f"<tr><td></td>{head}</tr>"',
    'f\'<tr><th scope="row">{name}</th>{cells}</tr>\'': 'f\'<tr><th scope="row">{name}</th>{cells}</tr>\'',
    '"<caption>Rows: the word asking (Query). Columns: the word looked at (Key).</caption>"':
        '"<caption>行：提问的词（Query）；列：被看的词（Key）</caption>"',
    'f\'<table class="attention-heatmap">{caption}{"".join(rows)}</table>\'':
        'f\'<table class="attention-heatmap">{caption}{"".join(rows)}</table>\'',
    # try-sentence
    '# ✏️ Try it: any words of `embedding`, in any order': '# ✏️ 改一改：`embedding` 里的任意词，任意顺序',
    '# or ["it", "cat"]': '# 或者 ["它", "猫"]',
    # try-rain
    '# ✏️ Try it: it is raining (它下雨了), in the wider model': '# ✏️ 改一改：用加宽后的模型算「它下雨了」',
}
