"""coach.py: the review panel's words and hooks, the deal that can be reviewed, the daily results kept
on this device; and the review and the daily date in the match's save (session.py), ?daily (params.py)."""

from __future__ import annotations

import datetime
import json

import pytest

from pasur import Move, Rules
from pasur.daily import DAILY_RULES, OPPONENT, daily_seed
from pasur.review import DealReview, MoveReview
from pasur_web.coach import (
    DailyBook,
    comparison,
    move_words,
    position_shown,
    review_deal,
    review_key,
    review_shown,
    share_text,
)
from pasur_web.i18n import LANGUAGES, load_catalog
from pasur_web.params import parse_params
from pasur_web.session import Match, Seat

DAY = "2026-12-01"


def play_until(match: Match, phase: str) -> None:
    while match.phase != phase:
        if match.is_ai_turn():
            match.play(match.ai_move())
        else:
            match.play(match.game.legal_moves()[0])


def finished_deal() -> Match:
    match = Match.start(2, Rules(), [Seat("Ana", "human"), Seat("Bo", "greedy")], seed=4)
    play_until(match, "deal-end")
    return match


def test_only_a_finished_deal_can_be_reviewed() -> None:
    match = Match.start(2, Rules(), [Seat("Ana", "human"), Seat("Bo", "greedy")], seed=4)
    assert review_deal(match) is None  # in play: never during a deal
    play_until(match, "deal-end")
    assert review_deal(match) == 0
    match.next_deal()
    assert review_deal(match) is None
    one = Match.start(2, Rules(fixed_deals=1), [Seat("Ana", "human"), Seat("Bo", "greedy")], seed=4)
    play_until(one, "match-end")
    assert review_deal(one) == 0


def test_review_lines_carry_the_hooks_in_every_language() -> None:
    match = finished_deal()
    review = DealReview(match.game, 0, 0, worlds=3)
    entries = review.run()
    for lang in LANGUAGES:
        cat = load_catalog(lang)
        shown = review_shown(match, 0, 0, entries, len(review.positions), cat)
        assert shown.done and not shown.progress and shown.summary and not shown.seats
        assert [line.played for line in shown.lines] == [str(entry.played) for entry in entries]
        for line, entry in zip(shown.lines, entries, strict=True):
            assert Move.parse(line.best) == entry.best and float(line.loss) >= 0
            assert (line.loss == "0") == (entry.best == entry.played)
            assert "{" not in line.title + line.detail  # every placeholder filled
    partial = review_shown(match, 0, 0, entries[:5], 24, load_catalog("en"))
    assert not partial.done and partial.progress == "Reviewing your moves… 5 of 24" and len(partial.lines) == 5


def test_review_words() -> None:
    cat = load_catalog("en")
    assert move_words(Move.parse("7C:4C,4D"), cat) == "7♣ takes 4♣ 4♦"
    assert move_words(Move.parse("KS"), cat) == "K♠ laid"
    entry = MoveReview(3, 1, tuple(Move.parse("5S").card for _ in range(1)), (), Move.parse("5S"),
                       Move.parse("5S"), 0.0, 0.0, "good", False, None, True)
    shown = position_shown(entry, cat)
    assert shown.heading == "Move 3, round 1" and shown.best_text == "This was the best move."
    worse = MoveReview(2, 1, (), (), Move.parse("KC"), Move.parse("5S:6H"), 7.25, 0.5, "blunder", False,
                       ("fewer_points", {"points": "1", "best": "5♠"}), False)
    line = review_shown(finished_deal(), 0, 0, [worse], 1, cat).lines[0]
    assert line.title == "2. K♣ laid" and line.loss == "7.25"
    assert line.detail == "Blunder · better: 5♠ takes 6♥ · 7.2 points lost (± 0.5) · takes 1 point fewer than 5♠ now"
    solved = MoveReview(21, 6, (), (), Move.parse("KC"), Move.parse("5S:6H"), 6.0, 0.0, "blunder", False, None, True)
    assert position_shown(solved, cat).detail == "Blunder · 6.0 points lost"  # exact: no error; the better
    assert position_shown(solved, cat).best_text == "Better move: 5♠ takes 6♥"  # move has a line of its own


