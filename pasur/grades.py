"""How the move review grades a move and says why: one scale, from the expected points lost and the
search's own uncertainty, with the confidence in words and a reason built from the position.

>>> grade_for(0.0, 0.0, exact=False), grade_for(0.6, 0.2, exact=False), grade_for(3.1, 2.0, exact=False)
('best', 'good', 'good')
>>> grade_for(3.1, 0.9, exact=False), confidence_for(3.1, 0.9, exact=False), confidence_for(3.1, 0.5, False)
('mistake', 'fair', 'high')
>>> grade_for(6.0, 0.0, exact=True), confidence_for(6.0, 0.0, exact=True)
('blunder', 'exact')

A move is ``best`` when it is the move the search prefers. Any other move whose loss is under
:data:`INACCURACY` points, or within :data:`NOISE` standard errors of nothing (the search cannot tell
it from the best move), is ``good``: no better move is named and nothing is counted as lost. Past
that, the loss alone says ``inaccuracy``, ``mistake`` or ``blunder``, and the deal's summary adds
up the losses of exactly those moves. docs/AI.md, "Move review", has the method and the thresholds.
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from typing import Any, Final

from .ai import immediate_points
from .captures import captures_for
from .cards import CLUBS, JACK, Card
from .evaluation import after_move
from .moves import Move, is_sur
from .scoring import CLUBS_MAJORITY, SUR_POINTS, card_points
from .view import PlayerView

__all__ = ["BLUNDER", "GRADES", "INACCURACY", "MISTAKE", "NOISE", "REASONS", "SURE", "WORSE", "Reason",
           "confidence_for", "grade_for", "reason_from", "reason_text", "why_worse"]

INACCURACY: Final = 1.0  # expected points lost from which a move is an inaccuracy,
MISTAKE: Final = 2.5  # a mistake,
BLUNDER: Final = 5.0  # a blunder (a sur is worth 5)
NOISE: Final = 2.0  # a loss under this many standard errors is within the search's noise: "good"
SURE: Final = 4.0  # a loss of this many standard errors or more is said "very likely", under it "likely"
GRADES: Final = ("best", "good", "inaccuracy", "mistake", "blunder")
WORSE: Final = frozenset(GRADES[2:])  # the grades that name a better move and count what was lost

#: English for each reason key (the page has them in every language, as ``review_reason_<key>``).
REASONS: Final = {
    "only_move": "the only legal move",
    "missed_sur": "{best} was a sur (5 points)",
    "leaves_sur": "leaves {sum} on the table: a sur for the next player",  # (reviews saved before the next)
    "leaves_sur_cards": "leaves {cards} on the table: a {rank} would sweep it, a sur for the next player",
    "leaves_sur_jack": "leaves the table to a sur by a Jack",
    "leaves_sur_queen": "leaves the table to a sur by a Queen",
    "leaves_sur_king": "leaves the table to a sur by a King",
    "gives_up": "gives away the {card}",
    "clubs_majority": "misses the clubs majority (7 points) that {best} makes",
    "fewer_points": "takes {points} points fewer than {best}",
    "fewer_points_one": "takes 1 point fewer than {best}",
    "fewer_clubs": "takes {clubs} clubs fewer than {best}, with the clubs majority still open",
    "fewer_clubs_one": "takes 1 club fewer than {best}, with the clubs majority still open",
    "spends_jack": "spends a Jack on cards that {best} takes as well",
    "later": "in the computer's playouts, the rest of the deal goes better after {best}",
    # From the lines the search found (pasur.lines); {player} is a seat, which the page names.
    "sur_next": "{player} then sweeps the table with {rank}: a sur, 5 points",  # {rank}: "a 3", "a jack"
    "sur_later": "later {player} sweeps the table with {rank}: a sur, 5 points",
    "sur_own": "after {best}, you sweep the table later with {rank}: a sur, 5 points",
    "clubs_race": "gives up the race for the clubs (you had {mine}, {player} gets to {theirs})",
    "clubs_race_own": "loses the race for the clubs (you had {mine}; after {best} you get to {ours})",
    "leaves_card": "leaves the {card} for {player}",
    "card_goes": "the {card} goes to {player}; after {best} it comes to you",
    # A move graded good that the guided deal teaches rather than the best (pasur.judgement.tip_of).
    "simpler": "a capture as good as {best}: the guide teaches captures first",
}
_COURT = {11: "jack", 12: "queen", 13: "king"}
_A_RANK = {"A": "an ace", "J": "a jack", "Q": "a queen", "K": "a king"}

Reason = tuple[str, dict[str, str]]


def grade_for(loss: float, error: float, exact: bool) -> str:
    """The grade of a move that is expected to lose ``loss`` points against the best one, with the
    standard error ``error`` of that loss (0 and ``exact`` when nothing was hidden)."""
    if loss <= 0:
        return "best"
    if loss < INACCURACY or (not exact and loss < NOISE * error):
        return "good"
    if loss < MISTAKE:
        return "inaccuracy"
    return "mistake" if loss < BLUNDER else "blunder"


def confidence_for(loss: float, error: float, exact: bool) -> str:
    """How sure the review is that a move graded worse than good did lose: ``exact`` (nothing was
    hidden: the rest of the deal was solved), ``high`` (:data:`SURE` standard errors or more) or
    ``fair`` (between :data:`NOISE` and :data:`SURE`)."""
    if exact or error <= 0:
        return "exact" if exact else "high"
    return "high" if loss >= SURE * error else "fair"


def reason_text(reason: Reason) -> str:
    """A reason in English (a seat named by its number: "seat 1")."""
    key, values = reason
    if values.get("points", values.get("clubs")) == "1":
        key += "_one"
    named = dict(values)
    if "player" in values:
        named["player"] = f"seat {values['player']}"
    if key.startswith("sur_"):
        named["rank"] = _A_RANK.get(values["rank"], f"a {values['rank']}")
    return REASONS[key].format(**named)


_COUNTS = frozenset({"points", "clubs", "sum", "mine", "theirs", "ours", "player"})  # digits ("player": a seat)
_MAX_VALUE = 12  # a card's symbol or a small number
_MAX_CARDS = 48  # the cards left on a table, by their symbols


def reason_from(data: Any) -> Reason:
    """A reason as kept in a save (``[key, {name: value}]``): a key of :data:`REASONS` with exactly
    the values its words name, each short text, the counts in digits. Anything else: ValueError.

    >>> reason_from(["fewer_points", {"points": "2", "best": "7♦"}])
    ('fewer_points', {'points': '2', 'best': '7♦'})
    >>> reason_from(["fewer_points", {"points": "two", "best": "7♦"}])
    Traceback (most recent call last):
    ...
    ValueError: not a reason: ['fewer_points', {'points': 'two', 'best': '7♦'}]
    """
    key, values = data if isinstance(data, list | tuple) and len(data) == 2 else (None, None)
    if not isinstance(key, str) or key.endswith("_one") or key not in REASONS or not isinstance(values, dict):
        raise ValueError(f"not a reason: {str(data)[:80]}")
    names = {field for _, field, _, _ in string.Formatter().parse(REASONS[key]) if field}
    if set(values) != names or not all(
            isinstance(value, str) and 0 < len(value) <= (_MAX_CARDS if name == "cards" else _MAX_VALUE)
            and (name not in _COUNTS or (value.isascii() and value.isdigit())) for name, value in values.items()):
        raise ValueError(f"not a reason: {str(data)[:80]}")
    return key, dict(values)


def _sweeper(view: PlayerView, table: Sequence[Card]) -> Card | None:
    """An unseen card that would take all of ``table`` for a sur on the next turn, if any."""
    if not table or (view.last_round and view.hand_sizes[(view.seat + 1) % view.players] == 0):
        return None
    captures = captures_for(view.rules)
    ranks = tuple(card.rank for card in table)
    full = (1 << len(table)) - 1
    for card in view.unseen():
        if full in captures.masks(card.rank, ranks) and is_sur(view.rules, card, True, view.last_round):
            return card
    return None


def _clubs_taken(move: Move) -> int:
    if not move.captured:
        return 0
    return sum(card.suit == CLUBS for card in (move.card, *move.captured))


def why_worse(view: PlayerView, played: Move, best: Move) -> Reason:
    """One plain reason ``played`` is worse than ``best``, from the position's facts, checked in this
    order: a sur missed, a sur left to the next player, a card worth points given away, the clubs
    majority missed, fewer points taken now, fewer clubs taken while the majority is open, a Jack
    spent on cards the best move takes without it; else what the playouts found (the rest of the
    deal goes better after the best move)."""
    rules, table = view.rules, view.table
    symbol = {"best": best.card.symbol}
    gained = immediate_points(view, best) - immediate_points(view, played)
    if gained >= SUR_POINTS and len(best.captured) == len(table):
        return "missed_sur", symbol
    left = after_move(table, played)
    sweeper = _sweeper(view, left)
    if sweeper is not None and _sweeper(view, after_move(table, best)) is None:
        if sweeper.is_number:  # the cards left, and the rank that sweeps them (by sums of 11, one or several)
            return "leaves_sur_cards", {"cards": " ".join(card.symbol for card in sorted(left)),
                                        "rank": str(sweeper)[:-1]}
        return f"leaves_sur_{_COURT[sweeper.rank]}", {}
    given = [card for card in best.captured if card not in played.captured and card_points(card, rules) > 0]
    if not played.captured and card_points(played.card, rules) > 0 and best.card is not played.card:
        given.append(played.card)  # laid a card worth points where the next player may take it
    if given:
        card = max(given, key=lambda c: (card_points(c, rules), c.index))
        return "gives_up", {"card": card.symbol}
    mine = [sum(card.suit == CLUBS for card in pile) for pile in view.piles]
    open_race = all(count < CLUBS_MAJORITY for count in mine)
    if open_race and mine[view.side] + _clubs_taken(best) >= CLUBS_MAJORITY > mine[view.side] + _clubs_taken(played):
        return "clubs_majority", symbol
    if gained > 0:
        return "fewer_points", {"points": str(gained), **symbol}
    clubs = _clubs_taken(best) - _clubs_taken(played)
    if clubs > 0 and open_race:
        return "fewer_clubs", {"clubs": str(clubs), **symbol}
    if played.card.rank == JACK != best.card.rank and set(played.captured) <= set(best.captured):
        return "spends_jack", symbol
    return "later", symbol
