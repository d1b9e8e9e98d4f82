"""The move review (screens/review.py, its actions in model/panels.py) and the daily deal (model/daily.py,
its result on the score sheet, ?daily): the review panel's words and hooks, the deal that can be
reviewed, the review and the daily date in the match's save, the daily results kept on this device."""

from __future__ import annotations

import datetime
import json
from dataclasses import replace

import pytest

from pasur import Move, Rules
from pasur.daily import OPPONENT, daily_game
from pasur.review import DealReview, MoveReview
from pasur_web.i18n import LANGUAGES, load_catalog
from pasur_web.model import actions as act
from pasur_web.model import effects as fx
from pasur_web.model.daily import DailyBook
from pasur_web.model.match import Match
from pasur_web.model.params import parse_params
from pasur_web.model.savegame import match_from_json, match_to_json
from pasur_web.model.seats import Seat
from pasur_web.model.state import Review, State
from pasur_web.model.update import initial_state, update
from pasur_web.screens.html import attrs_of, find, find_all, text_of
from pasur_web.screens.review import review, verdict_line
from pasur_web.screens.sheet import sheet
from pasur_web.screens.words import move_words

DAY = "2026-12-01"


def play_until(match: Match, phase: str) -> Match:
    while match.phase != phase:
        if match.handoff is not None:
            match = match.reveal()
        elif match.is_ai_turn():
            seat = match.game.turn
            assert seat is not None
            match = match.play(match.player(seat).choose(match.game.view(seat)))
        else:
            match = match.play(match.game.legal_moves()[0])
    return match


def finished_deal() -> Match:
    return play_until(Match.start(2, Rules(), (Seat("Ana", "human"), Seat("Bo", "greedy")), seed=4), "deal-end")


def board(match: Match, lang: str = "en") -> State:
    return replace(initial_state(parse_params(f"?lang={lang}"), {}, [lang]), view="game", match=match)


def test_only_a_finished_deal_can_be_reviewed() -> None:
    match = Match.start(2, Rules(), (Seat("Ana", "human"), Seat("Bo", "greedy")), seed=4)
    assert match.reviewable_deal() is None  # in play: never during a deal
    assert update(board(match), act.OpenReview()) == (board(match), [])
    match = play_until(match, "deal-end")
    assert match.reviewable_deal() == 0
    assert match.next_deal().reviewable_deal() is None
    one = play_until(Match.start(2, Rules(fixed_deals=1), (Seat("Ana", "human"), Seat("Bo", "greedy")), seed=4),
                     "match-end")
    assert one.reviewable_deal() == 0


def test_opening_the_review_computes_it_in_the_background_and_keeps_it() -> None:
    match = finished_deal()
    state, effects = update(board(match), act.OpenReview())
    assert state.review == Review(0) and effects == [fx.ComputeReview(match, 0, 0), fx.Focus("#review-title")]
    entries = tuple(DealReview(match.game, 0, 0, worlds=2).run())
    state, _ = update(state, act.Reviewed(match.id, "0:0", entries[:3], False))
    shown = review(state)
    assert shown is not None and not shown[1] and len(find_all(shown[0], data_review_move="*")) == 3
    state, effects = update(state, act.Reviewed(match.id, "0:0", entries, True))
    assert state.match.reviews == {"0:0": entries} and effects == [fx.SaveMatch(state.match)]
    shown = review(state)
    assert shown is not None and shown[1] and len(find_all(shown[0], data_review_move="*")) == len(entries)
    state, effects = update(state, act.ReviewMove(2))
    assert state.review == Review(0, 2) and effects == [fx.Focus("#review-back")]
    shown = review(state)
    assert shown is not None and attrs_of(shown[0])["id"] == "review-position"
    state, effects = update(state, act.Press.ESCAPE)
    assert state.review == Review(0) and effects == [fx.Focus('[data-review-move][data-index="2"]')]
    state, _ = update(state, act.Press.ESCAPE)
    assert state.review is None
    _, effects = update(state, act.OpenReview())
    assert effects == [fx.Focus("#review-title")]  # kept: not computed again


