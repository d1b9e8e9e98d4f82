"""A table that fits a phone and says what a card would do: at 360×740 (touch) and 1280×800 the hand
stays inside the window on every screen; a first tap only shows what a card would take; a notice
about a restored game goes when another game starts; a link opened again resumes its own game."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import ROOT, Profiles, watched
from playwright.sync_api import Browser, Page, expect

from driver import (
    DESKTOP,
    LOOKED_AT,
    PHONE,
    WAIT_HUMAN,
    answer_capture_choice,
    open_page,
    saved_game,
    take_up,
    tap_card,
    wait_for_moves,
)
from helpers import scenario
from pasur import Rules, new_game
from pasur_web.model.match import Match
from pasur_web.model.savegame import match_to_json
from pasur_web.model.seats import Seat

pytestmark = pytest.mark.warm  # (conftest.py: a profile that has played before)

SIZES = {"phone": (PHONE, True), "desktop": (DESKTOP, False)}
GUIDE_IN_SIGHT = """() => { const box = document.getElementById('guide-text').getBoundingClientRect();
  const tip = document.querySelector('#guide-text .guide-now').getBoundingClientRect();
  const last = document.querySelector('#guide-text .guide-last').getBoundingClientRect();
  return tip.top >= box.top && tip.bottom <= box.bottom + 0.5 && last.top < box.bottom - 10; }"""
# The table's cards that something covers, at a corner or the centre.
TABLE_CARDS_COVERED = """() => [...document.querySelectorAll('#table [data-card]')].filter(n => {
  const r = n.getBoundingClientRect();
  return [[r.left + 3, r.top + 3], [r.right - 3, r.bottom - 3], [r.left + r.width / 2, r.top + r.height / 2]]
    .some(([x, y]) => { const top = document.elementFromPoint(x, y); return !top || !n.contains(top); });
}).map(n => n.dataset.card)"""
HAND_INSIDE = """() => { const r = document.getElementById('hand').getBoundingClientRect();
  return r.height > 0 && r.bottom <= window.innerHeight && r.top >= 0; }"""


@pytest.fixture(params=list(SIZES))
def person(request: pytest.FixtureRequest, played: Profiles) -> Iterator[tuple[Page, str]]:
    viewport, touch = SIZES[request.param]
    page = played.of(touch).new_page()
    page.set_viewport_size(viewport)
    yield page, request.param


def tap(page: Page, selector: str, touch: bool) -> None:
    page.locator(selector).tap() if touch else page.locator(selector).click()


def seven_options() -> str:
    """A saved game where the player's 7♣ has seven captures (the rules' own example)."""
    game = scenario(["7C 5H 9S KD", "3D 6S 8C QH"], "4C 4D 2H 2S")
    return match_to_json(Match.of(game, (Seat("You", "human"), Seat("Sara", "easy"))))


def test_the_hand_stays_in_the_window_on_every_screen(person: tuple[Page, str], site_url: str,
                                                      artifacts: Path) -> None:
    page, size = person
    touch = size == "phone"
    open_page(page, f"{site_url}?speed=instant&lang=en")
    tap(page, "#guide-start", touch)  # the guided deal, its tip above the hand
    page.wait_for_function(WAIT_HUMAN)
    page.wait_for_selector("#guide-text [data-tip]")  # (the position is judged as the review judges it)
    assert page.evaluate(HAND_INSIDE), "guided deal"
    if page.locator("#guide-text .guide-last").count() == 0:  # the player led: play the tip, see the reply
        tipped = page.locator("#hand [data-hint]").get_attribute("data-card") or ""
        tap_card(page, tipped, touch=touch)
        answer_capture_choice(page, tipped)
        wait_for_moves(page, 2)
        page.wait_for_function(WAIT_HUMAN)
        page.wait_for_selector("#guide-text [data-tip]")
    # What to do now comes first, whole, then why the last move did what it did (the rest of a long
    # one a scroll away).
    expect(page.locator("#guide-text .guide-now")).to_contain_text("Tip: try")
    expect(page.locator("#guide-text .guide-last")).to_contain_text("Last move:")
    assert page.evaluate(GUIDE_IN_SIGHT), "the guide's tip is cut"
    assert page.evaluate(HAND_INSIDE), "guided deal, second turn"
    page.screenshot(path=str(artifacts / f"fit-guide-{size}.png"))
    page.evaluate("text => localStorage.setItem('pasur.match', text)", seven_options())
    open_page(page, site_url + "?lang=en")  # the saved game comes back, with a notice
    page.wait_for_function(WAIT_HUMAN)
    assert page.locator("#notices .notice").count() == 1 and page.evaluate(HAND_INSIDE), "with a notice"
    page.screenshot(path=str(artifacts / f"fit-notice-{size}.png"))
    tap(page, '#hand [data-card="7C"]', touch)
    options = page.locator("#capture-choice [data-capture]")
    options.first.wait_for()
    assert options.count() == 7 and page.evaluate(HAND_INSIDE), "seven options"
    for which in (options.last, page.locator("#capture-cancel")):  # every option and Cancel in the window
        box = which.bounding_box()
        assert box is not None and box["y"] + box["height"] <= SIZES[size][0]["height"]
    if size == "desktop":  # the choice in the moves' column: the table's cards in sight, whole
        assert page.evaluate(TABLE_CARDS_COVERED) == []
    page.screenshot(path=str(artifacts / f"fit-seven-options-{size}.png"))
    tap(page, "#capture-cancel", touch)
    assert page.evaluate("window.scrollY") == 0  # nothing scrolled the page


def test_a_first_tap_shows_what_the_card_would_take_and_a_second_plays_it(person: tuple[Page, str],
                                                                         site_url: str, artifacts: Path) -> None:
    page, size = person
    touch = size == "phone"
    game = scenario(["9S 5H 7C KD", "3D 6S 8C QH"], "2C 4D JH QS")
    page.goto(site_url + "?lang=en")
    page.evaluate("text => localStorage.setItem('pasur.match', text)",
                  match_to_json(Match.of(game, (Seat("You", "human"), Seat("Sara", "easy")))))
    open_page(page, site_url + "?lang=en&speed=instant")
    page.wait_for_function(WAIT_HUMAN)
    tap(page, '#hand [data-card="9S"]', touch)  # 9♠ takes the 2♣ (9 + 2 = 11)
    page.wait_for_selector('#hand [data-card="9S"].selected')
    page.wait_for_function("""() => document.querySelector('#hand .selected').getAnimations().every(
        a => a.playState !== 'running')""")  # lifted
    assert page.evaluate("""() => document.querySelector('#hand .selected').getBoundingClientRect().top - 3
        >= document.querySelector('#me-info .pile').getBoundingClientRect().bottom"""), "the card covers the counts"
    assert page.locator("#table .would-take").evaluate_all("n => n.map(x => x.dataset.card)") == ["2C"]
    selection = page.inner_text("#selection")
    assert "9♠ would take 2♣" in selection and "2 points" in selection and "1 club" in selection
    assert not saved_game(page).history  # nothing played yet
    page.screenshot(path=str(artifacts / f"look-first-{size}.png"))
    tap(page, '#hand [data-card="9S"]', touch)  # the second tap plays it
    wait_for_moves(page, 1)
    assert str(saved_game(page).history[0].move) == "9S:2C"


# Where the card looked at is said on a phone, and what must be in it: all inside the window, above
# the hand, the text not cut, both buttons whole and large enough for a finger.
LOOK_FITS = """() => {
  const box = n => n.getBoundingClientRect();
  const panel = document.getElementById('selection'), look = panel.querySelector('.look');
  const p = box(panel), l = box(look), hand = box(document.getElementById('me'));
  const buttons = [...panel.querySelectorAll('button')].map(box);
  const inside = (r, o) => r.left >= o.left - 0.5 && r.right <= o.right + 0.5 && r.top >= o.top - 0.5
    && r.bottom <= o.bottom + 0.5;
  const problems = [];
  if (!inside(p, {left: 0, top: 0, right: innerWidth, bottom: innerHeight})) problems.push('panel outside the window');
  if (p.bottom > hand.top + 0.5) problems.push('panel over the hand');
  if (look.scrollHeight > look.clientHeight + 1 || !inside(l, p)) problems.push('text cut');
  if (buttons.length !== 2 || buttons.some(b => !inside(b, p) || b.width < 40 || b.height < 40)) {
    problems.push('buttons');
  }
  return problems;
}"""


@pytest.mark.parametrize("lang", ["en", "fa", "fr", "es", "it", "nl"])
def test_a_card_looked_at_is_said_whole_on_a_phone(played: Profiles, site_url: str, artifacts: Path,
                                                    lang: str) -> None:
    page = played.phone().new_page()
    game = scenario(["9S 5H 7C KD", "3D 6S 8C QH"], "2C 4D JH QS")
    page.goto(site_url + f"?lang={lang}")
    page.evaluate("text => localStorage.setItem('pasur.match', text)",
                  match_to_json(Match.of(game, (Seat("You", "human"), Seat("Sara", "easy")))))
    open_page(page, site_url + f"?lang={lang}&speed=instant")
    page.wait_for_function(WAIT_HUMAN)
    for card in ("KD", "9S"):  # laid on the table (the longest texts), then a capture and its worth
        page.locator(f'#hand [data-card="{card}"]').tap()
        page.wait_for_selector(f'#hand [data-card="{card}"].selected')
        expect(page.locator("#selection")).to_be_visible()
        assert page.evaluate(LOOK_FITS) == [], f"{card} looked at, in {lang}"
        page.screenshot(path=str(artifacts / f"look-{card}-phone-{lang}.png"))
    cancel = json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))["cancel"]
    page.get_by_role("button", name=cancel, exact=True).tap()  # a cross on a phone, named Cancel
    expect(page.locator("#selection")).to_be_hidden()
    assert not saved_game(page).history  # nothing played


def test_a_card_looked_at_says_how_to_play_it_as_the_player_plays(played: Profiles, site_url: str) -> None:
    """A second tap on a phone, a second click with a mouse, Enter again with the keys."""
    game = scenario(["9S 5H 7C KD", "3D 6S 8C QH"], "2C 4D JH QS")
    for size, touch in ((PHONE, True), (DESKTOP, False)):
        page = played.of(touch).new_page()
        page.set_viewport_size(size)
        page.goto(site_url + "?lang=en")
        page.evaluate("text => localStorage.setItem('pasur.match', text)",
                      match_to_json(Match.of(game, (Seat("You", "human"), Seat("Sara", "easy")))))
        open_page(page, site_url + "?lang=en&speed=instant")
        page.wait_for_function(WAIT_HUMAN)
        tap(page, '#hand [data-card="KD"]', touch)  # a King with no King on the table: laid
        page.wait_for_selector('#hand [data-card="KD"].selected')
        selection = page.locator("#selection")
        expect(selection).to_contain_text("Tap it again to play it" if touch else "Click it again to play it")
        assert "Click" not in selection.inner_text() if touch else "Tap" not in selection.inner_text()
        if not touch:  # the keys from now on: Enter again plays the card looked at
            page.keyboard.press("Shift")
            expect(selection).to_contain_text("Press Enter again to play it")
            assert "Click" not in selection.inner_text()
            page.locator('#hand [data-card="KD"]').focus()
            page.keyboard.press("Enter")
            wait_for_moves(page, 1)
            assert str(saved_game(page).history[0].move) == "KD"

# Every control in sight that a finger may tap, and whether each is at least 40 px each way.
SMALL_TARGETS = """() => [...document.querySelectorAll('button, select, .check')].filter(n => {
    const r = n.getBoundingClientRect();
    return r.width > 0 && getComputedStyle(n).visibility === 'visible' && r.bottom > 0 && r.top < innerHeight
      && !n.matches('#hand .card, #table .card') && (r.width < 39.5 || r.height < 39.5);
  }).map(n => (n.id || n.className) + ' ' + Math.round(n.getBoundingClientRect().width) + 'x'
    + Math.round(n.getBoundingClientRect().height))"""
TABLE_BOX = "() => { const r = document.getElementById('table').getBoundingClientRect(); return [r.top, r.height]; }"


def test_on_a_phone_every_button_is_large_enough_and_the_table_stays_put(played: Profiles, site_url: str,
                                                                         artifacts: Path) -> None:
    """At 360x740 in French (long words), two-digit scores: the top bar is one row, every button is at
    least 40 px each way, the settings' boxes keep their size, and the table does not move when Undo
    comes beside Hint on the player's second turn."""
    page = played.phone().new_page()
    open_page(page, f"{site_url}?players=2&seed=3&speed=instant&lang=fr")
    page.wait_for_function(WAIT_HUMAN)
    expect(page.locator("#hint")).to_be_visible()
    expect(page.locator("#undo")).to_be_hidden()
    first = page.evaluate(TABLE_BOX)
    assert page.evaluate(SMALL_TARGETS) == []
    card = page.locator("#hand [data-card]").first.get_attribute("data-card") or ""
    tap_card(page, card, touch=True)
    answer_capture_choice(page, card)
    wait_for_moves(page, 2)
    page.wait_for_function(WAIT_HUMAN)
    expect(page.locator("#undo")).to_be_visible()
    expect(page.locator("#hint")).to_be_visible()
    assert page.evaluate(TABLE_BOX) == first  # Undo came: nothing above the hand moved
    assert page.evaluate(SMALL_TARGETS) == []
    page.screenshot(path=str(artifacts / "fit-buttons-phone-fr.png"))
    page.locator("#settings-button").tap()
    expect(page.locator("#settings")).to_be_visible()
    assert page.evaluate(SMALL_TARGETS) == []
    boxes = page.locator("#settings .check input").evaluate_all(
        "nodes => nodes.map(n => Math.round(n.getBoundingClientRect().width))")
    assert boxes and set(boxes) == {20}  # no box squeezed by a long label
    page.screenshot(path=str(artifacts / "fit-settings-phone-fr.png"))


