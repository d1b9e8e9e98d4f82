"""The page's language is chosen once, before Python starts (web/boot.js), and the game's Python takes
it: the loading panel and the game speak the same language, whatever the address, the stored
settings and the browser say."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from driver import open_page, wait_ready

CATALOGS = Path(__file__).resolve().parent.parent / "web" / "i18n"


def said(lang: str, key: str) -> str:
    return str(json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))[key])


@pytest.mark.parametrize(("query", "settings", "languages", "lang"), [
    ("", '{"lang": ["fr"]}', ["en-US"], "en"),  # a setting that is not a language's name: the browser's
    ("?lang=de", '{"lang": "IT"}', ["en-US"], "it"),  # an address's language the game lacks: the setting
    ("", '{"lang": "xx"}', ["de-DE", "fa-IR", "fr"], "fa"),  # the browser's first language the game has
    ("?lang=NL-be", '{"lang": "fr"}', ["es"], "nl"),
], ids=["setting-not-text", "unknown-address-language", "browser-order", "address-first"])
def test_the_loading_panel_and_the_game_speak_the_same_language(page: Page, guard: object, site_url: str,
                                                                 query: str, settings: str, languages: list[str],
                                                                 lang: str) -> None:
    page.add_init_script(
        "(([settings, browser]) => { localStorage.setItem('pasur.settings', settings);"
        " Object.defineProperty(navigator, 'languages', { get: () => browser });"
        " Object.defineProperty(navigator, 'language', { get: () => browser[0] }); })"
        f"({json.dumps([settings, languages])});")
    open_page(page, f"{site_url}{query}")
    assert page.text_content("#loading-text") == said(lang, "loading")  # what the loading panel said
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("#setup h2")).to_have_text(said(lang, "setup_title"))
    expect(page.locator("#start")).to_have_text(said(lang, "start"))


PANEL_WORDS = """() => [
  ...Array.from(document.querySelectorAll('#setup-players option, #setup-fixed option'), (o) => o.textContent),
  ...Array.from(document.querySelectorAll('#setup-seats .seat-label'), (s) => s.textContent),
  document.getElementById('setup-target').value, document.getElementById('name-0').value]"""


@pytest.mark.parametrize(("lang", "settings", "digits"), [
    ("fa", "{}", "۲"), ("fa", '{"persian_digits": false}', "2"), ("fa", '{"persian_digits": 0}', "۲"),
    ("fa", '{"persian_digits": null}', "۲"), ("fr", "{}", "2"),
], ids=["fa", "fa-latin", "fa-zero", "fa-null", "fr"])
def test_the_panel_before_python_counts_and_writes_numbers_as_the_game_does(
        page: Page, guard: object, site_url: str, lang: str, settings: str, digits: str) -> None:
    """The new-game panel drawn before Python is ready says its counts ("2 joueurs", "1 donne") in
    the words and digits the game's Python gives it, the same as the panel the game draws later: a
    stored setting that is neither true nor false reads the same on both sides."""
    page.add_init_script(f"localStorage.setItem('pasur.settings', {json.dumps(settings)});")
    held: list[Any] = []
    page.route("**/app.zip", lambda route: held.append(route))
    page.goto(f"{site_url}?lang={lang}")
    page.wait_for_selector('html[data-phase="setup"] #start')
    assert page.get_attribute("html", "data-ready") is None  # Python is not there yet
    before = page.evaluate(PANEL_WORDS)
    assert before[0].startswith(digits), before
    for route in held:
        route.continue_()
    page.unroute("**/app.zip")
    wait_ready(page)
    page.evaluate("document.getElementById('setup-players').dataset.before = ''")
    page.click("#settings-button")  # the game's Python draws the panel again in another language, and back
    page.select_option("#settings-lang", "en" if lang != "en" else "fr")
    page.select_option("#settings-lang", lang)
    page.click("#settings-close")
    expect(page.locator("#setup-players")).not_to_have_attribute("data-before", "")  # drawn anew
    assert page.evaluate(PANEL_WORDS) == before
