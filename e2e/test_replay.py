"""The review as a player uses it on a phone: reasons in cards, the other player's mistakes on the chart,
the whole deal stepped through (buttons, the arrow keys, a swipe), Try again from any position as
often as they like; and the guided deal's review, every tip followed, with no tip graded below good."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import Profiles
from playwright.sync_api import Page, expect

from driver import PHONE, WAIT_HUMAN, answer_capture_choice, open_page, phase, play_to_end, saved_game, tap_card
from pasur import new_game
from pasur.review import MoveReview

pytestmark = pytest.mark.warm  # (conftest.py: a profile that has played before)

REVIEW_DONE = "#review[data-done]"
STEP = "#review-position"


def phone(played: Profiles) -> Page:
    return played.phone().new_page()


def kept_reviews(page: Page) -> dict[str, list[MoveReview]]:
    saved = json.loads(page.evaluate("localStorage.getItem('pasur.match')"))
    return {key: [MoveReview.from_dict(entry) for entry in entries] for key, entries in saved["reviews"].items()}


def swipe(page: Page, across: int) -> None:
    """A finger drawn sideways across the replay, through the browser's own touch input."""
    box = page.locator(STEP).bounding_box()
    assert box is not None
    x, y = PHONE["width"] / 2 - across / 2, min(box["y"] + box["height"] / 2, PHONE["height"] / 2)
    cdp = page.context.new_cdp_session(page)
    for kind, points in [("touchStart", [{"x": x, "y": y}]),
                         *(("touchMove", [{"x": x + across * part / 5, "y": y}]) for part in range(1, 6)),
                         ("touchEnd", [])]:
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
    cdp.detach()


def at_step(page: Page, step: int) -> None:
    expect(page.locator(STEP)).to_have_attribute("data-step", str(step))


def shown_cards(page: Page, nth: int) -> list[str]:
    return sorted(page.locator(f"{STEP} .review-cards").nth(nth).locator("[data-card]").evaluate_all(
        "nodes => nodes.map(n => n.dataset.card)"))


