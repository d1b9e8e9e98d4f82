"""Scoring a deal (docs/RULES.md §7) and the points a card is worth."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from .cards import ACE, CLUBS, JACK, Card
from .rules import Rules

__all__ = ["BREAKDOWN_KEYS", "CLUBS_POINTS", "SUR_POINTS", "card_points", "score_deal"]

#: Keys of one side's entry in ``Game.deal_results``, in score-sheet order.
BREAKDOWN_KEYS: Final = (
    "aces", "jacks", "two_clubs", "ten_diamonds", "clubs", "surs", "seven_diamonds", "total",
)
SUR_POINTS: Final = 5
CLUBS_POINTS: Final = 7
CLUBS_MAJORITY: Final = 7

_TWO_CLUBS: Final = Card.parse("2C")
_TEN_DIAMONDS: Final = Card.parse("10D")
_SEVEN_DIAMONDS: Final = Card.parse("7D")


def card_points(card: Card, rules: Rules) -> int:
    """The points one captured card scores by itself (clubs majority and surs aside)."""
    if card.rank == ACE or card.rank == JACK:
        return 1
    if card is _TWO_CLUBS:
        return 2
    if card is _TEN_DIAMONDS:
        return 3
    if card is _SEVEN_DIAMONDS and rules.seven_diamonds_bonus:
        return 1
    return 0


def effective_surs(surs: Sequence[int], scores_before: Sequence[int], rules: Rules) -> list[int]:
    """How many surs of each side score, after ``sur_limit_50`` and ``sur_cancel``."""
    limited = [rules.sur_limit_50 and score >= 50 for score in scores_before]
    own = [0 if limited[side] else count for side, count in enumerate(surs)]
    if rules.sur_cancel and len(surs) == 2:
        return [max(0, own[0] - own[1]), max(0, own[1] - own[0])]
    return own


def score_deal(
    piles: Sequence[Iterable[Card]],
    surs: Sequence[int],
    scores_before: Sequence[int],
    rules: Rules,
) -> list[dict[str, int]]:
    """One dict per side with the points of each heading of docs/RULES.md §7.1 and their ``total``."""
    clubs = [sum(1 for card in pile if card.suit == CLUBS) for pile in piles]
    scoring_surs = effective_surs(surs, scores_before, rules)
    results = []
    for side, pile in enumerate(piles):
        cards = list(pile)
        entry = {
            "aces": sum(1 for card in cards if card.rank == ACE),
            "jacks": sum(1 for card in cards if card.rank == JACK),
            "two_clubs": 2 if _TWO_CLUBS in cards else 0,
            "ten_diamonds": 3 if _TEN_DIAMONDS in cards else 0,
            "clubs": CLUBS_POINTS if clubs[side] >= CLUBS_MAJORITY else 0,
            "surs": SUR_POINTS * scoring_surs[side],
            "seven_diamonds": 1 if rules.seven_diamonds_bonus and _SEVEN_DIAMONDS in cards else 0,
        }
        entry["total"] = sum(entry.values())
        results.append(entry)
    return results
