"""The computer players (pasur.ai): the evaluation's parts, legality everywhere, and fairness."""

import random

import pytest

from helpers import cards, scenario
from pasur import Game, Move, Rules, new_game
from pasur.ai import GreedyPlayer, HardPlayer, MediumPlayer
from pasur.captures import RANK
from pasur.evaluation import JACK_SPEND, Situation, evaluate_move, situation_of, table_threat
from pasur.players import make_player
from pasur.search import Search, ranks_not_held, sample_deal


def situation(table: str, hand: str = "", unseen: dict[int, int] | None = None, next_hand: int = 4,
              my_clubs: int = 0, their_clubs: int = 0, last_round: bool = False) -> Situation:
    by_rank = [0] * 14
    for rank, count in (unseen or {rank: 2 for rank in range(1, 14)}).items():
        by_rank[rank] = count
    return Situation(Rules(), cards(table), cards(hand), by_rank, sum(by_rank), next_hand, my_clubs, their_clubs,
                     last_round)


def test_greedy_takes_the_most_points_now() -> None:
    # 9S takes 2H (0 points) ... 10C takes AS (1 point): greedy plays 10C:AS.
    game = scenario(["9S 10C 8H KD", "3D 5D 6D 9D"], "AS 2H 3S 4C")
    assert str(GreedyPlayer(1).choose(game.view(0))) == "10C:AS"
    # A sur is worth 5: JC sweeps the table.
    game = scenario(["9S 10C JC KD", "3D 5D 6D 9D"], "AS 2H 3S 4C")
    assert str(GreedyPlayer(1).choose(game.view(0))) == "JC:AS,2H,3S,4C"


def test_leaving_an_easy_sur_scores_worse() -> None:
    # Table 5H 3S. Laying 9D leaves 3S 5H 9D: nothing makes a sum that takes all three...
    s = situation("5H 3S", hand="9D 2C")
    lay_nine = evaluate_move(s, Move.parse("9D"))
    # ...while laying 2C leaves 2C 3S 5H, which a single unseen A (1+2+3+5 = 11) sweeps for a sur.
    lay_two = evaluate_move(s, Move.parse("2C"))
    assert table_threat(s, cards("2C 3S 5H")) > table_threat(s, cards("3S 5H 9D"))
    assert lay_nine > lay_two


def test_threat_needs_the_card_to_be_unseen() -> None:
    # Only an Ace sweeps 10D; if every Ace is already seen the table is safe.
    with_aces = situation("10D", unseen={1: 3, 5: 2})
    without = situation("10D", unseen={5: 2})
    assert table_threat(with_aces, cards("10D")) > 5
    assert table_threat(without, cards("10D")) == 0


def test_the_seventh_club_is_worth_the_majority() -> None:
    s = situation("4C 9H", my_clubs=6)
    clinch = evaluate_move(s, Move.parse("7D:4C"))
    plain = evaluate_move(situation("4C 9H", my_clubs=2), Move.parse("7D:4C"))
    assert clinch - plain > 5


def test_spending_a_wild_jack_early_costs_something() -> None:
    # The same sweep with a Jack: before the last round it costs JACK_SPEND, in the last round nothing.
    early = evaluate_move(situation("3H 4S", hand="JD 8C"), Move.parse("JD:3H,4S"))
    late = evaluate_move(situation("3H 4S", hand="JD 8C", last_round=True), Move.parse("JD:3H,4S"))
    assert late - early == pytest.approx(JACK_SPEND)


@pytest.mark.parametrize("preset", ["seeds", "classic", "kids"])
@pytest.mark.parametrize("name", ["easy", "medium", "hard:6"])
def test_levels_always_play_legal_moves(preset: str, name: str) -> None:
    for players in (2, 3, 4):
        game = new_game(players, Rules.preset(preset, fixed_deals=1), seed=players)
        seats = [make_player(name, seat) for seat in range(players)]
        moves = 0
        while game.turn is not None:
            view = game.view(game.turn)
            move = seats[game.turn].choose(view)
            assert move in view.legal_moves() and move.card in view.hand
            game.play(move)
            moves += 1
        # One deal of 52 cards: 4 on the table, every other card played from a hand.
        assert game.over and len(game.deal_results) == 1 and moves == 48


def test_levels_take_a_sur_on_offer() -> None:
    # Table AS 2H 3S 4C (10 pips). AC sweeps it (1 + 10 = 11), and so does 6H (6 + 1 + 4 = 6 + 2 + 3 = 11):
    # both are a sur. Every other move leaves cards on the table for the opponent.
    game = scenario(["AC 5H 6H 8H", "3D 5D 6D 9D"], "AS 2H 3S 4C")
    view = game.view(0)
    sweeps = {"AC:AS,2H,3S,4C", "6H:AS,2H,3S,4C"}
    assert sweeps < {str(move) for move in view.legal_moves()}
    for name in ("medium", "hard:60", "hard"):
        for seed in range(3):
            assert str(make_player(name, seed).choose(view)) in sweeps, (name, seed)
    # Greedy counts the points now: AC's sur is 5 + AS + AC = 7, 6H's is 5 + AS = 6.
    assert str(make_player("greedy", 0).choose(view)) == "AC:AS,2H,3S,4C"


def test_same_view_same_decision() -> None:
    # Seat 0 sees the same hand and table; the opponent's hand and the stock differ.
    a = scenario(["7C KC 8H 2D", "3D 5D 6D 9D"], "4S 4H 2H 2S", stock="AS 2C 3C")
    b = scenario(["7C KC 8H 2D", "AS 2C 3C 9D"], "4S 4H 2H 2S", stock="3D 5D 6D")
    assert a.view(0) == b.view(0) and a.hands[1] != b.hands[1]
    for name in ("easy", "medium", "hard:30"):
        assert make_player(name, 3).choose(a.view(0)) == make_player(name, 3).choose(b.view(0))


