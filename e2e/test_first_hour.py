"""What someone new meets in a first hour, on a 360×740 phone and a 1280×800 screen: the match's
end with every button in reach, a set-up panel that stays still while Python starts, the daily
deal's notice beside the move list, the connection line said whole, and the embed's names."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Profiles
from playwright.sync_api import FloatRect, Page, expect
from test_play import held_python

from driver import DESKTOP, PHONE, WAIT_HUMAN, open_page, play_to_end, take_up
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
    take_up(page, site_url, match_to_json(Match.of(game, (Seat("You", "human"), Seat("Sara", "easy")))))
    expect(page.locator("html")).to_have_attribute("data-phase", "match-end")
    buttons = page.locator("#sheet .sheet-actions button")
    expect(buttons).to_have_count(4)
    page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')")
    page.screenshot(path=str(artifacts / "first-hour-match-end-360.png"))
    for button in buttons.all():
        expect(button).to_be_in_viewport(ratio=1)
    assert page.evaluate("[...document.querySelectorAll('#sheet, #sheet .panel')].every(n => n.scrollTop === 0)")


# Where the new-game panel's offers below Start are: what would move if the panel jumped.
BELOW_START = """() => ['daily-start', 'play-friend'].map(
  id => document.getElementById(id).getBoundingClientRect().top + scrollY)"""


@pytest.mark.fresh  # a first visit: Python loads while the panel is shown
@pytest.mark.browser_context_args(service_workers="block")  # so that the game's Python can be held back
def test_the_new_game_panel_stays_still_while_python_starts_and_once_it_is_ready(page: Page, guard: object,
                                                                                 site_url: str,
                                                                                 artifacts: Path) -> None:
    """On a phone, "Starting Python…" under Start takes a line the panel keeps for it: what is below
    Start stays where it was while the words come and once Python, ready, takes them away."""
    page.set_viewport_size(PHONE)
    release = held_python(page)
    page.goto(f"{site_url}?lang=en")
    page.wait_for_selector('html[data-phase="setup"] #start')
    expect(page.locator("#setup-loading")).not_to_be_empty()
    page.locator("#setup-loading").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "first-hour-setup-loading-360.png"))
    loading = page.evaluate(BELOW_START)
    page.fill("#setup-target", "40")  # the panel is used while Python loads
    release()
    page.wait_for_selector("html[data-ready]:not([data-drawing])", state="attached", timeout=90_000)
    assert not page.evaluate("document.getElementById('setup-loading')?.textContent")  # the words gone
    assert page.evaluate(BELOW_START) == loading
    page.screenshot(path=str(artifacts / "first-hour-setup-ready-360.png"))


# Whether two boxes (x, y, width, height) share any area.
def overlap(one: FloatRect, other: FloatRect) -> bool:
    return (one["x"] < other["x"] + other["width"] and other["x"] < one["x"] + one["width"]
            and one["y"] < other["y"] + other["height"] and other["y"] < one["y"] + one["height"])


def test_the_daily_deal_s_notice_leaves_the_move_list_in_sight(played: Profiles, site_url: str,
                                                               artifacts: Path) -> None:
    """At 1280×800 the daily deal's start notice (this attempt counts...) covers neither the heading
    "Moves" nor the first line of the list under it."""
    page = played.desktop().new_page()
    page.set_viewport_size(DESKTOP)
    open_page(page, f"{site_url}?lang=en&speed=instant")
    page.click("#daily-start")
    notice = page.locator("#daily-notice")
    expect(notice).to_contain_text("this attempt counts")
    page.wait_for_function(WAIT_HUMAN)
    page.screenshot(path=str(artifacts / "first-hour-daily-notice-1280.png"))
    box = notice.bounding_box()
    heading = page.locator("#log-panel h2").bounding_box()
    first = page.locator("#log li").first.bounding_box()
    assert box and heading and first
    assert not overlap(box, heading), (box, heading)
    assert not overlap(box, first), (box, first)


def test_the_embedded_game_s_scores_show_the_players_names(page: Page, guard: object, site_url: str,
                                                           artifacts: Path) -> None:
    """In a small frame (320×480) each score says whose it is in full ("You", "Sara"), not cut short."""
    page.set_viewport_size({"width": 320, "height": 480})
    open_page(page, f"{site_url}?embed=1&players=2&seed=3&speed=instant&lang=en")
    names = page.locator("#scoreboard .side-name")
    expect(names).to_have_count(2)
    page.screenshot(path=str(artifacts / "first-hour-embed-scores-320.png"))
    for name in names.all():
        expect(name).to_be_visible()
        assert name.evaluate("node => node.scrollWidth <= node.clientWidth"), name.inner_text()
    assert names.all_inner_texts() == ["You", "Sara"]


def test_trying_a_reviewed_position_again_shows_no_score_sheet_behind_it(played: Profiles, site_url: str,
                                                                        artifacts: Path) -> None:
    """On a phone, a deal's review, one of its moves tried again: the review's panel over the dimmed
    table, and no edge of the deal's score sheet showing round it."""
    page = played.phone().new_page()
    open_page(page, f"{site_url}?seed=5&players=2&speed=instant&ai=medium&lang=en")
    play_to_end(page, stop_at="deal-end")
    expect(page.locator("#sheet .panel")).to_be_visible()
    page.locator("#review-open").tap()
    page.wait_for_selector("#review[data-done] #review-all", timeout=90_000)
    page.locator("#review-all").tap()
    page.locator("[data-review-move]").first.tap()
    page.locator('#review-position [data-action="review-try"]').tap()
    page.locator("#review-try-hand [data-card]").first.tap()
    page.wait_for_selector("#review-try-result, #review-try-choice")
    page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')")
    page.screenshot(path=str(artifacts / "first-hour-review-try-360.png"))
    expect(page.locator("#review .panel").first).to_be_visible()
    expect(page.locator("#sheet .panel")).to_be_hidden()  # under the review, not seen through it
    for _ in range(3):  # back from the position, then from the list, then the review closed
        page.wait_for_selector("html:not([data-drawing])", state="attached")
        if page.locator("#review").is_hidden():
            break
        page.keyboard.press("Escape")
    expect(page.locator("#review")).to_be_hidden()
    expect(page.locator("#sheet .panel")).to_be_visible()  # the score sheet again, at once
