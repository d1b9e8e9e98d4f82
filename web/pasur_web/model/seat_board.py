"""The match as a friend's page knows it, in a game between friends: :class:`SeatBoard`, a
:class:`~pasur_web.model.board.Board` made from the host's last ``state`` message (``wire.py``):
that seat's view of the position the host's table shows, and the public events. It holds no other
hand and nothing of the stock, and it cannot be played: the seat's moves go to the host."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pasur import Card, Rules
from pasur.events import DealScored, Event, LeftoverTaken, MoveRecord
from pasur.rules import side_of
from pasur.view import PlayerView

__all__ = ["SeatBoard"]


@dataclass(frozen=True)
class SeatBoard:
    """One seat's knowledge of the match: its ``view`` of the position shown, the match's public
    ``events`` up to that position, each finished deal's results, and how the match stands."""

    view: PlayerView
    events: tuple[Event, ...]
    deal_results: tuple[tuple[dict[str, int], ...], ...]
    over: bool
    winner: int | None

    @property
    def players(self) -> int:
        return self.view.players

    @property
    def sides(self) -> int:
        return self.view.sides

    @property
    def rules(self) -> Rules:
        return self.view.rules

    @property
    def rounds_per_deal(self) -> int:
        return self.view.rounds_per_deal

    @property
    def turn(self) -> int | None:
        return self.view.turn

    @property
    def deal_number(self) -> int:
        return self.view.deal_number

    @property
    def round_number(self) -> int:
        return self.view.round_number

    @property
    def leader(self) -> int:
        return self.view.leader

    @property
    def dealer(self) -> int:
        return self.view.dealer

    @property
    def last_capturer(self) -> int | None:
        return self.view.last_capturer

    @property
    def stock_size(self) -> int:
        return self.view.stock_size

    @property
    def last_round(self) -> bool:
        return self.view.last_round

    @property
    def table(self) -> list[Card]:
        return list(self.view.table)

    @property
    def piles(self) -> list[list[Card]]:
        return [list(pile) for pile in self.view.piles]

    @property
    def surs(self) -> list[int]:
        return list(self.view.surs)

    @property
    def scores(self) -> tuple[int, ...]:
        return self.view.scores

    @property
    def history(self) -> tuple[MoveRecord, ...]:
        return tuple(event for event in self.events if isinstance(event, MoveRecord))

    @property
    def leftovers(self) -> list[tuple[int | None, list[Card]]]:
        return [(event.side, list(event.cards)) for event in self.events if isinstance(event, LeftoverTaken)]

    @property
    def deal_surs(self) -> list[list[int]]:
        return [list(event.surs) for event in self.events if isinstance(event, DealScored)]

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return self.view.hand_sizes

    def hand(self, seat: int) -> list[Card] | None:
        """This seat's own hand; another seat's is not known here."""
        return list(self.view.hand) if seat == self.view.seat else None

    def side_of(self, seat: int) -> int:
        return side_of(seat, self.view.players, self.view.rules)

    def seats_of(self, side: int) -> list[int]:
        return [seat for seat in range(self.view.players) if self.side_of(seat) == side]

    @property
    def moves(self) -> int:
        """The moves played in the match so far."""
        return self.view.moves_played

    @classmethod
    def of(cls, view: PlayerView, events: Sequence[Event], deal_results: Sequence[Sequence[dict[str, int]]],
           over: bool, winner: int | None) -> SeatBoard:
        return cls(view, tuple(events), tuple(tuple(deal) for deal in deal_results), over, winner)
