"""model/match.py and model/savegame.py: one match as the page plays it, a value, and its save."""

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from helpers import game_of
from pasur import IllegalMoveError, Rules
from pasur.events import DealStarted, MoveRecord
from pasur_web.model.match import Match, Phase
from pasur_web.model.savegame import match_from_json, match_to_json
from pasur_web.model.seats import Seat, clean_name


def ai_move(match: Match) -> str:
    seat = game_of(match).turn
    assert seat is not None
    return str(match.player(seat).choose(game_of(match).view(seat)))


def test_clean_name() -> None:
    assert clean_name("  Mina\n\t ", "x") == "Mina"
    assert clean_name("", "Sara") == "Sara"
    assert clean_name("A" * 50, "x") == "A" * 24
    assert clean_name(None, "Sara") == "Sara"


def test_match_flow_with_deal_sheets_and_handoff() -> None:
    seats = (Seat("Ana", "human"), Seat("Bo", "human"), Seat("Cy", "greedy"))
    match = Match.start(3, Rules(target=11), seats, seed=2)
    # The first player, too, takes the device before their hand is shown.
    assert match.phase == Phase.PLAY and match.viewer == 0 and match.handoff == 0
    match = match.reveal()
    sheets = 0
    for _ in range(5000):
        if match.phase == Phase.MATCH_END:
            break
        if match.phase == Phase.DEAL_END:
            sheets += 1
            with pytest.raises(IllegalMoveError):
                match.play(game_of(match).legal_moves()[0])
            match = match.next_deal()
            continue
        if match.handoff is not None:
            assert match.handoff == game_of(match).turn and match.handoff != match.viewer
            with pytest.raises(IllegalMoveError):
                match.play(game_of(match).legal_moves()[0])
            match = match.reveal()
            continue
        if match.is_ai_turn():
            match = match.play(ai_move(match))
        else:
            assert match.is_viewer_turn()
            before = match.moves
            played = match.play(match.ordered_options(str(game_of(match).legal_moves()[0].card))[0])
            assert match.moves == before and played.moves == before + 1  # a value: the old match is unchanged
            match = played
    assert match.phase == Phase.MATCH_END
    assert sheets == len(game_of(match).deal_results) - 1
    events = game_of(match).events
    assert sum(isinstance(event, DealStarted) for event in events) == len(game_of(match).deal_results)
    assert sum(isinstance(event, MoveRecord) for event in events) == len(game_of(match).history)
    assert json.loads(match_to_json(match))["seats"][1] == ["Bo", "human"]


def test_options_are_offered_most_valuable_first() -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from helpers import stacked_deck
    from pasur import new_game

    game = new_game(2, seed=1, deck=stacked_deck(["AH KC 8H 2D", "3D 5D 6D 9D"], "10C 10D 4S 7S"))
    match = Match.of(game, (Seat("Ana", "human"), Seat("Bo", "greedy")))
    # AH takes 10C (0 points + 1 for the ace) or 10D (3 + 1) or both (4): 10C,10D first, then 10D, then 10C.
    assert [str(m) for m in match.ordered_options("AH")] == ["AH:10C,10D", "AH:10D", "AH:10C"]


def test_saved_match_round_trips_with_its_log() -> None:
    seats = (Seat("Ana", "human"), Seat("Bo", "human"), Seat("Cy", "medium"))
    match = Match.start(3, Rules(target=11), seats, seed=2)
    for _ in range(60):
        if match.phase != Phase.PLAY:
            match = match.next_deal()
        elif match.handoff is not None:
            match = match.reveal()
        else:
            match = match.play(game_of(match).legal_moves()[0])
        restored = match_from_json(match_to_json(match))
        assert match_to_json(restored) == match_to_json(match)
        assert game_of(restored).events == game_of(match).events and replace(restored, game=game_of(match)) == match


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(viewer=2), "not a player's"),
        (lambda d: d.update(viewer="0"), "not a player's"),
        (lambda d: d.update(seats=[["A", "human"]]), "number of seats"),
        (lambda d: d["seats"].__setitem__(1, ["B", "godlike"]), "seat 1"),
        (lambda d: d.update(pending_sheet=5), "score sheet"),
        (lambda d: d.update(handoff=2), "wrong seat"),
        (lambda d: d.update(extra=1), "expected fields"),
        (lambda d: d.update(game="{}"), "saved game"),
    ],
)
def test_bad_saved_match_is_refused(change: Callable[[dict[str, Any]], object], message: str) -> None:
    match = Match.start(3, Rules(), (Seat("Ana", "human"), Seat("Bo", "greedy"), Seat("Cy", "greedy")), seed=2)
    data = json.loads(match_to_json(match))
    change(data)
    with pytest.raises(ValueError, match=message):
        match_from_json(json.dumps(data))
    with pytest.raises(ValueError, match="not JSON"):
        match_from_json("{")


