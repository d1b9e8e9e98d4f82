"""What the table tells the player (running counts, what a capture is worth, the rules), four
players around the table, and Undo: played by clicks in headless Chromium."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from driver import (
    DESKTOP,
    MATCH_KEY,
    PHONE,
    WAIT_HUMAN,
    forget_games,
    hold_clock,
    open_page,
    play_one_card,
    play_to_end,
    saved_game,
    settle,
    tap_card,
    wait_for_moves,
)
from helpers import seed_with_a_choice
from pasur import Rules, new_game

pytestmark = pytest.mark.warm  # (conftest.py: a profile that has played before)

SEED, SEVERAL, SINGLE = seed_with_a_choice()  # seat 0 leads with a card of several captures


def shown_cards(page: Page, where: str) -> list[str]:
    cards: list[str] = page.locator(f"{where} [data-card]").evaluate_all("nodes => nodes.map(n => n.dataset.card)")
    return cards


def saved_match(page: Page) -> dict[str, object]:
    saved: dict[str, object] = json.loads(page.evaluate("key => localStorage.getItem(key)", MATCH_KEY))
    return saved


def test_undo_takes_back_the_move_and_the_same_hand_is_playable_again(page: Page, guard: object,
                                                                      site_url: str) -> None:
    open_page(page, f"{site_url}?players=2&seed={SEED}&speed=instant")
    start = new_game(2, Rules(), seed=SEED)
    assert saved_game(page).to_json() == start.to_json()
    hand, table = shown_cards(page, "#hand"), shown_cards(page, "#table")
    assert page.is_hidden("#undo")  # nothing to take back yet
    tap_card(page, SINGLE)
    wait_for_moves(page, 2)  # the computer answered
    page.wait_for_function(WAIT_HUMAN)
    first = [str(record.move) for record in saved_game(page).history]
    assert page.get_by_role("button", name="Undo").is_visible()
    page.click("#undo")
    page.wait_for_function(f"() => JSON.parse(JSON.parse(localStorage.getItem('{MATCH_KEY}')).game).moves.length == 0")
    assert saved_game(page).to_json() == start.to_json()  # the exact position, in the save too
    assert shown_cards(page, "#hand") == hand and shown_cards(page, "#table") == table
    assert page.locator("#hand [data-card]:not([disabled])").count() == len(hand)
    assert [page.inner_text(f'[data-side-score="{side}"]') for side in range(2)] == ["0", "0"]
    assert page.locator("#me-info .pile span").all_inner_texts() == ["Captured: 0", "Clubs: 0", "Surs: 0"]
    assert page.is_hidden("#undo") and saved_match(page)["undone"] is True
    # The same move again: the computer answers as it did.
    tap_card(page, SINGLE)
    wait_for_moves(page, 2)
    assert [str(record.move) for record in saved_game(page).history] == first
    # With the keyboard, then a reload: the game comes back as it was after the undo.
    page.wait_for_function(WAIT_HUMAN)
    page.focus("#undo")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => JSON.parse(JSON.parse(localStorage.getItem('{MATCH_KEY}')).game).moves.length == 0")
    page.reload()
    page.wait_for_selector("html[data-ready]")
    page.wait_for_function(WAIT_HUMAN)
    assert saved_game(page).to_json() == start.to_json() and shown_cards(page, "#hand") == hand


def test_no_undo_in_pass_and_play(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?seed=3")
    page.click("#new-game")
    page.click("#leave-confirm")
    page.wait_for_selector("#setup #start")
    page.select_option("#kind-1", "human")
    page.click("#start")
    page.wait_for_selector('html[data-phase="play"]')
    for _ in range(3):  # seat 0, then seat 1, then seat 0 again, each after the hand-off
        page.click("#handoff-ready")
        page.wait_for_selector("#hand [data-card]:not([disabled])")
        assert page.is_hidden("#undo")
        move = saved_game(page).legal_moves()[0]
        tap_card(page, move.card)
        if page.is_visible("#capture-choice [data-capture]"):
            page.locator("#capture-choice [data-capture]").first.click()


def test_with_the_setting_off_no_undo_and_the_setting_is_kept(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?players=2&seed={SEED}&speed=instant")
    page.click("#settings-button")
    assert page.is_checked("#settings-undo")
    page.click("#settings-undo")
    page.click("#settings-close")
    tap_card(page, SINGLE)
    wait_for_moves(page, 2)
    page.wait_for_function(WAIT_HUMAN)
    assert page.is_hidden("#undo")
    page.reload()
    page.wait_for_selector("html[data-ready]")
    page.wait_for_function(WAIT_HUMAN)
    assert page.is_hidden("#undo")
    page.click("#settings-button")
    assert not page.is_checked("#settings-undo")
    page.click("#settings-undo")  # on again: offered at once
    page.click("#settings-close")
    assert page.is_visible("#undo")


def test_a_match_played_with_undo_is_marked_in_the_statistics(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?players=2&seed={SEED}&target=1&speed=instant")
    tap_card(page, SINGLE)
    wait_for_moves(page, 2)
    page.wait_for_function(WAIT_HUMAN)
    page.click("#undo")
    page.wait_for_function(f"() => JSON.parse(JSON.parse(localStorage.getItem('{MATCH_KEY}')).game).moves.length == 0")
    play_to_end(page)
    page.click("#show-stats")
    row = page.locator("#stats-table tbody tr")
    assert row.count() == 1
    assert row.locator('[data-stat="played"]').inner_text() == "1"
    assert row.locator('[data-stat="undone"]').inner_text() == "1"
    assert "With undo" in page.inner_text("#stats-table thead")


def test_counts_and_capture_values(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?players=2&seed={SEED}&speed=instant&preset=classic")
    assert page.inner_text("#rules-note") == "Rules: Classic Persian · to 62"
    game = new_game(2, Rules.preset("classic"), seed=SEED)
    tap_card(page, SEVERAL)
    page.wait_for_selector("#capture-choice [data-capture]")
    options = page.locator("#capture-choice [data-capture]")
    moves = [move for move in game.legal_moves() if str(move.card) == SEVERAL]
    assert options.count() == len(moves) >= 2
    for index in range(options.count()):
        option = options.nth(index)
        captured = option.get_attribute("data-capture") or ""
        taken = [SEVERAL, *captured.split(",")]
        # Worked out here from the cards: Aces and Jacks 1, 2C 2, 10D 3; clubs by their suit.
        points = sum({"A": 1, "J": 1}.get(card[:-1], 0) + (2 if card == "2C" else 3 if card == "10D" else 0)
                     for card in taken)
        clubs = sum(1 for card in taken if card.endswith("C"))
        assert option.locator(".points").inner_text() == f"{points} point{'' if points == 1 else 's'}"
        assert option.locator(".clubs").inner_text() == f"{clubs} club{'' if clubs == 1 else 's'}"
        assert option.locator(".sur-badge").count() == (1 if len(captured.split(",")) == len(game.table) else 0)
    chosen = options.first.get_attribute("data-capture") or ""
    options.first.click()
    wait_for_moves(page, 1)
    taken = [SEVERAL, *chosen.split(",")]
    counts = page.locator("#me-info .pile")
    assert counts.locator("span").first.inner_text() == f"Captured: {len(taken)}"
    assert counts.locator('[data-count="clubs"]').inner_text() == f"Clubs: {sum(c.endswith('C') for c in taken)}"


WORDS_INSIDE = """() => {
  const out = [];
  for (const seat of document.querySelectorAll('.opponent')) {
    const box = seat.getBoundingClientRect();
    for (const words of seat.querySelectorAll('.pile > span, .name')) {
      const r = words.getBoundingClientRect();
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5) out.push(seat.dataset.seat + ': ' + words.textContent);
    }
  }
  for (const name of document.querySelectorAll('#scoreboard .side-name')) {
    if (name.scrollWidth > name.clientWidth + 1) out.push('cut: ' + name.textContent);
  }
  return out;
}"""


def test_four_players_sit_around_the_table(page: Page, guard: object, site_url: str, artifacts: Path) -> None:
    for lang in ("en", "fa"):
        for name, size in (("phone", PHONE), ("desktop", DESKTOP)):
            page.set_viewport_size(size)
            open_page(page, f"{site_url}?players=4&seed=1&speed=instant&lang={lang}")
            page.wait_for_function(WAIT_HUMAN)
            table = page.locator("#table").bounding_box()
            assert table is not None
            boxes = {place: page.locator(f'.opponent[data-place="{place}"]').bounding_box()
                     for place in ("left", "top", "right")}
            left, top, right = boxes["left"], boxes["top"], boxes["right"]
            assert left is not None and top is not None and right is not None
            assert top["y"] + top["height"] <= table["y"]  # the partner across the table
            # The counts are the team's (a shared pile), and every seat's box says so.
            assert page.locator(".team-label:visible").count() == 4
            if lang == "en":
                assert page.locator('.opponent[data-place="top"] .team-label').inner_text() == "Team"
            # The order of play is the game's: in Persian too the next player sits on the right.
            assert left["x"] + left["width"] <= table["x"] and right["x"] >= table["x"] + table["width"]
            # Counter-clockwise play: seat 1 (next) on the right, seat 3 on the left, seat 2 (partner) across.
            assert page.get_attribute('.opponent[data-place="top"]', "data-seat") == "2"
            assert page.get_attribute('.opponent[data-place="right"]', "data-seat") == "1"
            assert page.locator('.opponent[data-place="top"] .badge.partner').is_visible()
            assert page.get_attribute("#me", "data-team") == page.get_attribute(
                '.opponent[data-place="top"]', "data-team") == "0"
            # Every seat's words inside its box, and the teams' names in the top bar whole.
            assert page.evaluate(WORDS_INSIDE) == [], (lang, name)
            page.screenshot(path=str(artifacts / f"four-players-{lang}-{name}.png"))
            forget_games(page, site_url)  # the next size starts afresh, not asked about this game


def test_back_at_your_turn_the_moves_since_are_told_in_sight(page: Page, guard: object, site_url: str) -> None:
    """At a table of four the three other moves go by while the player waits; when it is their turn
    again, the line above the hand says each of them, in order (on a phone the log is out of sight)."""
    page.set_viewport_size({"width": 360, "height": 740})
    open_page(page, f"{site_url}?players=4&seed=1&speed=instant&lang=en")
    page.wait_for_function(WAIT_HUMAN)
    mine = len(saved_game(page).history) + 1  # the moves after the player's own
    play_one_card(page)
    wait_for_moves(page, mine + 3)
    page.wait_for_function(WAIT_HUMAN)
    game = saved_game(page)
    assert game.turn == 0 and [record.seat for record in game.history[mine:]] == [1, 2, 3]
    line = page.locator("#last-move")
    expect(line).to_contain_text("Since your turn:")
    names = [page.inner_text(f'.opponent[data-seat="{seat}"] .name') for seat in (1, 2, 3)]
    text = line.inner_text()
    positions = [text.find(name) for name in names]
    assert -1 not in positions and positions == sorted(positions), (names, text)  # each, in the order played
    for record in game.history[mine:]:
        assert record.move.card.symbol in text or str(record.move.card) in text, (str(record.move), text)
    box = line.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 740  # in sight, on a phone
    assert line.evaluate("n => n.scrollHeight <= n.clientHeight + 1"), "the last of the moves is cut"


LIFT = "n => new DOMMatrix(getComputedStyle(n).transform).m42"  # how far up a card is drawn (px)


def wait_lifted(page: Page, selector: str, above: float) -> float:
    """Wait until the card of ``selector`` is drawn higher than ``above`` px from its place (its
    lift is a transition, on the animations' own clock): how high it is then."""
    page.wait_for_function("([s, y]) => new DOMMatrix(getComputedStyle(document.querySelector(s)).transform).m42 < y",
                           arg=[selector, above])
    return float(page.locator(selector).evaluate(LIFT))


@pytest.mark.fresh  # the page's clock is the profile's
def test_a_tap_on_a_card_is_answered_in_its_own_frame_then_taken(page: Page, guard: object, site_url: str) -> None:
    """A tap shows at once, before the game has taken it: with the page's clock held (no frame
    after the tap yet), the card tapped lifts and the table's cards it could take are ringed. Once
    the frame is moved on, the game has taken it: the card is looked at, or, tapped again, played."""
    page.clock.install()
    open_page(page, f"{site_url}?players=2&seed={SEED}&speed=slow&lang=en")
    page.wait_for_function(WAIT_HUMAN)
    hold_clock(page)
    game = new_game(2, Rules(), seed=SEED)
    [move] = [move for move in game.legal_moves() if str(move.card) == SINGLE]
    selector = f'#hand [data-card="{SINGLE}"]'
    card = page.locator(selector)
    card.click()
    expect(card).to_have_class(re.compile(r"\bpressed\b"))
    wait_lifted(page, selector, -10)
    assert "selected" not in (card.get_attribute("class") or "")  # not yet taken
    assert sorted(shown_cards(page, "#table [data-peek]")) == sorted(str(c) for c in move.captured)
    page.clock.run_for(20)
    expect(card).to_have_class(re.compile(r"\bselected\b"))
    expect(card).not_to_have_class(re.compile(r"\bpressed\b"))
    assert saved_game(page).history == []  # looked at, not played
    looked = wait_lifted(page, selector, -10)
    card.click()  # the second tap plays it: it lifts further at once
    wait_lifted(page, selector, looked - 4)
    assert saved_game(page).history == []
    page.clock.run_for(20)
    assert [record.move for record in saved_game(page).history] == [move]  # taken in that frame
    settle(page)
    expect(page.locator("#hand .pressed, #table .pressed")).to_have_count(0)


@pytest.mark.fresh  # the page's clock is the profile's
def test_a_tap_on_a_capture_option_is_answered_in_its_own_frame_then_taken(page: Page, guard: object,
                                                                          site_url: str) -> None:
    page.clock.install()
    open_page(page, f"{site_url}?players=2&seed={SEED}&speed=slow&lang=en")
    page.wait_for_function(WAIT_HUMAN)
    hold_clock(page)
    page.locator(f'#hand [data-card="{SEVERAL}"]').click()
    expect(page.locator("#capture-choice [data-capture]")).to_have_count(0)  # not yet taken
    page.clock.run_for(20)
    option = page.locator("#capture-choice [data-capture]").last
    expect(option).to_be_visible()
    option.click()
    expect(option).to_have_class(re.compile(r"\bpressed\b"))
    assert option.evaluate("n => getComputedStyle(n).outlineStyle") == "solid"
    assert saved_game(page).history == []
    chosen = option.get_attribute("data-capture") or ""
    page.clock.run_for(20)
    [played] = [record.move for record in saved_game(page).history]  # taken in that frame
    settle(page)
    assert str(played.card) == SEVERAL and ",".join(str(c) for c in played.sorted_captured()) == chosen
    expect(page.locator("#capture-choice [data-capture]")).to_have_count(0)
