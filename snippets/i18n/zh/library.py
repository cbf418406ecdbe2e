"""Chinese comments and strings for snippets/library.py (see snippets/i18n/__init__.py)."""

CATALOGUE = {
    # books
    '"Cat Care Handbook"': '"《猫咪饲养手册》"',
    '"Pet Care"': '"《宠物护理》"',
    '"300 Tang Poems"': '"《唐诗三百首》"',
    '"Quantum Mechanics"': '"《量子力学》"',
    '# Query, by topic: cats, pet care, poetry, physics': '# Query，按主题分：猫、宠物护理、诗歌、物理',
    "# Keys: each book's spine label, same four topics": "# Key：每本书的书脊标签，同样四个主题",
    '# Values: feeding, deworming, off-topic': '# Value：喂养、驱虫、离题',
    # softmax_preview
    '"""Scores in, weights out (taken apart in "From scores to weights")."""': '"""分数进，权重出（「分数 → 权重」一章会把它拆开讲）。"""',
    '# all positive': '# 全是正数',
    '# they add up to 1': '# 加起来等于 1',
    # lookup
    '# scores: the question against every label': '# 分数：拿问题和每个标签比对',
    '# weights: the scores as shares that add up to 1': '# 权重：把分数变成加起来等于 1 的占比',
    "# the note: a little of every book's contents, by weight": "# 笔记：按权重从每本书的内容里各取一点",
    # show
    'f"score {s:.1f}  weight {w:.2f}  {book}"': 'f"分数 {s:.1f}  权重 {w:.2f}  {book}"',
    '#> score 4.2  weight 0.84  Cat Care Handbook': '#> 分数 4.2  权重 0.84  《猫咪饲养手册》',
    '#> score 2.4  weight 0.14  Pet Care': '#> 分数 2.4  权重 0.14  《宠物护理》',
    '#> score 0.0  weight 0.01  300 Tang Poems': '#> 分数 0.0  权重 0.01  《唐诗三百首》',
    '#> score 0.0  weight 0.01  Quantum Mechanics': '#> 分数 0.0  权重 0.01  《量子力学》',
    # winner
    '# winner takes all: copy the top book, nothing else': '# 赢家通吃：只抄第一名那本书，别的都不要',
    '# columns: feeding, deworming, off-topic': '# 三列依次是：喂养、驱虫、离题',
    '"top book only:"': '"只抄第一名"',
    '#> top book only: [0.9 0.  0. ]': '#> 只抄第一名 [0.9 0.  0. ]',
    '"weighted note:"': '"加权的笔记"',
    '#> weighted note: [0.78 0.12 0.03]': '#> 加权的笔记 [0.78 0.12 0.03]',
    # soft_dict
    '# a dict: the exact key gives one value; close is not enough': '# dict：键一字不差才取回一个值，差一点也不行',
    '"pet care"': '"宠物护理"',
    '#> [0.2 0.9 0. ] None': '#> [0.2 0.9 0. ] None',
    '# a "soft" dict: score every key, blend every value': '# 「软」字典：给每个键打分，把所有值按权重混合',
    # not shown on the pages: the topic names (the playground notebook prints them)
    '"cats"': '"猫"',
    '"poetry"': '"诗歌"',
    '"physics"': '"物理"',
}