def test_saved_match_keeps_its_id_and_rejects_a_bad_one() -> None:
    match = Match.start(2, Rules(), (Seat("Me", "human"), Seat("Bot", "easy")), seed=2)
    again = match_from_json(match_to_json(match))
    assert again.id == match.id and len(match.id) == 10
    data = json.loads(match_to_json(match))
    data["id"] = "<script>"
    with pytest.raises(ValueError, match="id"):
        match_from_json(json.dumps(data))
    data["id"], data["counted"] = "abc", "yes"
    with pytest.raises(ValueError, match="statistics"):
        match_from_json(json.dumps(data))
    del data["id"], data["counted"]  # a save from before ids existed still loads
    assert game_of(match_from_json(json.dumps(data))).seed == 2


def test_a_computer_hand_on_screen_is_never_playable_by_clicks() -> None:
    match = Match.start(2, Rules(), (Seat("A", "medium"), Seat("B", "medium")), seed=3)
    assert match.viewer == 0 and not match.is_viewer_turn()


def play_computers(match: Match) -> Match:
    """The computer seats play until it is a human's turn (or the deal is over)."""
    while match.is_ai_turn():
        match = match.play(ai_move(match))
    return match


def test_undo_takes_back_the_human_move_and_the_computer_answers() -> None:
    seats = (Seat("You", "human"), Seat("Sara", "medium"), Seat("Leyla", "easy"))
    match = Match.start(3, Rules(), seats, seed=9)
    assert match.undo_point() is None and match.undo() is None  # nothing played yet
    match = play_computers(match)
    match = play_computers(match.play(game_of(match).legal_moves()[0]))
    before_second = match_to_json(match)
    events_before = list(game_of(match).events)
    human_move = game_of(match).legal_moves()[-1]
    match = play_computers(match.play(human_move))
    answers = [str(record.move) for record in game_of(match).history[-2:]]
    assert [record.seat for record in game_of(match).history[-3:]] == [0, 1, 2]
    assert match.undo_point() == len(game_of(match).history) - 3
    undone = match.undo()
    assert undone is not None and undone.undone and game_of(undone).events == events_before
    assert game_of(undone).to_json() == game_of(match_from_json(before_second)).to_json()
    # The same move brings the same answers: each computer decision depends on its seed and the position.
    match = play_computers(undone.play(human_move))
    assert [str(record.move) for record in game_of(match).history[-2:]] == answers
    again = match_from_json(match_to_json(match))
    assert again.undone and not again.edited  # kept in the save, which stays a game's own
    assert not match_from_json(before_second).undone


def test_undo_is_not_offered_in_pass_and_play_nor_across_a_deal() -> None:
    two = Match.start(2, Rules(), (Seat("Ana", "human"), Seat("Bo", "human")), seed=3).reveal()
    two = two.play(game_of(two).legal_moves()[0]).reveal()
    two = two.play(game_of(two).legal_moves()[0])
    assert two.undo_point() is None and two.undo() is None
    match = Match.start(2, Rules(), (Seat("You", "human"), Seat("Sara", "greedy")), seed=3)
    while match.phase == Phase.PLAY:
        if match.is_ai_turn():
            match = match.play(ai_move(match))
        else:
            mine = [number for number, record in enumerate(game_of(match).history) if record.seat == 0]
            assert match.undo_point() == (mine[-1] if mine else None)
            match = match.play(game_of(match).legal_moves()[0])
    assert match.phase == Phase.DEAL_END and match.undo_point() is None  # the score sheet is up
    match = play_computers(match.next_deal())
    assert match.undo_point() is None  # the next deal started: the last deal's moves stay


def test_a_bad_undo_flag_in_a_save_is_refused() -> None:
    match = Match.start(2, Rules(), (Seat("You", "human"), Seat("Sara", "easy")), seed=1)
    data = json.loads(match_to_json(match))
    data["undone"] = "yes"
    with pytest.raises(ValueError, match="flags"):
        match_from_json(json.dumps(data))
