"""Build-time figures (placeholder until the figures module lands)."""


def embed(name, lang, src_uri):
    return f'!!! note "Figure `{name}`: pending"\n'
