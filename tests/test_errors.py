"""Bad input gets a clear error naming what was wrong, and the game is unchanged."""

import pytest

from helpers import play_randomly, scenario
from pasur import IllegalMoveError, Move, Rules, new_game


@pytest.fixture
def game():  # type: ignore[no-untyped-def]
    return scenario(["7C KC 8H 2D", "3D 5D 6D 9D"], "4S 4H 2H 2S")


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("zz", "'zz' is not a card"),
        ("7C:", "name the table cards"),
        ("7C:4S,4S", "named twice"),
        ("3D", "not in the hand of seat 0"),
        ("7C", "several ways"),
        ("7C:4S,2H", "cannot take exactly"),
        ("7C:4S,5S", "not on the table"),
        ("KC:4S", "captures nothing"),
        (Move.parse("7C"), "cannot be laid"),
        (42, "must be a Move or text"),
        (None, "must be a Move or text"),
    ],
)
def test_illegal_moves(game, move, message) -> None:  # type: ignore[no-untyped-def]
    before = game.to_json()
    with pytest.raises(IllegalMoveError, match=message):
        game.play(move)
    assert game.to_json() == before
    assert not game.can_play(move)
    assert isinstance(IllegalMoveError("x"), ValueError)


def test_moves_after_the_match_is_over() -> None:
    game = new_game(2, Rules(fixed_deals=1), seed=2)
    play_randomly(game, 2)
    before = game.to_json()
    with pytest.raises(IllegalMoveError, match="match is over"):
        game.play("7C")
    assert game.to_json() == before and game.turn is None


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"target": 0}, "target"),
        ({"target": -5}, "target"),
        ({"target": 10.5}, "target"),
        ({"target": True}, "target"),
        ({"fixed_deals": 0}, "fixed_deals"),
        ({"fixed_deals": "11"}, "fixed_deals"),
        ({"kids": "yes"}, "kids"),
    ],
)
def test_impossible_rules(changes, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=message):
        Rules(**changes)


def test_unknown_preset() -> None:
    with pytest.raises(ValueError, match=r"unknown preset 'fast'.*seeds, classic, kids"):
        Rules.preset("fast")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 1}, "players must be 2, 3 or 4"),
        ({"players": 5}, "players"),
        ({"players": "2"}, "players"),
        ({"rules": "seeds"}, "rules must be a Rules"),
        ({"seed": "x"}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"leader": 2}, "leader"),
        ({"leader": -1}, "leader"),
        ({"deck": ["AC"] * 52}, "AC appears twice"),
        ({"deck": ["AC", "2C"]}, "52 cards"),
        ({"deck": ["XX"] * 52}, "'XX' is not a card"),
        ({"deck": "AC 2C"}, "list of 52"),
    ],
)
def test_bad_new_game_arguments(kwargs, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=message):
        new_game(**kwargs)
