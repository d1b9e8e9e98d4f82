"""A game in progress comes back after a reload; an unreadable save gives a notice and a new game."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from driver import open_page, play_to_end, saved_game, tap_card, wait_for_moves

pytestmark = pytest.mark.warm  # (conftest.py: a profile that has played before)


def test_reload_mid_deal_resumes_and_the_match_finishes(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?players=2&target=11&seed=4&speed=instant")
    for _ in range(3):
        game = saved_game(page)
        move = next(m for m in game.legal_moves() if len(game.moves_for_card(m.card)) == 1)
        tap_card(page, move.card)
        wait_for_moves(page, len(game.history) + 2)  # ours, then the computer's answer
        page.wait_for_selector('html[data-turn="0"]')
    before = saved_game(page)
    hand = sorted(page.locator("#hand [data-card]").evaluate_all("n => n.map(x => x.dataset.card)"))
    table = sorted(page.locator("#table [data-card]").evaluate_all("n => n.map(x => x.dataset.card)"))
    log = page.locator("#log li").count()
    assert "seed=" not in page.url  # the address no longer restarts the game
    page.reload()
    open_page(page, page.url)
    assert page.get_attribute("html", "data-phase") == "play"
    assert saved_game(page).to_json() == before.to_json()
    assert sorted(page.locator("#hand [data-card]").evaluate_all("n => n.map(x => x.dataset.card)")) == hand
    assert sorted(page.locator("#table [data-card]").evaluate_all("n => n.map(x => x.dataset.card)")) == table
    assert page.locator("#log li").count() == log
    assert page.locator("#notices .notice").count() == 1  # "your game in progress is back"
    play_to_end(page)
    assert page.get_attribute("html", "data-phase") == "match-end"


def test_unreadable_save_gives_a_notice_and_a_new_game(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?lang=en")
    page.evaluate("localStorage.setItem('pasur.match', '{\"game\": \"tampered\"}')")
    page.reload()
    open_page(page, page.url)
    assert page.get_attribute("html", "data-phase") == "setup"
    assert "could not be read" in page.inner_text("#notices")
    assert page.evaluate("localStorage.getItem('pasur.match.unreadable')") is not None
    page.click("#start")
    page.wait_for_selector('html[data-phase="play"]')
    assert page.locator("#hand [data-card]").count() == 4
