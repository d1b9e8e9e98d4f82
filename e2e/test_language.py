"""The page's language is chosen once, before Python starts (web/boot.js), and the game's Python takes
it: the loading panel and the game speak the same language, whatever the address, the stored
settings and the browser say."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from driver import open_page

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
