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
    '# W_Q of layer 1, row by row: what a word with this feature':
        '# 第 1 层的 W_Q，逐行看：带这个特征的词要找什么。',
    '# looks for. Columns: the features of the words it meets.':
        '# 每一列：它遇到的词身上的特征。',
    '# pron anim food eat  bec  hung fres': '# 代词 动物 食物 吃   因为 饥饱 新鲜',
    '# pronoun: anim, food, hung, fres': '# 代词：找动物、食物、饥饱、新鲜',
    '# 1s on the diagonal: copies every feature': '# 对角线上全是 1：每个特征原样抄过去',
    '# all but pronoun': '# 除了「代词」都抄过去',
    '# animal: the action': '# 动物：找动作',
    '# food: the action': '# 食物：找动作',
    '# eating: who, what': '# 吃：谁吃、吃什么',
    '# because: both sides': '# 因为：前后两半句',
    '# hunger': '# 饥饱',
    '# freshness': '# 新鲜',
    "# layer 2's W_Q: layer 1's, plus common sense (2 numbers)": '# 第 2 层的 W_Q：照抄第 1 层，再加一条常识（2 个数）',
    '# hunger belongs to an animal': '# 饥饱说的是动物',
    '# freshness belongs to food': '# 新鲜说的是食物',
    '# both layers: every word shows all it is (Key) and hands': '# 两层都一样：每个词亮出自己的全部特征（Key），',
    '# over its meaning (Value); this model has no "refers",': '# 交出自己的含义（Value）；这个模型没有「指代」一项，',
    '# so a pronoun hands over nothing': '# 所以代词什么也不交',
    # layer
    '"""One self-attention layer that keeps each word\'s own vector."""':
        '"""一层自注意力，并保留每个词自己的向量。"""',
    '# residual connection: add the mix, keep the word itself': '# 残差连接：把混合结果加到词上，词本身保留',
    # choose
    '# 1: "it" reads its state': '# 第 1 层：「它」读到自己的状态',
    '# 2: "it" can choose': '# 第 2 层：「它」能做选择了',
    '# row 4, counting from 0, is "it"; columns: "cat", "fish", the last word': '# 第 4 行（从 0 数起）是「它」；依次是给「猫」「鱼」和句末那个词的',
    '#> was full  [0.23 0.23 0.38] [0.52 0.11]': '#> 已经饱了      [0.23 0.23 0.38] [0.52 0.11]',
    '#> was stale [0.23 0.23 0.38] [0.11 0.52]': '#> 不新鲜了      [0.23 0.23 0.38] [0.11 0.52]',
    # not shown on a page
    '# the last word decides what "it" means': '# 最后一个词决定「它」指谁',
    '# positions in both sentences': '# 两句里的位置',
    '"""(layer 1 weights, layer 2 weights) of "it" over the sentence ending in `last`."""':
        '"""「它」在以 `last` 结尾的句子上的（第 1 层权重，第 2 层权重）。"""',
}
