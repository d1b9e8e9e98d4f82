"""The cards' motion, the last move shown until the next one, and a board that does not jump."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal

import pytest
from conftest import Profiles
from playwright.sync_api import Page, ViewportSize, expect

from driver import (
    DESKTOP,
    PHONE,
    WAIT_HUMAN,
    forget_games,
    hold_clock,
    open_page,
    play_to_end,
    saved_game,
    tap_card,
    wait_for_moves,
)
from helpers import game_of, seed_with_a_choice
from pasur import Game, Rules, new_game
from pasur_web.model.match import Match
from pasur_web.model.savegame import match_to_json
from pasur_web.model.seats import Seat

pytestmark = pytest.mark.warm  # (conftest.py: a profile that has played before)

# Counts every animation the page starts: Web Animations, CSS animations and CSS transitions.
COUNT_ANIMATIONS = """
window.animationsStarted = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) { window.animationsStarted += 1; return animate.apply(this, args); };
for (const kind of ['animationstart', 'transitionstart']) {
  document.addEventListener(kind, () => { window.animationsStarted += 1; }, true);
}
"""
STILL = "document.getAnimations().length === 0"
# The animations running now, kept to be looked at again; then whether each of them has ended.
IN_FLIGHT = "(window.inFlight = document.getAnimations()).length"
LANDED = "window.inFlight.every((a) => a.playState === 'finished' || a.playState === 'idle')"


def first_single_card(game: Game) -> str:
    """A card of the hand with one outcome only (played by one click)."""
    counts: dict[str, int] = {}
    for move in game.legal_moves():
        counts[str(move.card)] = counts.get(str(move.card), 0) + 1
    return next(card for card, n in counts.items() if n == 1)


def saved_key(page: Page) -> str:
    """The key the game saves under (the full game's, or an embedded game's own)."""
    return str(page.evaluate("Object.keys(localStorage).find(k => k.startsWith('pasur.') && k.includes('match'))"))


def test_playing_a_card_at_normal_speed_moves_it(page: Page, guard: object, site_url: str) -> None:
    page.add_init_script(COUNT_ANIMATIONS)
    seed, _, single = seed_with_a_choice()
    open_page(page, f"{site_url}?players=2&seed={seed}&speed=normal")
    page.wait_for_function(WAIT_HUMAN)
    page.wait_for_function(STILL)  # the deal has landed
    started = page.evaluate("window.animationsStarted")
    tap_card(page, single)
    page.wait_for_function("n => window.animationsStarted > n", arg=started)  # counted, however short
    page.wait_for_function(WAIT_HUMAN)  # the computer has answered (its move's motion counts too)
    page.wait_for_function(STILL)  # every motion ends, none loops
    assert page.locator("#motion-layer > *").count() == 0  # the cards taken have reached their pile


def test_a_click_during_a_motion_finishes_it_and_is_not_lost(page: Page, guard: object, site_url: str) -> None:
    seed, _, single = seed_with_a_choice()
    deal_with_the_clock_held(page, f"{site_url}?players=2&seed={seed}&speed=slow")
    assert page.evaluate(IN_FLIGHT) > 0  # the deal is still in flight
    page.click("#turn-status")  # a click anywhere ends every motion at once
    assert page.evaluate(LANDED)
    tap_card(page, single)
    page.wait_for_function("document.getAnimations().length > 0")  # held: it flies until the click
    assert page.evaluate(IN_FLIGHT) > 0
    page.click("#turn-status")
    assert page.evaluate(LANDED)  # (the computer's turn may have begun meanwhile: its own motion is new)
    wait_for_moves(page, 1)
    history = saved_game(page).history
    assert str(history[0].card) == single and [record.seat for record in history].count(0) == 1  # played once


# The flight of a card of the hand, stopped ``ms`` from its landing (negative: after it), with the
# animation clock held still; returns the centre of the place where it lands.
HOLD_FLIGHT = """([card, ms]) => {
  const node = document.querySelector(`#hand [data-card="${card}"]`);
  const flight = node.getAnimations()[0];
  const end = flight.effect.getComputedTiming().endTime;
  flight.currentTime = end;  // landed: where it lands
  const place = node.getBoundingClientRect();
  flight.currentTime = Math.max(0, end - ms);
  return {x: place.left + place.width / 2, y: place.top + place.height / 2};
}"""


# A card of the hand held ``share`` of the way through its flight: the centre of where it is drawn.
FLIGHT_AT = """([card, share]) => {
  const flight = document.querySelector(`#hand [data-card="${card}"]`).getAnimations()[0];
  const timing = flight.effect.getComputedTiming();
  flight.currentTime = timing.delay + timing.activeDuration * share;
  const drawn = document.querySelector(`#hand [data-card="${card}"]`).getBoundingClientRect();
  return {x: drawn.left + drawn.width / 2, y: drawn.top + drawn.height / 2};
}"""


def deal_with_the_clock_held(page: Page, url: str) -> Any:
    """The game of ``url`` dealt again with the page's animation clock stopped (Chrome's DevTools
    protocol): every card of the deal stays where its flight starts until the test moves it,
    whatever the machine's speed. (The game is started again from the new-game panel, with the
    same seed, so that its deal begins after the clock is held.)"""
    open_page(page, url)
    page.wait_for_function(WAIT_HUMAN)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 0})
    page.click("#new-game")
    page.click("#leave-confirm")
    page.click("#start")
    page.wait_for_function("document.querySelectorAll('#hand [data-card]').length === 4")
    return cdp


@contextmanager
def a_deal_in_flight(played: Profiles, site_url: str, touch: bool) -> Iterator[tuple[Page, str]]:
    """A profile that has played before (a phone and a finger, or a desktop and a mouse) where a
    two-player deal is dealt with the animation clock held: its page, and a card of the hand with one
    outcome, still at the start of its flight."""
    seed = seed_with_a_choice()[0]
    singles = [card for card, n in Counter(str(move.card) for move in new_game(2, seed=seed).legal_moves()).items()
               if n == 1]
    page = played.of(touch).new_page()  # (it closes with the test)
    page.set_viewport_size(PHONE if touch else DESKTOP)
    deal_with_the_clock_held(page, f"{site_url}?players=2&seed={seed}&speed=slow")
    page.wait_for_function("c => document.querySelector(`#hand [data-card=\"${c}\"]`).getAnimations().length",
                           arg=singles[0])
    yield page, singles[0]


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
@pytest.mark.parametrize("ms", [100, 40, -60, -100], ids=lambda ms: f"{ms}ms-before-landing")
def test_a_tap_near_a_card_s_landing_is_never_lost(played: Profiles, site_url: str, touch: bool, ms: int) -> None:
    """A tap on a card of the hand within 100 ms of its landing, before or after, while the deal
    still flies: the card is taken (its captures shown), never lost. The clock is the test's."""
    with a_deal_in_flight(played, site_url, touch) as (page, card):
        place = page.evaluate(HOLD_FLIGHT, [card, ms])
        assert page.evaluate("document.getAnimations().length") > 1  # other cards are still flying
        if touch:
            page.touchscreen.tap(place["x"], place["y"])
        else:
            page.mouse.click(place["x"], place["y"])
        page.wait_for_selector(f'#hand [data-card="{card}"].selected')
        # The tap finished every flight (what is left: the style sheet's lift of the card tapped).
        assert page.evaluate("document.getAnimations().filter(a => !(a instanceof CSSTransition)).length") == 0
        page.click(f'#hand [data-card="{card}"]')  # the second tap plays it
        wait_for_moves(page, 1)
        assert str(saved_game(page).history[0].card) == card


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_a_card_pressed_while_it_flies_in_is_played(played: Profiles, site_url: str, touch: bool) -> None:
    """Pressing a card as it leaves the stock finishes the deal, which takes the card from under
    the pointer: the press takes it all the same, once, with a mouse or a finger (a finger's tap is
    clicked by the browser where the finger was, where the card no longer is). The animation clock
    is held by the test."""
    with a_deal_in_flight(played, site_url, touch) as (page, flying):
        page.evaluate("""c => { const a = document.querySelector(`#hand [data-card="${c}"]`).getAnimations()[0];
                                a.currentTime = a.effect.getComputedTiming().activeDuration * 0.05
                                                + a.effect.getComputedTiming().delay; }""", flying)
        card = page.locator(f'#hand [data-card="{flying}"]')
        if touch:
            card.tap()  # where it is now, far from where it lands
        else:
            card.click()
        page.wait_for_selector(f'#hand [data-card="{flying}"].selected')
        expect(page.locator("#hand .selected")).to_have_count(1)  # that card only, looked at, not played
        assert len(saved_game(page).history) == 0
        page.click(f'#hand [data-card="{flying}"]')
        wait_for_moves(page, 1)
        assert str(saved_game(page).history[0].card) == flying


