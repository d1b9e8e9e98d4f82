"""Whole matches played through clicks in headless Chromium, checked against the engine."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from driver import DESKTOP, PHONE, forget_games, open_page, play_to_end, saved_game, shown_scores, tap_card
from pasur import Rules, new_game

pytestmark = pytest.mark.warm  # (conftest.py: a profile that has played before)


@pytest.mark.parametrize(
    ("players", "preset", "seed"),
    [(2, "seeds", 4), (3, "classic", 5), (4, "kids", 6)],
)
def test_match_by_clicks_matches_the_engine(page: Page, guard: object, site_url: str,
                                            players: int, preset: str, seed: int) -> None:
    open_page(page, f"{site_url}?players={players}&preset={preset}&target=11&seed={seed}&speed=instant")
    assert page.get_attribute("html", "data-phase") == "play"
    played = play_to_end(page)
    assert page.get_attribute("html", "data-phase") == "match-end"
    assert page.is_visible("#play-again")
    # Replay the page's moves in CPython from the same set-up: the same scores must come out.
    moves = [str(record.move) for record in saved_game(page).history]
    game = new_game(players, Rules.preset(preset, target=11), seed=seed)
    for move in moves:
        game.play(move)
    assert game.over
    sides = game.sides
    assert shown_scores(page, sides) == game.scores
    totals = page.locator(".score-sheet.totals tbody tr")
    assert totals.count() == len(game.deal_results) + 1
    if players == 2:
        assert played.choices >= 1, "no capture choice was offered in this match"
    if game.winner is not None:
        assert page.is_visible(".winner")


def test_a_whole_match_to_62_at_the_normal_speed_on_a_phone(page: Page, guard: object, site_url: str) -> None:
    """The full-length sibling of the short matches above: a match to the standard 62 against the
    computer, as people play it (the normal speed, every card's flight, each deal's score sheet and
    its Next deal, on a phone), checked against the engine."""
    page.set_viewport_size(PHONE)
    open_page(page, f"{site_url}?players=2&seed=12&lang=en")
    played = play_to_end(page)
    expect(page.locator("#play-again")).to_be_visible()
    moves = [str(record.move) for record in saved_game(page).history]
    game = new_game(2, Rules(), seed=12)
    for move in moves:
        game.play(move)
    assert game.over and max(game.scores) >= 62
    assert played.deals_seen == len(game.deal_results) - 1 >= 1  # every deal's sheet but the last's
    assert shown_scores(page, 2) == game.scores


def test_capture_choice_lists_every_option_most_valuable_first(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?players=2&target=11&seed=4&speed=instant")
    seen: list[list[str]] = []

    def check(p: Page) -> None:
        labels = p.locator("#capture-choice .points").all_inner_texts()
        values = [int(text.split()[0]) for text in labels]
        assert values == sorted(values, reverse=True)
        seen.append(p.locator("#capture-choice [data-capture]").evaluate_all(
            "nodes => nodes.map(n => n.dataset.capture)"))

    play_to_end(page, on_choice=check)
    assert seen and all(len(options) > 1 for options in seen)


def test_pass_and_play_hides_the_hand(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?seed=3")
    page.click("#new-game")
    page.click("#leave-confirm")  # a game is in progress: leaving it is confirmed
    page.wait_for_selector("#setup #start")
    page.fill("#name-1", "Mina")
    page.select_option("#kind-1", "human")
    page.click("#start")
    page.wait_for_selector('html[data-phase="play"]')
    assert page.locator("#hand [data-card]").count() == 0  # the first player, too, takes the device first
    page.click("#handoff-ready")
    # Seat 0 plays one card; then the device goes to Mina and seat 0's hand must be hidden.
    first = saved_game(page)
    move = first.legal_moves()[0]
    tap_card(page, move.card)
    if page.is_visible("#capture-choice [data-capture]"):
        page.locator("#capture-choice [data-capture]").first.click()
    page.wait_for_selector("#handoff-ready")
    assert page.locator("#hand [data-card]").count() == 0
    assert "Mina" in page.inner_text("#handoff")
    page.click("#handoff-ready")
    game = saved_game(page)
    shown = sorted(page.locator("#hand [data-card]").evaluate_all("n => n.map(x => x.dataset.card)"))
    assert shown == sorted(str(card) for card in game.hands[1])
    assert page.get_attribute("html", "data-turn") == "1"


def test_screenshots(page: Page, guard: object, site_url: str, artifacts: Path) -> None:
    for name, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        open_page(page, f"{site_url}?lang=en")
        page.screenshot(path=str(artifacts / f"setup-{name}.png"))
        open_page(page, f"{site_url}?players=2&target=11&seed=4&speed=instant")
        page.screenshot(path=str(artifacts / f"play-{name}.png"))
        shots = {"choice": False}

        def snap(p: Page, shots: dict[str, bool] = shots, name: str = name) -> None:
            if not shots["choice"]:
                p.screenshot(path=str(artifacts / f"capture-choice-{name}.png"))
                shots["choice"] = True

        play_to_end(page, on_choice=snap, stop_at="deal-end")  # (the match's end: test_flow.py's whole matches)
        page.screenshot(path=str(artifacts / f"score-sheet-{name}.png"))
        assert shots["choice"]
        open_page(page, f"{site_url}?lang=fa&players=3&seed=5&speed=instant")
        page.screenshot(path=str(artifacts / f"play-persian-{name}.png"))
        page.click("#rules-button")
        page.screenshot(path=str(artifacts / f"rules-persian-{name}.png"))
        open_page(page, f"{site_url}?demo=capture&card=7C&table=4C,4D,2H,2S&lang=en")
        page.screenshot(path=str(artifacts / f"demo-capture-{name}.png"))
        forget_games(page, site_url)  # the next size starts afresh, not asked about this game


def held_python(page: Page) -> Callable[[], None]:
    """The game's Python (app.zip) held back until the function returned is called."""
    held: list[Any] = []
    released = False

    def hold(route: Any) -> None:
        if released:
            route.continue_()
        else:
            held.append(route)

    def release() -> None:
        nonlocal released
        released = True
        for route in held:
            route.continue_()

    page.route("**/app.zip", hold)
    return release


