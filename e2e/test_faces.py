"""Card faces and sound, as a player meets them: clicks only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page

from driver import (
    DESKTOP,
    PHONE,
    WAIT_HUMAN,
    forget_games,
    open_page,
    play_to_end,
    saved_game,
    tap_card,
    wait_for_moves,
    wait_ready,
)
from pasur import Move

pytestmark = pytest.mark.warm  # (conftest.py: a profile that has played before)

GAME = "?players=2&target=11&seed=4&speed=instant"

# Counts the sound sources the page starts (oscillators and noise buffers).
COUNT_SOURCES = """(() => {
  window.__soundStarts = 0;
  const Context = window.AudioContext;
  if (!Context) return;
  for (const name of ["createOscillator", "createBufferSource"]) {
    const create = Context.prototype[name];
    Context.prototype[name] = function (...args) {
      const node = create.apply(this, args);
      const start = node.start;
      node.start = function (...more) { window.__soundStarts += 1; return start.apply(this, more); };
      return node;
    };
  }
})();"""


def starts(page: Page) -> int:
    return int(page.evaluate("window.__soundStarts"))


def click_move(page: Page, move: Move) -> None:
    """Play ``move`` by clicking its card, then its capture in the choice panel if one opens."""
    before = len(saved_game(page).history)
    tap_card(page, move.card)
    options = [m for m in saved_game(page).legal_moves() if m.card == move.card]
    if len(options) > 1:
        captured = ",".join(str(card) for card in move.sorted_captured())
        page.click(f'#capture-choice [data-capture="{captured}"]')
    wait_for_moves(page, before + 1)


def play_until_capture(page: Page) -> int:
    """Lay cards until the player can capture, then capture: the sound count just before it."""
    for _ in range(30):
        page.wait_for_function(WAIT_HUMAN)
        assert page.get_attribute("html", "data-phase") == "play"
        moves = saved_game(page).legal_moves()
        captures = [move for move in moves if move.captured]
        if captures:
            before = starts(page)
            click_move(page, captures[0])
            return before
        click_move(page, moves[0])
    raise AssertionError("no capture came up")


def test_a_capture_sounds_when_sound_is_on(page: Page, guard: object, site_url: str) -> None:
    page.add_init_script(COUNT_SOURCES)
    open_page(page, site_url + GAME)
    assert page.get_attribute("html", "data-sound") == "on"
    assert page.get_attribute("#sound-button", "aria-pressed") == "true"
    assert starts(page) == 0  # the computer may have led: nothing plays before the first click
    before = play_until_capture(page)
    page.wait_for_function("n => window.__soundStarts > n", arg=before)


def test_nothing_sounds_when_muted(page: Page, guard: object, site_url: str) -> None:
    page.add_init_script(COUNT_SOURCES)
    open_page(page, site_url + GAME)
    page.click("#sound-button")
    assert page.get_attribute("html", "data-sound") == "off"
    assert page.get_attribute("#sound-button", "aria-pressed") == "false"
    play_until_capture(page)
    page.wait_for_function(WAIT_HUMAN)  # the computer has answered too
    assert starts(page) == 0


def test_the_sound_switch_is_remembered(page: Page, guard: object, site_url: str) -> None:
    open_page(page, site_url + GAME)
    button = page.locator("#sound-button")
    assert button.is_visible() and button.is_enabled()
    assert button.get_attribute("aria-label") == "Sound"
    button.click()
    assert page.get_attribute("html", "data-sound") == "off"
    # Changing another setting afterwards keeps the switch as it is.
    page.click("#settings-button")
    page.click("#settings-four")
    page.click("#settings-close")
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "data-sound") == "off"
    assert page.get_attribute("#sound-button", "aria-pressed") == "false"
    assert page.evaluate("document.documentElement.classList.contains('four-colour')")
    settings = json.loads(page.evaluate("localStorage.getItem('pasur.settings')"))
    assert settings["sound"] is False and settings["four_colour"] is True
    page.click("#sound-button")
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "data-sound") == "on"
    assert page.get_attribute("#sound-button", "aria-pressed") == "true"
    # A game embedded in another page starts muted.
    open_page(page, site_url + GAME + "&embed=1")
    assert page.get_attribute("html", "data-sound") == "off"
    assert page.locator("#sound-button").is_visible()
    page.click("#sound-button")  # on, for this frame only
    assert page.get_attribute("html", "data-sound") == "on"
    assert json.loads(page.evaluate("localStorage.getItem('pasur.settings')"))["sound"] is True
    # So does a demo, and a game whose embed parameter is not embed=1 is the full game's.
    open_page(page, site_url + "?demo=deal&seed=3&lang=en")
    assert page.get_attribute("html", "data-sound") == "off"
    open_page(page, site_url + GAME + "&embed=yes")
    assert page.get_attribute("html", "data-sound") == "on"


def check_faces(page: Page, selector: str) -> int:
    """Every card of ``selector`` shows its rank and suit in both corners, inside the card."""
    cards = page.locator(selector)
    assert cards.count() > 0
    for i in range(cards.count()):
        card = cards.nth(i)
        box = card.bounding_box()
        assert box is not None
        rank = card.get_attribute("data-card")[:-1]  # type: ignore[index]
        for corner in ("top", "bottom"):
            index = card.locator(f".index.{corner}")
            assert index.locator(".rank").is_visible() and index.locator(".suit").is_visible()
            shown = index.locator(".rank").evaluate(
                "n => n.textContent || getComputedStyle(n, '::before').content.replace(/\"/g, '')")
            assert shown == rank
            inner = index.bounding_box()
            assert inner is not None
            assert box["x"] - 1 <= inner["x"] and inner["x"] + inner["width"] <= box["x"] + box["width"] + 1
            assert box["y"] - 1 <= inner["y"] and inner["y"] + inner["height"] <= box["y"] + box["height"] + 1
            in_top_half = inner["y"] + inner["height"] / 2 < box["y"] + box["height"] / 2
            assert in_top_half == (corner == "top")
    return cards.count()


def test_hand_cards_show_their_rank_in_both_corners_on_a_phone(page: Page, guard: object, site_url: str) -> None:
    page.set_viewport_size(PHONE)
    open_page(page, site_url + GAME)
    page.wait_for_function(WAIT_HUMAN)
    assert check_faces(page, "#hand button.card[data-card]") == 4
    assert check_faces(page, "#table .card[data-card]") >= 4
    for card in page.locator("#hand button.card[data-card]").all():
        text = card.get_attribute("data-card") or ""
        rank = text[:-1]
        pips = card.locator(".pip")
        if rank.isdigit():  # a number card at phone size shows its pips
            assert pips.count() == int(rank) and pips.first.is_visible()
        assert card.get_attribute("aria-label")


def test_card_screenshots(page: Page, guard: object, site_url: str, artifacts: Path) -> None:
    for name, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        forget_games(page, site_url)  # each size starts afresh, not asked about the last game
        open_page(page, site_url + GAME)
        page.wait_for_function(WAIT_HUMAN)
        page.screenshot(path=str(artifacts / f"cards-play-{name}.png"))
        shots = {"choice": False}

        def snap(p: Page, shots: dict[str, bool] = shots, name: str = name) -> None:
            if not shots["choice"]:
                check_faces(p, "#capture-choice .card[data-card]")
                p.screenshot(path=str(artifacts / f"cards-capture-choice-{name}.png"))
                shots["choice"] = True

        # (played until the first capture choice is seen: the rest of the deal shows no other card)
        play_to_end(page, on_choice=snap, stop_at="deal-end", until=lambda _played, shots=shots: shots["choice"])
        assert shots["choice"]
        open_page(page, f"{site_url}?players=2&seed=9&speed=instant")  # a new game, its rules
        page.click("#rules-button")
        page.locator(".rules-example").first.scroll_into_view_if_needed()
        check_faces(page, ".rules-example .card[data-card]")
        page.screenshot(path=str(artifacts / f"cards-rules-{name}.png"))
        open_page(page, f"{site_url}?demo=capture&card=10D&table=AS,2C,3H,4D,5S,6C,7H,8D,9S,JH,QD,KC&lang=fa")
        check_faces(page, "#demo .card[data-card]")
        page.screenshot(path=str(artifacts / f"cards-all-persian-{name}.png"))
        open_page(page, f"{site_url}?lang=fa&players=3&seed=5&speed=instant")
        page.wait_for_function(WAIT_HUMAN)
        page.screenshot(path=str(artifacts / f"cards-persian-{name}.png"))