def test_review_lines_carry_the_hooks_in_every_language() -> None:
    match = finished_deal()
    entries = tuple(DealReview(match.game, 0, 0, worlds=3).run())
    for lang in LANGUAGES:
        shown = review(replace(board(match.with_review("0:0", entries), lang), review=Review(0)))
        assert shown is not None and shown[1]
        lines = find_all(shown[0], data_review_move="*")
        assert [attrs_of(line)["data-played"] for line in lines] == [str(entry.played) for entry in entries]
        for line, entry in zip(lines, entries, strict=True):
            hooks = attrs_of(line)
            assert Move.parse(hooks["data-best"]) == entry.best and float(hooks["data-loss"]) >= 0
            assert (hooks["data-loss"] == "0") == (entry.best == entry.played)
            assert "{" not in text_of(line)  # every placeholder filled
        assert find(shown[0], class_="review-summary") is not None and not find_all(shown[0], class_="review-seats")
    running = replace(board(match), review=Review(0), running={f"{match.id}/0:0": entries[:5]})
    shown = review(running)
    assert shown is not None and not shown[1]
    assert text_of(find(shown[0], id="review-progress")) == f"Reviewing your moves… 5 of {len(entries)}"


def test_review_words() -> None:
    cat = load_catalog("en")
    assert move_words(Move.parse("7C:4C,4D"), cat) == "7♣ takes 4♣ 4♦"
    assert move_words(Move.parse("KS"), cat) == "K♠ laid"
    worse = MoveReview(2, 1, (), (), Move.parse("KC"), Move.parse("5S:6H"), 7.25, 0.5, "blunder", False,
                       ("fewer_points", {"points": "1", "best": "5♠"}), False)
    assert verdict_line(worse, cat, with_best=True) == (
        "Blunder · better: 5♠ takes 6♥ · 7.2 points lost (± 0.5) · takes 1 point fewer than 5♠ now")
    assert verdict_line(worse, load_catalog("fr"), with_best=False).count("7,2") == 1  # a decimal comma
    solved = MoveReview(21, 6, (), (), Move.parse("KC"), Move.parse("5S:6H"), 6.0, 0.0, "blunder", False, None, True)
    assert verdict_line(solved, cat, with_best=False) == "Blunder · 6.0 points lost"  # exact: no error


def test_pass_and_play_reviews_each_human_seat() -> None:
    match = play_until(Match.start(2, Rules(), (Seat("Ana", "human"), Seat("Bo", "human")), seed=4), "deal-end")
    shown = review(replace(board(match), review=Review(1)))
    assert shown is not None
    seats = find_all(shown[0], data_review_seat="*")
    assert [(text_of(seat), attrs_of(seat)["aria-pressed"]) for seat in seats] == [
        ("Moves of Ana", "false"), ("Moves of Bo", "true")]


def test_the_review_is_kept_in_the_save() -> None:
    match = finished_deal()
    entries = tuple(DealReview(match.game, 0, 0, worlds=2).run())
    reviewed = match.with_review("0:0", entries)
    again = match_from_json(match_to_json(reviewed))
    assert again.reviews == {"0:0": entries} and not again.edited
    data = json.loads(match_to_json(reviewed))
    data["reviews"]["0:0"][0]["verdict"] = "brilliant"  # an entry that cannot be read: computed again
    assert match_from_json(json.dumps(data)).reviews == {}
    assert "reviews" not in json.loads(match_to_json(match))  # saves without a review are unchanged


def test_a_daily_match_saves_its_date_and_its_opponent() -> None:
    match = Match.of(daily_game(datetime.date(2026, 12, 1)), (Seat("You", "human"), Seat("Sara", OPPONENT)),
                     daily=DAY, practice=True)
    again = match_from_json(match_to_json(match))
    assert (again.daily, again.practice, again.seats[1].kind) == (DAY, True, OPPONENT)
    again = again.play(again.game.legal_moves()[0])
    assert again.undo_point() == 0  # practice: Undo as in any game against the computer
    assert replace(again, practice=False).undo_point() is None  # the counted attempt: no Undo
    data = json.loads(match_to_json(match))
    data["daily"] = "2026-02-30"
    with pytest.raises(ValueError, match="daily date"):
        match_from_json(json.dumps(data))
    data["daily"], data["seats"][1][1] = DAY, "hard:0"
    with pytest.raises(ValueError, match="seat 1"):
        match_from_json(json.dumps(data))


