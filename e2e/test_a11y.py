"""Everyone can play: axe-core on every screen in English and Persian, a deal played with the
keyboard alone, announcements for screen readers, and the page in Persian, right to left."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from driver import (
    LOOKED_AT,
    WAIT_HUMAN,
    answer_capture_choice,
    hold_clock,
    open_page,
    play_to_end,
    saved_game,
    settle,
    tap_card,
    wait_for_moves,
)
from helpers import scenario
from pasur_web.model.match import Match
from pasur_web.model.savegame import match_to_json
from pasur_web.model.seats import Seat

pytestmark = pytest.mark.warm  # (conftest.py: a profile that has played before)

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def axe_violations(page: Page) -> list[str]:
    """axe-core's WCAG 2.2 AA findings on the page as it is now (axe is injected from npm)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # Served as if from the site itself, so that the page's Content-Security-Policy (scripts
        # from its own origin only) lets it run: the site never ships it.
        address = page.evaluate("new URL('./axe-under-test.js', location.href).href")
        page.route(address, lambda route: route.fulfill(path=str(AXE), content_type="text/javascript"))
        page.add_script_tag(url=address)
    result: dict[str, Any] = page.evaluate(
        "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})", WCAG)
    return [f"{v['id']}: {v['help']} -> " + "; ".join(n["target"][0] for n in v["nodes"][:4])
            for v in result["violations"]]


def first_choice_card(page: Page) -> str | None:
    """A card in the hand that has a choice of captures, if any."""
    game = saved_game(page)
    counts: dict[str, int] = {}
    for move in game.legal_moves():
        counts[str(move.card)] = counts.get(str(move.card), 0) + 1
    return next((card for card, count in counts.items() if count > 1), None)


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_no_axe_violations_on_any_screen(page: Page, guard: object, site_url: str, lang: str) -> None:
    assert AXE.exists(), "run npm ci: axe-core comes from npm"
    screens: dict[str, list[str]] = {}
    open_page(page, f"{site_url}?lang={lang}")
    screens["setup"] = axe_violations(page)
    page.click("#rules-button")
    screens["rules"] = axe_violations(page)
    page.keyboard.press("Escape")
    open_page(page, f"{site_url}?lang={lang}&players=2&seed=4&speed=instant")
    screens["play"] = axe_violations(page)
    for _ in range(40):  # play until a card offers a choice of captures
        card = first_choice_card(page)
        if card:
            tap_card(page, card)
            page.wait_for_selector("#capture-choice [data-capture]")
            screens["capture choice"] = axe_violations(page)
            page.keyboard.press("Escape")
            break
        moves = len(saved_game(page).history)
        tap_card(page, page.locator("#hand [data-card]:not([disabled])").first.get_attribute("data-card") or "")
        wait_for_moves(page, moves + 1)
        page.wait_for_function(WAIT_HUMAN)
        if page.get_attribute("html", "data-phase") != "play":
            break
    assert "capture choice" in screens, "no capture choice came up"
    play_to_end(page, stop_at="deal-end")
    screens["score sheet"] = axe_violations(page)
    page.click("#review-open")
    page.wait_for_selector("#review[data-done] #review-all", timeout=90_000)
    screens["move review: key moments and chart"] = axe_violations(page)
    page.click("#review-all")
    page.wait_for_selector("#review [data-review-move]")
    screens["move review: every move"] = axe_violations(page)
    page.locator("[data-review-move]").first.click()
    page.wait_for_selector("#review-position")
    screens["reviewed position"] = axe_violations(page)
    page.click('#review-position [data-action="review-try"]')
    page.locator("#review-try-hand [data-card]").first.click()
    page.wait_for_selector("#review-try-result, #review-try-choice")
    screens["position played again"] = axe_violations(page)
    found = {name: problems for name, problems in screens.items() if problems}
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)


