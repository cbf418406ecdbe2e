"""Chinese inside an English page, marked as Chinese: `<span lang="zh">它</span>`.

The English pages quote the article's sentence (它是一只猫) and its words ("it (它)"). Without
`lang="zh"` a screen reader reads them with the English voice, and a browser picks fonts for them
as if they were English (WCAG 3.1.2, language of parts: the audit counted 286 unmarked runs).
`mark` wraps every run of Han characters (with the CJK punctuation inside or around it) in the
text of an HTML fragment, except where the run cannot take an element or must stay verbatim:
code (`code`, `pre`, `kbd`, `samp`), `script`, `style`, `textarea`, `option`, `title`, and
anything already inside an element marked `lang="zh"` (a widget's lang="en" root is no such mark).
"""
import re

HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
PUNCT = "\u3000-\u303f\uff00-\uffef"  # CJK symbols and punctuation, full-width forms
RUN = re.compile(f"[{PUNCT}]*[{HAN}](?:[{HAN}{PUNCT}]*[{HAN}])?[{PUNCT}]*")
SKIP = {"code", "pre", "kbd", "samp", "script", "style", "textarea", "option", "title", "svg", "math"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
        "track", "wbr"}
TOKEN = re.compile(r"<!--.*?-->|<!\[CDATA\[.*?\]\]>|<(/?)([A-Za-z][\w:-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>|[^<]+|<",
                   re.S)
ZH = re.compile(r"""\slang\s*=\s*["']?zh\b""", re.I)


def mark(html, lang="zh"):
    """`html` with each Han run in its text wrapped in <span lang="zh"> (see the module's docstring)."""
    out, stack = [], []  # stack: (tag name, whether its text is left alone)
    for match in TOKEN.finditer(html):
        closing, name, attributes = match.group(1), match.group(2), match.group(3)
        if name is None:
            text = match.group(0)
            if text.startswith("<") or (stack and stack[-1][1]):
                out.append(text)
            else:
                out.append(RUN.sub(lambda run: f'<span lang="{lang}">{run.group(0)}</span>', text))
            continue
        out.append(match.group(0))
        name = name.lower()
        if closing:
            for depth in range(len(stack) - 1, -1, -1):  # close up to the matching tag
                if stack[depth][0] == name:
                    del stack[depth:]
                    break
        elif name not in VOID and not attributes.rstrip().endswith("/"):
            left_alone = name in SKIP or bool(ZH.search(attributes)) or bool(stack and stack[-1][1])
            stack.append((name, left_alone))
    return "".join(out)
