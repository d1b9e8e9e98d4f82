"""The rest of one deal played fast, for the search of :mod:`pasur.ai`: cards are the numbers 0..51
(``Card.index``), a move is a ``(card, mask)`` pair as in :meth:`pasur.game.Game.move_options`, and
nothing is logged. Captured piles are kept only as what scoring needs (card points, clubs, surs).

A :class:`Deal` follows the rules exactly as :class:`~pasur.game.Game` does, up to the end of the
deal (``tests/test_playout.py`` plays the same moves through both and compares every position and
score). :func:`medium_option` is the ``medium`` player's choice (:func:`pasur.ai.evaluate_move`)
computed on that state.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from .cards import CLUBS, FULL_DECK, JACK, KING, Card
from .moves import bits, is_sur, masks_for, table_entry
from .rules import Rules, side_of
from .scoring import CLUBS_MAJORITY, CLUBS_POINTS, SUR_POINTS, card_points, effective_surs

if TYPE_CHECKING:
    from .game import Game

__all__ = ["Deal", "medium_option"]

CARDS: Final = len(FULL_DECK)
RANK: Final = tuple(card.rank for card in FULL_DECK)
CLUB: Final = tuple(int(card.suit == CLUBS) for card in FULL_DECK)
VALUE: Final = tuple(card.value for card in FULL_DECK)
HAND_SIZE: Final = 4
MATCH_SWING: Final = 25.0  # what a deal that decides the match adds to (or takes from) its outcome

_POINTS: dict[Rules, tuple[int, ...]] = {}


def points_of(rules: Rules) -> tuple[int, ...]:
    """Each card's own points under ``rules``, by card number."""
    points = _POINTS.get(rules)
    if points is None:
        points = _POINTS[rules] = tuple(card_points(card, rules) for card in FULL_DECK)
    return points