def test_reduced_motion_and_instant_speed_move_nothing(page: Page, guard: object, site_url: str) -> None:
    page.add_init_script(COUNT_ANIMATIONS)
    runs: tuple[tuple[str, Literal["reduce", "no-preference"]], ...] = (
        ("speed=normal", "reduce"), ("speed=instant", "no-preference"))
    for query, reduced in runs:
        page.emulate_media(reduced_motion=reduced)
        forget_games(page, site_url)  # each size starts afresh, not asked about the last game
        open_page(page, f"{site_url}?players=2&seed=4&{query}")
        page.evaluate("window.animationsStarted = 0")  # the loading panel's own animation is over
        for _ in range(3):
            page.wait_for_function(WAIT_HUMAN)
            game = saved_game(page)
            before = len(game.history)
            tap_card(page, first_single_card(game))
            wait_for_moves(page, before + 1)
            assert page.evaluate(STILL), query
        page.wait_for_function(WAIT_HUMAN)
        assert page.evaluate("window.animationsStarted") == 0, query
        assert page.evaluate(STILL)


def test_the_hand_stays_put_over_a_whole_deal_on_a_phone(page: Page, guard: object, site_url: str) -> None:
    page.set_viewport_size(PHONE)
    open_page(page, f"{site_url}?players=2&seed=4&speed=instant")
    tops: list[float] = []
    table_sizes: list[int] = []

    def look(p: Page, game: Game) -> None:
        tops.append(p.evaluate("document.getElementById('hand').getBoundingClientRect().top"))
        table_sizes.append(len(game.table))
        assert all(p.locator("#table [data-card]").evaluate_all(INSIDE_TABLE)), "a card sticks out of the table"

    played = play_to_end(page, stop_at="deal-end", on_turn=look)
    assert played.choices >= 1 and len(tops) >= 20
    assert max(tops) - min(tops) <= 8, (min(tops), max(tops))
    assert max(table_sizes) >= 6, table_sizes  # the deal filled the table somewhat


