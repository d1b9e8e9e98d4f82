"""Saving and loading (pasur.save, Game.to_json / Game.from_json): exact round trips, and short clear
refusals of corrupt, tampered or hostile saves."""

import json
from collections.abc import Callable
from typing import Any

import pytest

from helpers import play_randomly
from pasur import FORMAT_VERSION, Game, Rules, SaveError, new_game
from pasur.save import STATE_KEYS, decode, encode


def midgame() -> Game:
    game = new_game(3, Rules.preset("classic", target=30), seed=21)
    play_randomly(game, 21, until=70)
    return game


def test_round_trip_is_exact_and_plays_on_identically() -> None:
    game = midgame()
    text = game.to_json()
    loaded = Game.from_json(text)
    assert loaded.to_json() == text
    assert Game.from_json(text.encode()).to_json() == text
    play_randomly(game, 5)
    play_randomly(loaded, 5)
    assert loaded.to_json() == game.to_json()
    assert [str(r.move) for r in loaded.history] == [str(r.move) for r in game.history]


def test_finished_match_round_trips() -> None:
    game = new_game(2, Rules(target=11), seed=3)
    play_randomly(game, 3)
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


def _edit(change: Callable[[dict[str, Any]], None]) -> str:
    data = json.loads(midgame().to_json())
    change(data)
    return json.dumps(data)


def _swap_hands(d: dict[str, Any]) -> None:
    state = d["state"]
    hand = state["hands"][state["turn"]]
    hand[0], state["stock"][0] = state["stock"][0], hand[0]


def _duplicate(d: dict[str, Any]) -> None:
    state = d["state"]
    state["stock"][0] = state["hands"][state["turn"]][0]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not valid JSON"),
        ("{", "not valid JSON"),
        ("[]", "a JSON object"),
        ('{"format": "chess"}', "'format' must be"),
        (_edit(lambda d: d.update(version=0)), "version 0 is not supported"),
        (_edit(lambda d: d.update(version=FORMAT_VERSION + 1)), "is not supported"),
        (_edit(lambda d: d.pop("moves")), "missing field"),
        (_edit(lambda d: d.update(extra=1)), "unknown field"),
        (_edit(lambda d: d["rules"].update(target=-1)), "bad rules"),
        (_edit(lambda d: d["rules"].update(cheat=True)), "unknown rule option"),
        (_edit(lambda d: d.update(players=7)), "players must be"),
        (_edit(lambda d: d.update(seed="x")), "seed"),
        (_edit(lambda d: d.update(moves="7C")), "moves must be a list"),
        (_edit(lambda d: d["moves"].__setitem__(3, "ZZ")), "move 4 .* cannot be played"),
        (_edit(lambda d: d["moves"].pop()), "does not match"),
        (_edit(_swap_hands), "'hands' does not match"),
        (_edit(_duplicate), "appears twice"),
        (_edit(lambda d: d["state"]["stock"].pop()), "missing"),
        (_edit(lambda d: d["state"].update(turn=9)), "turn must be a seat"),
        (_edit(lambda d: d["state"]["hands"][0].append("XX")), "'XX' is not a card"),
        (_edit(lambda d: d["state"].update(scores=[99, 0, 0])), "scores"),
        (_edit(lambda d: d["state"].update(over="no")), "over must be"),
    ],
)
def test_corrupt_saves_are_refused(text: str, message: str) -> None:
    with pytest.raises(SaveError, match=message):
        Game.from_json(text)


def _replace_number(text: str, key: str, number: str) -> str:
    data = json.loads(text)
    data[key] = 424242
    return json.dumps(data).replace("424242", number)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (_replace_number(midgame().to_json(), "seed", "9" * 5000), "a number with 5000 digits is too long"),
        (_replace_number(midgame().to_json(), "players", "-" + "1" * 5000), "a number with 5000 digits"),
        (_edit(lambda d: d["state"].update(deal=10**200)), "a number with 201 digits is too long"),
        (_edit(lambda d: d.update(version="1" * 200_000)), r"format version '1111.*… is not supported"),
        (_edit(lambda d: d.update(version=True)), "format version True is not supported"),
        (_edit(lambda d: d.update(version=1.0)), "format version 1.0 is not supported"),
        (_edit(lambda d: d.update(version="1")), "format version '1' is not supported"),
        (_edit(lambda d: d["state"].update(cheat=1)), "unknown state field.*'cheat'"),
        (_edit(lambda d: d["state"].update({"x" * 100_000: 1})), "unknown state field.*'xxx"),
        (_edit(lambda d: d["state"].pop("winner")), "missing state field.*winner"),
        (_edit(lambda d: d.update({"y" * 100_000: 1})), "unknown field.*'yyy"),
        (_edit(lambda d: d.update(players="x" * 100_000)), "players must be 2, 3 or 4, not 'xxx"),
        (_edit(lambda d: d.update(leader=7)), "leader must be a seat"),
        (_edit(lambda d: d["moves"].__setitem__(3, "Z" * 100_000)), "move 4 .* cannot be played"),
        (_edit(lambda d: d["state"]["stock"].__setitem__(0, "7\u017f")), "letters and digits"),
        ('{"format": "pasur-game", "version": NaN}', "NaN is not a number a save can hold"),
        ("[" * 100_000, "nested more than 8 deep"),
    ],
    ids=lambda value: str(value) if len(str(value)) < 80 else "save",
)
def test_hostile_saves_get_a_short_message(text: str, message: str) -> None:
    with pytest.raises(SaveError, match=message) as caught:
        Game.from_json(text)
    assert len(str(caught.value)) < 300


def test_the_format_checks_need_no_game() -> None:
    saved = decode(midgame().to_json())
    assert saved.players == 3 and saved.rules == Rules.preset("classic", target=30) and saved.seed == 21
    assert set(saved.state) == set(STATE_KEYS) and len(saved.moves) == 70
    assert encode(saved) == midgame().to_json()


def test_tampered_deal_result_is_refused() -> None:
    game = new_game(2, Rules(target=200), seed=8)
    play_randomly(game, 8, until=60)
    assert game.deal_results
    data = json.loads(game.to_json())
    data["state"]["deal_results"][0][0]["aces"] += 1
    data["state"]["deal_results"][0][0]["total"] += 1
    data["state"]["scores"][0] += 1
    with pytest.raises(SaveError, match=r"(scores|deal_results)' does not match"):
        Game.from_json(json.dumps(data))


def test_same_state_same_text() -> None:
    a, b = midgame(), midgame()
    assert a.to_json() == b.to_json()
    assert a.copy().to_json() == a.to_json()


def test_a_deeply_nested_save_is_refused_before_parsing() -> None:
    import pytest

    from pasur import Game
    from pasur.save import SaveError

    with pytest.raises(SaveError, match="nested more than"):
        Game.from_json('{"moves": ' + "[" * 100_000 + "]" * 100_000 + "}")
