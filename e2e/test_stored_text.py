"""Stored text that once froze the page: a string of escaped quotes that never closes made the
nesting check (pasur/safejson.py) rescan the rest of the text at every quote. Each such value is
set aside as unreadable, and the game plays."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page
from test_startup import plant

from driver import WAIT_HUMAN, open_page, saved_game, tap_card, wait_for_moves


def escaped_quotes(count: int) -> str:
    return '"' + '\\"' * count


@pytest.mark.parametrize(("key", "count"), [("pasur.settings", 30_000), ("pasur.daily", 30_000),
                                            ("pasur.match", 150_000)], ids=["settings", "daily", "match"])
def test_a_stored_string_of_escaped_quotes_is_set_aside_and_the_game_plays(page: Page, guard: object, site_url: str,
                                                                           key: str, count: int) -> None:
    value = escaped_quotes(count)
    plant(page, key, value)
    open_page(page, f"{site_url}?lang=en&speed=instant")
    assert page.locator("#notices .notice", has_text=re.compile("could not (be )?read", re.I)).is_visible()
    kept = page.evaluate("key => [localStorage.getItem(key), localStorage.getItem(key + '.unreadable')]", key)
    assert kept == [None, value]  # set aside, not lost
    page.click("#start")
    page.wait_for_selector('html[data-phase="play"]')
    page.wait_for_function(WAIT_HUMAN)
    game = saved_game(page)
    tap_card(page, next(m.card for m in game.legal_moves() if len(game.moves_for_card(m.card)) == 1))
    wait_for_moves(page, len(game.history) + 1)
