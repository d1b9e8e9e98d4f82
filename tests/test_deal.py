"""The rules kernel (pasur.deal) against the plain engine (pasur.reference): deals played through a
Deal directly, as the search plays them, give the same legal outcomes, positions, scores and
outcomes, match bonus included."""

import random

import pytest

from pasur import Rules
from pasur.cards import FULL_DECK
from pasur.deal import Deal, table_after
from pasur.reference import PlainCard, PlainGame, PlainMove, text

PRESETS = ["seeds", "classic", "kids"]


def notation(card: int, taken: list[int]) -> str:
    return f"{FULL_DECK[card]}:{','.join(str(FULL_DECK[c]) for c in sorted(taken))}" if taken else str(FULL_DECK[card])


def plain_notation(move: PlainMove) -> str:
    card, taken = move
    return f"{text(card)}:{','.join(map(text, sorted(taken)))}" if taken else text(card)


def cards(numbers: list[int]) -> list[str]:
    return [str(FULL_DECK[number]) for number in numbers]


def texts(cards: list[PlainCard]) -> list[str]:
    return [text(card) for card in cards]


def play_match(players: int, rules: Rules, seed: int) -> int:
    """A whole match through Deal and PlainGame side by side, random moves; returns the deals played."""
    plain = PlainGame(players, rules, seed)
    rng = random.Random(seed)  # the plain engine's own generator deals; this one chooses the moves
    deal_rng = random.Random(seed)
    scores = [0] * len(plain.scores)
    leader = 0
    while True:
        deal = Deal.dealt(rules, players, leader, None, deal_rng, tuple(scores), len(plain.deal_scores))
        while True:
            assert deal.turn == plain.turn and cards(deal.table) == texts(plain.table)
            assert [cards(hand) for hand in deal.hands] == [texts(hand) for hand in plain.hands]
            options = {notation(card, [deal.table[pos] for pos in range(len(deal.table)) if mask >> pos & 1]):
                       (card, mask) for card, mask in deal.options()}
            moves = {plain_notation(move): move for move in plain.legal_moves()}
            assert sorted(options) == sorted(moves) and len(options) == len(deal.options())
            chosen = rng.choice(sorted(options))
            ended = deal.apply(*options[chosen])
            plain.play(moves[chosen])
            if ended:
                break
            assert [cards(pile) for pile in deal.piles] == [texts(pile) for pile in plain.piles]
            assert deal.surs == plain.surs
        totals = plain.deal_scores[-1]
        assert [entry["total"] for entry in deal.results()] == totals
        for side, total in enumerate(totals):
            expected = total - max(other for index, other in enumerate(totals) if index != side)
            if plain.turn is None and plain.winner is not None:  # this deal won the match for one side
                expected += 25 if plain.winner == side else -25
            assert deal.outcome(side) == expected
        if plain.turn is None:
            return len(plain.deal_scores)
        scores = list(plain.scores)
        leader = (leader + 1) % players


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_deals_match_the_plain_engine(preset: str, players: int) -> None:
    # To 21 points, or of two deals: in both, the last deal decides the match and the outcome counts it.
    for seed in range(8):
        ending = {"target": 21} if seed % 2 else {"fixed_deals": 2}
        assert play_match(players, Rules.preset(preset, **ending), seed) >= 1


def test_a_copy_plays_on_alone() -> None:
    deal = Deal.dealt(Rules(), 2, 0, None, random.Random(5), (0, 0), 0)
    copy = deal.copy()
    card, mask = deal.options()[0]
    deal.apply(card, mask)
    assert copy.hands[0] != deal.hands[0] and len(copy.hands[0]) == 4 and copy.turn == 0


def test_the_table_after_a_move() -> None:
    table = [8, 13, 30]  # 3C 4D 8H
    assert table_after(table, 12, 0b011) == [30]  # 4C takes 3C and 4D
    assert table_after(table, 20, 0) == [8, 13, 20, 30]  # a card that takes nothing joins, in order