@pytest.mark.fresh  # a first visit: Python loads while the panel is used
# Without a service worker, so that the test can hold back the game's Python (app.zip) at will.
@pytest.mark.browser_context_args(service_workers="block")
def test_the_new_game_panel_works_while_python_loads(page: Page, guard: object, site_url: str) -> None:
    release = held_python(page)
    page.goto(f"{site_url}?lang=fr")
    page.wait_for_selector('html[data-phase="setup"] #start')
    assert page.get_attribute("html", "data-ready") is None  # Python is not there yet
    assert page.inner_text("#start") == "Commencer"  # drawn in the player's language
    page.select_option("#setup-players", "3")
    assert page.locator("#setup-seats .seat-row").count() == 3
    page.fill("#name-1", "Bijan")
    page.click("#start")
    assert page.evaluate("window.pasur.pending") == "start"
    assert page.is_disabled("#start")
    release()
    page.wait_for_selector('html[data-ready][data-phase="play"]', timeout=90_000)
    assert page.locator("#opponents .opponent").count() == 2
    assert "Bijan" in page.inner_text("#opponents")
    page.click("#new-game")  # the panel again: its buttons are the player's again (they stayed disabled)
    page.click("#leave-confirm")
    expect(page.locator("#start")).to_be_enabled()
    expect(page.locator("#guide-start")).to_be_enabled()
    page.click("#start")
    expect(page.locator("html")).to_have_attribute("data-phase", "play")


@pytest.mark.fresh
@pytest.mark.browser_context_args(service_workers="block")
def test_a_wrong_target_pressed_before_python_is_said_once_it_is_ready(page: Page, guard: object,
                                                                       site_url: str) -> None:
    """Start pressed with "Play to" left wrong while Python loads: the game's Python, once ready,
    starts no game, says what is wrong, gives the field the focus and the buttons back."""
    release = held_python(page)
    page.goto(f"{site_url}?lang=en")
    page.wait_for_selector('html[data-phase="setup"] #start')
    page.fill("#setup-target", "5000")
    page.click("#start")
    assert page.get_attribute("html", "data-ready") is None  # Python is not there yet
    release()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
    expect(page.locator("#target-error")).to_be_visible()
    expect(page.locator("#target-error")).to_have_text("The target must be a whole number from 1 to 1000")
    expect(page.locator("#setup-target")).to_be_focused()
    expect(page.locator("#start")).to_be_enabled()
    assert page.get_attribute("html", "data-phase") == "setup"
    page.fill("#setup-target", "40")
    expect(page.locator("#target-error")).to_be_hidden()  # right: unsaid as it is typed
    page.click("#start")
    expect(page.locator("html")).to_have_attribute("data-phase", "play")
    assert saved_game(page).rules.target == 40