def test_two_digit_scores_and_long_names_keep_the_top_bar_on_one_row(played: Profiles, site_url: str) -> None:
    game = new_game(2, Rules(target=200), seed=1)
    while len(game.deal_results) < 2 or game.turn != 0:
        game.play(game.legal_moves()[0])
    assert min(game.scores) >= 10, game.scores
    page = played.phone().new_page()
    take_up(page, site_url, match_to_json(Match.of(game, (Seat("Alexandra", "human"), Seat("Bartholomeus", "easy")))),
            "fr")
    scores = page.locator("#scoreboard [data-side-score]")
    expect(scores).to_have_count(2)
    tops = scores.evaluate_all("nodes => nodes.map(n => Math.round(n.getBoundingClientRect().top))")
    assert len(set(tops)) == 1  # one row
    assert scores.all_inner_texts() == [str(score) for score in game.scores]
    for which in scores.all():
        box = which.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]

# What is wider than the window or cut: the page itself, a button of the top bar, a name cut short.
TOP_BAR_CUT = """() => [
  document.documentElement.scrollWidth > innerWidth ? 'page ' + document.documentElement.scrollWidth : '',
  ...[...document.querySelectorAll('.topbar .actions > *')].filter(n => n.getBoundingClientRect().width > 0)
    .filter(n => n.getBoundingClientRect().left < 0 || n.getBoundingClientRect().right > innerWidth
                 || n.scrollWidth > n.clientWidth + 1).map(n => n.id)].filter(Boolean)"""