def test_step_through_the_whole_deal_and_try_again_as_often_as_you_like(played: Profiles, site_url: str,
                                                                       artifacts: Path) -> None:
    page = phone(played)
    open_page(page, site_url + "?seed=5&players=2&speed=instant&ai=easy&lang=en")
    play_to_end(page, stop_at="deal-end")
    game = saved_game(page)
    page.locator("#review-open").tap()
    page.wait_for_selector(REVIEW_DONE, timeout=90_000)
    reviews = kept_reviews(page)
    assert sorted(reviews) == ["0:0", "0:1"]  # Sara's moves too, each from her own view
    # The chart marks Sara's mistakes, so that a jump of the line explains itself.
    mistakes = [entry for entry in reviews["0:1"] if entry.better is not None]
    assert mistakes, "this deal has moves of Sara's graded worse than good"
    expect(page.locator("#review-chart [data-chart-other]")).to_have_count(len(mistakes))
    page.locator("#review-chart").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "review-chart-others-phone.png"))
    # The key moments say why in terms of the cards, from the line the search found.
    whys = page.locator("[data-review-moment] .review-why").all_inner_texts()
    assert whys and not any("in the computer's playouts" in why for why in whys), whys
    page.locator("[data-review-moment]").first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "review-reasons-phone.png"))
    # Step through the whole deal: each position's table, the player's hand, and (the deal over, at
    # this device) Sara's hand; the move played and the best move marked on the cards.
    page.locator("#review-replay").tap()
    at_step(page, 0)
    expect(page.locator("#review-title")).to_contain_text("Move 1 of 48, round 1")
    replay = new_game(2, game.rules, game.seed)
    assert (shown_cards(page, 0), shown_cards(page, 1), shown_cards(page, 2)) == (
        sorted(map(str, replay.table)), sorted(map(str, replay.hands[0])), sorted(map(str, replay.hands[1])))
    expect(page.locator(f"{STEP} h3").nth(2)).to_have_text("Hand of Sara")
    expect(page.locator("#review-prev")).to_be_disabled()
    page.screenshot(path=str(artifacts / "replay-phone.png"))
    page.locator("#review-next").tap()
    at_step(page, 1)
    page.keyboard.press("ArrowRight")
    at_step(page, 2)
    swipe(page, -150)  # to the left: the next move
    at_step(page, 3)
    swipe(page, 150)
    at_step(page, 2)
    page.keyboard.press("End")
    at_step(page, 47)
    expect(page.locator("#review-next")).to_be_disabled()
    page.keyboard.press("Home")
    at_step(page, 0)
    # A move of Sara's: the best move for her is named (the deal is over, her hand is shown).
    theirs = next(number for number, record in enumerate(game.history) if record.seat == 1)
    for _ in range(theirs):
        page.locator("#review-next").tap()
    at_step(page, theirs)
    expect(page.locator(STEP)).to_have_attribute("data-seat", "1")
    expect(page.locator(f"{STEP} .mark-best-text")).to_be_visible()
    # Try again from there: the player's next position, as often as they like.
    try_here = page.locator("#review-try-here")
    expect(try_here).to_have_text("Try your next move again")
    try_here.tap()
    expect(page.locator("#review-try")).to_be_visible()
    hand = page.locator("#review-try-hand [data-card]").evaluate_all("nodes => nodes.map(n => n.dataset.card)")
    for attempt, card in enumerate(hand[:3]):
        if attempt:
            page.locator("#review-try-again").tap()
            expect(page.locator("#review-try-result")).to_have_count(0)
        page.locator(f'#review-try-hand [data-card="{card}"]').tap()
        page.wait_for_selector("#review-try-result, #review-try-choice")
        if page.locator("#review-try-choice").count():
            page.locator("#review-try-choice [data-capture]").first.tap()
        expect(page.locator("#review-try-result")).to_be_visible()
        assert (page.get_attribute("#review-try-result", "data-tried") or "").startswith(card)
    page.screenshot(path=str(artifacts / "replay-try-phone.png"))
    page.locator("#review-back").tap()
    at_step(page, theirs)  # back to the deal, where it was
    page.keyboard.press("Escape")
    expect(page.locator("[data-review-moment]").first).to_be_visible()
    assert phase(page) == "deal-end"


def test_the_guided_deals_review_grades_no_tip_below_good(played: Profiles, site_url: str,
                                                           artifacts: Path) -> None:
    page = phone(played)
    open_page(page, site_url + "?lang=en&speed=instant")  # (a new deal each time: any deal will do)
    page.locator("#guide-start").tap()
    tips = []
    while True:
        page.wait_for_function(WAIT_HUMAN)
        if phase(page) != "play":
            break
        tip = page.locator("#guide-text [data-tip]")
        tip.wait_for()
        move = tip.get_attribute("data-tip") or ""
        card, _, captured = move.partition(":")
        tips.append(move)
        before = len(saved_game(page).history)
        tap_card(page, card, touch=True)
        answer_capture_choice(page, card, captured or None)
        page.wait_for_function("n => JSON.parse(JSON.parse(localStorage.getItem('pasur.match')).game)"
                               ".moves.length > n", arg=before)
    assert phase(page) == "deal-end" and len(tips) == 24
    page.locator("#review-open").tap()
    page.wait_for_selector(REVIEW_DONE, timeout=90_000)
    expect(page.locator(".review-summary")).to_contain_text("All 24 moves were best or good: nothing lost.")
    page.locator("#review-all").tap()
    lines = page.locator("[data-review-move]")
    expect(lines).to_have_count(24)
    assert lines.evaluate_all("nodes => nodes.map(n => n.dataset.played)") == tips
    assert set(lines.evaluate_all("nodes => nodes.map(n => n.dataset.grade)")) <= {"best", "good"}
    page.locator("#review-title").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "guided-review-phone.png"))
    simpler = page.locator("[data-review-move]", has_text="the guide teaches captures first")
    if simpler.count():  # a capture the guide taught rather than the best move: good, and why
        simpler.first.scroll_into_view_if_needed()
        expect(simpler.first).to_have_attribute("data-grade", "good")
        page.screenshot(path=str(artifacts / "guided-review-simpler-phone.png"))
