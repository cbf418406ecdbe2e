"""attention_site/languages.py: which language a page or a built file is in."""
import pytest

from attention_site import languages


@pytest.mark.parametrize("path, lang", [
    ("index.md", "zh"), ("weights.md", "zh"), ("en/index.md", "en"), ("en/weights.md", "en"),
    ("en", "en"), ("./en/weights/index.html", "en"), ("/en/", "en"),
    ("entropy.md", "zh"), ("energy/index.html", "zh"),  # starts with "en", is not under en/
    ("figures/en-softmax.svg", "zh"), ("zh/en/x.md", "zh"),
])
def test_a_path_is_english_only_under_en(path, lang):
    assert languages.of_path(path) == lang


def test_the_default_language_is_the_first_and_chinese():
    assert languages.LANGS[0] == languages.DEFAULT == "zh" and set(languages.LANGS) == {"zh", "en"}