# The card's transform at six frames in a row.
FRAMES = """card => new Promise((done) => {
  const seen = [];
  const look = () => {
    seen.push(getComputedStyle(card).transform);
    seen.length < 6 ? requestAnimationFrame(look) : done(seen);
  };
  requestAnimationFrame(look);
})"""


def test_a_mouse_resting_on_a_card_s_lower_edge_keeps_it_lifted(page: Page, guard: object, site_url: str) -> None:
    """A card lifts under the mouse: a mouse left on its lowest pixels (where a button under the
    hand was a moment ago) keeps it lifted, rather than the card dropping under it and lifting
    again at every frame."""
    page.set_viewport_size(PHONE)
    open_page(page, f"{site_url}?players=2&seed=4&speed=instant")
    card = page.locator("#hand [data-card]:not([disabled])").first
    box = card.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] - 2)
    frames = card.evaluate(FRAMES)
    assert len(set(frames)) == 1 and frames[0] != "none", frames  # lifted, and still
    tap_card(page, card.get_attribute("data-card"))  # a person's clicks: the card is steady enough
    expect(page.locator("#hand [data-card]")).to_have_count(3)  # played


# Seed 16, two players: after these moves 13 cards lie on the table and it is seat 0's turn.
FULL_TABLE = ["AS", "QD", "KS", "7C:4D", "3H:AS,2D,5D", "AH", "JC:AH,9C", "JD", "4C", "6H", "2H", "2S",
              "3S:2H,6H", "10D", "JS:2S,4C,10D,JD", "9H", "7S", "8D", "6C", "10H", "9S", "7D", "8S", "2C:9H", "9D",
              "10C", "10S", "6D"]
