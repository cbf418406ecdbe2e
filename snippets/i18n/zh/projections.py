"""Chinese comments and strings for snippets/projections.py (see snippets/i18n/__init__.py)."""

CATALOGUE = {
    # project
    '"""Q, K, V: three faces of the same word vectors x (n, d)."""': '"""Q、K、V：同一组词向量 x (n, d) 的三副面孔。"""',
    '# (n, d) @ (d, d_k) -> (n, d_k); the Values are (n, d_v)': '# (n, d) @ (d, d_k) -> (n, d_k)；Value 是 (n, d_v)',
    "\"\"\"Entry [i, j]: how well word i's Query matches word j's Key.\"\"\"":
        '"""第 [i, j] 格：词 i 的 Query 和词 j 的 Key 有多匹配。"""',
    # asymmetry
    '# random numbers: 4 words, 3 features': '# 随便取的随机数：4 个词，每个 3 个特征',
    '# (d, d_k), learned separately': '# (d, d_k)，和 W_Q 分开学',
    '"symmetric?"': '"对称吗？"',
    '#> symmetric? False': '#> 对称吗？ False',
    '# force W_K = W_Q': '# 强行让 W_K = W_Q',
    '#> symmetric? True': '#> 对称吗？ True',
}
