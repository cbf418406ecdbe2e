"""word-vectors: W_Q, W_K and W_V as tables a reader can read, with the features named.

W_Q is a labelled grid (which kind of word looks for what); W_K and W_V only copy features, so
they read faster as a map. Both are built from the matrices in snippets/sentence.py, and the map
refuses a matrix that does more than copy (the page says they only copy).
"""
import numpy as np

from attention_site.widgets import explorer
from attention_site.values.format import table
from attention_site.values.words import feature_name
from snippets import sentence


def slot_header(feature, lang):
    """A column head narrow enough for six columns on a 360 px phone: 量词, or an abbreviation
    with the full name as its title in English ("meas" for "measure word")."""
    if lang == "zh":
        return feature_name(feature, lang)
    short, full = explorer.features("en")[feature]
    return f'<abbr title="{full}">{short}</abbr>'


def w_query_table(lang, asking="它"):
    """word-vectors: W_Q as a labelled table, a row per feature of a word vector, a column per
    slot of a label; the corner says which is which (R32 zh: rows and columns carry the same
    names). All-zero rows are left out (the page says which). The row of the feature `asking`
    has is bold: it is its Query."""
    has = np.asarray(sentence.embedding[asking]) == 1  # (d,)
    if has.sum() != 1:
        raise ValueError(f"{asking} has {has.sum()} features: its Query is not one row of W_Q")
    rows = []
    for feature, row, bold in zip(sentence.features, sentence.w_query, has):
        if not row.any() and not bold:
            continue
        cells = [feature_name(feature, lang)] + [f"{x:.1f}" for x in row]
        rows.append([f"**{c}**" for c in cells] if bold else cells)
    corner = {"zh": "这类词 ↓", "en": "a word that is ↓<br>looks for →"}[lang]
    # zh: the rows and the columns would carry the same words (R41 zh): a column says 找代词
    heads = [f"找{feature_name(f, lang)}" if lang == "zh" else slot_header(f, lang) for f in sentence.key_features]
    return table([corner] + heads, rows)


def copy_map(lang):
    """word-vectors: W_K and W_V as what they copy, a row per feature of a word vector: the
    label slot(s) W_K writes it into, the meaning(s) W_V hands it over as (R28 zh and en: show
    W_K and W_V beside W_Q; as matrices that only copy, a map reads faster). A share other than
    1 is written before its slot: the measure word hands over "0.5 × animal"."""
    for name, matrix in (("w_key", sentence.w_key), ("w_value", sentence.w_value)):
        if np.any(matrix < 0) or np.any(matrix > 1):
            raise ValueError(f"copy_map: {name} has numbers outside 0..1, so it does not just copy features")

    def copied(row, slots):
        names = [feature_name(s, lang) if x == 1 else f"{x:g} × {feature_name(s, lang)}"
                 for s, x in zip(slots, row) if x]
        return ("、" if lang == "zh" else ", ").join(names) or "—"
    header = (["特征", "W_K：写到标签上的", "W_V：作为意思交出的"] if lang == "zh"
              else ["feature", "W_K: on the label as", "W_V: handed over as"])
    rows = [[feature_name(f, lang), copied(k, sentence.key_features), copied(v, sentence.value_features)]
            for f, k, v in zip(sentence.features, sentence.w_key, sentence.w_value)]
    return table(header, rows, numbers=False)


NUMBERS = {}
PER_LANGUAGE = {
    "table.w_query": w_query_table,
    "table.copy_map": copy_map,
}
