"""attention_site/translations.py and its command line tools/translations.py (`make translations`):
a change to one language alone is caught.

Tests run on a copy of docs/ and translations.json; the last one checks the
real tree, which `make test` also does before pytest.
"""
import shutil
import subprocess
import sys
from types import SimpleNamespace

import pytest

from attention_site import translations
from tests.helpers import load_hook
from tools import translations as command

ROOT = translations.ROOT


@pytest.fixture
def project(tmp_path):
    shutil.copytree(ROOT / "docs", tmp_path / "docs", ignore=shutil.ignore_patterns("*.ipynb", "assets"))
    translations.sync(translations.pages(tmp_path), tmp_path)
    return tmp_path


def _edit(project, lang, page="weights", old="\n## ", new="\nA sentence added to one language.\n\n## "):
    path = project / "docs" / lang / f"{page}.md"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _check(project, capsys):
    code = command.main(["check"], root=project)
    return code, capsys.readouterr().err


def test_a_synced_tree_passes(project, capsys):
    assert _check(project, capsys)[0] == 0


@pytest.mark.parametrize("lang, other", [("zh", "en"), ("en", "zh")])
def test_a_change_to_one_language_fails_naming_page_section_and_language(project, capsys, lang, other):
    _edit(project, lang)
    code, err = _check(project, capsys)
    assert code == 1
    assert f"docs/{{zh,en}}/weights.md §intro: {lang} changed since the last sync; bring {other} in line" in err
    assert translations.lagging("weights", other, project) and not translations.lagging("weights", lang, project)


def test_sync_after_updating_the_other_language_passes(project, capsys):
    _edit(project, "zh")
    _edit(project, "en")
    code, err = _check(project, capsys)
    assert code == 1 and "both languages changed" in err
    command.main(["sync", "weights"], root=project)
    assert _check(project, capsys)[0] == 0


def test_a_wording_fix_in_one_language_is_recorded_alone(project, capsys):
    _edit(project, "en", old="the", new="teh")
    command.main(["sync", "weights", "--only", "en"], root=project)
    assert _check(project, capsys)[0] == 0
    _edit(project, "zh")  # a later zh change is still caught
    assert "zh changed" in _check(project, capsys)[1]


def test_a_section_in_one_language_only_fails(project, capsys):
    _edit(project, "zh", new="\n## 新的一节 {#brand-new}\n\n新内容。\n\n## ")
    code, err = _check(project, capsys)
    assert code == 1 and "§brand-new exists in zh only" in err


def test_headings_inside_code_fences_do_not_cut_sections():
    text = "# T\n\nintro\n\n```md\n## not a heading {#no}\n```\n\n## Real {#yes}\n\nbody\n"
    assert set(translations.sections(text)) == {"intro", "yes"}


def test_sync_rejects_an_unknown_page(project):
    with pytest.raises(SystemExit):
        command.main(["sync", "no-such-page"], root=project)


@pytest.mark.parametrize("lang, words, link", [("zh", "英文版", "../en/weights/"),
                                               ("en", "Chinese version", "../../weights/")])
def test_a_lagging_page_gets_a_banner_in_its_language(project, lang, words, link, monkeypatch):
    _edit(project, "en" if lang == "zh" else "zh")
    note = translations.banner("weights", lang, project)
    assert words in note and f"({link})" in note
    assert translations.banner("weights", "en" if lang == "zh" else "zh", project) == ""

    hook = load_hook("translation_banner")
    monkeypatch.setattr(translations, "ROOT", project)
    monkeypatch.setattr(translations.banner, "__defaults__", (project,))
    page = SimpleNamespace(file=SimpleNamespace(src_uri=f"{lang}/weights.md"))
    out = hook.on_page_markdown("# Title\n\nBody", page, None, None)
    assert out.startswith("# Title\n\n!!! warning") and out.endswith("Body")


def test_the_real_tree_is_in_line():
    run = subprocess.run([sys.executable, "-m", "tools.translations", "check"], cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-3000:]


def test_a_one_language_edit_anywhere_in_any_section_is_caught(project):
    """A property over every section of every page, both languages: one changed character on a
    line in the middle of the section, or at its very end, is reported for that section and that
    language, and only there."""
    lock = translations.load(project)
    checked = 0
    for page in translations.pages(project):
        for lang in translations.LANGS:
            path = project / "docs" / lang / f"{page}.md"
            original = path.read_text(encoding="utf-8")
            lines = original.split("\n")
            before = {s for s, _, _ in translations.problems(page, project, lock)}  # a section in one language only
            starts = {key: i for i, line in enumerate(lines)
                      for key in [(translations.HEADING.match(line) or [None, None])[1]] if key}
            bounds = sorted([(0, "intro")] + [(i, key) for key, i in starts.items()])
            for n, (start, key) in enumerate(bounds):
                end = bounds[n + 1][0] if n + 1 < len(bounds) else len(lines)
                body = [i for i in range(start + 1, end) if lines[i].strip()]
                for where in {body[len(body) // 2], body[-1]} if body and key not in before else set():
                    edited = lines.copy()
                    edited[where] = edited[where] + " x"
                    path.write_text("\n".join(edited), encoding="utf-8")
                    found = [(s, changed) for s, changed, _ in translations.problems(page, project, lock)
                             if s not in before]
                    assert found == [(key, lang)], (page, lang, key, where)
                    checked += 1
            path.write_text(original, encoding="utf-8")
    assert checked > 150
