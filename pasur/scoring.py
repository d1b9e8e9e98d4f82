"""Scoring a deal (docs/RULES.md §7), the points a card is worth, and the end of the match (§8)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from .cards import ACE, CLUBS, FULL_DECK, JACK, Card
from .rules import Rules

__all__ = [
    "BREAKDOWN_KEYS",
    "CLUB",
    "CLUBS_MAJORITY",
    "CLUBS_POINTS",
    "SUR_POINTS",
    "card_points",
    "deal_totals",
    "effective_surs",
    "match_result",
    "points_by_number",
    "score_deal",
    "score_piles",
]

#: Keys of one side's entry in ``Game.deal_results``, in score-sheet order.
BREAKDOWN_KEYS: Final = (
    "aces", "jacks", "two_clubs", "ten_diamonds", "clubs", "surs", "seven_diamonds", "total",
)
SUR_POINTS: Final = 5
CLUBS_POINTS: Final = 7
CLUBS_MAJORITY: Final = 7
#: 1 for each club, by card number.
CLUB: Final = tuple(int(card.suit == CLUBS) for card in FULL_DECK)

_TWO_CLUBS: Final = Card.parse("2C")
_TEN_DIAMONDS: Final = Card.parse("10D")
_SEVEN_DIAMONDS: Final = Card.parse("7D")


def _heading(card: Card, rules: Rules) -> tuple[str, int] | None:
    """The score-sheet heading a captured card counts under, and its points (None: it scores nothing
    by itself)."""
    if card.rank == ACE:
        return ("aces", 1)
    if card.rank == JACK:
        return ("jacks", 1)
    if card is _TWO_CLUBS:
        return ("two_clubs", 2)
    if card is _TEN_DIAMONDS:
        return ("ten_diamonds", 3)
    if card is _SEVEN_DIAMONDS and rules.seven_diamonds_bonus:
        return ("seven_diamonds", 1)
    return None


def card_points(card: Card, rules: Rules) -> int:
    """The points one captured card scores by itself (clubs majority and surs aside)."""
    heading = _heading(card, rules)
    return 0 if heading is None else heading[1]


_HEADINGS: dict[bool, tuple[tuple[str, int] | None, ...]] = {}
_POINTS: dict[bool, tuple[int, ...]] = {}


def _headings(rules: Rules) -> tuple[tuple[str, int] | None, ...]:
    found = _HEADINGS.get(rules.seven_diamonds_bonus)
    if found is None:
        found = _HEADINGS[rules.seven_diamonds_bonus] = tuple(_heading(card, rules) for card in FULL_DECK)
    return found


def points_by_number(rules: Rules) -> tuple[int, ...]:
    """:func:`card_points` of every card, by card number."""
    found = _POINTS.get(rules.seven_diamonds_bonus)
    if found is None:
        found = _POINTS[rules.seven_diamonds_bonus] = tuple(card_points(card, rules) for card in FULL_DECK)
    return found


def effective_surs(surs: Sequence[int], scores_before: Sequence[int], rules: Rules) -> list[int]:
    """How many surs of each side score, after ``sur_limit_50`` and ``sur_cancel``."""
    limited = [rules.sur_limit_50 and score >= 50 for score in scores_before]
    own = [0 if limited[side] else count for side, count in enumerate(surs)]
    if rules.sur_cancel and len(surs) == 2:
        return [max(0, own[0] - own[1]), max(0, own[1] - own[0])]
    return own


def score_piles(piles: Sequence[Sequence[int]], surs: Sequence[int], scores_before: Sequence[int],
                rules: Rules) -> list[dict[str, int]]:
    """:func:`score_deal` for piles of card numbers."""
    headings = _headings(rules)
    scoring_surs = effective_surs(surs, scores_before, rules)
    results = []
    for side, pile in enumerate(piles):
        entry = dict.fromkeys(BREAKDOWN_KEYS, 0)
        for heading in filter(None, map(headings.__getitem__, pile)):  # the cards that score by themselves
            entry[heading[0]] += heading[1]
        entry["clubs"] = _clubs_points(sum(map(CLUB.__getitem__, pile)))
        entry["surs"] = SUR_POINTS * scoring_surs[side]
        entry["total"] = sum(entry.values())
        results.append(entry)
    return results


def deal_totals(piles: Sequence[Sequence[int]], surs: Sequence[int], scores_before: Sequence[int],
                rules: Rules) -> list[int]:
    """The ``total`` of each side in :func:`score_piles`, without the breakdown (for the search's
    playouts, which end thousands of deals a move)."""
    points = points_by_number(rules)
    return [sum(map(points.__getitem__, pile)) + _clubs_points(sum(map(CLUB.__getitem__, pile))) + SUR_POINTS * count
            for pile, count in zip(piles, effective_surs(surs, scores_before, rules), strict=True)]


def _clubs_points(clubs: int) -> int:
    """What holding ``clubs`` clubs scores: the majority's 7, or nothing."""
    return CLUBS_POINTS if clubs >= CLUBS_MAJORITY else 0


def score_deal(
    piles: Sequence[Iterable[Card]],
    surs: Sequence[int],
    scores_before: Sequence[int],
    rules: Rules,
) -> list[dict[str, int]]:
    """One dict per side with the points of each heading of docs/RULES.md §7.1 and their
    ``total``: ``piles`` are the cards each side captured, ``surs`` the surs each side made (before
    ``sur_limit_50`` and ``sur_cancel``), ``scores_before`` the match totals before the deal."""
    return score_piles([[card.index for card in pile] for pile in piles], surs, scores_before, rules)


def match_result(scores: Sequence[int], deals_played: int, rules: Rules) -> tuple[bool, int | None]:
    """Whether the match is over once ``deals_played`` deals have given these totals, and the winning
    side (None while playing, or on a draw), docs/RULES.md §8.

    >>> match_result([63, 40], 3, Rules()), match_result([63, 63], 3, Rules())
    ((True, 0), (False, None))
    >>> match_result([20, 20], 1, Rules(fixed_deals=1))
    (True, None)
    """
    top = max(scores)
    leaders = [side for side, score in enumerate(scores) if score == top]
    if rules.fixed_deals is not None:
        if deals_played < rules.fixed_deals:
            return False, None
        return True, leaders[0] if len(leaders) == 1 else None
    if top >= rules.target and len(leaders) == 1:
        return True, leaders[0]
    return False, None
