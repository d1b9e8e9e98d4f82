"""The match (pasur.game): docs/RULES.md §3 "The deal", §4 "A turn", §5 "Sur" and §6 "The end of a
deal", played from card notation; and bad input refused with a clear error, the game unchanged."""

import random
from typing import Any

import pytest

from helpers import cards, play_randomly, scenario, stacked_deck, texts
from pasur import Card, Game, IllegalMoveError, Move, Rules, new_game
from pasur.cards import JACK, KING, QUEEN


# ----------------------------------------------------------------------------- §3 the deal
def test_blocks_of_four_from_the_leader_then_the_table() -> None:
    # §3.3: each player in turn, starting with the leader, takes the next 4; the table after the hands.
    deck = stacked_deck(["2C 3C 4C 5C", "2D 3D 4D 5D"], "6H 7H 8H 9H", stock="AS 2S 3S 4S 5S 6S 7S 8S")
    game = new_game(2, seed=1, deck=deck)
    assert texts(game.hands[0]) == ["2C", "3C", "4C", "5C"]
    assert texts(game.hands[1]) == ["2D", "3D", "4D", "5D"]
    assert texts(game.table) == ["6H", "7H", "8H", "9H"]
    assert game.stock_size == 40 and game.turn == 0 and game.dealer == 1


def test_deck_order_with_another_leader() -> None:
    deck = [str(c) for c in cards("2C 3C 4C 5C 2D 3D 4D 5D 6H 7H 8H 9H")]
    deck += [str(c) for c in Card._all if str(c) not in deck]
    game = new_game(2, seed=1, deck=deck, leader=1)
    assert texts(game.hands[1]) == ["2C", "3C", "4C", "5C"]  # the leader takes the first block
    assert texts(game.hands[0]) == ["2D", "3D", "4D", "5D"]
    assert game.turn == 1 and game.dealer == 0


def test_next_round_is_dealt_from_the_top_of_the_stock() -> None:
    game = scenario(["2C 3C 4C 5C", "2D 3D 4D 5D"], "6H 7H 8H 9H", stock="AS 2S 3S 4S 5S 6S 7S 8S")
    for _ in range(8):
        game.play(game.legal_moves()[0])
    assert game.round_number == 2
    assert texts(game.hands[0]) == ["AS", "2S", "3S", "4S"]
    assert texts(game.hands[1]) == ["5S", "6S", "7S", "8S"]


@pytest.mark.parametrize(("players", "rounds"), [(2, 6), (3, 4), (4, 3)])
def test_rounds_per_deal(players: int, rounds: int) -> None:
    # §3.5: 6 rounds with 2 players, 4 with 3, 3 with 4; no more cards to the table.
    game = new_game(players, Rules(fixed_deals=1), seed=3)
    assert game.stock_size == 52 - 4 - 4 * players
    seen_rounds = set()
    while game.turn is not None:
        seen_rounds.add(game.round_number)
        assert game.last_round == (game.round_number == rounds)
        game.play(game.legal_moves()[-1])
    assert seen_rounds == set(range(1, rounds + 1))


@pytest.mark.parametrize("table", ["QC QD 3H 4S", "KC 3H KS 4S", "QC QD KH KS"])
def test_two_queens_or_kings_reshuffle(table: str) -> None:
    # §3.4: two or more Queens or Kings on the table: the whole deck is reshuffled.
    game = scenario(["2C 3C 4C 5C", "2D 3D 4D 5D"], table)
    ranks = [c.rank for c in game.table]
    assert ranks.count(QUEEN) < 2 and ranks.count(KING) < 2 and JACK not in ranks
    dealt = texts(game.hands[0]) + texts(game.hands[1]) + texts(game.table)
    assert dealt != ["2C", "3C", "4C", "5C", "2D", "3D", "4D", "5D", *table.split()]
    again = scenario(["2C 3C 4C 5C", "2D 3D 4D 5D"], table)
    assert again.to_json() == game.to_json()  # the reshuffle is seeded


def test_a_jack_is_replaced_by_the_top_of_the_stock() -> None:
    game = scenario(["2C 3C 4C 5C", "2D 3D 4D 5D"], "JC 3H 4H 5S", stock="6C 7D 8H")
    assert texts(game.table) == ["3H", "4H", "5S", "6C"]
    assert texts(game.hands[0]) == ["2C", "3C", "4C", "5C"]
    assert game.stock_size == 40
    stock = texts(game.stock)
    assert "JC" in stock and stock[0] in ("JC", "7D")


def test_several_jacks_are_all_replaced() -> None:
    for seed in range(20):
        game = scenario(["2C 3C 4C 5C", "2D 3D 4D 5D"], "JC 3H JH 5S", stock="6C 7D 8H", seed=seed)
        table = texts(game.table)
        assert "JC" not in table and "JH" not in table and {"3H", "5S"} <= set(table)
        assert {"JC", "JH"} <= set(texts(game.stock)) and len(table) == 4


def test_replacement_that_makes_two_kings_reshuffles() -> None:
    game = scenario(["2C 3C 4C 5C", "2D 3D 4D 5D"], "JC KD 3H 4S", stock="KH")
    dealt = texts(game.table)
    assert sorted(dealt) != sorted(["KH", "KD", "3H", "4S"])
    assert [c.rank for c in game.table].count(KING) < 2