def searched_last_round() -> tuple[Game, Search]:
    """A one-deal match played by medium until the stock is empty, and hard's finished search there."""
    game = new_game(2, Rules(fixed_deals=1), seed=8)
    while game.stock_size:
        game.play(MediumPlayer(1).choose(game.view(game.turn or 0)))
    search = HardPlayer(1).search(game.view(game.turn or 0))
    for _ in search:
        pass
    return game, search


def test_hard_solves_the_last_round_exactly() -> None:
    game, search = searched_last_round()
    assert len(search.moves) == 1 or search.exact is not None
    assert search.best() in game.legal_moves()


def test_situation_counts_only_unseen_cards() -> None:
    game = new_game(2, seed=4)
    s = situation_of(game.view(0))
    assert s.unseen_total == 52 - 4 - 4
    assert sum(s.unseen_by_rank) == s.unseen_total


def test_hard_searches_only_the_moves_medium_ranks_best() -> None:
    # 7C has seven captures on this table, and the hand has three more cards: ten moves in all.
    game = scenario(["7C KC 8H 2D", "3D 5D 6D 9D"], "4S 4H 2H 2S", stock="AS 2C 3C 5H 6H")
    view = game.view(0)
    moves = view.legal_moves()
    s = situation_of(view)
    ranked = sorted(moves, key=lambda move: -evaluate_move(s, move))
    search = HardPlayer(1, iterations=12, candidates=3).search(view)
    assert len(moves) > 3 and search.moves == ranked[:3]
    assert HardPlayer(1, iterations=12, candidates=None).search(view).moves == moves
    for _ in search:
        pass
    assert search.best() in ranked[:3]


def test_search_estimates() -> None:
    game = scenario(["7C KC 8H 2D", "3D 5D 6D 9D"], "4S 4H 2H 2S", stock="AS 2C 3C 5H 6H")
    view = game.view(0)
    search = HardPlayer(2, iterations=72, candidates=6).search(view)
    for _ in search:
        pass
    estimates = search.estimates()
    assert [move for move, *_ in estimates] == search.moves and len(search.moves) == 6
    assert [count for *_, count in estimates] == [12] * 6  # every sample plays every move searched
    assert search.best() == max(estimates, key=lambda estimate: estimate[1])[0]
    assert all(error > 0 for _, _, error, _ in estimates)


def test_search_estimates_are_the_exact_values_in_the_last_round() -> None:
    game, search = searched_last_round()
    estimates = search.estimates()
    assert [move for move, *_ in estimates] == game.legal_moves() == search.moves
    assert all(error == 0 and count == 1 for _, _, error, count in estimates)
    assert search.best() == max(estimates, key=lambda estimate: estimate[1])[0]


def test_a_card_laid_tells_which_ranks_that_hand_lacks() -> None:
    game = scenario(["QD AS AH 10S", "4D 7S 7H 9S"], "KS 9D 8C 6C")
    game.play("QD")  # laid: nothing else to take a Queen
    game.play("4D")  # laid on KS QD 9D 8C 6C: a 2 (9D), 3 (8C), 5 (6C), J, Q or K would have captured
    view = game.view(0)
    assert ranks_not_held(view) == [frozenset(), frozenset({2, 3, 5, 11, 12, 13})]
    # Seat 0 laid QD on KS 9D 8C 6C; a seat's own lays are not counted.
    assert ranks_not_held(game.view(1)) == [frozenset({2, 3, 5, 11, 13}), frozenset()]
    rng = random.Random(1)
    for _ in range(50):
        deal = sample_deal(view, rng, ranks_not_held(view))
        assert len(deal.hands[1]) == 3 and all(RANK[card] in {1, 4, 6, 7, 8, 9, 10} for card in deal.hands[1])
        assert sorted(deal.hands[0]) == sorted(card.index for card in view.hand)


def test_hard_reads_only_what_its_seat_saw_after_a_card_laid() -> None:
    # Seat 1 laid 4D where a 2, 3, 5, J, Q or K would have captured; the two games differ in the rest of
    # seat 1's hand and in the stock, which seat 0 has not seen. hard (which deals the hidden cards
    # knowing what the lay showed) decides the same, from the same seed, in both.
    a = scenario(["QD AS AH 10S", "4D 7S 7H 9S"], "KS 9D 8C 6C", stock="8S 6H 9H 4S")
    b = scenario(["QD AS AH 10S", "4D 8S 6H 9H"], "KS 9D 8C 6C", stock="7S 7H 9S 4S")
    for game in (a, b):
        game.play("QD")
        game.play("4D")
    assert a.view(0) == b.view(0) and a.hands[1] != b.hands[1]
    for seed in range(3):
        search_a = HardPlayer(seed, iterations=60, trust=0.9).search(a.view(0))
        search_b = HardPlayer(seed, iterations=60, trust=0.9).search(b.view(0))
        for _ in search_a:
            pass
        for _ in search_b:
            pass
        assert search_a.estimates() == search_b.estimates() and search_a.best() == search_b.best()


def test_hard_decides_the_same_from_the_same_seed() -> None:
    game = new_game(2, Rules(fixed_deals=1), seed=21)
    for _ in range(5):
        game.play(MediumPlayer(0).choose(game.view(game.turn or 0)))
    view = game.view(game.turn or 0)
    searches = [HardPlayer(seed, iterations=45).search(view) for seed in (4, 4, 5)]
    for search in searches:
        for _ in search:
            pass
    first, again, other = (search.estimates() for search in searches)
    assert first == again and first != other  # another seed samples other cards
