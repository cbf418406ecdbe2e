"""What the widgets say, per language: zh.toml and en.toml next to this module.

A translator edits only those two files, one table per widget ([playground], [explorer],
[explorer.features], [needs_fold]); tests/test_widgets.py checks that both files have the same
tables, keys, list lengths and {placeholders}. The numbers the words name are computed by the
widgets' model modules; the texts only name them. A key the code asks for and the file lacks
stops the build with the file's path and the key (MissingText), never an empty label.
"""
import tomllib
from collections.abc import Mapping
from pathlib import Path

from attention_site.languages import LANGS

HERE = Path(__file__).resolve().parent


class MissingText(Exception):
    """A key the widgets need is not in a text file. Not a KeyError on purpose: Jinja turns a
    LookupError into an undefined value, and this must stop the build instead."""


class Texts(Mapping):
    """One table of a text file, read-only; a missing key raises MissingText naming the file."""

    def __init__(self, path, table, values):
        self.path, self.table, self._values = path, table, values

    def __getitem__(self, key):
        try:
            value = self._values[key]
        except KeyError:
            raise MissingText(f"{self.path}: no key {key!r} in [{self.table or 'the top level'}]") from None
        table = f"{self.table}.{key}" if self.table else key
        return Texts(self.path, table, value) if isinstance(value, dict) else value

    def __contains__(self, key):
        return key in self._values

    def get(self, key, default=None):
        return self[key] if key in self._values else default

    def __iter__(self):
        return iter(self._values)

    def __len__(self):
        return len(self._values)


def path_of(lang):
    """attention_site/widgets/<lang>.toml."""
    if lang not in LANGS:
        raise ValueError(f"widget language must be one of {LANGS}, got {lang!r}")
    return HERE / f"{lang}.toml"


def texts(lang):
    """Every widget's words in `lang`: {"playground": ..., "explorer": ..., "needs_fold": ...}."""
    path = path_of(lang)
    try:
        with open(path, "rb") as f:
            return Texts(path, "", tomllib.load(f))
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{path}: {error}") from error


def words(widget, lang):
    """The words of one widget in `lang`, e.g. words("explorer", "en")["title"]."""
    return texts(lang)[widget]
