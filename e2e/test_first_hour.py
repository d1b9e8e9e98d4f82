"""What someone new meets in a first hour, on a 360×740 phone and a 1280×800 screen: the match's
end with every button in reach, a set-up panel that stays still while Python starts, the daily
deal's notice beside the move list, the connection line said whole, and the embed's names."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Profiles
from playwright.sync_api import expect

from driver import WAIT_HUMAN, open_page
from pasur import Rules, new_game
from pasur_web.model.match import Match
from pasur_web.model.savegame import match_to_json
from pasur_web.model.seats import Seat

pytestmark = pytest.mark.warm  # (conftest.py: a profile that has played before)


def test_on_a_phone_the_match_end_shows_all_its_buttons_without_scrolling_inside(played: Profiles, site_url: str,
                                                                                 artifacts: Path) -> None:
    """A match of three deals over, taken up on a 360×740 phone: the sheet's four buttons (play
    again, new game, statistics, the review) all in the window, the sheet not scrolled."""
    game = new_game(2, Rules(fixed_deals=3), seed=2)
    while not game.over:
        game.play(game.legal_moves()[0])
    page = played.phone().new_page()
    page.goto(site_url + "?lang=en")
    page.evaluate("text => localStorage.setItem('pasur.match', text)", match_to_json(
        Match.of(game, (Seat("You", "human"), Seat("Sara", "easy")))))
    open_page(page, site_url + "?lang=en&speed=instant")
    page.wait_for_function(WAIT_HUMAN)
    expect(page.locator("html")).to_have_attribute("data-phase", "match-end")
    buttons = page.locator("#sheet .sheet-actions button")
    expect(buttons).to_have_count(4)
    page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')")
    page.screenshot(path=str(artifacts / "first-hour-match-end-360.png"))
    for button in buttons.all():
        expect(button).to_be_in_viewport(ratio=1)
    assert page.evaluate("[...document.querySelectorAll('#sheet, #sheet .panel')].every(n => n.scrollTop === 0)")
