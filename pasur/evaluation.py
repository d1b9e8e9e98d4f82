"""How ``medium`` scores a move (docs/AI.md), written once on card numbers: :func:`option_value`.

Two ways in: :func:`medium_option` scores the options of a :class:`~pasur.deal.Deal` (the playouts of
``hard``'s search), and :func:`evaluate_move` one :class:`~pasur.moves.Move` in a
:class:`Situation` read from a seat's view (the ``medium`` player, ``easy``, the choice of the
moves ``hard`` searches). Both see only what the seat to move may know: the cards it has not seen
are counted by rank, never located.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .captures import RANK, Captures, bits, captures_for
from .cards import FULL_DECK, JACK, KING, Card
from .deal import CARDS_PER_HAND, Deal, table_after
from .moves import Move, is_sur
from .rules import Rules
from .scoring import CLUB, CLUBS_MAJORITY, SUR_POINTS, points_by_number
from .view import PlayerView

__all__ = [
    "CARD_VALUE",
    "CLUB_RACE",
    "JACK_PROMISE",
    "JACK_SPEND",
    "Situation",
    "after_move",
    "chance_of_holding",
    "clubs_value",
    "evaluate_move",
    "medium_move",
    "medium_option",
    "option_value",
    "situation_of",
    "table_threat",
]

CLUB_RACE: Final = 0.7  # value of one club while the majority is open
CARD_VALUE: Final = 0.03  # a captured card's small worth (ties, and the clubs that may follow)
JACK_PROMISE: Final = 0.25  # share of the table's points a Jack in hand is expected to bring
JACK_SPEND: Final = 0.8  # the cost of using a wild Jack before the last round
CARDS: Final = len(FULL_DECK)
VALUE: Final = tuple(card.value for card in FULL_DECK)
_CACHE_LIMIT: Final = 300_000


def clubs_value(count: int, mine: int, theirs: int) -> float:
    """What taking ``count`` clubs is worth to a side holding ``mine`` against ``theirs``."""
    if count == 0 or theirs >= CLUBS_MAJORITY or mine >= CLUBS_MAJORITY:
        return 0.0
    if mine + count >= CLUBS_MAJORITY:
        return 7.0
    return CLUB_RACE * count * (1.0 + 0.15 * mine)


def chance_of_holding(count: int, unseen: int, hand_size: int) -> float:
    """The chance that a hand of ``hand_size`` drawn from ``unseen`` cards holds one of ``count``."""
    if count <= 0 or hand_size <= 0 or unseen <= 0:
        return 0.0
    if count + hand_size > unseen:
        return 1.0
    miss = 1.0
    for i in range(hand_size):
        miss *= (unseen - count - i) / (unseen - i)
    return 1.0 - miss


#: chance_of_holding(count, unseen, hand_size) as _CHANCES[unseen][hand_size][count]
_CHANCES: Final = [[[chance_of_holding(count, unseen, size) for count in range(5)]
                    for size in range(CARDS_PER_HAND + 1)] for unseen in range(CARDS + 1)]


class _Kit:
    """What the evaluation needs of one set of rules, and its cache of the next player's gains."""

    __slots__ = ("captures", "gains", "jack_wild", "points", "sur_last", "sur_rank")

    def __init__(self, rules: Rules) -> None:
        self.captures: Captures = captures_for(rules)
        self.points = points_by_number(rules)
        self.jack_wild = rules.jack_wild and not rules.kids
        # whether a sweep by a card of each rank scores as a sur, before and in the last round
        self.sur_rank = [rank > 0 and is_sur(rules, FULL_DECK[(rank - 1) * 4], True, False) for rank in range(14)]
        self.sur_last = [rank > 0 and is_sur(rules, FULL_DECK[(rank - 1) * 4], True, True) for rank in range(14)]
        self.gains: dict[tuple[tuple[int, ...], int, int, bool], tuple[tuple[int, float], ...]] = {}


_KITS: dict[Rules, _Kit] = {}