def test_a_whole_deal_with_the_keyboard_alone(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?players=2&seed=8&speed=instant&lang=en")
    choices = 0
    for _ in range(200):
        page.wait_for_function(WAIT_HUMAN)
        if page.get_attribute("html", "data-phase") != "play":
            break
        assert page.evaluate("document.activeElement.closest('#hand') !== null"), "the focus left the hand"
        game = saved_game(page)
        enabled = page.locator("#hand [data-card]:not([disabled])").evaluate_all("n => n.map(x => x.dataset.card)")
        counts: dict[str, int] = {}
        for move in game.legal_moves():
            counts[str(move.card)] = counts.get(str(move.card), 0) + 1
        card = max(enabled, key=lambda text: counts.get(text, 0))
        # Walk to the card with the arrow keys, from wherever the focus is.
        for _ in range(len(enabled)):
            if page.evaluate("document.activeElement.dataset.card") == card:
                break
            page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.dataset.card") == card
        page.keyboard.press("Enter")
        if counts[card] == 1:  # looked at first, what it takes marked; Enter again plays it
            page.wait_for_selector(f'#hand [data-card="{card}"].selected')
            assert page.evaluate("document.activeElement.dataset.card") == card
            page.keyboard.press("Enter")
        if counts[card] > 1:
            page.wait_for_selector("#capture-choice [data-capture]")
            assert page.evaluate("document.activeElement.closest('#capture-choice') !== null")
            page.keyboard.press("ArrowDown")
            page.keyboard.press("Enter")
            choices += 1
        wait_for_moves(page, len(game.history) + 1)
    assert page.get_attribute("html", "data-phase") == "deal-end"
    assert page.evaluate("document.activeElement.id") == "next-deal"  # the sheet takes the focus
    assert choices >= 1
    page.keyboard.press("Enter")
    page.wait_for_function("document.documentElement.dataset.phase === 'play'")


def test_keys_start_a_game_and_escape_gives_the_focus_back_to_the_card(page: Page, guard: object,
                                                                        site_url: str) -> None:
    """Start pressed with the keys puts the focus in the hand (not on the page, two Tabs away); a
    capture choice opened with Enter and closed with Escape gives the focus back to its card, so
    that the next Enter is for that card and not another."""
    open_page(page, f"{site_url}?lang=en&speed=instant")
    for _ in range(60):
        if page.evaluate("document.activeElement.id") == "start":
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_function(WAIT_HUMAN)
    expect(page.locator("#hand [data-card]:focus")).to_have_count(1)
    game = scenario(["5H 7C 9S KD", "3D 6S 8C QH"], "4C 4D 2H 2S")  # 7C: several captures; not the first card
    page.evaluate("text => localStorage.setItem('pasur.match', text)",
                  match_to_json(Match.of(game, (Seat("You", "human"), Seat("Sara", "easy")))))
    open_page(page, f"{site_url}?lang=en&speed=instant")
    page.wait_for_function(WAIT_HUMAN)
    expect(page.locator("#hand [data-card]:focus")).to_have_count(1)  # a game taken up: the hand has the focus
    for _ in range(8):
        if page.evaluate("document.activeElement.dataset.card") == "7C":
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(page.locator("#capture-choice [data-capture]").first).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#capture-choice [data-capture]")).to_have_count(0)
    expect(page.locator('#hand [data-card="7C"]')).to_be_focused()
    page.keyboard.press("Enter")  # the same card's choice again
    expect(page.locator("#capture-choice h3")).to_contain_text("7♣")
    # Each option the keys reach marks on the table the cards it takes, and those only.
    for _ in range(3):
        page.keyboard.press("ArrowDown")
        takes = page.evaluate("document.activeElement.dataset.capture").split(",")
        marked = page.locator("#table [data-peek]")
        expect(marked).to_have_count(len(takes))
        assert sorted(marked.evaluate_all("ns => ns.map(n => n.dataset.card)")) == sorted(takes)

@pytest.mark.fresh  # the page's clock is the profile's
def test_the_hand_shows_its_focus_ring_to_keyboard_players_only(page: Page, guard: object, site_url: str) -> None:
    """Between turns the hand keeps the focus: after a card played with the mouse or a finger it
    draws no ring around itself; once the player uses the keys, it does."""
    page.clock.install()
    open_page(page, f"{site_url}?players=2&seed=8&speed=slow&lang=en")
    hold_clock(page)  # the computer's turn waits: the hand keeps the focus meanwhile
    card = page.locator("#hand [data-card]:not([disabled])").first.get_attribute("data-card") or ""
    tap_card(page, card, held=True)
    page.clock.run_for(100)  # a frame: the move is drawn (the computer waits a second and more)
    answer_capture_choice(page, card, held=True)
    page.clock.run_for(100)
    page.wait_for_function("document.activeElement.id === 'hand'")
    ring = "getComputedStyle(document.getElementById('hand')).outlineStyle"
    assert page.evaluate(ring) == "none"
    page.keyboard.press("Shift")
    assert page.evaluate(ring) == "solid"


@pytest.mark.fresh  # the page's clock is the profile's
def test_a_capture_chosen_with_the_keys_leaves_the_focus_in_the_hand(page: Page, guard: object,
                                                                     site_url: str) -> None:
    """While the others play, the focus stays in the hand (not on the page), whether the card was
    played at once or a capture was chosen; the computer's turn is held by the page's clock."""
    game = scenario(["5H 7C 9S KD", "3D 6S 8C QH"], "4C 4D 2H 2S")  # 7C: several captures
    page.clock.install()
    page.goto(site_url + "?lang=en")
    page.evaluate("text => localStorage.setItem('pasur.match', text)",
                  match_to_json(Match.of(game, (Seat("You", "human"), Seat("Sara", "easy")))))
    open_page(page, f"{site_url}?lang=en&speed=normal")
    page.wait_for_function(WAIT_HUMAN)
    hold_clock(page)
    for _ in range(8):
        if page.evaluate("document.activeElement.dataset.card") == "7C":
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.clock.run_for(20)
    expect(page.locator("#capture-choice [data-capture]").first).to_be_focused()
    page.keyboard.press("Enter")  # the first option
    page.clock.run_for(20)
    settle(page)
    assert len(saved_game(page).history) == 1  # played; the computer's turn is held
    expect(page.locator("#hand")).to_be_focused()

def test_the_new_game_panel_s_own_names_follow_the_language_and_a_typed_name_stays(page: Page, guard: object,
                                                                                 site_url: str) -> None:
    open_page(page, f"{site_url}?lang=en&speed=instant")
    expect(page.locator("#name-0")).to_have_value("You")
    expect(page.locator("#name-1")).to_have_value("Sara")
    page.select_option("#setup-players", "3")
    page.fill("#name-2", "Mina")
    page.click("#settings-button")
    page.select_option("#settings-lang", "fa")
    page.click("#settings-close")
    expect(page.locator("html")).to_have_attribute("lang", "fa")
    expect(page.locator("#name-0")).to_have_value("شما")
    expect(page.locator("#name-1")).to_have_value("سارا")
    expect(page.locator("#name-2")).to_have_value("Mina")  # typed: kept
    expect(page.locator("#setup-players")).to_have_value("3")

def test_one_announcement_per_move(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?players=2&seed=9&speed=instant&lang=en")
    page.evaluate("""() => {
      window.__announced = [];
      new MutationObserver(() => window.__announced.push(document.getElementById('announce').textContent))
        .observe(document.getElementById('announce'), {childList: true, characterData: true, subtree: true});
    }""")
    for _ in range(3):
        page.wait_for_function(WAIT_HUMAN)
        moves = len(saved_game(page).history)
        card = page.evaluate("document.activeElement.dataset.card")
        page.keyboard.press("Enter")  # the focused card: what it would take is shown
        page.wait_for_function(LOOKED_AT, arg=card)
        if page.locator(f'#hand [data-card="{card}"].selected').count():
            assert page.evaluate("document.activeElement.dataset.card") == card  # the focus stays on it
            page.keyboard.press("Enter")  # played
        page.wait_for_function("""c => !!document.querySelector('#capture-choice [data-capture]')
            || !document.querySelector(`#hand [data-card="${c}"]`)""", arg=card)
        if page.locator("#capture-choice [data-capture]").count():
            page.keyboard.press("Enter")
        wait_for_moves(page, moves + 2)
    page.wait_for_function(WAIT_HUMAN)
    announced = page.evaluate("window.__announced")
    assert 3 <= len(announced) <= 6, announced  # one per move (ours, then the reply), never per redraw
    assert announced[-1].endswith("Your turn: play a card.")
    assert any(" took " in text or " laid " in text for text in announced)


def test_persian_deal_right_to_left_and_language_switch(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?players=2&seed=10&speed=instant&lang=fa")
    assert page.get_attribute("html", "dir") == "rtl" and page.get_attribute("html", "lang") == "fa"
    play_to_end(page, stop_at="deal-end")
    log = page.inner_text("#log")
    assert "برداشت" in log or "زمین گذاشت" in log
    assert "دست 1 تمام شد" in page.inner_text("#sheet") or "دست ۱ تمام شد" in page.inner_text("#sheet")
    # Switching the language changes the words only, never the game.
    before = page.evaluate("localStorage.getItem('pasur.match')")
    page.click("#next-deal")
    page.wait_for_function(WAIT_HUMAN)
    before = page.evaluate("localStorage.getItem('pasur.match')")
    page.click("#settings-button")
    page.select_option("#settings-lang", "es")
    page.wait_for_function("document.documentElement.lang === 'es'")
    assert page.get_attribute("html", "dir") == "ltr"
    assert page.evaluate("document.activeElement.id") == "settings-lang"
    page.click("#settings-close")
    assert page.evaluate("localStorage.getItem('pasur.match')") == before
    assert "Tu turno" in page.inner_text("#status") or "Turno de" in page.inner_text("#status")
    page.reload()
    open_page(page, page.url)
    assert page.get_attribute("html", "lang") == "es"  # the choice is remembered


def test_guided_first_deal_gives_a_tip_then_the_reason(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?lang=en&speed=instant")
    page.click("#guide-start")
    page.wait_for_function(WAIT_HUMAN)
    page.wait_for_selector("#guide-text [data-tip]")  # (the position is judged as the review judges it)
    tip = page.inner_text("#guide-text")
    assert tip.startswith("Tip: try ")
    hinted = page.locator("#hand [data-hint]")
    assert hinted.count() == 1
    card = hinted.get_attribute("data-card")
    assert card and card[:-1] in tip  # the tip names the highlighted card
    tap_card(page, card)
    answer_capture_choice(page, card)
    wait_for_moves(page, 2)
    page.wait_for_function(WAIT_HUMAN)
    page.wait_for_selector("#guide-text [data-tip]")
    said = page.inner_text("#guide-text")
    assert said.startswith("Tip: try ") and "Last move: " in said  # what to do now, then the last move
    page.click("#guide-stop")
    expect(page.locator("#guide")).to_be_hidden()
    expect(page.locator("#hand [data-hint]")).to_have_count(0)


def test_with_the_keys_hint_then_enter_plays_the_hinted_card(page: Page, guard: object, site_url: str) -> None:
    """Hint (Enter on its button) shows the card it names and gives it the focus, or focuses the
    option it names in the capture choice: Enter then plays what the hint said."""
    open_page(page, f"{site_url}?players=2&seed=3&speed=instant&lang=en")
    page.wait_for_function(WAIT_HUMAN)
    page.locator("#hint").focus()  # (reached with Tab)
    page.keyboard.press("Enter")
    hinted = page.locator("#hand [data-hint]")
    expect(hinted).to_have_count(1)
    card = hinted.get_attribute("data-card")
    expect(page.locator(":focus[data-hint]")).to_have_count(1)  # the card, or its option in the choice
    page.keyboard.press("Enter")
    wait_for_moves(page, 1)
    assert str(saved_game(page).history[0].card) == card
