"""The move review (screens/review.py, its actions in model/panels.py) and the daily deal (model/daily.py,
its result on the score sheet, ?daily): the review panel's words and hooks, the deal that can be
reviewed, the review and the daily date in the match's save, the daily results kept on this device."""

from __future__ import annotations

import json
from dataclasses import replace

from pasur import Move, Rules
from pasur.review import DealReview, MoveReview
from pasur_web.i18n import LANGUAGES, load_catalog
from pasur_web.model import actions as act
from pasur_web.model import effects as fx
from pasur_web.model.match import Match
from pasur_web.model.params import parse_params
from pasur_web.model.savegame import match_from_json, match_to_json
from pasur_web.model.seats import Seat
from pasur_web.model.state import Review, State
from pasur_web.model.update import initial_state, update
from pasur_web.screens.html import attrs_of, find, find_all, text_of
from pasur_web.screens.review import review, verdict_line
from pasur_web.screens.words import move_words


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