INSIDE_TABLE = """nodes => nodes.map(n => {
  const r = n.getBoundingClientRect(), t = n.parentNode.getBoundingClientRect();
  return r.top >= t.top - 1 && r.bottom <= t.bottom + 1 && r.left >= t.left - 1 && r.right <= t.right + 1; })"""


# Where the hand's top is.
HAND_TOP = "document.getElementById('hand').getBoundingClientRect().top"


def test_a_full_table_fits_in_the_same_place_with_smaller_cards(page: Page, guard: object, site_url: str,
                                                               artifacts: Path) -> None:
    match = Match.of(new_game(2, Rules(), seed=16), (Seat("You", "human"), Seat("Sara", "medium")))
    for move in FULL_TABLE:
        match = match.play(move)
    assert len(game_of(match).table) == 13 and match.is_viewer_turn()
    for name, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        forget_games(page, site_url)  # each size starts afresh, not asked about the last game
        open_page(page, f"{site_url}?players=2&seed=16&speed=instant")
        page.wait_for_function(WAIT_HUMAN)
        top = page.evaluate(HAND_TOP)
        page.evaluate("text => localStorage.setItem('pasur.match', text)", match_to_json(match))
        open_page(page, site_url)  # the saved game comes back
        page.wait_for_function(WAIT_HUMAN)
        page.screenshot(path=str(artifacts / f"motion-full-table-{name}.png"))
        cards = page.locator("#table [data-card]")
        assert cards.count() == 13
        assert all(cards.evaluate_all(INSIDE_TABLE)), name
        widths = cards.evaluate_all("nodes => nodes.map(n => n.getBoundingClientRect().width)")
        assert min(widths) >= 35, (name, widths)  # the faces stay legible
        moved = page.evaluate(HAND_TOP) - top  # (a notice says the game is back: the table gives it room)
        assert abs(moved) <= 8, (name, moved)


def test_the_table_stays_in_sight_while_a_capture_is_chosen(page: Page, guard: object, site_url: str,
                                                            artifacts: Path) -> None:
    seed, several, _ = seed_with_a_choice()
    for name, size in (("phone", PHONE), ("desktop", DESKTOP), ("embed", PHONE)):
        page.set_viewport_size(size)
        forget_games(page, site_url)  # each size starts afresh, not asked about the last game
        embed = "embed=1&" if name == "embed" else ""
        open_page(page, f"{site_url}?{embed}players=2&seed={seed}&speed=instant")
        page.wait_for_function(WAIT_HUMAN)
        tap_card(page, several)
        page.wait_for_selector("#capture-choice [data-capture]")
        viewport = page.evaluate("[innerWidth, innerHeight]")
        box = page.locator("#table").bounding_box()
        assert box is not None
        assert box["y"] >= 0 and box["y"] + box["height"] <= viewport[1], (name, box)
        # Every table card can be seen: none is under the choice.
        hidden = page.locator("#table [data-card]").evaluate_all(
            "nodes => nodes.filter(n => { const r = n.getBoundingClientRect();"
            " const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
            " return !top || !n.contains(top); }).map(n => n.dataset.card)")
        assert hidden == [], (name, hidden)
        choice = page.locator("#capture-choice").bounding_box()  # the whole choice is in the window
        assert choice is not None and choice["x"] >= 0 and choice["x"] + choice["width"] <= viewport[0], (name, choice)
        page.screenshot(path=str(artifacts / f"motion-capture-choice-{name}.png"))
        page.locator("#capture-choice [data-capture]").first.click()
        wait_for_moves(page, 1, saved_key(page))


