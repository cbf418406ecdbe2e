"""Chinese comments for the code of the exercises (snippets/exercise_answers.py)."""
CATALOGUE = {
    "# scores of the five books: the handbook twice": "# 五本书的分数：饲养手册有两本",
    "# four equal scores": "# 四个相同的分数",
    "# each exp(0) = 1": "# 每个都是 exp(0) = 1",
    "# scores of it, is, a, cat": "# 分数：它、是、一只、猫",
    "# as they are, then 10 higher": "# 原样一次，全部加 10 再一次",
    "# cat gets -inf (masked): exp(-inf) is exactly 0": "# 猫的分数是 -inf（掩码）：exp(-inf) 正好是 0",
    "# temperature 0.8": "# 温度 0.8",
    "# it, is, a, cat": "# 它、是、一只、猫",
    '# "a" hands over "pet" too': "# 「一只」也交出「宠物」",
    "# every word compares with every word": "# 每个词都和每个词比一次",
    "# weight of cat / weight of is, and e to the power of the gap": "# 猫的权重除以是的权重，以及 e 的（分数差）次方",
    "# n words: n * n comparisons": "# n 个词：n * n 次比对",
}
