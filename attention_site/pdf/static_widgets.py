"""The widgets as paper shows them: their state at the chapter's values, no control, a link online.

The explorer prints the tables it was built with (every step at once, numbers instead of
inputs), the playground its scores, weights and bars; under each, a line says the part is
interactive and gives the page's URL.
"""
ONLINE = {
    "zh": "这是一个可交互的部件，印在这里的是本章的数值；请在网页版上动手试：",
    "en": "This part is interactive; printed here at the chapter's values. Try it on the website:",
}


def online_note(soup, text, url):
    """<p class="pdf-online">text URL</p>, the URL a link."""
    note = soup.new_tag("p", attrs={"class": "pdf-online"})
    note.string = text + " "
    anchor = soup.new_tag("a", href=url)
    anchor.string = url
    note.append(anchor)
    return note


def static_explorer(widget, soup, online_text, url, lang):
    """The explorer as the tables it was built with: every step at once, numbers instead of inputs."""
    asking = widget.select_one("[data-ae-asking] option[selected]") or widget.select_one("[data-ae-asking] option")
    temperature = widget.select_one("output[data-ae-t]")
    labels = [label.get_text(" ", strip=True) for label in widget.select(".ae-controls label")]
    state, colon = [], "：" if lang == "zh" else ": "
    if asking is not None and labels:
        state.append(f"{labels[0]}{colon}{asking.get_text(' ', strip=True)}")
    if temperature is not None and len(labels) > 1:
        state.append(f"{labels[1]}{colon}{temperature.get_text(strip=True)}")
    for cell in widget.select("input"):
        if cell.get("type") == "number":
            value = soup.new_tag("span", attrs={"class": "pdf-value"})
            value.string = cell.get("value", "")
            cell.replace_with(value)
    for tag in widget.select(".ae-controls, .ae-stepper, .ae-invalid, input, select, button"):
        tag.decompose()
    widget["data-step"] = "all"  # no step is highlighted: all six are shown
    if state:
        line = soup.new_tag("p", attrs={"class": "pdf-state"})
        line.string = " · ".join(state)
        title = widget.select_one(".ae-title")
        if title is not None:
            title.insert_after(line)
        else:
            widget.insert(0, line)
    widget.insert_after(online_note(soup, online_text, url))


def static_playground(widget, soup, online_text, url):
    """The playground as its scores, weights and bars at the chapter's values; sliders and buttons gone."""
    for slider in widget.select("input"):
        slider.replace_with(soup.new_tag("span", attrs={"class": "pdf-slot"}))
    for tag in widget.select("button, .ap-buttons, [data-ap-summary]"):
        tag.decompose()
    widget.insert_after(online_note(soup, online_text, url))


def print_widgets(article, soup, url, lang):
    """Every explorer, then every playground, of `article` at its state; `url`: the page online."""
    for widget in article.select("[data-attention-explorer]"):
        static_explorer(widget, soup, ONLINE[lang], url, lang)
    for widget in article.select("[data-attention-playground]"):
        static_playground(widget, soup, ONLINE[lang], url)