class Deal:
    """The state of one deal from one moment to its end; :meth:`apply` plays a ``(card, mask)``."""

    __slots__ = ("clubs", "hands", "last_capturer", "last_deal", "leader", "players", "points", "public",
                 "public_by_rank", "rules", "scores", "seat_sides", "stock", "surs", "swing", "table", "turn")

    rules: Rules
    players: int
    seat_sides: tuple[int, ...]
    hands: list[list[int]]
    table: list[int]  # sorted, as Game keeps it
    stock: list[int]
    points: list[int]  # card points in each side's pile
    clubs: list[int]  # clubs in each side's pile
    surs: list[int]
    scores: list[int]  # the match scores before this deal
    public_by_rank: list[int]  # cards on the table or in a pile, by rank (index 1..13)
    public: int
    turn: int
    leader: int
    last_capturer: int | None
    last_deal: bool  # the match ends with this deal whatever its score (the last of ``fixed_deals``)
    swing: float  # what deciding the match adds to the outcome (MATCH_SWING; 0 to count points only)

    @classmethod
    def start(cls, rules: Rules, players: int, hands: Sequence[Sequence[Card]], table: Sequence[Card],
              stock: Sequence[Card], piles: Sequence[Sequence[Card]], surs: Sequence[int], scores: Sequence[int],
              turn: int, leader: int, last_capturer: int | None, deals_played: int) -> Deal:
        """A deal in this position (the arguments of :meth:`pasur.game.Game.from_position`), in a match
        that has finished ``deals_played`` deals before it."""
        deal = object.__new__(cls)
        deal.rules = rules
        deal.players = players
        deal.seat_sides = tuple(side_of(seat, players, rules) for seat in range(players))
        deal.hands = [[card.index for card in hand] for hand in hands]
        deal.table = sorted(card.index for card in table)
        deal.stock = [card.index for card in stock]
        points = points_of(rules)
        deal.points = [sum(points[card.index] for card in pile) for pile in piles]
        deal.clubs = [sum(CLUB[card.index] for card in pile) for pile in piles]
        deal.surs = list(surs)
        deal.scores = list(scores)
        by_rank = [0] * (KING + 1)
        for group in (table, *piles):
            for card in group:
                by_rank[card.rank] += 1
        deal.public_by_rank = by_rank
        deal.public = sum(by_rank)
        deal.turn = turn
        deal.leader = leader
        deal.last_capturer = last_capturer
        deal.last_deal = rules.fixed_deals is not None and deals_played + 1 >= rules.fixed_deals
        deal.swing = MATCH_SWING
        return deal

    @classmethod
    def of(cls, game: Game) -> Deal:
        """The current deal of ``game`` (which must not be over)."""
        assert game.turn is not None
        return cls.start(game.rules, game.players, game.hands, game.table, game.stock, game.piles, game.surs,
                         game.scores, game.turn, game.leader, game.last_capturer, len(game.deal_results))

    def copy(self) -> Deal:
        clone = object.__new__(Deal)
        clone.rules = self.rules
        clone.players = self.players
        clone.seat_sides = self.seat_sides
        clone.hands = [hand[:] for hand in self.hands]
        clone.table = self.table[:]
        clone.stock = self.stock[:]
        clone.points = self.points[:]
        clone.clubs = self.clubs[:]
        clone.surs = self.surs[:]
        clone.scores = self.scores
        clone.public_by_rank = self.public_by_rank[:]
        clone.public = self.public
        clone.turn = self.turn
        clone.leader = self.leader
        clone.last_capturer = self.last_capturer
        clone.last_deal = self.last_deal
        clone.swing = self.swing
        return clone

    def options(self) -> list[tuple[int, int]]:
        """The legal moves as ``(card, mask)``, in the order of ``Game.move_options``."""
        table = self.table
        entry = table_entry(self.rules, tuple([RANK[card] for card in table]))
        options: list[tuple[int, int]] = []
        for card in self.hands[self.turn]:
            masks = masks_for(entry, RANK[card])
            if masks:
                for mask in masks:
                    options.append((card, mask))
            else:
                options.append((card, 0))
        return options

    def apply(self, card: int, mask: int) -> bool:
        """Play ``card`` taking the table cards at the positions in ``mask`` (0: lay it), a pair from
        :meth:`options`; True when that move ended the deal (then :meth:`totals` is its score)."""
        seat = self.turn
        self.hands[seat].remove(card)
        self.public_by_rank[RANK[card]] += 1
        self.public += 1
        table = self.table
        if mask:
            side = self.seat_sides[seat]
            points = points_of(self.rules)
            gained = points[card]
            clubs = CLUB[card]
            kept = []
            for pos, taken in enumerate(table):
                if mask >> pos & 1:
                    gained += points[taken]
                    clubs += CLUB[taken]
                else:
                    kept.append(taken)
            self.table = kept
            self.points[side] += gained
            self.clubs[side] += clubs
            self.last_capturer = side
            if not kept and is_sur(self.rules, FULL_DECK[card], True, not self.stock):
                self.surs[side] += 1
        else:
            insort(table, card)
        seat = (seat + 1) % self.players
        self.turn = seat
        if not self.hands[seat]:
            stock = self.stock
            if not stock:
                self._take_leftover()
                return True
            players = self.players
            for k in range(players):
                start = k * HAND_SIZE
                self.hands[(self.leader + k) % players] = stock[start : start + HAND_SIZE]
            del stock[: players * HAND_SIZE]
        return False

    def _take_leftover(self) -> None:
        side = self.last_capturer
        if side is not None:
            points = points_of(self.rules)
            self.points[side] += sum(points[card] for card in self.table)
            self.clubs[side] += sum(CLUB[card] for card in self.table)
        self.table = []

    def totals(self) -> list[int]:
        """Each side's points for the deal, once it has ended (``total`` of ``Game.deal_results``)."""
        surs = effective_surs(self.surs, self.scores, self.rules)
        return [points + (CLUBS_POINTS if clubs >= CLUBS_MAJORITY else 0) + SUR_POINTS * count
                for points, clubs, count in zip(self.points, self.clubs, surs, strict=True)]

    def outcome(self, side: int) -> float:
        """Once the deal has ended: ``side``'s points minus the best other side's, and 25 more (or
        less) when the deal decides the match: a side reaches the target alone at the top, or it
        is the last deal of a match of ``fixed_deals`` and one side is alone at the top."""
        totals = self.totals()
        value = float(totals[side] - max(total for index, total in enumerate(totals) if index != side))
        if not self.swing or (self.rules.fixed_deals is not None and not self.last_deal):
            return value
        scores = [score + total for score, total in zip(self.scores, totals, strict=True)]
        top = max(scores)
        if (self.last_deal or top >= self.rules.target) and scores.count(top) == 1:
            value += self.swing if scores[side] == top else -self.swing
        return value


# ---------------------------------------------------------------------------------------------
# The medium player's evaluation (pasur.ai.evaluate_move) on a Deal: the same sums in the same
# order, so that it picks the same move. Its weights and parts live here; pasur.ai uses them too.

CLUB_RACE: Final = 0.7  # value of one club while the majority is open
CARD_VALUE: Final = 0.03  # a captured card's small worth (ties, and the clubs that may follow)
JACK_PROMISE: Final = 0.25  # share of the table's points a Jack in hand is expected to bring
JACK_SPEND: Final = 0.8  # the cost of using a wild Jack before the last round


