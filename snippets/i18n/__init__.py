"""Code in the reader's language: one source, comments and strings translated.

Every snippets module is written once, in English. For each other language a
catalogue maps the module's English comments and string literals, token by
token, to that language: ``snippets/i18n/<lang>/<module>.py`` holds a dict
``CATALOGUE = {english_token: translated_token}``. Only COMMENT and STRING
tokens are ever replaced, so the code a zh page shows is the code an en page
shows, token for token, once comments and strings are set aside.

Keys and values are the exact source text of one token: a whole comment with
its ``#`` (``#>`` output lines included), or a whole string literal with its
prefix and quotes. The lines of a multi-line string (a docstring) are compared
without their leading indentation. f-string fields (``{...}``) must be the same
in the key and its value: they are code.

    python -m snippets.i18n zh snippets/softmax.py   # print the zh version of a module
"""
import io
import re
import runpy
import sys
import tokenize
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE_LANGUAGE = "en"
ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")
LETTER = re.compile(r"[A-Za-z]")
FIELD = re.compile(r"(?<!\{)\{(?!\{)[^{}]*\}")
STRING_PREFIX = re.compile(r"^([A-Za-z]*)(['\"])")


def languages():
    """The languages that have catalogues (besides English, the source)."""
    return sorted(p.name for p in HERE.iterdir() if p.is_dir() and not p.name.startswith("_"))


def normalise(token_text):
    """The catalogue key of a token: each line without its leading indentation."""
    lines = token_text.rstrip().split("\n")
    return "\n".join([lines[0]] + [line.lstrip() for line in lines[1:]])


def fields(token_text):
    """The f-string fields of a string token, in order ([] for other strings)."""
    match = STRING_PREFIX.match(token_text)
    if not match or "f" not in match.group(1).lower():
        return []
    return FIELD.findall(token_text)


def needs_translation(token_text, kind):
    """Whether a comment/string token holds words a reader must read in their language."""
    text = FIELD.sub("", token_text) if fields(token_text) else token_text
    if kind == tokenize.STRING:
        body = STRING_PREFIX.sub("", text, count=1)
        return bool(LETTER.search(body))
    return bool(ENGLISH_WORD.search(text))


def catalogue(lang):
    """The merged catalogue of `lang`: {normalised English token: translated token}.

    Raises ValueError when two files translate one token differently, or when a
    translation changes the code inside an f-string.
    """
    folder = HERE / lang
    if lang == SOURCE_LANGUAGE:
        return {}
    if not folder.is_dir():
        raise ValueError(f"no code catalogue for language {lang!r} (expected {folder})")
    merged, origin = {}, {}
    for path in sorted(folder.glob("*.py")):
        if path.name.startswith("_"):
            continue
        entries = runpy.run_path(str(path)).get("CATALOGUE")
        if not isinstance(entries, dict):
            raise ValueError(f"{path}: needs a dict named CATALOGUE")
        for key, value in entries.items():
            if not (isinstance(key, str) and isinstance(value, str)):
                raise TypeError(f"{path}: catalogue keys and values must be str, got {key!r}: {value!r}")
            key_n, value_n = normalise(key), normalise(value)
            if key_n.startswith("#") != value_n.startswith("#"):
                raise ValueError(f"{path}: {key!r} and its translation {value!r} are not the same kind of token")
            if fields(key_n) != fields(value_n):
                raise ValueError(f"{path}: the translation of {key!r} changes its f-string fields "
                                 f"{fields(key_n)} -> {fields(value_n)}")
            if key_n in merged and merged[key_n] != value_n:
                raise ValueError(f"{path}: {key!r} is translated differently in {origin[key_n]}")
            merged[key_n], origin[key_n] = value_n, path.name
    return merged


def _tokens(source):
    return list(tokenize.generate_tokens(io.StringIO(source).readline))


def _offsets(source):
    starts, total = [0], 0
    for line in source.splitlines(keepends=True):
        total += len(line)
        starts.append(total)
    return starts


def translate(source, entries, *, strict=True):
    """`source` with its comments and strings replaced from `entries` (a catalogue).

    Returns (translated source, [untranslated tokens that hold English words]).
    With strict=True (pages) the list is what a reader would still see in English.
    """
    starts = _offsets(source)
    edits, missing = [], []
    for token in _tokens(source):
        if token.type not in (tokenize.COMMENT, tokenize.STRING):
            continue
        key = normalise(token.string)
        if key in entries:
            value = entries[key]
            indent = " " * token.start[1]
            lines = value.split("\n")
            value = "\n".join([lines[0]] + [indent + line if line else line for line in lines[1:]])
            begin = starts[token.start[0] - 1] + token.start[1]
            end = starts[token.end[0] - 1] + token.end[1]
            if token.type == tokenize.COMMENT:
                end = begin + len(token.string.rstrip())
            edits.append((begin, end, value))
        elif strict and needs_translation(token.string, token.type):
            missing.append(token.string)
    for begin, end, value in reversed(edits):
        source = source[:begin] + value + source[end:]
    return source, missing


def code_tokens(source):
    """The tokens that are code: what must be equal in every language."""
    skip = {tokenize.COMMENT, tokenize.STRING, tokenize.NL, tokenize.NEWLINE,
            tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER}
    out = []
    for token in _tokens(source):
        if token.type == tokenize.STRING:
            out.append(("STRING-FIELDS", tuple(fields(token.string))))
        elif token.type not in skip:
            out.append((tokenize.tok_name[token.type], token.string))
    return out


def translate_file(path, lang):
    """The whole module at `path` in `lang` (tokens without an entry stay English)."""
    source = Path(path).read_text(encoding="utf-8")
    return translate(source, catalogue(lang), strict=False)[0]


if __name__ == "__main__":
    sys.stdout.write(translate_file(sys.argv[2], sys.argv[1]))
