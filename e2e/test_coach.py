"""The move review after a deal, and the daily duplicate deal, as a person uses them."""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path

import pytest
from conftest import Profiles, watched
from playwright.sync_api import Browser, Page, expect

from driver import (
    PHONE,
    WAIT_HUMAN,
    answer_capture_choice,
    open_page,
    phase,
    play_to_end,
    saved_game,
    tap_card,
    wait_for_moves,
    wait_ready,
)
from pasur import Move, new_game
from pasur.daily import Duplicate, daily_game, deal_points

pytestmark = pytest.mark.warm  # (conftest.py: a profile that has played before)

DAY = "2026-12-01"
REVIEW_DONE = "#review[data-done]"


def shown_cards(page: Page, where: str, nth: int = 0) -> list[str]:
    return sorted(str(card) for card in page.locator(where).nth(nth).locator("[data-card]").evaluate_all(
        "nodes => nodes.map(n => n.dataset.card)"))


def test_review_after_a_deal_and_back_to_the_same_game(page: Page, guard: object, site_url: str,
                                                      artifacts: Path) -> None:
    open_page(page, site_url + "?seed=3&players=2&speed=instant&ai=medium")
    play_to_end(page, stop_at="deal-end")
    assert phase(page) == "deal-end"
    game = saved_game(page)
    moves_before = len(game.history)
    mine = [record for record in game.history if record.deal == 0 and record.seat == 0]
    page.click("#review-open")
    page.wait_for_selector("#review:not([hidden])")
    page.wait_for_selector(REVIEW_DONE, timeout=90_000)
    page.click("#review-all")  # the review opens on its key moments; every move is one click away
    entries = page.locator("[data-review-move]")
    assert entries.count() == len(mine) == 24
    # Each entry: the move played, a legal best move in that position, a loss >= 0 (0 when the same).
    replay = new_game(2, game.rules, game.seed, game.stacked_deck, game.first_leader)
    history = iter(game.history)
    positions = []
    for index, record in enumerate(mine):
        while (previous := next(history)) is not record:
            replay.play(previous.move)
        entry = entries.nth(index)
        played, best = Move.parse(entry.get_attribute("data-played") or ""), Move.parse(entry.get_attribute(
            "data-best") or "")
        loss = float(entry.get_attribute("data-loss") or "nan")
        assert played == record.move and replay.can_play(best) and loss >= 0
        assert (loss == 0) == (played == best), (index, played, best, loss)
        positions.append((sorted(map(str, replay.hands[0])), sorted(map(str, replay.table))))
        replay.play(record.move)
    page.screenshot(path=str(artifacts / "review-list-phone.png"))
    # One reviewed position: the hand and the table of that moment, the move played marked.
    entries.nth(2).click()
    page.wait_for_selector("#review-position")
    assert (shown_cards(page, "#review-position .review-cards", 1),
            shown_cards(page, "#review-position .review-cards", 0)) == positions[2]
    assert page.locator(f'#review-position [data-played][data-card="{mine[2].move.card}"]').count() == 1
    page.click("#review-back")
    page.wait_for_selector(REVIEW_DONE + " [data-review-move]")
    page.click("#review-key")
    page.wait_for_selector(REVIEW_DONE + " #review-all")
    page.click("#review-close")
    page.wait_for_selector("#review", state="hidden")
    # The game is as it was: the score sheet, the same moves; the next deal plays on.
    assert phase(page) == "deal-end" and len(saved_game(page).history) == moves_before
    saved = json.loads(page.evaluate("localStorage.getItem('pasur.match')"))
    assert len(saved["reviews"]["0:0"]) == 24
    # A reload keeps the review: it shows at once, with nothing left to compute.
    page.reload()
    wait_ready(page)
    page.click("#review-open")
    page.wait_for_selector(REVIEW_DONE)
    assert page.locator("#review-progress").count() == 0
    page.click("#review-all")
    expect(page.locator("[data-review-move]")).to_have_count(24)
    page.keyboard.press("Escape")
    page.wait_for_selector("#review", state="hidden")
    page.click("#next-deal")
    page.wait_for_function("document.documentElement.dataset.phase === 'play'")


def reviewed(page: Page) -> bool:
    """Whether the review is finished: it is then kept in the match's save."""
    return "reviews" in json.loads(page.evaluate("localStorage.getItem('pasur.match')"))