def _kit(rules: Rules) -> _Kit:
    kit = _KITS.get(rules)
    if kit is None:
        kit = _KITS[rules] = _Kit(rules)
    return kit


def _gains(kit: _Kit, after: tuple[int, ...], mine: int, theirs: int,
           last_round: bool) -> tuple[tuple[int, float], ...]:
    """For each rank, the best the next player gains by playing it on ``after`` (when above 0)."""
    key = (after, mine, theirs, last_round)
    found = kit.gains.get(key)
    if found is not None:
        return found
    points = [kit.points[card] for card in after]
    clubs = [CLUB[card] for card in after]
    sur = kit.sur_last if last_round else kit.sur_rank
    entry = kit.captures.every_rank(after)
    full = (1 << len(after)) - 1
    result = []
    for rank in range(1, KING + 1):
        best = 0.0
        for mask in entry[rank] or ():
            total = 0
            count = 0
            for pos in bits(mask):
                total += points[pos]
                count += clubs[pos]
            gain = total + 0.4  # their own card's points, on average
            gain += clubs_value(count, mine, theirs)
            if mask == full and sur[rank]:
                gain += SUR_POINTS
            if gain > best:
                best = gain
        if best > 0:
            result.append((rank, best))
    if len(kit.gains) >= _CACHE_LIMIT:
        kit.gains.clear()
    found = kit.gains[key] = tuple(result)
    return found


def threat(kit: _Kit, after: tuple[int, ...], by_rank: Sequence[int], unseen: int, next_size: int,
           mine: int, theirs: int, last_round: bool) -> float:
    """The expected best points the next player takes from the table ``after`` with one card of the
    ``unseen`` (``by_rank`` of them of each rank) drawn into a hand of ``next_size``: for each rank
    the chance that the hand holds one, and the best capture that rank makes, sur included; the
    best rank held is the one played."""
    if not after or next_size == 0:
        return 0.0
    # The next player's clubs_value(count, theirs, mine) depends on ``mine`` only through mine >= 7.
    if theirs >= CLUBS_MAJORITY or mine >= CLUBS_MAJORITY:
        theirs = mine = CLUBS_MAJORITY
    else:
        mine = 0
    chances = _CHANCES[unseen][next_size]
    gains = [(gain, chances[by_rank[rank]]) for rank, gain in _gains(kit, after, theirs, mine, last_round)
             if by_rank[rank]]
    gains.sort(reverse=True)
    expected = 0.0
    none_yet = 1.0
    for gain, chance in gains:
        expected += gain * chance * none_yet
        none_yet *= 1.0 - chance
    return expected


def option_value(kit: _Kit, table: Sequence[int], card: int, mask: int, other_jack: bool, by_rank: Sequence[int],
                 unseen: int, next_size: int, mine: int, theirs: int, last_round: bool) -> float:
    """The medium player's score of playing ``card`` taking the cards of ``table`` in ``mask`` (0:
    laying it), for a side holding ``mine`` clubs against ``theirs`` and, with ``other_jack``,
    another Jack in hand: the points taken now (a sur's 5 included), the clubs race, a little for
    each card taken, minus :func:`threat`, and a wild Jack's cost and promise. Higher is better."""
    points = kit.points
    if mask:
        taken = bits(mask)
        value = float(points[card] + sum(points[table[pos]] for pos in taken))
        if len(taken) == len(table) and (kit.sur_last if last_round else kit.sur_rank)[RANK[card]]:
            value += SUR_POINTS
        value += clubs_value(sum(CLUB[table[pos]] for pos in taken) + CLUB[card], mine, theirs)
        value += CARD_VALUE * (len(taken) + 1)
    else:
        value = -0.05 * points[card] - 0.01 * VALUE[card]
    after = tuple(table_after(table, card, mask))
    value -= threat(kit, after, by_rank, unseen, next_size, mine, theirs, last_round)
    if kit.jack_wild:
        if RANK[card] == JACK and mask and not last_round:
            value -= JACK_SPEND
        if other_jack:
            value += JACK_PROMISE * sum(points[held] for held in after if RANK[held] <= JACK)
    return value


