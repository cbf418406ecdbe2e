"""Chinese comments and strings for snippets/attention.py (see snippets/i18n/__init__.py)."""

CATALOGUE = {
    # dot_product_attention: the teaching version
    '"""Mix the values by how well each key matches each query."""':
        '"""按每个 Key 和每个 Query 的匹配程度，把 Value 混合起来。"""',
    '# 1. scores: (n_q, d) @ (d, n_k) -> (n_q, n_k)': '# 1. 分数：(n_q, d) @ (d, n_k) -> (n_q, n_k)',
    '# 2. weights: softmax over the keys, each row sums to 1': '# 2. 权重：对所有 Key 做 softmax，每行加起来等于 1',
    '# 3. weighted sum of the values: (n_q, n_k) @ (n_k, d_v)': '# 3. 把 Value 加权求和：(n_q, n_k) @ (n_k, d_v)',
    # attention: the sturdy version
    '"""dot_product_attention made sturdy: scaled, batched, checked.\n\n'
    'scale=None divides the scores by sqrt(d_k), PyTorch\'s default;\n'
    '1.0 is the plain dot product. Batches (..., n, d) and one query (d,).\n"""':
        '"""dot_product_attention 的完整版：带缩放、能批量、会检查输入。\n\n'
        'scale=None 时分数除以 sqrt(d_k)，和 PyTorch 的默认一样；\n'
        '1.0 就是朴素的点积。支持批量 (..., n, d)，也支持单个 Query (d,)。\n"""',
    '# see below': '# 见下方',
    '# one query: (d,) -> (1, d) and back': '# 只有一个 Query：(d,) -> (1, d)，算完再变回来',
    '# in place': '# 原地计算，复用分数的内存',
    # attention_checks
    '"""The three inputs as float arrays whose shapes fit together."""':
        '"""把三个输入变成浮点数组，并确认它们的形状对得上。"""',
    '"query"': '"查询"',
    '"key"': '"键"',
    '"value"': '"值"',
    '"""`x` as a float array, or TypeError/ValueError naming `name`."""':
        '"""把 `x` 变成浮点数组；不行就抛出 TypeError/ValueError，并指明是 `name`。"""',
    '# float32 and float64 stay as they are': '# float32 和 float64 保持原样',
    'f"attention: {name} must be real numbers, "': 'f"attention：{name} 必须是实数，"',
    'f"got dtype {x.dtype}"': 'f"收到的 dtype 是 {x.dtype}"',
    'f"attention: {name} {x.shape} contains NaN or inf"': 'f"attention：{name} {x.shape} 里有 NaN 或 inf"',
    '"""ValueError naming all three shapes unless they fit together."""':
        '"""三个形状对不上时抛出 ValueError，并列出全部三个形状。"""',
    'f"query {query.shape}, key {key.shape}, value {value.shape}"':
        'f"查询 {query.shape}，键 {key.shape}，值 {value.shape}"',
    '"attention: key and value need shape (n_k, d) "': '"attention：键和值至少要是 (n_k, d) 形状；"',
    'f"at least; got {shapes}"': 'f"收到的是 {shapes}"',
    'f"attention: the key sequence is empty; got {shapes}"': 'f"attention：一个键也没有；收到的是 {shapes}"',
    'f"attention: query width {query.shape[-1]} != "': 'f"attention：查询的宽度 {query.shape[-1]} != "',
    'f"key width {key.shape[-1]}; got {shapes}"': 'f"键的宽度 {key.shape[-1]}；收到的是 {shapes}"',
    '"attention: query and key have width 0, "': '"attention：查询和键的宽度是 0，"',
    'f"nothing to compare; got {shapes}"': 'f"没有东西可比；收到的是 {shapes}"',
    'f"attention: {key.shape[-2]} keys but "': 'f"attention：有 {key.shape[-2]} 个键，却有 "',
    'f"{value.shape[-2]} values; got {shapes}"': 'f"{value.shape[-2]} 个值；收到的是 {shapes}"',
    '"attention: batch dimensions do not match; "': '"attention：批量维度对不上；"',
    'f"got {shapes}"': 'f"收到的是 {shapes}"',
    '"""1/sqrt(d_k) by default (d_k: the width of each key), as a Python\nfloat so that float32 stays float32."""':
        '"""默认是 1/sqrt(d_k)（d_k：每个 Key 的宽度）；返回 Python 的\nfloat，这样 float32 的输入算完仍是 float32。"""',
    '"attention: scale must be a number or None, "': '"attention：scale 必须是数字或 None，"',
    'f"got {type(scale).__name__}"': 'f"收到的是 {type(scale).__name__}"',
    'f"attention: scale must be finite, got {scale}"': 'f"attention：scale 必须是有限的数，收到的是 {scale}"',
    # one_query
    '# one question, three books: query (2,), key (3, 2)': '# 一个问题，三本书：query (2,)，key (3, 2)',
    '# contents': '# 书的内容',
    '# two topics on each label: cats, cooking': '# 每个标签两个主题：猫、烹饪',
    '# the question: about cats': '# 问题：关于猫',
    '# labels: book 1 cats, book 2 cooking, book 3 both': '# 标签：第 1 本讲猫，第 2 本讲烹饪，第 3 本两样都讲',
    # scale
    '# random stand-ins for Q and K: 4 words, 64 numbers each': '# 用随机数代替 Q 和 K：4 个词，每个词 64 个数',
    '# QK^T / sqrt(d_k): every score divided by sqrt(64) = 8': '# QK^T / sqrt(d_k)：每个分数都除以 sqrt(64) = 8',
    '# top weight of each row': '# 每行最大的权重',
    '# calmer after scaling': '# 缩放后温和多了',
    # agree
    '# three random tables q, k, v: 5 words, 8 numbers each': '# q、k、v 三张随机的表：5 个词，每个词 8 个数',
    '"same output:"': '"结果一样吗？"',
    '#> same output: True': '#> 结果一样吗？ True',
    '"rows sum to 1:"': '"每行加起来都是 1 吗？"',
    '#> rows sum to 1: True': '#> 每行加起来都是 1 吗？ True',
    '# the default scale: the same as dividing q by sqrt(d_k)': '# 默认的缩放：和先把 q 除以 sqrt(d_k) 一样',
    # batch
    '# 2 sentences x 4 heads, 5 words each, d = 8:': '# 2 句话 × 4 个头，每句 5 个词，d = 8：',
    '# a Query, a Key and a Value table for every head': '# 每个头各有一张 Query、Key、Value 表',
    # not shown on a page
    '"__main__"': '"__main__"',
}