def test_the_last_move_stays_shown_after_every_computer_move(page: Page, guard: object, site_url: str) -> None:
    for query, size in (("players=2&seed=5", PHONE), ("embed=1&players=2&seed=6", PHONE),
                        ("players=2&seed=7&lang=fa", DESKTOP)):
        page.set_viewport_size(size)
        forget_games(page, site_url)  # each size starts afresh, not asked about the last game
        open_page(page, f"{site_url}?{query}&speed=instant")
        key = saved_key(page)
        checked: list[str] = []

        def look(p: Page, game: Game, checked: list[str] = checked) -> None:
            if not game.history or game.history[-1].seat == 0 or game.history[-1].deal != game.deal_number:
                return
            record = game.history[-1]
            last = p.locator("#last-move")
            assert last.is_visible()
            assert last.get_attribute("data-move") == str(record.move)
            text = last.inner_text()
            assert str(record.card.symbol) in text.replace("\u2066", "").replace("\u2069", "")
            if record.captured:
                assert all(card.symbol in text for card in record.captured), text
            checked.append(str(record.move))

        play_to_end(page, stop_at="deal-end", key=key, on_turn=look)
        assert len(checked) >= 10, query
        # The deal's last move is still named under the score sheet.
        record = saved_game(page, key).history[-1]
        assert page.get_attribute("#last-move", "data-move") == str(record.move)


# Every card drawn (the hand, the table, a card in flight), with where it is drawn now.
DRAWN_CARDS = """() => [
  ...document.querySelectorAll('#hand [data-card], #table [data-card], #motion-layer [data-card]')]
  .filter((n) => n.getClientRects().length).map((n) => {
    const r = n.getBoundingClientRect();
    return {card: n.dataset.card, where: n.closest('#hand, #table, #motion-layer').id,
            x: r.left, y: r.top, right: r.right, bottom: r.bottom};
  })"""
# Every animation of the page held at ``share`` of its way (the animation clock is stopped).
ALL_AT = """share => document.getAnimations().forEach((a) => {
  const timing = a.effect.getComputedTiming();
  a.currentTime = timing.delay + timing.activeDuration * share;
})"""


def on_screen(box: dict[str, Any], size: ViewportSize) -> bool:
    return bool(box["x"] >= -1 and box["y"] >= -1 and box["right"] <= size["width"] + 1
                and box["bottom"] <= size["height"] + 1)


