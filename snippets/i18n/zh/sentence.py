"""Chinese comments and strings for snippets/sentence.py (see snippets/i18n/__init__.py)."""

CATALOGUE = {
    # embeddings
    '"pronoun"': '"代词"',
    '"verb"': '"动词"',
    '"measure"': '"量词"',
    '"noun"': '"名词"',
    '"particle"': '"助词"',
    '"animal"': '"动物"',
    '"pet"': '"宠物"',
    '"weather"': '"天气"',
    '# the kind of word': '# 哪一类词',
    '# what the word means': '# 这个词的意思',
    '# 1 = the word has this feature': '# 1 = 这个词有这个特征',
    '"it"': '"它"',
    '"is"': '"是"',
    '"a"': '"一只"',
    '"cat"': '"猫"',
    '"rains"': '"下雨"',
    '"le"': '"了"',
    '# it: a pronoun': '# 它：代词',
    '# is: a linking verb': '# 是：动词，连接前后',
    '# a: a measure word for animals': '# 一只：量词，数动物用',
    '# cat: a noun; an animal, a pet': '# 猫：名词；动物，宠物',
    '# word -> its vector': '# 词 -> 它的词向量',
    # projections: W_Q
    "# W_Q: what each kind of word looks for, in the Key's slots.": '# W_Q：每一类词想找什么，按 Key 的格子来写。',
    '# (d, d_k) = (6, 5). The two meaning rows look for nothing.': '# (d, d_k) = (6, 5)。表示意思的两行什么也不找。',
    '# pron verb meas noun anim': '# 代词 动词 量词 名词 动物',
    '# pronoun: a noun, an animal': '# 代词：找名词，也找动物',
    '# verb: verbs, then pronouns': '# 动词：找动词，其次找代词',
    '# measure: measures, animals': '# 量词：找量词，也找动物',
    '# noun: pronouns, nouns': '# 名词：找代词，也找名词',
    # projections: W_K
    '# W_K: the label (Key) is the kind of word, and "animal".  (6, 5)': '# W_K：标签（Key）上写哪一类词，再加「动物」。(6, 5)',
    '# pronoun': '# 代词',
    '# verb': '# 动词',
    '# measure': '# 量词',
    '# noun': '# 名词',
    '# animal': '# 动物',
    '# pet': '# 宠物',
    '# animal: on the label too': '# 动物：也写在标签上',
    '# pet: not on the label': '# 宠物：不写在标签上',
    # projections: W_V
    '# W_V: the contents (Value) are what the word means.  (6, 2)': '# W_V：内容（Value）是这个词的意思。(6, 2)',
    '# anim pet': '# 动物 宠物',
    '# pronoun: kinds are not handed over': '# 代词：词的类别不交出去',
    # widen
    '# it is raining (它下雨了) needs two features "it is a cat" did not:': '# 「它下雨了」要用两个新特征：「天气」是一种意思，',
    '# "weather" (a meaning, also on labels: weather verbs take "it") and': '# 也写在标签上（「下雨」这类词的主语常是「它」）；',
    '# "particle" (such as le (了)). They go at the end of each vector.': '# 「助词」是一类词（「了」）。两个都加在词向量末尾。',
    '# d = 8': '# d = 8',
    '# verb; weather': '# 动词；天气',
    '# particle': '# 助词',
    '# Every matrix keeps its old numbers and gets a row per new feature.': '# 每个矩阵原来的数都不变，每个新特征各添一行。',
    '# Key slots: the 5 old, weather, particle': '# Key 的格子：原来 5 格，加天气、助词',
    '# the old numbers, unchanged': '# 原来的数，一个不改',
    '# a pronoun also looks for weather': '# 代词也找天气',
    '# a particle looks for its verb, itself': '# 助词找前面的动词和自己',
    '# new labels: weather, particle': '# 新标签：天气、助词',
    '# Value slots: animal, pet, weather': '# Value 的格子：动物、宠物、天气',
    '# weather is handed over': '# 天气这个意思交出去',
    # self_attention
    '"""Every word asks (Q) and answers (K, V)."""': '"""每个词都提问（Q），也都作答（K、V）。"""',
    '# each row sums to 1': '# 每行加起来等于 1',
    # faces
    '# one row per word': '# 每个词一行',
    '# what each word looks for': '# 每个词在找什么',
    '# what each word is found by': '# 每个词凭什么被找到',
    '# what each word hands over': '# 每个词交出什么',
    '# the Key and the Value of "cat"': '# 「猫」的 Key 和 Value',
    # scores_rows
    '# (4 words, 5 slots) @ (5 slots, 4 words) -> (4, 4)': '# (4 个词, 5 格) @ (5 格, 4 个词) -> (4, 4)',
    '#> it 0.5 0.3 1.2 3.0': '#> 它 0.5 0.3 1.2 3.0',
    '#> is 1.0 2.0 0.2 0.2': '#> 是 1.0 2.0 0.2 0.2',
    '#> a 0.2 0.2 2.0 1.0': '#> 一只 0.2 0.2 2.0 1.0',
    '#> cat 1.2 0.2 1.0 1.5': '#> 猫 1.2 0.2 1.0 1.5',
    # heatmap_rows
    '#> it [0.06 0.05 0.13 0.76]': '#> 它 [0.06 0.05 0.13 0.76]',
    '#> is [0.22 0.59 0.1  0.1 ]': '#> 是 [0.22 0.59 0.1  0.1 ]',
    '#> a [0.1  0.1  0.59 0.22]': '#> 一只 [0.1  0.1  0.59 0.22]',
    '#> cat [0.28 0.1  0.23 0.38]': '#> 猫 [0.28 0.1  0.23 0.38]',
    # asymmetric
    '# the scores, before softmax': '# 分数：softmax 之前的数',
    'f"it->cat: score {scores[0, 3]:.1f}, weight {weights[0, 3]:.2f}"':
        'f"它→猫：分数 {scores[0, 3]:.1f}，权重 {weights[0, 3]:.2f}"',
    'f"cat->it: score {scores[3, 0]:.1f}, weight {weights[3, 0]:.2f}"':
        'f"猫→它：分数 {scores[3, 0]:.1f}，权重 {weights[3, 0]:.2f}"',
    '#> it->cat: score 3.0, weight 0.76': '#> 它→猫：分数 3.0，权重 0.76',
    '#> cat->it: score 1.2, weight 0.28': '#> 猫→它：分数 1.2，权重 0.28',
    # tied
    "# W_K = W_Q: every Key is the word's own Query": '# W_K = W_Q：每个词的 Key 就是它自己的 Query',
    'f"it->cat: score {tied[0, 3]:.1f}, cat->it: {tied[3, 0]:.1f}"':
        'f"它→猫：分数 {tied[0, 3]:.1f}，猫→它：{tied[3, 0]:.1f}"',
    'f"it->it:  score {tied[0, 0]:.1f}, weight {softmax(tied)[0, 0]:.2f}"':
        'f"它→它：分数 {tied[0, 0]:.1f}，权重 {softmax(tied)[0, 0]:.2f}"',
    '#> it->cat: score 3.3, cat->it: 3.3': '#> 它→猫：分数 3.3，猫→它：3.3',
    '#> it->it:  score 5.4, weight 0.86': '#> 它→它：分数 5.4，权重 0.86',
    # new_it
    '#> animal  0.89': '#> 动物      0.89',
    '#> pet     0.76': '#> 宠物      0.76',
    '"same as new[0]:"': '"和 new[0] 相同："',
    '#> same as new[0]: True': '#> 和 new[0] 相同： True',
    # rain
    '# it is raining (它下雨了), word by word: it, rains, le (a particle)': '# 「它下雨了」，一个词一个词地输入：它、下雨、了',
    '# "it" looks at the weather word': '# 「它」看向表示天气的词',
    '# and takes its meaning': '# 也拿走了它的意思：天气',
}
