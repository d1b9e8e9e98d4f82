"""The review's replay of the whole deal (model/replay.py, screens/replay.py), the chart's marks of the
other players' mistakes, and Try again from any position, as often as the player likes; at a table
between friends, a page sees only what its seat saw."""

from __future__ import annotations

import functools
from dataclasses import replace

from test_page_online import phase_is, play_on, seated
from test_page_review import board, finished_deal

from helpers import found, game_of, match_of, review_of
from pasur import new_game
from pasur.review import DealReview, MoveReview
from pasur_web.model import actions as act
from pasur_web.model import effects as fx
from pasur_web.model.match import Match, Phase
from pasur_web.model.replay import others_worse, replay_of
from pasur_web.model.review_panel import replay_key, swipe
from pasur_web.model.state import Review, State
from pasur_web.model.update import update
from pasur_web.screens.html import Node, attrs_of, find, find_all, text_of
from pasur_web.screens.review import review


@functools.cache
def every_seat_reviewed() -> tuple[Match, tuple[MoveReview, ...], tuple[MoveReview, ...]]:
    match = finished_deal()
    mine, theirs = (tuple(DealReview(game_of(match), seat, 0, worlds=3).run()) for seat in (0, 1))
    return match.with_review("0:0", mine).with_review("0:1", theirs), mine, theirs


def replaying(lang: str = "en") -> State:
    match, _, _ = every_seat_reviewed()
    return replace(board(match, lang), review=Review(0))


def drawn(state: State) -> Node:
    shown = review(state)
    assert shown is not None
    return shown[0]


def cards_in(node: Node) -> list[str]:
    return sorted(attrs_of(card)["data-card"] for card in find_all(node, data_card="*"))


def test_every_move_of_the_deal_with_the_table_and_every_hand_before_it() -> None:
    state = replaying()
    match, mine, theirs = every_seat_reviewed()
    steps = replay_of(state)
    assert steps is not None and len(steps) == 48 == len(game_of(match).history)
    game = new_game(2, game_of(match).rules, game_of(match).seed)
    for step, record in zip(steps, game_of(match).history, strict=True):
        assert step.record == record and step.table == tuple(game.table) and step.hand == tuple(game.hands[0])
        assert step.hands == (tuple(game.hands[0]), tuple(game.hands[1]))  # a local game, the deal over
        judged = mine if record.seat == 0 else theirs
        assert step.entry is judged[sum(1 for other in steps[:steps.index(step)] if other.record.seat == record.seat)]
        game.play(record.move)
    assert [step.own for step in steps if step.own is not None] == list(range(24))


def test_the_replay_moves_by_buttons_keys_and_swipes_and_shows_each_position() -> None:
    state = replaying()
    state, effects = update(state, act.ReviewStep("first"))
    assert review_of(state).step == 0 and effects == [fx.Focus("#review-next")]
    steps = replay_of(state)
    assert steps is not None
    panel = drawn(state)
    assert attrs_of(panel)["id"] == "review-position" and attrs_of(panel)["data-step"] == "0"
    assert "disabled" in attrs_of(found(find(panel, id="review-prev")))  # nothing before the first move
    rows = find_all(panel, role="group", aria_label="*")[1:]  # (the first: the buttons)
    first = steps[0]
    assert [cards_in(row) for row in rows] == [sorted(map(str, first.table)), sorted(map(str, first.hand)),
                                                sorted(map(str, (first.hands or ((), ()))[1]))]
    assert text_of(found(find(panel, id="review-title"))).startswith("Move 1 of 48, round 1: ")
    for key, to in (("ArrowRight", 1), ("ArrowRight", 2), ("ArrowLeft", 1), ("End", 47), ("Home", 0)):
        action = replay_key(state, key)
        assert action is not None
        state, _ = update(state, action)
        assert review_of(state).step == to, key
    assert update(state, act.ReviewStep("prev"))[0] == state  # no move before the first
    assert replay_key(state, "Enter") is None and swipe(state, -20, 0) is None and swipe(state, -60, -80) is None
    left = swipe(state, -90, 10)  # a finger to the left: the next move, as a page is turned
    assert left == act.ReviewStep("next") and swipe(state, 90, 10) == act.ReviewStep("prev")
    persian = replace(state, lang="fa")  # right to left: the other way round
    assert replay_key(persian, "ArrowLeft") == act.ReviewStep("next") and swipe(persian, -90, 0) == act.ReviewStep(
        "prev")
    # Each position: the move played, and where it was judged the best move, marked on the cards.
    for at, step in enumerate(steps):
        state = replace(state, review=replace(review_of(state), step=at))
        panel = drawn(state)
        assert attrs_of(panel)["data-move"] == str(step.record.move)
        played = find_all(panel, data_played="1")
        assert {attrs_of(card)["data-card"] for card in played} == {str(card) for card in (
            step.record.move.card, *step.record.move.captured)}
        assert step.entry is not None and attrs_of(panel)["data-best"] == str(step.entry.best)
        verdict = find(panel, **{"class": "muted review-verdict"})  # the grade, the loss and why, when there is a why
        says_why = step.entry.better is not None or step.entry.reason == ("only_move", {})
        assert (verdict is not None) == says_why, at
        if step.entry.better is not None:
            assert {attrs_of(card)["data-card"] for card in find_all(panel, data_best="1")} == {
                str(card) for card in (step.entry.best.card, *step.entry.best.captured)}


