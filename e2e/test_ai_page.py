"""The computer levels in the page: a whole match against hard, and the hint."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from driver import open_page, play_to_end, saved_game, wait_for_moves
from helpers import game_of
from pasur import Rules, new_game
from pasur_web.model.match import Match
from pasur_web.model.savegame import match_to_json
from pasur_web.model.seats import Seat

pytestmark = pytest.mark.warm  # (conftest.py: a profile that has played before)


def test_match_against_hard_runs_to_the_end(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?players=2&ai=hard&target=11&seed=9&speed=instant")
    play_to_end(page)
    assert page.get_attribute("html", "data-phase") == "match-end"


def test_hint_highlights_a_card_and_says_what_it_would_do(page: Page, guard: object, site_url: str) -> None:
    """The hinted card is ringed and shown as a tap shows it: what it takes and is worth with its
    Play button, or the capture choice with the hinted option ringed and focused."""
    open_page(page, f"{site_url}?players=2&seed=9&speed=instant&lang=en")
    page.wait_for_selector("#hint:not([hidden])")
    page.click("#hint")
    hinted = page.wait_for_selector("#hand [data-card][data-hint]")
    assert hinted is not None
    assert page.locator("#hand [data-hint]").count() == 1
    card = hinted.get_attribute("data-card") or ""
    options = [move for move in saved_game(page).legal_moves() if str(move.card) == card]
    if len(options) == 1:
        expect(page.locator("#selection")).to_be_visible()
        symbol = card[:-1] + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[card[-1]]
        expect(page.locator("#selection")).to_contain_text(symbol)
        expect(page.locator("#play-card")).to_have_attribute("data-card", card)
        page.click("#play-card")  # one more tap plays the hint
        wait_for_moves(page, 1)
        assert str(saved_game(page).history[0].move.card) == card
    else:
        expect(page.locator("#capture-choice [data-hint]")).to_be_focused()


def test_page_answers_while_hard_thinks(page: Page, guard: object, site_url: str) -> None:
    """While the computer searches, the settings still open. Its search is made long (hard with
    100,000 playouts a move, minutes in the page), so the click lands during it on any machine."""
    match = Match.of(new_game(2, Rules(), seed=9), (Seat("You", "human"), Seat("Sara", "hard:100000")))
    if game_of(match).turn == 0:
        match = match.play(game_of(match).legal_moves()[0])
    assert game_of(match).turn == 1
    page.add_init_script(f"localStorage.setItem('pasur.match', {json.dumps(match_to_json(match))})")
    open_page(page, f"{site_url}?lang=en&speed=normal")  # the saved game comes back: Sara to play
    page.wait_for_selector("#turn-status:has-text('thinking')")
    page.click("#settings-button")
    assert page.is_visible("#settings")
    assert "thinking" in page.inner_text("#turn-status")  # still searching
    assert len(saved_game(page).history) == len(game_of(match).history)