def test_the_page_answers_while_the_review_is_computed(page: Page, guard: object, site_url: str) -> None:
    open_page(page, site_url + "?seed=5&players=2&speed=instant&ai=medium")
    play_to_end(page, stop_at="deal-end")
    # The page's processor made 20 times slower, so the review (seconds) lasts long after the clicks.
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 20})
    page.click("#review-open")
    page.click("#review-close")
    page.wait_for_selector("#review", state="hidden")
    page.click("#review-open")
    page.wait_for_selector("#review", state="visible")
    assert not reviewed(page)  # the panel closed and opened again while the review was computed
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    page.wait_for_selector(REVIEW_DONE, timeout=90_000)
    assert reviewed(page)
    page.click("#review-all")
    expect(page.locator("[data-review-move]")).to_have_count(24)


FIGURE = {"en": r"\d\.\d", "fr": r"\d,\d", "fa": "[۰-۹]٫[۰-۹]"}  # a figure with its decimal separator
BETTER = {"en": "better: ", "fr": "mieux : ", "fa": "بهتر: "}  # how a line names the better move


@pytest.mark.parametrize("lang", ["en", "fr", "fa"])
def test_the_review_opens_on_its_key_moments_in_three_languages(played: Profiles, site_url: str, artifacts: Path,
                                                                 lang: str) -> None:
    page = played.phone().new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    open_page(page, site_url + f"?seed=5&players=2&speed=instant&ai=medium&lang={lang}")
    play_to_end(page, stop_at="deal-end")
    page.locator("#review-open").tap()
    page.wait_for_selector(REVIEW_DONE, timeout=90_000)
    moments = page.locator("[data-review-moment]")
    expect(moments.first).to_be_visible()
    assert 1 <= moments.count() <= 3
    assert re.search(FIGURE[lang], page.inner_text(".review-summary")), page.inner_text(".review-summary")
    shown = moments.evaluate_all("nodes => nodes.map(n => +n.dataset.index)")
    for index in range(moments.count()):  # each: the move played, the better one, why, what it cost
        text = moments.nth(index).inner_text()
        assert re.search(FIGURE[lang], text) and moments.nth(index).locator("[data-best]").count() >= 1, text
    chart = page.locator("#review-chart")
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] and box["height"] > 80
    expect(chart.locator("[data-chart-moment]")).to_have_count(moments.count())
    page.screenshot(path=str(artifacts / f"review-{lang}-phone.png"))
    moments.first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"review-moment-{lang}-phone.png"))
    # Every move, one tap away: a better move is named exactly where the grade is worse than good.
    page.locator("#review-all").tap()
    lines = page.locator("[data-review-move]")
    expect(lines).to_have_count(24)
    rows = lines.evaluate_all("""nodes => nodes.map(n => [n.dataset.grade, n.dataset.better || '', n.dataset.loss,
                                                           n.querySelector('.review-detail').textContent])""")
    for grade, better, _loss, text in rows:
        named = grade in ("inaccuracy", "mistake", "blunder")
        assert (better != "") == named == (BETTER[lang] in text), (grade, text)
        assert "±" not in text and (not named or re.search(FIGURE[lang], text)), text
    # The key moments are the costliest moves graded worse than good.
    worse = sorted((-float(loss), index) for index, (grade, _, loss, _) in enumerate(rows) if grade not in (
        "best", "good"))
    assert sorted(index for _, index in worse[:3]) == shown
    page.screenshot(path=str(artifacts / f"review-list-{lang}-phone.png"))
    assert not errors, errors


def test_try_again_from_a_key_moment(page: Page, guard: object, site_url: str, artifacts: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, site_url + "?seed=5&players=2&speed=instant&ai=medium")
    play_to_end(page, stop_at="deal-end")
    page.click("#review-open")
    page.wait_for_selector(REVIEW_DONE, timeout=90_000)
    page.screenshot(path=str(artifacts / "review-desktop.png"))
    moment = page.locator("[data-review-moment]").first
    played, better = Move.parse(moment.get_attribute("data-played") or ""), Move.parse(
        moment.get_attribute("data-better") or "")
    grade = moment.get_attribute("data-grade")
    table = shown_cards(page, "[data-review-moment] .review-cards", 0)
    moment.locator('[data-action="review-try"]').click()
    expect(page.locator("#review-try")).to_be_visible()
    assert shown_cards(page, "#review-try .review-cards", 0) == table  # the same position, nothing more

    def try_move(move: Move) -> None:
        page.click(f'#review-try-hand [data-card="{move.card}"]')
        page.wait_for_selector(f'#review-try-result[data-tried="{move}"], #review-try-choice')
        if page.locator("#review-try-choice").count():
            page.click(f'#review-try-choice [data-capture="{",".join(map(str, move.sorted_captured()))}"]')
        expect(page.locator("#review-try-result")).to_have_attribute("data-tried", str(move))

    try_move(played)  # the move played again: the review's own grade, and the better move named
    expect(page.locator("#review-try-result")).to_have_attribute("data-grade", grade or "")
    expect(page.locator("#review-try-result")).to_contain_text("points lost")
    expect(page.locator("#review-try-result")).to_contain_text("Better move: ")
    try_move(better)
    expect(page.locator("#review-try-result")).to_have_attribute("data-grade", "best")
    expect(page.locator("#review-try-result")).to_contain_text("the best move.")
    page.screenshot(path=str(artifacts / "review-try-desktop.png"))
    page.click("#review-back")
    expect(page.locator("[data-review-moment]").first).to_be_visible()
    assert phase(page) == "deal-end"


