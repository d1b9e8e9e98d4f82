"""RULES.md "Deal": order of dealing, the misdeal check, rounds, and the lead passing on."""

import pytest

from helpers import cards, play_randomly, scenario, stacked_deck, texts
from pasur import Card, Rules, new_game


def test_blocks_of_four_from_the_leader_then_the_table() -> None:
    # "Deal" 6: each player in turn, starting with the leader, takes the next 4; table after hands.
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
    # "Deal" 4: 6 rounds with 2 players, 4 with 3, 3 with 4; no more cards to the table.
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
    # "Deal" 3: two or more Queens or Kings on the table: the whole deck is reshuffled.
    game = scenario(["2C 3C 4C 5C", "2D 3D 4D 5D"], table)
    ranks = [c.rank for c in game.table]
    assert ranks.count(12) < 2 and ranks.count(13) < 2 and 11 not in ranks
    dealt = texts(game.hands[0]) + texts(game.hands[1]) + texts(game.table)
    assert dealt != ["2C", "3C", "4C", "5C", "2D", "3D", "4D", "5D", *table.split()]
    again = scenario(["2C 3C 4C 5C", "2D 3D 4D 5D"], table)
    assert again.to_json() == game.to_json()  # the reshuffle is seeded


def test_a_jack_is_replaced_by_the_top_of_the_stock() -> None:
    game = scenario(["2C 3C 4C 5C", "2D 3D 4D 5D"], "JC 3H 4H 5S", stock="6C 7D 8H")
    assert texts(game.table) == ["3H", "4H", "5S", "6C"]
    assert texts(game.hands[0]) == ["2C", "3C", "4C", "5C"]
    assert game.stock_size == 40
    stock = texts(game._stock)
    assert "JC" in stock and stock[0] in ("JC", "7D")


def test_several_jacks_are_all_replaced() -> None:
    for seed in range(20):
        game = scenario(["2C 3C 4C 5C", "2D 3D 4D 5D"], "JC 3H JH 5S", stock="6C 7D 8H", seed=seed)
        table = texts(game.table)
        assert "JC" not in table and "JH" not in table and {"3H", "5S"} <= set(table)
        assert {"JC", "JH"} <= set(texts(game._stock)) and len(table) == 4


def test_replacement_that_makes_two_kings_reshuffles() -> None:
    game = scenario(["2C 3C 4C 5C", "2D 3D 4D 5D"], "JC KD 3H 4S", stock="KH")
    dealt = texts(game.table)
    assert sorted(dealt) != sorted(["KH", "KD", "3H", "4S"])
    assert [c.rank for c in game.table].count(13) < 2


def test_the_lead_passes_after_each_deal() -> None:
    # "Deal" 5: seat 0 leads the first deal, then the next seat; the dealer sits before the leader.
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
