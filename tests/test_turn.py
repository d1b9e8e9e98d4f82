"""RULES.md "A turn", "Sur" and "End of deal", played from card notation."""

import pytest

from helpers import play_randomly, scenario, texts
from pasur import IllegalMoveError, Move, Rules


def test_capture_goes_to_the_pile_with_the_played_card() -> None:
    game = scenario(["7C 9S KH 2D", "3D 4D 5D 6D"], "4C 4H 2H 3S")
    record = game.play("7C:4C")
    assert record.seat == 0 and not record.sur
    assert sorted(texts(game.piles[0])) == ["4C", "7C"]
    assert texts(game.table) == ["2H", "3S", "4H"]
    assert game.turn == 1 and texts(game.hands[0]) == ["9S", "KH", "2D"]


def test_a_card_that_cannot_capture_is_laid() -> None:
    game = scenario(["KC 9S 8H 2D", "3D 4D 5D 6D"], "4C 4H 2H 3S")
    record = game.play("KC")
    assert not record.move.captured
    assert texts(game.table) == ["2H", "3S", "4C", "4H", "KC"]
    assert game.piles == [[], []]


def test_a_card_that_can_capture_must_capture() -> None:
    # "A turn": a card that can capture may never be laid instead.
    game = scenario(["9S KC 8H 2D", "3D 4D 5D 6D"], "4C 4H 2H 3S")
    before = game.to_json()
    with pytest.raises(IllegalMoveError, match="cannot be laid"):
        game.play(Move.parse("9S"))  # 9S takes 2H: the bare card means that single capture
    with pytest.raises(IllegalMoveError, match="cannot be laid"):
        game.play(Move(Move.parse("9S").card))
    assert game.to_json() == before
    record = game.play("9S")
    assert str(record.move) == "9S:2H"


def test_several_choices_must_be_named() -> None:
    game = scenario(["7C KC 8H 2D", "3D 5D 6D 9D"], "4S 4H 2H 2S")
    with pytest.raises(IllegalMoveError, match="several ways"):
        game.play("7C")
    assert str(game.play("7c:2s,4h,2h").move) == "7C:2H,2S,4H"
    assert texts(game.table) == ["4S"]


def test_any_card_of_the_hand_may_be_played() -> None:
    # Only what the card does is forced: laying KC is fine although 7C could capture.
    game = scenario(["7C KC 8H 2D", "3D 5D 6D 9D"], "4S 4H 2H 2S")
    game.play("KC")
    assert "KC" in texts(game.table)


def test_sur_when_the_table_is_emptied() -> None:
    game = scenario(["7C KC 8H 2D", "3D 5D 6D 9D"], "4S 4H 2H 2S")
    record = game.play("7C:4S,4H,2H,2S")
    assert record.sur and game.surs == [1, 0] and game.table == []
    # Playing onto an empty table is a lay, never a sur.
    record = game.play("3D")
    assert not record.sur and texts(game.table) == ["3D"]


def test_wild_jack_sweep_is_a_sur_unless_no_jack_sur() -> None:
    table = "3H 4H 5S 6C"
    plain = scenario(["JC KC 8H 2D", "3D 5D 6D 9D"], table)
    assert plain.play("JC").sur
    ruled = scenario(["JC KC 8H 2D", "3D 5D 6D 9D"], table, rules=Rules(no_jack_sur=True))
    record = ruled.play("JC")
    assert not record.sur and ruled.surs == [0, 0] and len(ruled.piles[0]) == 5


def test_jack_leaves_kings_and_queens() -> None:
    game = scenario(["KC JC 8H 2D", "3D 5D 6D 9D"], "3H 4H QS 6C")
    game.play("KC")
    assert str(game.play("9D").move) == "9D"  # 9 needs 2: none on the table

    record = game.play("JC")
    assert texts(game.table) == ["QS", "KC"] and not record.sur


def _sweeps(rules: Rules, seeds: range, players: int = 2) -> tuple[list[tuple[bool, bool, str]], int]:
    """(last_round, counted_as_sur, card) for every capture that emptied the table."""
    found = []
    for seed in seeds:
        game = __import__("pasur").new_game(players, rules, seed=seed)
        import random

        rng = random.Random(seed)
        while game.turn is not None:
            last_round = game.last_round
            move = rng.choice(game.legal_moves())
            empties = bool(move.captured) and len(move.captured) == len(game.table)
            record = game.play(move)
            if empties:
                found.append((last_round, record.sur, str(move.card)))
    return found, len(found)


def test_no_sur_last_round() -> None:
    sweeps, _ = _sweeps(Rules(no_sur_last_round=True, fixed_deals=1), range(40))
    assert any(last for last, _, _ in sweeps), "no sweep happened in a last round"
    for last, sur, _ in sweeps:
        assert sur == (not last)


def test_no_jack_sur_over_many_deals() -> None:
    sweeps, _ = _sweeps(Rules(no_jack_sur=True, fixed_deals=1), range(30))
    assert any(card.startswith("J") for _, _, card in sweeps)
    for _, sur, card in sweeps:
        assert sur == (not card.startswith("J"))
    plain, _ = _sweeps(Rules(fixed_deals=1), range(30))
    assert all(sur for _, sur, _ in plain)


def test_leftover_cards_go_to_the_last_capturer() -> None:
    for seed in range(10):
        game = __import__("pasur").new_game(2, Rules(fixed_deals=1), seed=seed)
        play_randomly(game, seed, until=47)
        table_before = list(game.table)
        last_capture = [r for r in game.history if r.move.captured][-1].side
        record = game.play(game.legal_moves()[0])
        if record.move.captured:
            last_capture = record.side
            remaining = [c for c in table_before if c not in record.move.captured]
        else:
            remaining = [*table_before, record.move.card]
        side, leftover = game.leftovers[0]
        assert side == last_capture and sorted(leftover) == sorted(remaining)
        assert sum(len(p) for p in game.piles) == 52
        assert game.deal_surs[0] == game.surs  # the leftover sweep is not a sur