def clubs_value(count: int, mine: int, theirs: int) -> float:
    """What taking ``count`` clubs is worth to a side holding ``mine`` against ``theirs``."""
    if count == 0 or theirs >= 7 or mine >= 7:
        return 0.0
    if mine + count >= 7:
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


_CACHE_LIMIT: Final = 300_000
#: chance_of_holding(count, unseen, hand_size) as _CHANCES[unseen][hand_size][count]
_CHANCES: Final = [[[chance_of_holding(count, unseen, size) for count in range(5)] for size in range(HAND_SIZE + 1)]
                   for unseen in range(CARDS + 1)]


class _Kit:
    """What the evaluation needs of one set of rules, and its cache of the next player's gains."""

    __slots__ = ("gains", "jack_wild", "points", "rules", "sur_last", "sur_rank")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.points = points_of(rules)
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
    entry = table_entry(kit.rules, tuple([RANK[card] for card in after]))
    full = (1 << len(after)) - 1
    result = []
    for rank in range(1, KING + 1):
        best = 0.0
        for mask in masks_for(entry, rank):
            taken = bits(mask)
            total = 0
            count = 0
            for pos in taken:
                total += points[pos]
                count += clubs[pos]
            gain = total + 0.4
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


def _threat(kit: _Kit, after: tuple[int, ...], by_rank: list[int], unseen: int, next_size: int,
            mine: int, theirs: int, last_round: bool) -> float:
    """pasur.ai.table_threat: the expected best points the next player takes from ``after``."""
    if not after or next_size == 0:
        return 0.0
    # The next player's clubs_value(count, theirs, mine) depends on ``mine`` only through mine >= 7.
    if theirs >= CLUBS_MAJORITY or mine >= CLUBS_MAJORITY:
        theirs = mine = CLUBS_MAJORITY
    else:
        mine = 0
    chances = _CHANCES[unseen][next_size]
    gains = [(gain, chances[by_rank[rank]])
             for rank, gain in _gains(kit, after, theirs, mine, last_round) if by_rank[rank]]
    return first_taker_expectation(gains)


def first_taker_expectation(gains: list[tuple[float, float]]) -> float:
    """The expected points of the best capture the next player makes, from (points, chance of holding
    the rank) for each rank that captures: the best rank held is the one played."""
    gains.sort(reverse=True)
    expected = 0.0
    none_yet = 1.0
    for gain, chance in gains:
        expected += gain * chance * none_yet
        none_yet *= 1.0 - chance
    return expected


def medium_option(deal: Deal) -> tuple[int, int]:
    """The option the ``medium`` player picks for the seat to move, from what that seat sees."""
    options = deal.options()
    if len(options) == 1:
        return options[0]
    kit = _kit(deal.rules)
    points = kit.points
    seat = deal.turn
    side = deal.seat_sides[seat]
    hand = deal.hands[seat]
    table = deal.table
    by_rank = [4 - count for count in deal.public_by_rank]
    for card in hand:
        by_rank[RANK[card]] -= 1
    unseen = CARDS - deal.public - len(hand)
    next_size = len(deal.hands[(seat + 1) % deal.players])
    mine = deal.clubs[side]
    theirs = max((count for index, count in enumerate(deal.clubs) if index != side), default=0)
    last_round = not deal.stock
    jack_wild = kit.jack_wild
    sur = kit.sur_last if last_round else kit.sur_rank
    jacks = sum(1 for card in hand if RANK[card] == JACK)
    best = options[0]
    best_value = -float("inf")
    for option in options:
        card, mask = option
        if mask:
            taken = bits(mask)
            value = float(points[card] + sum(points[table[pos]] for pos in taken))
            if len(taken) == len(table) and sur[RANK[card]]:
                value += SUR_POINTS
            value += clubs_value(sum(CLUB[table[pos]] for pos in taken) + CLUB[card], mine, theirs)
            value += CARD_VALUE * (len(taken) + 1)
            after = tuple([held for pos, held in enumerate(table) if not mask >> pos & 1])
        else:
            value = -0.05 * points[card] - 0.01 * VALUE[card]
            after = tuple(sorted([*table, card]))
        value -= _threat(kit, after, by_rank, unseen, next_size, mine, theirs, last_round)
        if jack_wild:
            if RANK[card] == JACK and mask and not last_round:
                value -= JACK_SPEND
            if jacks - (RANK[card] == JACK) > 0:
                value += JACK_PROMISE * sum(points[held] for held in after if RANK[held] <= JACK)
        if value > best_value:
            best, best_value = option, value
    return best