def test_daily_parameter() -> None:
    assert parse_params(f"?daily={DAY}").daily == DAY and parse_params(f"?daily={DAY}").start_now
    assert parse_params("?daily").daily == "" and parse_params("?daily=").start_now
    bad = parse_params("?daily=tomorrow")  # not a date: today's deal, with a notice
    assert bad.daily == "" and bad.start_now and bad.notices[0].reason == "reason_daily"
    assert bad.notices[0].default == "today"


def test_daily_book_counts_one_attempt_a_day_and_the_streak() -> None:
    today = datetime.date(2026, 11, 29)
    book, practice = DailyBook().begin("2026-11-29", today)
    assert not practice and book.begin("2026-11-29", today)[1]  # the second attempt is practice
    book = book.finish("2026-11-29", 12, None).with_computer("2026-11-29", 10)
    for day, mine in (("2026-11-30", 8), (DAY, 14)):
        book, practice = book.begin(day, datetime.date.fromisoformat(day))
        assert not practice
        book = book.finish(day, mine, 11)
    assert book.results() == [(DAY, 14, 11), ("2026-11-30", 8, 11), ("2026-11-29", 12, 10)]
    assert book.streak(datetime.date(2026, 12, 1)) == 3 and book.streak(datetime.date(2026, 12, 2)) == 3
    assert book.streak(datetime.date(2026, 12, 3)) == 0
    book, _ = book.begin("2026-12-02", datetime.date(2026, 12, 2))  # started, not finished: not played yet
    assert book.streak(datetime.date(2026, 12, 2)) == 3
    assert DailyBook.from_json(book.to_json()) == book
    assert DailyBook.from_json('{"days": {"x": {}, "2026-12-01": {"player": "9"}}, "computer": [1]}') == DailyBook(
        days={DAY: {}})
    with pytest.raises(ValueError):
        DailyBook.from_json("{")  # not readable at all: set aside by the page, which says so


def test_only_todays_or_yesterdays_deal_can_be_counted() -> None:
    today = datetime.date(2026, 12, 2)
    for day in ("0001-01-01", "2026-11-30", "2026-12-03", "9999-12-31"):
        assert DailyBook().begin(day, today) == (DailyBook(), True), day  # practice, and nothing kept
    for day in ("2026-12-01", "2026-12-02"):
        book, practice = DailyBook().begin(day, today)
        assert not practice and book.counting(day)


def test_the_daily_result_and_its_share_text() -> None:
    match = play_until(Match.of(daily_game(datetime.date(2026, 12, 1)), (Seat("You", "human"), Seat("Sara", "greedy")),
                                daily=DAY), "match-end")
    from pasur.daily import deal_points

    mine = deal_points(match.game)
    state = replace(board(match), daily=DailyBook({DAY: {"player": mine, "computer": 11}}, {DAY: 11}))
    shown = sheet(state)
    assert shown is not None
    assert text_of(find(shown[0], id="daily-compare")) == (
        f"You made {mine}, the computer made 11 with your cards: {mine - 11:+d}")
    _, effects = update(state, act.Press.SHARE)
    assert effects == [fx.Copy(f"Pasur daily deal {DAY}: {mine} points, {mine - 11:+d} against the computer")]
    _, effects = update(replace(state, match=replace(match, practice=True)), act.Press.SHARE)
    assert effects == [fx.Copy(f"Pasur daily deal {DAY}: {mine} points, {mine - 11:+d} against the computer"
                               " (practice)")]
    persian = sheet(replace(state, lang="fa"))
    assert persian is not None and "۱۱" in text_of(find(persian[0], id="daily-compare"))
