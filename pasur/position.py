"""A match's position as its players see it: :class:`Position`, the read-only side of
:class:`pasur.game.Game`.

It reads the deal being played (:class:`pasur.deal.Deal`, on card numbers) out as cards: the hands,
the table, the piles and the stock; it makes each seat's :class:`~pasur.view.PlayerView`, sums up
the log of events, and gives the position as a save holds it. Moves and their checks are the
game's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .cards import FULL_DECK, Card, quoted
from .deal import Deal
from .events import DealScored, Event, LeftoverTaken, MoveRecord
from .rules import Rules
from .save import snapshot
from .view import PlayerView

__all__ = ["Position", "cards_of"]


def cards_of(numbers: Sequence[int]) -> list[Card]:
    """The cards of card numbers."""
    return [FULL_DECK[number] for number in numbers]


class Position:
    """A match's state, read-only: what :class:`pasur.game.Game` shows of the deal being played and
    of the match so far. ``hands``, ``table`` and ``piles`` are lists of cards made afresh at each
    reading."""

    players: int
    sides: int
    rules: Rules
    rounds_per_deal: int
    scores: list[int]
    deal_results: list[list[dict[str, int]]]
    history: list[MoveRecord]
    events: list[Event]
    turn: int | None
    over: bool
    winner: int | None
    deal_number: int
    _deal: Deal  # the deal being played (once the match is over, its last)
    _ended: Deal | None  # the last deal that ended, as it ended (never changed after)

    # ----------------------------------------------------------------- the position
    @property
    def hands(self) -> list[list[Card]]:
        """Each seat's cards, in the order dealt."""
        return [cards_of(hand) for hand in self._deal.hands]

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(len(hand) for hand in self._deal.hands)

    def hand(self, seat: int) -> list[Card]:
        """The cards of ``seat``'s hand, in the order dealt."""
        return cards_of(self._deal.hands[seat])

    @property
    def table(self) -> list[Card]:
        return cards_of(self._deal.table)  # sorted by rank then suit: bit i of a move's mask is table[i]

    @property
    def piles(self) -> list[list[Card]]:
        """Each side's captured cards in this deal, in the order taken (once the match is over, those
        of its last deal)."""
        return [cards_of(pile) for pile in self._deal.piles]

    @property
    def surs(self) -> list[int]:
        return list(self._deal.surs)  # each side's in this deal, before sur_limit_50 and sur_cancel

    @property
    def leader(self) -> int:
        """The seat that plays first in this deal; the dealer is the one before it."""
        return self._deal.leader

    @property
    def dealer(self) -> int:
        return (self._deal.leader - 1) % self.players

    @property
    def round_number(self) -> int:
        """The round being played: 1 for the one dealt with the table, up to :attr:`rounds_per_deal`."""
        return self._deal.round_number

    @property
    def last_capturer(self) -> int | None:
        return self._deal.last_capturer  # the side that captured last in this deal (None: nobody yet)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The undealt cards, next to be dealt first: no seat may see them."""
        return tuple(cards_of(self._deal.stock))

    @property
    def stock_size(self) -> int:
        return len(self._deal.stock)

    @property
    def last_round(self) -> bool:
        """True during the round dealt from the end of the stock: once the stock is empty, no more
        cards are dealt in this deal."""
        return not self._deal.stock

    def side_of(self, seat: int) -> int:
        """The side a seat plays for (:func:`pasur.rules.side_of`)."""
        return self._deal.seat_sides[seat]

    def seats_of(self, side: int) -> list[int]:
        return [seat for seat in range(self.players) if self.side_of(seat) == side]

    def deal_end(self) -> Position | None:
        """The match as it stood when its last finished deal ended, before the next deal was dealt:
        that deal's hands and table empty, the cards left on the table in the pile of the side that
        captured last, its surs, and the scores after it; nobody to play. None while the first deal
        is played. (The game deals the next deal at once; this is the end a player saw.)

        >>> from pasur import new_game
        >>> g = new_game(2, seed=3)
        >>> g.deal_end() is None
        True
        >>> while not g.deal_results:
        ...     _ = g.play(g.legal_moves()[0])
        >>> end = g.deal_end()
        >>> end.table, end.hands, end.turn, end.deal_number, g.deal_number
        ([], [[], []], None, 0, 1)
        >>> sum(len(pile) for pile in end.piles)  # every card, the cards left on the table included
        52
        >>> end.scores == g.scores and len(end.history) == len(g.history)
        True
        """
        deal = self._ended
        if deal is None:
            return None
        end = Position()
        end.players, end.sides, end.rules = self.players, self.sides, self.rules
        end.rounds_per_deal = self.rounds_per_deal
        end.scores, end.deal_results = list(self.scores), list(self.deal_results)
        end.over, end.winner, end.turn = self.over, self.winner, None
        end.deal_number = len(self.deal_results) - 1
        last = len(self.events)
        while not isinstance(self.events[last - 1], DealScored):  # the events up to that deal's score
            last -= 1
        end.events = self.events[:last]
        end.history = [event for event in end.events if isinstance(event, MoveRecord)]
        end._deal = deal
        return end

    # ----------------------------------------------------------------- the log
    @property
    def leftovers(self) -> list[tuple[int | None, list[Card]]]:
        """For each finished deal, the side that took the cards left on the table (None: nobody)
        and those cards (from :attr:`events`)."""
        return [(event.side, list(event.cards)) for event in self.events if isinstance(event, LeftoverTaken)]

    @property
    def deal_surs(self) -> list[list[int]]:
        """For each finished deal, the surs each side made (from :attr:`events`)."""
        return [list(event.surs) for event in self.events if isinstance(event, DealScored)]

    # ----------------------------------------------------------------- views
    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know, copied out of the game: see :class:`pasur.view.PlayerView`."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise ValueError(f"view: seat must be 0..{self.players - 1}, not {quoted(seat)}")
        deal = self._deal
        number = self.deal_number
        history = self.history
        start = len(history)
        while start > 0 and history[start - 1].deal == number:
            start -= 1
        return PlayerView(
            seat=seat,
            side=deal.seat_sides[seat],
            players=self.players,
            sides=self.sides,
            rules=self.rules,
            hand=tuple(cards_of(deal.hands[seat])),
            table=tuple(cards_of(deal.table)),
            hand_sizes=tuple(len(hand) for hand in deal.hands),
            stock_size=len(deal.stock),
            piles=tuple(tuple(cards_of(pile)) for pile in deal.piles),
            surs=tuple(deal.surs),
            scores=tuple(self.scores),
            turn=self.turn,
            leader=deal.leader,
            dealer=self.dealer,
            deal_number=number,
            round_number=deal.round_number,
            rounds_per_deal=self.rounds_per_deal,
            deals_played=len(self.deal_results),
            last_capturer=deal.last_capturer,
            deal_moves=tuple(history[start:]),
            moves_played=len(history),
        )

    def snapshot(self) -> dict[str, Any]:
        """The position as a save holds it (:func:`pasur.save.snapshot`)."""
        deal = self._deal
        return snapshot(
            deal=self.deal_number, round=deal.round_number, leader=deal.leader, turn=self.turn,
            hands=self.hands, table=self.table, piles=self.piles, stock=self.stock, surs=deal.surs,
            last_capturer=deal.last_capturer, scores=self.scores, deal_results=self.deal_results,
            over=self.over, winner=self.winner,
        )
