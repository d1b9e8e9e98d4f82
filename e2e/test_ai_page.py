"""The computer levels in the page: a whole match against hard, and the hint."""

from __future__ import annotations

from playwright.sync_api import Page

from driver import open_page, play_to_end, tap_card


def test_match_against_hard_runs_to_the_end(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?players=2&ai=hard&target=11&seed=9&speed=instant")
    play_to_end(page)
    assert page.get_attribute("html", "data-phase") == "match-end"


def test_hint_highlights_a_card(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?players=2&seed=9&speed=instant")
    page.wait_for_selector("#hint:not([hidden])")
    page.click("#hint")
    hinted = page.wait_for_selector("#hand [data-card][data-hint]", timeout=20_000)
    assert hinted is not None
    assert page.locator("#hand [data-hint]").count() == 1


def test_page_answers_while_hard_thinks(page: Page, guard: object, site_url: str) -> None:
    # Seat 1 is hard and plays at normal speed; while it thinks the settings still open.
    open_page(page, f"{site_url}?players=2&ai=hard&seed=9&speed=normal")
    card = page.locator("#hand [data-card]").first.get_attribute("data-card")
    tap_card(page, card)
    if page.is_visible("#capture-choice [data-capture]"):
        page.locator("#capture-choice [data-capture]").first.click()
    page.wait_for_selector('html[data-turn="1"]')
    page.click("#settings-button", timeout=2_000)
    assert page.is_visible("#settings")