def overlapping(boxes: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """The pairs of cards drawn over each other by more than a pixel."""
    return [(a["card"], b["card"]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
            if min(a["right"], b["right"]) - max(a["x"], b["x"]) > 1
            and min(a["bottom"], b["bottom"]) - max(a["y"], b["y"]) > 1]


def test_the_deal_a_capture_in_flight_and_the_last_move_on_screen(page: Page, guard: object, site_url: str,
                                                                  artifacts: Path) -> None:
    """Frames of the deal and of a capture in flight, held half-way (the animation clock stopped),
    then the last move once the cards have landed, at phone and desktop sizes: each card drawn is
    on the screen, the cards in flight are on their way, and the cards that have landed lie apart."""
    seed, several, _ = seed_with_a_choice()
    for name, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        forget_games(page, site_url)  # each size starts afresh, not asked about the last game
        cdp = deal_with_the_clock_held(page, f"{site_url}?players=2&seed={seed}&speed=slow")
        page.evaluate(ALL_AT, 0.5)
        dealing = page.evaluate(DRAWN_CARDS)
        page.screenshot(path=str(artifacts / f"motion-deal-{name}.png"))
        hand = [box for box in dealing if box["where"] == "hand"]
        assert len(hand) == 4 and [box for box in dealing if not on_screen(box, size)] == []
        page.evaluate(ALL_AT, 1)  # the deal landed: the hand's cards lie apart
        dealt = page.evaluate(DRAWN_CARDS)
        assert {box["card"]: (box["x"], box["y"]) for box in dealt if box["where"] == "hand"} != {
            box["card"]: (box["x"], box["y"]) for box in hand}  # half-way, the cards were on their way
        assert overlapping([box for box in dealt if box["where"] == "hand"]) == []
        tap_card(page, several)
        page.locator("#capture-choice [data-capture]").first.click()
        page.wait_for_function("document.getAnimations().length > 0")  # the capture's flight, held at its start
        page.evaluate(ALL_AT, 0.5)
        flying = page.evaluate(DRAWN_CARDS)
        page.screenshot(path=str(artifacts / f"motion-capture-{name}.png"))
        assert [box for box in flying if not on_screen(box, size)] == []
        expect(page.locator("#capture-choice")).to_be_hidden()
        assert several not in [box["card"] for box in flying if box["where"] == "hand"]  # it left the hand
        cdp.send("Animation.setPlaybackRate", {"playbackRate": 1})
        page.wait_for_function(STILL)
        page.screenshot(path=str(artifacts / f"motion-last-move-{name}.png"))
        still = page.evaluate(DRAWN_CARDS)
        assert [box for box in still if not on_screen(box, size)] == []
        for where in ("hand", "table"):
            assert overlapping([box for box in still if box["where"] == where]) == [], where
        last = page.locator("#last-move")
        expect(last).to_be_visible()
        box = last.bounding_box()
        assert box is not None and on_screen({"x": box["x"], "y": box["y"], "right": box["x"] + box["width"],
                                               "bottom": box["y"] + box["height"]}, size)
        assert page.get_attribute("#last-move", "data-move")  # a move is said there, in words
        cdp.detach()


def test_a_sur_is_celebrated_on_the_pile_and_counted(page: Page, guard: object, site_url: str, artifacts: Path) -> None:
    # The computer's search is made long (hard with 100,000 playouts a move, minutes in the page), so
    # its answer never replaces the sur on screen while the test looks, on any machine.
    match = Match.of(new_game(2, Rules(), seed=61), (Seat("You", "human"), Seat("Sara", "hard:100000")))
    for name, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        forget_games(page, site_url)  # each size starts afresh, not asked about the last game
        open_page(page, f"{site_url}?players=2&seed=61&speed=instant")
        page.evaluate("text => localStorage.setItem('pasur.match', text)", match_to_json(match))
        open_page(page, f"{site_url}?lang=en&speed=normal")  # the saved game comes back: 4♠ sweeps A♠ 2♥ 5♦ 6♠
        page.wait_for_function(WAIT_HUMAN)
        page.wait_for_function(STILL)
        page.click('#hand [data-card="4S"]')
        page.click('#capture-choice [data-capture="AS,2H,5D,6S"]')
        burst = page.locator("#motion-layer .sur-burst")
        burst.wait_for(state="visible")
        assert burst.inner_text() == "Sur!"
        pile = page.locator('#me-info .pile [data-count="surs"]').bounding_box()
        shown = burst.bounding_box()  # (the counts move when Hint comes back: measured now)
        assert page.get_attribute("#last-move", "data-move") == "4S:AS,2H,5D,6S"
        assert page.inner_text("#last-move").endswith("Sur!")
        page.wait_for_timeout(1_000)  # the celebration at its height (it starts once the cards land)
        page.screenshot(path=str(artifacts / f"motion-sur-{name}.png"))
        assert pile is not None and shown is not None
        assert abs((shown["x"] + shown["width"] / 2) - (pile["x"] + pile["width"] / 2)) < 40  # over the pile
        expect(page.locator("#me-info")).to_contain_text("Surs: 1")  # once the cards have landed


@pytest.mark.fresh  # the page's clock is the profile's
def test_a_computer_capture_is_shown_before_it_is_taken_each_mark_its_own(page: Page, guard: object,
                                                                          site_url: str) -> None:
    """At the normal speed a computer's capture is shown first: the cards it is about to take are
    marked (coral), apart from the card just laid (white), whose turn it is (gold) and the focus; they
    stay on the table for the pause, then fly to its pile, whose counts change when they land. The
    page's clock and the animations' clock are the test's."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.clock.install()
    open_page(page, f"{site_url}?players=2&seed=5&speed=normal&ai=greedy&lang=en")
    page.wait_for_function(WAIT_HUMAN)
    game = saved_game(page)
    assert game.turn == 0 and str(game.legal_moves()[0]) == "5H"  # it lays 5H; the computer's every move takes
    hold_clock(page)  # from here the page's timers wait for the test
    tap_card(page, "5H", held=True)
    expect(page.locator("#table .card.taking")).to_have_count(0)
    for _ in range(20):  # thinking (half a move's time), then the capture is shown
        page.clock.run_for(100)
        if page.locator("#table .card.taking").count():
            break
    taking = page.locator("#table .card.taking")
    expect(taking.first).to_be_visible()
    assert saved_game(page).history[-1].seat == 0  # shown, not yet played
    marks = {name: page.locator(selector).first.evaluate("n => getComputedStyle(n).boxShadow")
             for name, selector in (("taking", "#table .card.taking"), ("laid", "#table .card.last-laid"))}
    turn = page.locator(".opponent.turn").evaluate("n => getComputedStyle(n, '::before').borderTopColor")
    assert "rgb(255, 255, 255)" in marks["laid"] and "rgb(255, 255, 255)" not in marks["taking"], marks
    assert turn.replace(" ", "") not in marks["taking"].replace(" ", ""), (turn, marks)  # not the turn's gold
    shown = taking.count()
    page.clock.run_for(300)  # the capture stays in sight a while
    expect(page.locator("#table .card.taking")).to_have_count(shown)
    # The cards' flights held where they start (the animation clock, DevTools protocol): the pile's
    # counts say what they were until the taken cards land on it.
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 0})
    page.clock.run_for(2000)
    expect(page.locator("#table .card.taking")).to_have_count(0)
    played = saved_game(page).history[-1]
    assert played.seat == 1 and played.move.captured
    taken = len(played.move.captured) + 1
    assert page.locator("#motion-layer .ghost").count() == taken  # on their way to the pile
    pile = page.locator('.opponent[data-seat="1"] .pile')
    assert pile.locator("span").first.get_attribute("data-was") == "Captured: 0"
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 1})
    expect(pile.locator("[data-was]")).to_have_count(0)  # landed: the new counts
    assert pile.locator("span").first.inner_text() == f"Captured: {taken}"


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
@pytest.mark.parametrize("share", [0.6, 0.8, 0.95], ids=lambda share: f"at-{round(share * 100)}pc")
def test_a_tap_on_a_card_as_it_is_drawn_in_flight_looks_at_it(played: Profiles, site_url: str, touch: bool,
                                                               share: float) -> None:
    """A deal held (the animation clock is the test's) while a card of the hand is 60%, 80% or 95%
    of its way from the stock: a tap where the card is drawn at that moment takes that card."""
    with a_deal_in_flight(played, site_url, touch) as (page, card):
        place = page.evaluate(FLIGHT_AT, [card, share])
        if touch:
            page.touchscreen.tap(place["x"], place["y"])
        else:
            page.mouse.click(place["x"], place["y"])
        page.wait_for_selector(f'#hand [data-card="{card}"].selected')
        expect(page.locator("#hand .selected")).to_have_count(1)
        assert len(saved_game(page).history) == 0  # looked at, not played
