"""attention_site/pdf/static_widgets.py: widgets printed at their state, no control, a link online."""
from bs4 import BeautifulSoup

from attention_site.pdf import static_widgets

URL = "https://example.org/attention/en/weights/"


def test_the_playground_prints_without_controls_and_points_online():
    soup = BeautifulSoup('<article><div data-attention-playground><input type="range" value="2">'
                         '<div class="ap-buttons"><button>Reset</button></div><p data-ap-summary>live</p>'
                         '<span class="w">0.78</span></div><p>after</p></article>', "html.parser")
    static_widgets.print_widgets(soup.article, soup, URL, "en")
    widget = soup.select_one("[data-attention-playground]")
    assert not widget.select("input, button, .ap-buttons, [data-ap-summary]")
    assert widget.select(".pdf-slot") and "0.78" in widget.get_text()
    note = widget.find_next_sibling()
    assert note["class"] == ["pdf-online"] and note.a["href"] == URL
    assert note.get_text().startswith(static_widgets.ONLINE["en"])


def test_the_explorer_prints_its_state_and_numbers_instead_of_inputs():
    soup = BeautifulSoup('<article><div data-attention-explorer data-step="2"><p class="ae-title">Explorer</p>'
                         '<div class="ae-controls"><label>Asking word</label><select data-ae-asking>'
                         '<option>cat</option><option selected>it</option></select><label>Temperature</label>'
                         '<output data-ae-t>1.0</output></div><div class="ae-stepper"><button>Next</button></div>'
                         '<input type="number" value="0.5"></div></article>', "html.parser")
    static_widgets.print_widgets(soup.article, soup, URL, "zh")
    widget = soup.select_one("[data-attention-explorer]")
    assert widget["data-step"] == "all"
    assert widget.select_one(".pdf-state").get_text() == "Asking word：it · Temperature：1.0"
    assert widget.select_one(".pdf-value").get_text() == "0.5"
    assert not widget.select("input, select, button, .ae-controls, .ae-stepper")
    assert static_widgets.ONLINE["zh"] in widget.find_next_sibling().get_text()