def test_pass_and_play_reviews_each_human_seat() -> None:
    match = Match.start(2, Rules(), [Seat("Ana", "human"), Seat("Bo", "human")], seed=4)
    while match.phase != "deal-end":
        if match.handoff is not None:
            match.reveal()
        match.play(match.game.legal_moves()[0])
    shown = review_shown(match, 0, 1, [], 24, load_catalog("en"))
    assert shown.seats == ((0, "Ana", False), (1, "Bo", True))


def test_the_review_is_kept_in_the_save() -> None:
    match = finished_deal()
    entries = DealReview(match.game, 0, 0, worlds=2).run()
    match.reviews[review_key(0, 0)] = entries
    again = Match.from_json(match.to_json())
    assert again.reviews == {"0:0": entries} and not again.edited
    data = json.loads(match.to_json())
    data["reviews"]["0:0"][0]["verdict"] = "brilliant"  # an entry that cannot be read: computed again
    assert Match.from_json(json.dumps(data)).reviews == {}
    plain = Match.start(2, Rules(), [Seat("Ana", "human"), Seat("Bo", "greedy")], seed=4)
    assert "reviews" not in json.loads(plain.to_json())  # saves without a review are unchanged


def test_a_daily_match_saves_its_date_and_its_opponent() -> None:
    match = Match.start(2, DAILY_RULES, [Seat("You", "human"), Seat("Sara", OPPONENT)],
                        seed=daily_seed(datetime.date(2026, 12, 1)))
    match.daily, match.practice = DAY, True
    again = Match.from_json(match.to_json())
    assert (again.daily, again.practice, again.seats[1].kind) == (DAY, True, OPPONENT)
    again.play(again.game.legal_moves()[0])
    assert again.undo_point() == 0  # practice: Undo as in any game against the computer
    again.practice = False
    assert again.undo_point() is None  # the counted attempt: no Undo
    data = json.loads(match.to_json())
    data["daily"] = "2026-02-30"
    with pytest.raises(ValueError, match="daily date"):
        Match.from_json(json.dumps(data))
    data["daily"], data["seats"][1][1] = DAY, "hard:0"
    with pytest.raises(ValueError, match="seat 1"):
        Match.from_json(json.dumps(data))


def test_daily_parameter() -> None:
    assert parse_params(f"?daily={DAY}").daily == DAY and parse_params(f"?daily={DAY}").start_now
    assert parse_params("?daily").daily == "" and parse_params("?daily=").start_now
    bad = parse_params("?daily=tomorrow")  # not a date: today's deal, with a notice
    assert bad.daily == "" and bad.start_now and bad.notices[0].reason == "reason_daily"
    assert bad.notices[0].default == "today"


def test_daily_book_counts_one_attempt_a_day_and_the_streak() -> None:
    book = DailyBook()
    assert book.begin("2026-11-29") is False and book.begin("2026-11-29") is True  # the second is practice
    book.finish("2026-11-29", 12, None)
    book.computer["2026-11-29"] = 10
    for day, mine in (("2026-11-30", 8), (DAY, 14)):
        assert book.begin(day) is False
        book.finish(day, mine, 11)
    assert book.results() == [(DAY, 14, 11), ("2026-11-30", 8, 11), ("2026-11-29", 12, 10)]
    assert book.streak(datetime.date(2026, 12, 1)) == 3 and book.streak(datetime.date(2026, 12, 2)) == 3
    assert book.streak(datetime.date(2026, 12, 3)) == 0
    book.begin("2026-12-02")  # started, not finished: not played yet
    assert book.streak(datetime.date(2026, 12, 2)) == 3
    again = DailyBook.from_json(book.to_json())
    assert again == book
    assert DailyBook.from_json('{"days": {"x": {}, "2026-12-01": {"player": "9"}}, "computer": [1]}') == DailyBook(
        days={DAY: {}})
    assert DailyBook.from_json("{") == DailyBook()


def test_comparison_and_share_texts() -> None:
    cat = load_catalog("en")
    assert comparison(cat, 14, 11) == "You made 14, the computer made 11 with your cards: +3"
    assert share_text(cat, DAY, 14, 11, False) == "Pasur daily deal 2026-12-01: 14 points, +3 against the computer"
    assert share_text(cat, DAY, 9, 11, True).endswith("-2 against the computer (practice)")
    fa = load_catalog("fa", native_digits=True)
    assert "۱۴" in comparison(fa, 14, 11)