def test_the_daily_deal_is_the_same_in_two_fresh_browsers(browser: Browser, site_url: str) -> None:
    seen = []
    for _ in range(2):
        context = watched(browser.new_context())
        page = context.new_page()
        open_page(page, site_url + f"?daily={DAY}&speed=instant")
        page.wait_for_selector(f'html[data-daily="{DAY}"] #hand [data-card]')
        seen.append((shown_cards(page, "#hand"), shown_cards(page, "#table")))
        context.close()
    game = daily_game(datetime.date(2026, 12, 1))
    assert seen[0] == seen[1] == (sorted(map(str, game.hands[0])), sorted(map(str, game.table)))


def daily_day(page: Page) -> str:
    """The day of the daily deal on the page (UTC, as the page counts it: read from the page, so that
    a test running over midnight compares the page with itself)."""
    page.wait_for_selector("html[data-daily]", state="attached")
    return page.get_attribute("html", "data-daily") or ""


def test_daily_result_share_history_and_review(browser: Browser, site_url: str, artifacts: Path) -> None:
    context = watched(browser.new_context(permissions=["clipboard-read", "clipboard-write"],
                                          viewport={"width": 360, "height": 740}))
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    open_page(page, site_url + "?daily&speed=instant")
    day = daily_day(page)
    play_to_end(page)
    assert phase(page) == "match-end"
    mine = deal_points(saved_game(page))
    computer = Duplicate(datetime.date.fromisoformat(day)).computer_points()  # the same in CPython as in the page
    page.wait_for_selector("#daily-share", timeout=90_000)
    diff = f"{mine - computer:+d}"
    # How the player did on today's deal against the computer's play of the same cards, not the match.
    verdict = (f"You beat the computer's play of your cards by {mine - computer} point"
               f"{'s' if mine - computer > 1 else ''}." if mine > computer else
               "You made as many points as the computer did with your cards." if mine == computer else
               f"The computer made {computer - mine} point{'s' if computer - mine > 1 else ''} more with your cards.")
    expect(page.locator("#daily-verdict")).to_have_text(verdict)
    expect(page.locator("#sheet")).not_to_contain_text("Match over")
    assert page.inner_text("#daily-compare") == (
        f"You made {mine}, the computer made {computer} with your cards: {diff}")
    expect(page.locator('#daily-counted[data-counted="true"]')).to_have_text(
        "Counted: your first attempt at this deal, played without Hint or Undo.")
    page.screenshot(path=str(artifacts / "daily-result-phone.png"))
    page.click("#daily-share")
    page.wait_for_function("document.getElementById('daily-shared').textContent !== ''")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == (f"Pasur daily deal {day}: {mine} points, {diff} against the computer"
                      f" (first attempt, no Hint or Undo)\n{site_url}?daily={day}")
    assert not re.search(r"\b(10|[2-9AJQK])[CDHS]\b|[♣♦♥♠]", copied)  # no card: no spoiler
    # What was copied is shown under Share: a friend's link to the same cards, and no card.
    expect(page.locator("#daily-share-text")).to_have_text(copied.replace("\n", " "))
    page.locator("#daily-share-text").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "daily-share-phone.png"))
    # The review is there after the daily deal too.
    page.click("#review-open")
    page.wait_for_selector(REVIEW_DONE, timeout=90_000)
    page.click("#review-all")
    expect(page.locator("[data-review-move]")).to_have_count(24)
    page.click("#review-close")
    # The history and the streak are shown with the statistics, and say what is counted.
    page.click("#show-stats")
    page.wait_for_selector("#daily-stats")
    expect(page.locator("#daily-stats")).to_contain_text("1 daily deal counted · streak: 1 day")
    expect(page.locator("#daily-stats")).to_contain_text("Only the first attempt at each day's deal counts")
    assert day in page.inner_text("#daily-stats")
    assert not errors, errors
    context.close()


