"""What the exercises say, per language: zh.toml and en.toml next to this module.

A translator edits only those two files: the same exercise ids, fields and choices in both
(tests/test_exercises.py checks the pairs). What an exercise IS (answer, tolerance, the numbers
its text quotes) is computed by the chapter modules; the texts only name those numbers.
"""
import tomllib
from pathlib import Path

from attention_site.languages import LANGS

HERE = Path(__file__).resolve().parent


def texts(lang):
    """The texts of `lang` from attention_site/exercises/<lang>.toml: {"ui": ..., "<id>": ...}."""
    if lang not in LANGS:
        raise ValueError(f"exercise language must be one of {LANGS}, got {lang!r}")
    path = HERE / f"{lang}.toml"
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{path}: {error}") from error