def test_the_lead_passes_after_each_deal() -> None:
    # §3.2: seat 0 leads the first deal, then the next seat; the dealer sits before the leader.
    game = new_game(3, seed=5, leader=2)
    assert (game.leader, game.dealer, game.turn) == (2, 1, 2)
    while len(game.deal_results) < 2 and game.turn is not None:
        game.play(game.legal_moves()[0])
    assert game.deal_number == 2
    assert (game.leader, game.dealer, game.turn) == (1, 0, 1)


def test_later_deals_are_shuffled_from_the_seed() -> None:
    a, b = new_game(2, seed=11), new_game(2, seed=11)
    play_randomly(a, 1, until=60)
    play_randomly(b, 1, until=60)
    assert a.deal_number == 1 and a.to_json() == b.to_json()
    c = new_game(2, seed=12)
    play_randomly(c, 1, until=60)
    assert texts(c.hands[c.turn or 0]) != texts(a.hands[a.turn or 0]) or c.table != a.table


# ----------------------------------------------------------------------------- §4-§6 turns
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
    # §4.5: a card that can capture may never be laid instead.
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
        game = new_game(players, rules, seed=seed)
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
        game = new_game(2, Rules(fixed_deals=1), seed=seed)
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


def test_the_end_of_a_deal_is_kept_as_it_ended_while_the_next_is_played() -> None:
    game = new_game(2, Rules(), seed=4)
    assert game.deal_end() is None
    play_randomly(game, 4, until=47)  # the last card of the first deal is to be played
    table_before = list(game.table)
    piles_before = [list(pile) for pile in game.piles]
    record = game.play(game.legal_moves()[0])
    end = game.deal_end()
    assert end is not None and not game.over and game.deal_number == 1 and len(game.hands[0]) == 4
    assert end.table == [] and end.hands == [[], []] and end.turn is None and end.deal_number == 0
    assert end.round_number == 6 and end.stock_size == 0 and end.dealer == 1
    # The last move's cards and then the cards left on the table went where the rules send them.
    side, leftover = game.leftovers[0]
    taken = [*record.captured, record.card] if record.captured else []
    expected = [list(pile) for pile in piles_before]
    expected[record.side] += taken
    assert side is not None
    expected[side] += leftover
    assert [sorted(pile) for pile in end.piles] == [sorted(pile) for pile in expected]
    assert sorted(leftover) == sorted({*table_before, record.card} - set(taken))
    assert end.surs == game.deal_surs[0]
    assert end.scores == game.scores == [entry["total"] for entry in game.deal_results[0]]
    assert len(end.history) == 48 and end.events[-1].kind == "scored"
    # Kept by a copy and by a save, and the game plays on unchanged.
    for kept in (game.copy(), Game.from_json(game.to_json())):
        again = kept.deal_end()
        assert again is not None and again.piles == end.piles and again.scores == end.scores
    game.play(game.legal_moves()[0])
    again = game.deal_end()
    assert again is not None and again.piles == end.piles


def test_once_the_match_is_over_its_end_is_the_last_deal_s_end() -> None:
    game = new_game(2, Rules(fixed_deals=1), seed=2)
    play_randomly(game, 2)
    end = game.deal_end()
    assert game.over and end is not None
    assert end.piles == game.piles and end.table == game.table == [] and end.scores == game.scores

# ----------------------------------------------------------------------------- bad input
@pytest.fixture
def game() -> Game:
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
def test_illegal_moves(game: Game, move: Any, message: str) -> None:  # a move of any type: 42 and None on purpose
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
def test_bad_new_game_arguments(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        new_game(**kwargs)


@pytest.mark.parametrize(
    "move",
    # Built from other things than cards on purpose: the engine must refuse them.
    [Move("7C"), Move(None), Move(7),  # type: ignore[arg-type]
     Move(Card.parse("7C"), ["4S", "4H"]), Move(Card.parse("7C"), [4]),  # type: ignore[list-item]
     Move(Card.parse("7C"), [Card.parse("4S"), "2H"]), Move("7C", [None])],  # type: ignore[arg-type, list-item]
    ids=str,
)
def test_hand_built_moves_of_other_things_than_cards_are_refused(game: Game, move: Move) -> None:
    before = game.to_json()
    with pytest.raises(IllegalMoveError, match="a Move is made of cards"):
        game.play(move)
    assert not game.can_play(move)
    assert game.to_json() == before


def test_rewound_is_the_game_as_it_stood_after_that_many_moves() -> None:
    game = new_game(2, Rules(), seed=11)
    saves = [game.to_json()]
    play_randomly(game, seed=5, until=60)  # across the end of the first deal (48 moves)
    replay = new_game(2, Rules(), seed=11)
    for record in game.history:
        replay.play(record.move)
        saves.append(replay.to_json())
    assert len(game.deal_results) == 1
    for moves in (0, 1, 47, 48, 49, 60):
        assert game.rewound(moves).to_json() == saves[moves]
    assert len(game.history) == 60  # the game itself is unchanged
    stacked = scenario(["7C 5H 9S KD", "3D 6S 8C QH"], "4C 4D 2H 2S", leader=1)
    stacked.play("3D:4C,4D")
    assert stacked.rewound(0).hands[1] == cards("3D 6S 8C QH") and stacked.rewound(0).table == cards("2H 2S 4C 4D")
    for bad in (-1, 61, "1"):
        with pytest.raises(ValueError, match="cannot rewind"):
            game.rewound(bad)  # type: ignore[arg-type]  # "1", not a number, on purpose
