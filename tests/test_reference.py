"""The plain engine (pasur.reference) against the engine's public API: on many seeded matches played
move for move, both deal the same cards, list the same legal outcomes at every turn, and score every
deal and the match alike. The plain engine shares no rule with the engine (only cards and options),
so this checks the engine's rules against a second, plain reading of docs/RULES.md."""

import random

import pytest

from pasur import Card, Rules, new_game
from pasur.reference import PlainCard, PlainGame, PlainMove, text

VARIANTS = [
    Rules.preset("seeds", target=21),
    Rules.preset("classic", target=21),
    Rules.preset("kids", target=21),
    Rules(jack_wild=False, target=21),
    Rules(jack_wild=False, multi_combo=False, no_jack_sur=True, target=21),
    Rules(no_sur_last_round=True, seven_diamonds_bonus=True, fixed_deals=3),
    Rules(sur_limit_50=True, sur_cancel=True, target=75),
    Rules(solo4=True, fixed_deals=2),
]


def notation(move: PlainMove) -> str:
    card, taken = move
    return f"{text(card)}:{','.join(map(text, sorted(taken)))}" if taken else text(card)


def texts(cards: list[PlainCard] | list[Card]) -> list[str]:
    return [text(card) if isinstance(card, tuple) else str(card) for card in cards]


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda rules: rules.preset_name() or str(rules.to_dict()))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_plain_engine_plays_the_same_matches(players: int, rules: Rules) -> None:
    deals = 0
    for seed in range(6):
        game = new_game(players, rules, seed=seed, leader=seed % players)
        plain = PlainGame(players, rules, seed, leader=seed % players)
        rng = random.Random(seed)
        while game.turn is not None:
            assert plain.turn == game.turn and texts(plain.table) == texts(game.table)
            assert [texts(hand) for hand in plain.hands] == [texts(hand) for hand in game.hands]
            moves = {notation(move): move for move in plain.legal_moves()}
            legal = sorted(str(move) for move in game.legal_moves())
            assert sorted(moves) == legal
            chosen = rng.choice(legal)
            game.play(chosen)
            plain.play(moves[chosen])
            assert [texts(pile) for pile in plain.piles] == [texts(pile) for pile in game.piles]
            assert plain.surs == game.surs
        assert plain.turn is None and game.over
        assert plain.deal_scores == [[entry["total"] for entry in results] for results in game.deal_results]
        assert plain.scores == game.scores and plain.winner == game.winner
        deals += len(game.deal_results)
    assert deals >= 6
