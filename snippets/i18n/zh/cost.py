"""Chinese comments and strings for snippets/cost.py (see snippets/i18n/__init__.py)."""

CATALOGUE = {
    # cost: the three counts
    '"""Attention: each of n words compares with all n."""':
        '"""注意力：n 个词，每个都和全部 n 个词比一次。"""',
    '"""An RNN\'s relay: n - 1 hand-offs, one by one."""':
        '"""RNN 排队传话：交接 n - 1 次，一次接一次。"""',
    '"""Steps between words `distance` positions apart."""':
        '"""相距 `distance` 个位置的两个词之间隔几步。"""',
    # cost_checks
    '"""`count`, but its first argument must be an int >= 1."""':
        '"""和 `count` 一样，但第一个参数必须是 >= 1 的整数。"""',
    'f"{name} must be an int, "': 'f"{name} 必须是整数，"',
    'f"got {type(number).__name__}"': 'f"实际是 {type(number).__name__}"',
    'f"{name} must be >= 1, got {number}"': 'f"{name} 必须 >= 1，实际是 {number}"',
    '"n_words"': '"词数 n_words"',
    '"distance"': '"距离 distance"',
    # table
    '"words  comparisons  relay steps"': '" 词数     比对次数     交接次数"',
    '#> words  comparisons  relay steps': '#>  词数     比对次数     交接次数',
    # distance
    '# 20 words between "it" and "cat": 21 positions apart':
        '# 「它」和「猫」之间隔着 20 个词：相距 21 个位置',
    # checks_demo
    '# half a word? no words at all?': '# 半个词？一个词也没有？',
    '#> TypeError n_words must be an int, got float': '#> TypeError 词数 n_words 必须是整数，实际是 float',
    '#> ValueError n_words must be >= 1, got 0': '#> ValueError 词数 n_words 必须 >= 1，实际是 0',
    '# say each step keeps 90% of the message (a made-up rate)':
        '# 假设每走一步，话只保住 90%（这个比例是随便取的）',
    '# the relay: word to word': '# 传话：一个词传给下一个词',
    'f"relay: {steps} steps, {message:.0%} left"': 'f"传话：{steps} 步，还剩 {message:.0%}"',
    '#> relay: 21 steps, 11% left': '#> 传话：21 步，还剩 11%',
    '"attention: 1 step, nothing handed on"': '"注意力：1 步，不经转手"',
    '# a direct look': '# 直接看一眼',
    '#> attention: 1 step, nothing handed on': '#> 注意力：1 步，不经转手',
}