def test_the_new_game_panel_over_a_game_keeps_the_top_bar_in_a_phone_s_width(played: Profiles,
                                                                              site_url: str) -> None:
    """Back to the game, said in full beside the other buttons, in every language, at 360 px."""
    for lang, players in (("en", 4), ("fr", 4), ("es", 2), ("it", 2), ("nl", 3), ("fa", 4)):
        page = played.phone().new_page()  # (each language in a phone of its own: no game to resume)
        open_page(page, f"{site_url}?players={players}&seed=8&speed=instant&lang={lang}")
        page.wait_for_function(WAIT_HUMAN)
        page.locator("#new-game").tap()
        page.locator("#leave-confirm").tap()  # (asked first: the game stays saved)
        back = page.locator("#back-to-game")
        expect(back).to_be_visible()
        assert page.evaluate(TOP_BAR_CUT) == [], lang
        expect(page.locator("#settings-button")).to_be_in_viewport(ratio=1)
        back.tap()  # and the game is there again
        expect(page.locator("#hand [data-card]").first).to_be_visible()


def test_someone_new_is_offered_the_guided_deal_first_in_sight_on_a_phone(browser: Browser, site_url: str,
                                                                            artifacts: Path) -> None:
    """A first visit on a phone: the guided deal is offered above the new game's choices, in sight
    without scrolling. On a later visit, once a game is saved here, it is below Start, with today's
    deal."""
    context = watched(browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True))
    page = context.new_page()
    open_page(page, f"{site_url}?lang=en")
    guide = page.locator("#guide-start")
    expect(guide).to_be_in_viewport(ratio=1)
    start = page.locator("#start").bounding_box()
    offered = guide.bounding_box()
    assert start is not None and offered is not None and offered["y"] < start["y"]
    page.screenshot(path=str(artifacts / "fit-first-visit-phone.png"))
    page.locator("#start").tap()
    page.wait_for_function(WAIT_HUMAN)
    open_page(page, f"{site_url}?lang=en")  # another visit: the game comes back
    page.wait_for_function(WAIT_HUMAN)
    page.locator("#new-game").tap()
    page.locator("#leave-confirm").tap()
    expect(guide).to_be_visible()
    start = page.locator("#start").bounding_box()
    offered = guide.bounding_box()
    assert start is not None and offered is not None and offered["y"] > start["y"]
    context.close()


