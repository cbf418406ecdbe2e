"""Python-Markdown extension: show included code in the page's language.

A page whose Markdown starts with ``<!-- code-i18n: <lang> <page path> -->``
(hooks/code_language.py adds it to every page that is not English) gets the
comments and string literals of its fenced Python blocks translated from the
catalogue in snippets/i18n/<lang>/. It runs right after pymdownx.snippets has
included the code (priority 32) and before fenced blocks are parsed (25).

A comment or string that still holds English words and has no translation
stops the build, naming the page and the text: a reader would otherwise see
English comments next to Chinese prose.
"""
import re
import tokenize

from markdown import Extension
from markdown.preprocessors import Preprocessor

from snippets import i18n

MARKER = re.compile(r"^<!-- code-i18n: (\S+) (\S+) -->$")
FENCE_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*\{?[ \t]*\.?(?P<lang>[\w+-]*)")
PYTHON = {"python", "py", "python3"}


class CodeLanguageError(ValueError):
    """A page shows code that is not (fully) in its language."""


class CodeI18nPreprocessor(Preprocessor):
    def run(self, lines):
        if not lines:
            return lines
        match = MARKER.match(lines[0])
        if not match:
            return lines
        lang, page = match.groups()
        lines = lines[1:]
        if lang == i18n.SOURCE_LANGUAGE:
            return lines
        entries = i18n.catalogue(lang)
        out, missing, i = [], [], 0
        while i < len(lines):
            opened = FENCE_OPEN.match(lines[i])
            if not opened:
                out.append(lines[i])
                i += 1
                continue
            indent, fence = opened.group("indent"), opened.group("fence")
            close = re.compile(rf"^{re.escape(indent)}{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
            end = i + 1
            while end < len(lines) and not close.match(lines[end]):
                end += 1
            body = lines[i + 1:end]
            if opened.group("lang").lower() in PYTHON:
                body = self._translate(body, indent, entries, page, missing)
            out.extend([lines[i], *body] + lines[end:end + 1])
            i = end + 1
        if missing:
            shown = "\n".join(f"    {text!r}" for text in dict.fromkeys(missing))
            raise CodeLanguageError(
                f"{page}: code shown on this page has comments or strings with no {lang} "
                f"translation; add them to a catalogue in snippets/i18n/{lang}/:\n{shown}")
        return out

    @staticmethod
    def _translate(body, indent, entries, page, missing):
        width = len(indent)
        if any(line[:width].strip() for line in body):
            raise CodeLanguageError(f"{page}: a code block is indented less than its fence")
        source = "\n".join(line[width:] for line in body) + "\n"
        try:
            translated, unknown = i18n.translate(source, entries)
        except (tokenize.TokenError, IndentationError, SyntaxError) as error:
            raise CodeLanguageError(f"{page}: cannot read a Python block to translate it: {error}") from error
        missing.extend(unknown)
        return [indent + line if line else line for line in translated[:-1].split("\n")]


class CodeI18nExtension(Extension):
    def extendMarkdown(self, md):
        md.preprocessors.register(CodeI18nPreprocessor(md), "code_i18n", 31.5)


def makeExtension(**kwargs):
    return CodeI18nExtension(**kwargs)
