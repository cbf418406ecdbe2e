"""A machine without the PDF toolchain still builds the site; the browser is found, not assumed.

Issue 28: without WenQuanYi `make build` died with "no page of the PDF starts with the chapter
title ..." (nothing about a font), and /usr/bin/chromium was hard-coded, so macOS and Ubuntu's
snap could not build at all. The missing pieces are simulated for real, for one process tree:
a fontconfig file that rejects the WenQuanYi folder (FONTCONFIG_FILE), and a PATH without
poppler. `make build` itself was also tried with the font folder hidden by a mount namespace:
unshare --mount bash -c 'mount -t tmpfs none /usr/share/fonts/truetype/wqy && make build'.
"""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from attention_site import browser, toolchain

ROOT = Path(__file__).resolve().parents[1]
needs_fontconfig = pytest.mark.skipif(shutil.which("fc-list") is None, reason="fontconfig is not installed")


def fake_program(folder, name, output=""):
    path = folder / name
    path.write_text(f"#!/bin/sh\necho '{output}'\n")
    path.chmod(0o755)
    return path


def test_the_variable_wins_then_path_in_order_then_playwright(tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    chrome = fake_program(bin_dir, "google-chrome")
    never = lambda: pytest.fail("Playwright's browser is asked only when PATH has none")  # noqa: E731
    assert browser.find({"PATH": str(bin_dir)}, managed=never) == str(chrome)
    snap = fake_program(bin_dir, "chromium-browser")
    assert browser.find({"PATH": str(bin_dir)}, managed=never) == str(snap)
    debian = fake_program(bin_dir, "chromium")
    assert browser.find({"PATH": str(bin_dir)}, managed=never) == str(debian)
    own = fake_program(tmp_path, "my-chrome")
    assert browser.find({"PATH": str(bin_dir), browser.ENV: str(own)}, managed=never) == str(own)
    empty = tmp_path / "empty"
    empty.mkdir()
    assert browser.find({"PATH": str(empty)}, managed=lambda: "/managed/chrome") == "/managed/chrome"
    assert browser.find({"PATH": str(empty)}, managed=lambda: None) is None


def test_a_variable_that_points_nowhere_is_an_error_not_a_fallback(tmp_path):
    with pytest.raises(browser.BrowserMissing, match=f"{browser.ENV}=/no/such/chrome"):
        browser.find({"PATH": "", browser.ENV: "/no/such/chrome"})


def test_the_version_comes_from_the_browser(tmp_path):
    fake = fake_program(tmp_path, "chromium", "Chromium 999.0.1 built on Test")
    assert browser.version(str(fake)) == "Chromium 999.0.1 built on Test"


def test_no_path_to_a_browser_is_hard_coded():
    for folder in ("tools", "tests", "bench", "attention_site", "hooks", ".github", ".ci"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".yml", ".sh", "") and path != Path(__file__):
                text = path.read_text(encoding="utf-8", errors="replace")
                assert "/usr/bin/chromium" not in text, path
                assert "executable_path=" not in text or path.name == "browser.py", path


def test_nothing_outside_tests_imports_tests():
    for folder in ("tools", "bench", "attention_site", "hooks", "snippets", "extensions"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"^\s*(from tests\b|import tests\b)", text, re.M), path


def hiding_wqy(tmp_path):
    """An environment whose fontconfig rejects WenQuanYi's folder: the font is 'not installed'."""
    found = subprocess.run(["fc-match", "--format=%{file}", toolchain.FONT], capture_output=True, text=True)
    folder = Path(found.stdout).parent  # Debian: /usr/share/fonts/truetype/wqy
    conf = tmp_path / "fonts.conf"
    conf.write_text(f"""<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include>
<selectfont><rejectfont><glob>{folder}/*</glob></rejectfont></selectfont>
<cachedir>{tmp_path / "fc-cache"}</cachedir></fontconfig>""")
    return {**os.environ, "FONTCONFIG_FILE": str(conf)}


@needs_fontconfig
def test_a_hidden_font_is_named_with_how_to_install_it(tmp_path):
    if not toolchain.font_installed():
        pytest.skip(f"{toolchain.FONT} is not installed here")
    assert not any(toolchain.FONT in piece for piece in toolchain.missing())
    missing = toolchain.missing(hiding_wqy(tmp_path))
    assert missing == [f"the font {toolchain.FONT} (apt-get install fonts-wqy-microhei; "
                       f"macOS: brew install --cask font-wenquanyi-micro-hei)"]


def test_missing_poppler_and_fontconfig_are_named(tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake_program(bin_dir, "chromium")
    missing = toolchain.missing({"PATH": str(bin_dir)})
    assert any("fc-list" in piece and "apt-get install fontconfig" in piece for piece in missing)
    assert any("pdftotext" in piece and "apt-get install poppler-utils" in piece for piece in missing)
    assert not any("Chromium" in piece for piece in missing)


def tiny_site(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text('<p class="pdf-download" data-pdf-link hidden><a href="attention-zh.pdf">PDF</a></p>')
    return site


@needs_fontconfig
def test_make_build_without_the_font_builds_the_site_without_books_and_says_why(tmp_path):
    if not toolchain.font_installed():
        pytest.skip(f"{toolchain.FONT} is not installed here")
    site = tiny_site(tmp_path)
    env = {**hiding_wqy(tmp_path), "PYTHONPATH": str(ROOT), "CI": ""}
    result = subprocess.run([sys.executable, "-m", "attention_site.pdf", str(site)], cwd=ROOT, env=env,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1 and toolchain.FONT in lines[0] and "apt-get install fonts-wqy-microhei" in lines[0]
    assert "brew install --cask font-wenquanyi-micro-hei" in lines[0]
    assert "chapter title" not in result.stdout + result.stderr
    assert not list(site.glob("*.pdf"))
    assert "data-pdf-link hidden" in (site / "index.html").read_text()  # no link to a missing book


@needs_fontconfig
def test_under_ci_a_missing_font_fails_the_build_naming_it(tmp_path):
    if not toolchain.font_installed():
        pytest.skip(f"{toolchain.FONT} is not installed here")
    env = {**hiding_wqy(tmp_path), "PYTHONPATH": str(ROOT), "CI": "true"}
    result = subprocess.run([sys.executable, "-m", "attention_site.pdf", str(tiny_site(tmp_path))], cwd=ROOT, env=env,
                            capture_output=True, text=True)
    assert result.returncode == 1
    assert toolchain.FONT in result.stderr and "fonts-wqy-microhei" in result.stderr
