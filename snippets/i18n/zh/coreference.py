"""Chinese comments and strings for snippets/coreference.py (see snippets/i18n/__init__.py)."""

CATALOGUE = {
    # data: the words of 猫没有吃鱼，因为它已经饱了 / 因为它不新鲜了
    '"pronoun"': '"代词"',
    '"animal"': '"动物"',
    '"food"': '"食物"',
    '"eating"': '"吃"',
    '"because"': '"因为"',
    '"hunger"': '"饥饱"',
    '"freshness"': '"新鲜"',
    '# which of the 7 features each word has': '# 每个词有这 7 个特征里的哪几个',
    '"cat"': '"猫"',
    '"didn\'t eat"': '"没有吃"',
    '"fish"': '"鱼"',
    '"it"': '"它"',
    '"was full"': '"已经饱了"',
    '"was stale"': '"不新鲜了"',
    '# said of one who eats': '# 说的是吃东西的一方',
    '# said of what is eaten': '# 说的是被吃的东西',
    '# W_Q of layer 1: only the pronoun asks anything (row 0).': '# 第 1 层的 W_Q：只有代词在提问（第 0 行）。',
    '# Columns: the features of the words it meets.': '# 每一列：它遇到的词身上的特征。',
    "# layer 2's W_Q: layer 1's, plus common sense (2 numbers)": '# 第 2 层的 W_Q：照抄第 1 层，再加一条常识（2 个数）',
    '# hunger belongs to an animal': '# 饥饱说的是动物',
    '# freshness belongs to food': '# 新鲜说的是食物',
    '# W_K, the labels: in layer 1 every feature is on them;': '# W_K 是标签：第 1 层，每个特征都写在标签上；',
    '# in layer 2 only what a word is: an animal, or food': '# 第 2 层只写这个词是什么东西：动物，或者食物',
    '# 1s on the diagonal: copies every feature': '# 对角线上全是 1：每个特征原样抄过去',
    '# W_V, both layers: only the state (hunger, freshness) is': '# W_V，两层一样：只交出状态（饥饱、新鲜），',
    '# handed over, so we can follow the clue and nothing else': '# 这样我们只跟着这条线索走，别的都不管',
    # layer
    '"""One self-attention layer that keeps each word\'s own vector."""':
        '"""一层自注意力，并保留每个词自己的向量。"""',
    '# residual connection: add the mix, keep the word itself': '# 残差连接：把混合结果加到词上，词本身保留',
    # choose
    '# 1: reads': '# 第 1 层：读到线索',
    '# 2: chooses': '# 第 2 层：做出选择',
    '# row 4, counting from 0, is "it"; columns: "cat", "fish", the last word': '# 第 4 行（从 0 数起）是「它」；依次是给「猫」「鱼」和句末那个词的',
    '#> was full  [0.23 0.23 0.38] [0.71 0.15]': '#> 已经饱了      [0.23 0.23 0.38] [0.71 0.15]',
    '#> was stale [0.23 0.23 0.38] [0.15 0.71]': '#> 不新鲜了      [0.23 0.23 0.38] [0.15 0.71]',
    # not shown on a page
    '# the last word decides what "it" means': '# 最后一个词决定「它」指谁',
    '# positions in both sentences': '# 两句里的位置',
    '"""(layer 1 weights, layer 2 weights) of "it" over the sentence ending in `last`."""':
        '"""「它」在以 `last` 结尾的句子上的（第 1 层权重，第 2 层权重）。"""',
}
