"""A reload never changes what a computer player does: a whole deal with a reload after every move
of the human, each computer move checked against the same player made afresh in CPython."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from driver import MATCH_KEY, open_page, saved_game, tap_card, wait_ready
from pasur import Game, new_game
from pasur.players import make_player, player_seed

pytestmark = pytest.mark.warm  # (conftest.py: a profile that has played before)


def seat_kinds(page: Page) -> list[str]:
    text = page.evaluate("key => localStorage.getItem(key)", MATCH_KEY)
    return [kind for _, kind in json.loads(text)["seats"]]


def check_computer_moves(game: Game, kinds: list[str]) -> int:
    """Replay ``game``: every computer move must be what a fresh player of that kind chooses."""
    again = new_game(game.players, game.rules, seed=game.seed)
    checked = 0
    for record in game.history:
        seat = record.seat
        if kinds[seat] != "human":
            expected = make_player(kinds[seat], player_seed(game.seed, seat)).choose(again.view(seat))
            assert str(expected) == str(record.move), (seat, kinds[seat], len(again.history))
            checked += 1
        again.play(record.move)
    return checked


# One deal of three computer players whose choices come from their seeds: the medium (the default),
# the hard (a search in steps, which a reload cuts off) and the random. The greedy player's choice
# depends on the position alone, and every seeded kind draws from its seed and the position as these
# do (pasur.ai.decision_rng): tests/test_players.py checks each kind across a reload in CPython.
def test_a_reload_after_every_move_gives_the_same_game(page: Page, guard: object, site_url: str) -> None:
    kinds = ("medium", "hard", "random")
    open_page(page, f"{site_url}?speed=normal")
    page.select_option("#setup-players", "4")
    page.select_option("#setup-mode", "solo")
    for seat, kind in enumerate(kinds, start=1):
        page.select_option(f"#kind-{seat}", kind)
    page.click("#start")
    expect(page.locator("#hand")).to_be_visible()
    reloaded_before_computer = 0
    while True:
        page.wait_for_function("""() => document.documentElement.dataset.phase !== 'play'
            || !!document.querySelector('#hand [data-card]:not([disabled])')""", timeout=60_000)
        if page.get_attribute("html", "data-phase") != "play":
            break
        game = saved_game(page)
        move = game.legal_moves()[0]
        tap_card(page, move.card)
        if len(game.moves_for_card(move.card)) > 1:  # the page asks which capture (click waits for the choice)
            page.click(f'#capture-choice [data-capture="{",".join(str(c) for c in move.sorted_captured())}"]')
        page.wait_for_function("([n, key]) => JSON.parse(JSON.parse(localStorage.getItem(key)).game)"
                               ".moves.length > n", arg=[len(game.history), MATCH_KEY])
        # Reload at once: most often before the computer has moved (it waits a moment at this speed).
        if saved_game(page).turn not in (None, 0):
            reloaded_before_computer += 1
        page.reload()
        wait_ready(page)
    game = saved_game(page)
    assert game.deal_results, "the deal did not end"
    assert reloaded_before_computer >= 4
    checked = check_computer_moves(game, seat_kinds(page))
    assert checked >= 30  # three computer seats over a whole deal