def test_no_notice_about_a_restored_game_once_a_new_game_starts(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?players=2&seed=5&speed=instant&lang=en")
    page.wait_for_function(WAIT_HUMAN)
    open_page(page, site_url + "?lang=en")
    assert "back" in page.inner_text("#notices")
    for start in ("#start", "#guide-start"):
        page.click("#new-game")
        page.click("#leave-confirm")
        page.click(start)
        page.wait_for_function(WAIT_HUMAN)
        assert page.locator("#notices .notice").count() == 0, start
        open_page(page, site_url + "?lang=en")  # back again: the notice, then another new game
        assert page.locator("#notices .notice").count() == 1


def test_a_link_opened_again_resumes_its_game_and_another_link_asks(page: Page, guard: object,
                                                                    site_url: str) -> None:
    open_page(page, f"{site_url}?players=2&seed=5&speed=instant&lang=en")
    page.wait_for_function(WAIT_HUMAN)
    card = page.locator("#hand [data-card]:not([disabled])").first.get_attribute("data-card")
    page.click(f'#hand [data-card="{card}"]')
    page.wait_for_function(LOOKED_AT, arg=card)  # drawn at once, or at the next frame
    page.click("#play-card") if page.locator("#play-card").count() else page.locator(
        "#capture-choice [data-capture]").first.click()
    wait_for_moves(page, 1)
    page.wait_for_function(WAIT_HUMAN)  # the computer has answered: nothing moves until the player does
    moves = len(saved_game(page).history)
    assert moves >= 2
    open_page(page, f"{site_url}?players=2&seed=5&speed=instant&lang=en")  # the same link: no question
    page.wait_for_function(WAIT_HUMAN)
    assert page.get_attribute("html", "data-phase") == "play" and len(saved_game(page).history) == moves
    open_page(page, f"{site_url}?players=3&preset=classic&target=51&lang=en")  # another game: asked
    text = page.inner_text("#resume-choice")
    assert "2 players" in text and "3 players, Classic Persian, to 51" in text