def medium_option(deal: Deal) -> tuple[int, int]:
    """The option the ``medium`` player picks for the seat to move, from what that seat sees."""
    options = deal.options()
    if len(options) == 1:
        return options[0]
    kit = _kit(deal.rules)
    seat = deal.turn
    side = deal.seat_sides[seat]
    hand = deal.hands[seat]
    table = deal.table
    by_rank = [4] * (KING + 1)
    for group in (hand, table, *deal.piles):
        for held in group:
            by_rank[RANK[held]] -= 1
    unseen = sum(by_rank) - 4
    next_size = len(deal.hands[(seat + 1) % deal.players])
    clubs = [sum(map(CLUB.__getitem__, pile)) for pile in deal.piles]
    mine = clubs[side]
    theirs = max((count for index, count in enumerate(clubs) if index != side), default=0)
    last_round = not deal.stock
    jacks = sum(1 for held in hand if RANK[held] == JACK)
    best = options[0]
    best_value = -float("inf")
    for option in options:
        card, mask = option
        value = option_value(kit, table, card, mask, jacks - (RANK[card] == JACK) > 0, by_rank, unseen, next_size,
                             mine, theirs, last_round)
        if value > best_value:
            best, best_value = option, value
    return best


@dataclass(frozen=True)
class Situation:
    """What the evaluation needs about the position, from the mover's point of view."""

    rules: Rules
    table: Sequence[Card]
    hand: Sequence[Card]
    unseen_by_rank: Sequence[int]  # index 1..13
    unseen_total: int
    next_hand_size: int
    my_clubs: int
    their_clubs: int
    last_round: bool


def situation_of(view: PlayerView) -> Situation:
    unseen = view.unseen()
    by_rank = [0] * (KING + 1)  # index 1..13
    for card in unseen:
        by_rank[card.rank] += 1
    clubs = [sum(CLUB[card.index] for card in pile) for pile in view.piles]
    their = [count for side, count in enumerate(clubs) if side != view.side]
    next_seat = (view.seat + 1) % view.players
    return Situation(view.rules, view.table, view.hand, by_rank, len(unseen), view.hand_sizes[next_seat],
                     clubs[view.side], max(their, default=0), view.last_round)


def after_move(table: Sequence[Card], move: Move) -> list[Card]:
    """The table (sorted) once ``move`` is played on ``table`` (:func:`pasur.deal.table_after`)."""
    mask = 0
    for pos, card in enumerate(table):
        if card in move.captured:
            mask |= 1 << pos
    return [FULL_DECK[card] for card in table_after([card.index for card in table], move.card.index, mask)]


def table_threat(s: Situation, table: Sequence[Card]) -> float:
    """:func:`threat` of ``table`` in the situation ``s``."""
    return threat(_kit(s.rules), tuple(sorted(card.index for card in table)), s.unseen_by_rank, s.unseen_total,
                  s.next_hand_size, s.my_clubs, s.their_clubs, s.last_round)


def evaluate_move(s: Situation, move: Move) -> float:
    """The medium player's score of one move (:func:`option_value`): higher is better."""
    table = [card.index for card in s.table]
    mask = 0
    for pos, card in enumerate(s.table):
        if card in move.captured:
            mask |= 1 << pos
    other_jack = any(card.rank == JACK and card is not move.card for card in s.hand)
    return option_value(_kit(s.rules), table, move.card.index, mask, other_jack, s.unseen_by_rank, s.unseen_total,
                        s.next_hand_size, s.my_clubs, s.their_clubs, s.last_round)


def medium_move(view: PlayerView) -> Move:
    """The move the ``medium`` player picks from ``view``: the first of the best by :func:`evaluate_move`."""
    moves = view.legal_moves()
    if len(moves) == 1:
        return moves[0]
    s = situation_of(view)
    return max(moves, key=lambda move: evaluate_move(s, move))
