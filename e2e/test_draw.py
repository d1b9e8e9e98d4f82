"""The page's drawing in headless Chromium: what stays on screen keeps its node (the card the player
taps, a card that moves, a line of the log), and only what changed is written."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from driver import WAIT_HUMAN, open_page, play_one_card, saved_game, taken, tap_card, wait_for_moves
from helpers import seed_with_a_choice

pytestmark = pytest.mark.warm  # (conftest.py: a profile that has played before)

STILL = "document.getAnimations().length === 0"
# The nodes shown now, by what they show (a card of the hand or the table, a line of the log), and
# from now on every change of the children of the hand's cards (their faces).
REMEMBER = """() => {
  const nodes = new Map();
  for (const node of document.querySelectorAll("#hand [data-card], #table [data-card]")) {
    nodes.set(node.dataset.card, node);
  }
  for (const node of document.querySelectorAll("#log [data-line]")) nodes.set("line " + node.dataset.line, node);
  window.remembered = nodes;
  window.faceChanges = [];
  const cards = document.getElementById("hand");
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "childList" && record.target !== cards) window.faceChanges.push(record.target.outerHTML);
    }
  }).observe(cards, { childList: true, subtree: true });
  return [...nodes.keys()];
}"""
# Which of the nodes remembered are the very ones the page shows now for the same thing.
SAME = """() => [...window.remembered].filter(([key, node]) => node.isConnected && node === (key.startsWith("line ")
  ? document.querySelector(`#log [data-line="${key.slice(5)}"]`)
  : document.querySelector(`#hand [data-card="${key}"], #table [data-card="${key}"]`))).map(([key]) => key)"""


def test_a_card_looked_at_played_and_the_reply_keep_the_nodes_of_what_stays(page: Page, guard: object,
                                                                            site_url: str) -> None:
    seed, _, single = seed_with_a_choice()
    open_page(page, f"{site_url}?players=2&seed={seed}&speed=normal")
    page.wait_for_function(WAIT_HUMAN)
    page.wait_for_function(STILL)  # the deal has landed
    shown = page.evaluate(REMEMBER)
    card = page.locator(f'#hand [data-card="{single}"]')
    card.click()  # looked at: lifted, the same node, still with the focus
    taken(page, held=False)
    expect(card).to_have_class(re.compile(r"\bselected\b"))
    assert sorted(page.evaluate(SAME)) == sorted(shown)
    assert page.evaluate(f"""document.activeElement === window.remembered.get("{single}")""")
    assert page.evaluate("window.faceChanges") == []
    # Played, and the computer's reply: the cards of the hand left are the same nodes, enabled again
    # with their faces untouched.
    tap_card(page, single)
    wait_for_moves(page, 2)
    page.wait_for_function(WAIT_HUMAN)
    game = saved_game(page)
    still_in_hand = sorted(str(c) for c in game.hand(0) or [])
    kept = page.evaluate(SAME)
    assert [key for key in still_in_hand if key not in kept] == []
    assert page.evaluate("window.faceChanges") == []
    expect(page.locator("#hand [data-card]:not([disabled])")).to_have_count(len(still_in_hand))
    # The next move and its reply: the log's lines still shown keep their nodes (new ones are added).
    lines = [key for key in page.evaluate(REMEMBER) if key.startswith("line ")]
    assert lines  # (the deal's start, the move, the reply)
    play_one_card(page)
    wait_for_moves(page, 4)
    page.wait_for_function(WAIT_HUMAN)
    expect(page.locator("#log [data-line]")).to_have_count(len(lines) + 2)
    assert [key for key in lines if key not in page.evaluate(SAME)] == []


def test_a_tap_on_a_card_crosses_between_the_page_and_its_python_twice_at_most(page: Page, guard: object,
                                                                                site_url: str) -> None:
    seed, several, single = seed_with_a_choice()
    open_page(page, f"{site_url}?players=2&seed={seed}&speed=normal")
    page.wait_for_function(WAIT_HUMAN)
    page.wait_for_function(STILL)
    card = page.locator(f'#hand [data-card="{several}"]')
    card.click()  # a card of several captures: chosen, and the captures it could make offered
    taken(page, held=False)
    expect(card).to_have_class(re.compile(r"\bchosen\b"))
    expect(page.locator("#capture-choice [data-capture]").first).to_be_visible()
    page.locator("#capture-choice [data-capture]").first.click()  # a capture chosen: played
    taken(page, held=False)
    expect(page.locator(f'#hand [data-card="{several}"]')).to_have_count(0)
    wait_for_moves(page, 2)
    page.wait_for_function(WAIT_HUMAN)
    page.locator(f'#hand [data-card="{single}"]').click()
    taken(page, held=False)
    # Each tap: the page's one call to the game's Python with the tap, and the one drawing back.
    assert page.evaluate("window.pasur.draw.crossings().taps") == [2, 2, 2]
