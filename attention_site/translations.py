"""Translations that cannot silently fall behind: the drift between a page pair and its last sync.

Every page exists as docs/zh/<page>.md and docs/en/<page>.md. Each is cut into
sections at its level-2 headings (`## Title {#anchor}`; the anchors are the same
in both languages) plus the part before the first one ("intro"). The file
translations.json records, for every section, a hash of its zh and en source
as they were when a maintainer last brought the pair in line.

`problems` names, per page and section, what changed in one language since the last
sync (or exists in one language only); `banner` is the note a lagging page shows its
readers (hooks/translation_banner.py); `sync` records a pair as in line. The command
line (`make translations`, `make translations-sync`) is tools/translations.py.
"""
import hashlib
import json
import re
from pathlib import Path

from attention_site.languages import LANGS

ROOT = Path(__file__).resolve().parents[1]
LOCK = "translations.json"
HEADING = re.compile(r"^##\s+.*?\{#([\w-]+)[^}]*\}\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")
NAMES = {"zh": {"zh": "中文", "en": "英文"}, "en": {"zh": "Chinese", "en": "English"}}


def sections(text):
    """{section id: normalised source} of one page; 'intro' is what comes before the first ##."""
    found, current, fenced = {"intro": []}, "intro", False
    for line in text.split("\n"):
        if FENCE.match(line):
            fenced = not fenced
        match = None if fenced else HEADING.match(line)
        if match:
            current = match.group(1)
            if current in found:
                raise ValueError(f"section id {current!r} appears twice")
            found[current] = []
        found[current].append(line.rstrip())
    return {key: "\n".join(lines).strip() for key, lines in found.items()}


def digest(text):
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def pages(root=ROOT):
    names = {p.stem for lang in LANGS for p in (root / "docs" / lang).glob("*.md")}
    return sorted(names)


def current(page, root=ROOT):
    """{section: {lang: hash or None}} for `page` as it is on disk."""
    state = {}
    for lang in LANGS:
        path = root / "docs" / lang / f"{page}.md"
        found = sections(path.read_text(encoding="utf-8")) if path.exists() else {}
        for key, text in found.items():
            state.setdefault(key, {l: None for l in LANGS})[lang] = digest(text)
    return state


def load(root=ROOT):
    path = root / LOCK
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def save(lock, root=ROOT):
    (root / LOCK).write_text(json.dumps(lock, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
                             encoding="utf-8")


def problems(page, root=ROOT, lock=None):
    """[(section, lang that changed or None, message)] for one page pair; [] when in line."""
    lock = load(root) if lock is None else lock
    recorded, found = lock.get(page, {}), []
    for key, now in current(page, root).items():
        then = recorded.get(key)
        missing = [lang for lang in LANGS if now[lang] is None]
        if missing:
            found.append((key, None, f"§{key} exists in {'/'.join(l for l in LANGS if l not in missing)} only"))
            continue
        if then is None:
            found.append((key, None, f"§{key} is new: translate it, then sync"))
            continue
        changed = [lang for lang in LANGS if now[lang] != then.get(lang)]
        if len(changed) == 1:
            other = "en" if changed[0] == "zh" else "zh"
            found.append((key, changed[0], f"§{key}: {changed[0]} changed since the last sync; bring {other} in line"))
        elif changed:
            found.append((key, None, f"§{key}: both languages changed since the last sync; check they match"))
    for key in recorded:
        if key not in current(page, root):
            found.append((key, None, f"§{key} was removed from both languages"))
    return found


def lagging(page, lang, root=ROOT):
    """True when the other language changed since the last sync and `lang` did not."""
    other = "en" if lang == "zh" else "zh"
    return any(changed == other for _, changed, _ in problems(page, root))


def banner(page, lang, root=ROOT):
    """A short note (Markdown) for readers of a page whose other language is newer, else ''."""
    if not lagging(page, lang, root):
        return ""
    other = "en" if lang == "zh" else "zh"
    link = f"../en/{page}/" if other == "en" else f"../../{page}/"
    if page == "index":
        link = "en/" if other == "en" else "../"
    if lang == "zh":
        return (f'!!! warning "译文待更新"\n    本页的{NAMES["zh"][other]}版更新过，这一版还没跟上：'
                f"请先看[{NAMES['zh'][other]}版]({link})。\n\n")
    return (f'!!! warning "Translation pending"\n    The {NAMES["en"][other]} version of this page has changed '
            f"since this one was last brought in line: see the [{NAMES['en'][other]} version]({link}).\n\n")


def sync(names, root=ROOT, only=None):
    lock = load(root)
    for page in names:
        state = current(page, root)
        if only is None:
            lock[page] = state
            continue
        entry = lock.setdefault(page, {})
        for key, now in state.items():
            entry.setdefault(key, dict(now))[only] = now[only]
    save(lock, root)