def play_one_move(page: Page) -> None:
    """The player plays a legal card (the first capture offered, if asked), and the computer answers."""
    page.wait_for_function(WAIT_HUMAN)
    game = saved_game(page)
    card = str(game.legal_moves()[0].card)
    tap_card(page, card)  # looked at, then played
    answer_capture_choice(page, card)
    wait_for_moves(page, len(game.history) + 1)
    page.wait_for_function(WAIT_HUMAN)


def test_the_counted_attempt_has_no_hint_or_undo_and_its_link_takes_it_up(page: Page, guard: object,
                                                                          site_url: str) -> None:
    open_page(page, site_url + "?speed=instant")
    page.click("#daily-start")
    day = daily_day(page)
    page.wait_for_selector(f'html[data-daily="{day}"] #hand [data-card]')
    # Said from the start: this attempt counts, without Hint or Undo; neither is offered.
    expect(page.locator("#daily-notice")).to_contain_text("this attempt counts, so Hint and Undo are off")
    expect(page.locator('[data-daily-attempt="counted"]')).to_have_text(f"Daily deal {day} · counted")
    expect(page.locator("#hint")).to_be_hidden()
    play_one_move(page)
    expect(page.locator("#hint")).to_be_hidden()
    expect(page.locator("#undo")).to_be_hidden()
    moves = len(saved_game(page).history)
    assert json.loads(page.evaluate("localStorage.getItem('pasur.daily')"))["days"] == {day: {}}
    # The daily link opened again in the middle of the deal takes the counted attempt up as it was.
    open_page(page, site_url + "?daily&speed=instant")
    expect(page.locator('[data-daily-attempt="counted"]')).to_be_visible()
    expect(page.locator("#resume-choice")).to_have_count(0)
    assert len(saved_game(page).history) == moves and phase(page) == "play"
    assert json.loads(page.evaluate("localStorage.getItem('pasur.match')"))["practice"] is False
    # Started again after leaving it: practice, said from its first move, with Hint and Undo.
    page.click("#new-game")
    expect(page.locator("#daily-warning")).to_contain_text("This is your counted attempt at the daily deal")
    page.click("#leave-confirm")
    page.click("#daily-start")
    page.wait_for_selector(f'html[data-daily="{day}"] #hand [data-card]')
    expect(page.locator('[data-daily-attempt="practice"]')).to_have_text(f"Daily deal {day} · practice")
    expect(page.locator("#daily-notice")).to_contain_text("practice, not counted")
    expect(page.locator("#hint")).to_be_visible()
    assert len(saved_game(page).history) == 0
    assert json.loads(page.evaluate("localStorage.getItem('pasur.match')"))["practice"] is True


def test_the_daily_link_over_another_game_names_the_daily_deal(page: Page, guard: object, site_url: str) -> None:
    open_page(page, site_url + "?seed=3&players=2&speed=instant&ai=medium")
    play_one_move(page)
    open_page(page, site_url + "?daily&speed=instant")
    expect(page.locator("#resume-choice")).to_contain_text("The link you opened starts the daily deal of ")
    said = page.inner_text("#resume-choice")
    expect(page.locator("#start-linked")).to_have_text("Start the daily deal")
    page.click("#start-linked")
    expect(page.locator('[data-daily-attempt="counted"]')).to_be_visible()
    assert f"the daily deal of {daily_day(page)}: your first attempt, which counts." in said


def test_pass_and_play_reviews_each_human_seat(page: Page, guard: object, site_url: str) -> None:
    open_page(page, site_url + "?speed=instant")
    page.select_option("#kind-1", "human")
    page.fill("#name-0", "Ana")
    page.fill("#name-1", "Bo")
    page.select_option("#setup-fixed", "1")
    page.click("#start")
    play_to_end(page)
    game = saved_game(page)
    page.click("#review-open")
    page.wait_for_selector(REVIEW_DONE, timeout=90_000)
    page.click("#review-all")
    for seat, name in ((0, "Ana"), (1, "Bo")):
        page.click(f'[data-review-seat="{seat}"]')
        assert page.get_attribute(f'[data-review-seat="{seat}"]', "aria-pressed") == "true"
        assert name in page.inner_text(f'[data-review-seat="{seat}"]')
        page.wait_for_selector(REVIEW_DONE, timeout=90_000)
        played = page.locator("[data-review-move]").evaluate_all("nodes => nodes.map(n => n.dataset.played)")
        assert played == [str(r.move) for r in game.history if r.seat == seat]
