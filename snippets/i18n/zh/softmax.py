"""Chinese comments and strings for snippets/softmax.py (see snippets/i18n/__init__.py)."""

CATALOGUE = {
    # idea: the three steps
    '"""Scores in, weights out: positive, adding up to 1."""':
        '"""分数进，权重出：全是正数，加起来等于 1。"""',
    "# 1. subtract the largest score, so exp() can't overflow": '# 1. 减去最大的分数，这样 exp() 就不会溢出',
    '# 2. exp turns every score into a positive number': '# 2. exp 把每个分数都变成正数',
    '# 3. divide by the total, so the weights add up to 1': '# 3. 除以总和，让权重加起来等于 1',
    '# the three steps above, under a name of its own': '# 上面的三步版本，另起一个名字保存',
    # softmax: the version the rest of the site uses
    '"""Weights along `axis` that are positive and sum to 1.\n'
    '\n'
    'The same three steps as the short version, plus input checks.\n'
    'A score of -inf gets weight 0 (that is how masking works later on).\n'
    '`out=scores` reuses the memory of a scores array you no longer need.\n'
    '"""':
        '"""沿 `axis` 算出的权重：全是正数，加起来等于 1。\n'
        '\n'
        '和短版本是同样的三步，外加输入检查。\n'
        '分数为 -inf 的位置权重为 0（后面的掩码就靠它）。\n'
        '`out=scores` 复用一个不再需要的分数数组的内存。\n'
        '"""',
    '# input checks: see below': '# 输入检查：见下方',
    '# 1. subtract the largest score: same result, but exp() cannot overflow':
        '# 1. 减去最大的分数：结果不变，但 exp() 不会溢出',
    '# 2. exp: every value is now in [0, 1], the largest one is exactly 1':
        '# 2. exp：每个值都落在 [0, 1] 里，最大的恰好是 1',
    '# 3. normalise: divide by the total, so each slice sums to 1':
        '# 3. 归一化：除以总和，每一组加起来等于 1',
    # softmax_checks
    '"""Return (scores as floats, their largest value along `axis`).\n'
    '\n'
    'Raise TypeError or ValueError saying what is wrong and where.\n'
    '"""':
        '"""返回（转成浮点数的分数，它们沿 `axis` 的最大值）。\n'
        '\n'
        '输入有问题时抛出 TypeError 或 ValueError，说清楚错在哪里。\n'
        '"""',
    '"""Bool, integers or floats: not complex numbers, text,\n'
    'objects, dates or time spans."""':
        '"""布尔值、整数或浮点数：不能是复数、文本、\n'
        '对象、日期或时间段。"""',
    '"NaN"': '"NaN（非数）"',
    '"+inf"': '"+inf（正无穷）"',
    '"softmax: scores must be real numbers, "': '"softmax：分数必须是实数，"',
    'f"got dtype {scores.dtype}"': 'f"实际的 dtype 是 {scores.dtype}"',
    '"softmax: need at least one score along an axis, "': '"softmax：每个轴上至少要有一个分数，"',
    'f"got shape {scores.shape}"': 'f"实际的形状是 {scores.shape}"',
    '# ints -> float64; float32 stays': '# 整数转成 float64；float32 保持不变',
    '# NaN and +inf show up in the max': '# NaN 和 +inf 都会出现在最大值里',
    '"""Say what is wrong and where (NaN, +inf, or a slice of only -inf)."""':
        '"""说清楚错在哪里（NaN、+inf，或者一组分数全是 -inf）。"""',
    'f"softmax: scores contain {problem} at index {where}"':
        'f"softmax：分数里有 {problem}，在下标 {where} 处"',
    'f"softmax: every score is -inf in the slice at {where} "':
        'f"softmax：位于 {where} 的那一组分数"',
    'f"along axis {axis}; at least one score must be finite"':
        'f"（沿轴 {axis}）全是 -inf，至少要有一个有限的分数"',
    # article_scores
    '"it"': '"它"',
    '"is"': '"是"',
    '"a"': '"一只"',
    '"cat"': '"猫"',
    '# the scores "it" gives each word (before softmax)': '# 「它」给每个词打的分数（softmax 之前）',
    '#> it  0.06': '#> 它   0.06',
    '#> is  0.05': '#> 是   0.05',
    '#> a   0.13': '#> 一只  0.13',
    '#> cat 0.76': '#> 猫   0.76',
    'f"sum = {weights.sum():.2f}"': 'f"总和 = {weights.sum():.2f}"',
    '#> sum = 1.00': '#> 总和 = 1.00',
    # amplify
    '# the weights of "it", as above': '# 「它」的权重，和上面算的一样',
    '# a lead of d points becomes e^d times the weight': '# 领先 d 分，权重就是对方的 e^d 倍',
    '# cat vs a, it vs is': '# 「猫」对「一只」，「它」对「是」',
    'f"{words[i]} vs {words[j]}: {lead:.1f} ahead, "': 'f"「{words[i]}」比「{words[j]}」高 {lead:.1f} 分，"',
    'f"{ratio:.2f}x the weight, "': 'f"权重是 {ratio:.2f} 倍，"',
    'f"e^{lead:.1f} = {np.exp(lead):.2f}"': 'f"而 e^{lead:.1f} = {np.exp(lead):.2f}"',
    '#> cat vs a: 1.8 ahead, 6.05x the weight, e^1.8 = 6.05':
        '#> 「猫」比「一只」高 1.8 分，权重是 6.05 倍，而 e^1.8 = 6.05',
    '#> it vs is: 0.2 ahead, 1.22x the weight, e^0.2 = 1.22':
        '#> 「它」比「是」高 0.2 分，权重是 1.22 倍，而 e^0.2 = 1.22',
    # temperature
    '# divide the scores by a temperature t, then softmax': '# 先把分数除以温度 t，再做 softmax',
    # stable
    '# exp(1000) alone would overflow to inf; shifted, it is fine':
        '# 直接算 exp(1000) 会溢出成 inf；先减去最大值就没事',
    '# a score of -inf gets a weight of exactly 0 (masking)': '# 分数为 -inf 的位置，权重恰好是 0（掩码）',
    # sum_to_one
    '# big scores or small, many or few: the weights add up to 1': '# 分数大也好小也好，词多也好少也好：权重加起来都是 1',
    # bad_input
    '# a NaN slipped into the scores': '# 分数里混进了一个 NaN',
    '# the three steps, no checks': '# 三步版，不做检查',
    '#> [nan nan]': '#> [nan nan]',  # numpy prints NaN so in any language
    '# the full version stops and says where': '# 完整版当场停下，说清楚错在哪',
    '#> softmax: scores contain NaN at index (1,)': '#> softmax：分数里有 NaN（非数），在下标 (1,) 处',
}