def test_try_again_from_any_position_as_often_as_the_player_likes() -> None:
    state, _ = update(replaying(), act.ReviewStep("first"))
    steps = replay_of(state)
    assert steps is not None
    theirs = next(at for at, step in enumerate(steps) if step.own is None)
    state = replace(state, review=replace(review_of(state), step=theirs))
    button = found(find(drawn(state), id="review-try-here"))
    own = next(step.own for step in steps[theirs:] if step.own is not None)
    assert attrs_of(button)["data-index"] == str(own) and text_of(button) == "Try your next move again"
    _, mine, _ = every_seat_reviewed()
    entry = mine[own]
    for attempt, option in enumerate(entry.options[:3]):  # three tries in a row, each graded
        state, _ = update(state, act.TryAgain(own))
        assert review_of(state).tried is None and find(drawn(state), id="review-try-result") is None
        state, _ = update(state, act.TryMove(str(option.move.card)))
        if review_of(state).choosing is not None:
            state, _ = update(state, act.TryMove("", ",".join(map(str, option.move.sorted_captured()))))
        result = found(find(drawn(state), id="review-try-result"))
        assert attrs_of(result)["data-tried"] == str(option.move), attempt
        assert attrs_of(result)["data-grade"] == entry.grade_of(option.move)
        again = found(find(drawn(state), id="review-try-again"))
        assert text_of(again) == "Try another move" and attrs_of(again)["data-index"] == str(own)
    state, _ = update(state, act.Press.ESCAPE)  # back to the replay, at the move it was tried from
    assert review_of(state).step == theirs and not review_of(state).trying


def test_the_chart_marks_the_other_players_mistakes() -> None:
    state = replaying()
    steps = replay_of(state)
    assert steps is not None
    worse = others_worse(steps)
    _, _, theirs = every_seat_reviewed()
    assert len(worse) == sum(entry.better is not None for entry in theirs) > 0
    marks = find_all(found(find(drawn(state), id="review-chart")), data_chart_other="*")
    assert [float(attrs_of(mark)["data-chart-other"]) for mark in marks] == [at for at, _ in worse]
    for at, step in worse:  # each between the reviewed seat's moves it fell between
        assert sum(1 for other in steps[:steps.index(step)] if other.own is not None) + 0.5 == at
    label = attrs_of(found(find(drawn(state), id="review-chart")))["aria-label"]
    assert "Mistakes of the other players, after your moves " in label


def test_a_friend_replays_only_what_its_seat_saw() -> None:
    net = seated()
    play_on(net, phase_is(Phase.DEAL_END))
    host = match_of(net.host)
    net.act_friend("mina", act.OpenReview())
    answers = net.effects["host"]
    assert fx.ComputeReview(host, 0, 1) in answers and fx.ComputeReview(host, 0, 0) not in answers
    entries = tuple(DealReview(game_of(host), 1, 0, worlds=3).run())
    effects = net.act_host(act.Reviewed(host.id, "0:1", entries, True))
    assert not any(isinstance(effect, fx.ComputeReview) for effect in effects)  # no other seat's, at a table
    friend, _ = update(net.friends["mina"], act.ReviewStep("first"))
    steps = replay_of(friend)
    assert steps is not None and len(steps) == 48
    game = new_game(2, game_of(host).rules, game_of(host).seed)
    for at, step in enumerate(steps):  # the table and the friend's own hand, as its seat saw them
        assert step.table == tuple(sorted(game.table)) and step.hand == tuple(game.hands[1]), at
        assert step.hands is None and (step.entry is None) == (step.record.seat == 0)
        friend = replace(friend, review=replace(review_of(friend), step=at))
        panel = drawn(friend)
        shown = set(cards_in(panel))
        assert shown <= {str(card) for card in (*game.table, *game.hands[1], step.record.move.card)}, at
        assert (step.record.seat == 0) == ("data-best" not in attrs_of(panel)), at
        game.play(step.record.move)
