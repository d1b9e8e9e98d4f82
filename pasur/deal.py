"""One deal of Pasur on card numbers: the engine's rules of play, written once (docs/RULES.md §3 to §6).

A card is its number 0..51 (``Card.index``), a move a ``(card, mask)`` pair: ``mask`` has bit ``i``
set when the move takes ``table[i]`` (0 lays the card). :class:`Deal` deals the cards, lists the
legal moves, applies one (captures, surs, the next round, the cards left at the end) and scores
the deal. :class:`pasur.game.Game` is the checked, logged match around it; the search of
:mod:`pasur.search` copies and plays it directly.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Sequence
from typing import Final

from .captures import RANK, Captures, bits, captures_for, options
from .cards import FULL_DECK, JACK, KING, QUEEN
from .moves import is_sur
from .rules import Rules, seat_sides
from .scoring import deal_totals, match_result, score_piles

__all__ = ["CARDS_PER_HAND", "MATCH_SWING", "TABLE_CARDS", "Deal", "rounds_per_deal", "table_after"]

CARDS_PER_HAND: Final = 4
TABLE_CARDS: Final = 4
MATCH_SWING: Final = 25.0  # what a deal that decides the match adds to (or takes from) an outcome


def rounds_per_deal(players: int) -> int:
    """6 rounds with 2 players, 4 with 3, 3 with 4 (docs/RULES.md §3.5)."""
    return (len(FULL_DECK) - TABLE_CARDS) // (CARDS_PER_HAND * players)


def table_after(table: Sequence[int], card: int, mask: int) -> list[int]:
    """The table (sorted card numbers) once ``card`` is played on ``table`` taking the cards at the
    positions in ``mask``: what it does not take stays; a card that takes nothing joins the table."""
    if mask:
        return [table[pos] for pos in bits(((1 << len(table)) - 1) & ~mask)]
    after = list(table)
    insort(after, card)
    return after


class Deal:
    """The state of one deal, from one moment to its end: :meth:`options` lists the legal moves of
    the seat to play, :meth:`apply` plays one. Build it with :meth:`dealt` or :meth:`Deal`'s own
    constructor (a position)."""

    __slots__ = ("captures", "deals_played", "hands", "last_capturer", "leader", "leftover", "piles", "players",
                 "round_number", "rules", "scores", "seat_sides", "stock", "surs", "swing", "table", "turn")

    rules: Rules
    players: int
    seat_sides: tuple[int, ...]
    captures: Captures
    hands: list[list[int]]  # in the order dealt
    table: list[int]  # sorted
    stock: list[int]  # the next card to deal first
    piles: list[list[int]]  # each side's captured cards, in the order taken
    surs: list[int]  # each side's surs in this deal, as made
    scores: Sequence[int]  # the match totals before this deal
    deals_played: int  # deals finished in the match before this one
    turn: int
    leader: int
    round_number: int
    last_capturer: int | None  # the side that captured last
    leftover: list[int] | None  # once the deal has ended: the cards that were left on the table
    swing: float  # what deciding the match adds to :meth:`outcome` (MATCH_SWING; 0: points only)

    def __init__(self, rules: Rules, players: int, hands: list[list[int]], table: list[int], stock: list[int],
                 piles: list[list[int]], surs: list[int], scores: Sequence[int], turn: int, leader: int,
                 round_number: int = 1, last_capturer: int | None = None, deals_played: int = 0) -> None:
        self.rules = rules
        self.players = players
        self.seat_sides = seat_sides(players, rules)
        self.captures = captures_for(rules)
        self.hands = hands
        self.table = sorted(table)
        self.stock = stock
        self.piles = piles
        self.surs = surs
        self.scores = scores
        self.deals_played = deals_played
        self.turn = turn
        self.leader = leader
        self.round_number = round_number
        self.last_capturer = last_capturer
        self.leftover = None
        self.swing = MATCH_SWING

    @classmethod
    def dealt(cls, rules: Rules, players: int, leader: int, deck: Sequence[int] | None, rng: random.Random,
              scores: Sequence[int], deals_played: int) -> Deal:
        """A new deal: from ``deck`` (card numbers, dealt from index 0) or a deck shuffled with ``rng``,
        dealt a block of 4 to each seat from ``leader`` on, then 4 to the table, with the misdeal check
        (which reshuffles with ``rng``, and puts Jacks back into the stock at places drawn from it)."""
        cards = list(deck) if deck is not None else _shuffled(rng)
        while True:
            hands: list[list[int]] = [[] for _ in range(players)]
            pos = 0
            for k in range(players):
                hands[(leader + k) % players] = cards[pos : pos + CARDS_PER_HAND]
                pos += CARDS_PER_HAND
            table = cards[pos : pos + TABLE_CARDS]
            stock = cards[pos + TABLE_CARDS :]
            if _misdeal_check(table, stock, rng):
                break
            cards = _shuffled(rng)
        sides = len(scores)
        return cls(rules, players, hands, table, stock, [[] for _ in range(sides)], [0] * sides, scores, leader,
                   leader, deals_played=deals_played)

    def copy(self) -> Deal:
        clone = object.__new__(Deal)
        clone.rules = self.rules
        clone.players = self.players
        clone.seat_sides = self.seat_sides
        clone.captures = self.captures
        clone.hands = [hand[:] for hand in self.hands]
        clone.table = self.table[:]
        clone.stock = self.stock[:]
        clone.piles = [pile[:] for pile in self.piles]
        clone.surs = self.surs[:]
        clone.scores = self.scores
        clone.deals_played = self.deals_played
        clone.turn = self.turn
        clone.leader = self.leader
        clone.round_number = self.round_number
        clone.last_capturer = self.last_capturer
        clone.leftover = self.leftover
        clone.swing = self.swing
        return clone

    @property
    def last_round(self) -> bool:
        """True during the round dealt from the end of the stock."""
        return not self.stock

    def options(self) -> list[tuple[int, int]]:
        """The legal moves of the seat to play as ``(card, mask)``, in hand order (see
        :func:`pasur.captures.options`)."""
        return options(self.captures, self.hands[self.turn], self.table)

    def apply(self, card: int, mask: int) -> bool:
        """Play ``card`` taking the table cards at the positions in ``mask`` (0: lay it), a pair from
        :meth:`options` (nothing is checked); True when that move ended the deal. The table changes
        in place (as :func:`table_after` says)."""
        seat = self.turn
        self.hands[seat].remove(card)
        table = self.table
        if mask:
            side = self.seat_sides[seat]
            pile = self.piles[side]
            if mask & (mask - 1):
                taken = bits(mask)
                pile += map(table.__getitem__, taken)
                for pos in reversed(taken):
                    del table[pos]
            else:  # one card taken, the most common capture
                pile.append(table.pop(mask.bit_length() - 1))
            pile.append(card)
            self.last_capturer = side
            if not table and is_sur(self.rules, FULL_DECK[card], True, not self.stock):
                self.surs[side] += 1
        else:
            insort(table, card)
        seat = (seat + 1) % self.players
        self.turn = seat
        if self.hands[seat]:
            return False
        stock = self.stock
        if not stock:  # the last card of the deal: the cards left go to the side that captured last
            self.leftover = self.table
            self.table = []
            if self.last_capturer is not None:
                self.piles[self.last_capturer] += self.leftover
            return True
        players = self.players
        for k in range(players):  # a new round: a block of 4 to each seat, from the leader on
            start = k * CARDS_PER_HAND
            self.hands[(self.leader + k) % players] = stock[start : start + CARDS_PER_HAND]
        del stock[: players * CARDS_PER_HAND]
        self.round_number += 1
        return False

    def results(self) -> list[dict[str, int]]:
        """Once the deal has ended: its score sheet, one dict per side (``Game.deal_results``)."""
        return score_piles(self.piles, self.surs, self.scores, self.rules)

    def outcome(self, side: int) -> float:
        """Once the deal has ended: ``side``'s points minus the best other side's, and :attr:`swing`
        more (or less) when the deal decides the match for one side."""
        totals = deal_totals(self.piles, self.surs, self.scores, self.rules)
        value = float(totals[side] - max(total for index, total in enumerate(totals) if index != side))
        if self.swing:
            scores = [score + total for score, total in zip(self.scores, totals, strict=True)]
            over, winner = match_result(scores, self.deals_played + 1, self.rules)
            if over and winner is not None:
                value += self.swing if winner == side else -self.swing
        return value


def _shuffled(rng: random.Random) -> list[int]:
    deck = list(range(len(FULL_DECK)))
    rng.shuffle(deck)
    return deck


def _misdeal_check(table: list[int], stock: list[int], rng: random.Random) -> bool:
    """docs/RULES.md §3.4: False when the deck must be reshuffled; replaces Jacks in place."""
    while True:
        ranks = [RANK[card] for card in table]
        if ranks.count(QUEEN) >= 2 or ranks.count(KING) >= 2:
            return False
        jacks = [pos for pos, rank in enumerate(ranks) if rank == JACK]
        if not jacks:
            return True
        for pos in jacks:
            jack = table[pos]
            table[pos] = stock.pop(0)
            stock.insert(rng.randint(0, len(stock)), jack)
