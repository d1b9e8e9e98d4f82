"""The match as a friend's page knows it, in a game between friends: :class:`SeatBoard`, a
:class:`~pasur_web.model.board.Board` made from the host's last ``state`` message (``wire.py``):
that seat's view of the position the host's table shows, and the public events. It holds no other
hand and nothing of the stock, and it cannot be played: the seat's moves go to the host."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Generic, TypeVar, cast

from pasur import Card, Rules
from pasur.events import DealScored, Event, LeftoverTaken, MoveRecord
from pasur.rules import side_of
from pasur.view import PlayerView

__all__ = ["SeatBoard"]

T = TypeVar("T")


class _OfView(Generic[T]):
    """A field of the board that is the seat's view's own field of the same name."""

    def __set_name__(self, owner: type, name: str) -> None:
        if name not in {field.name for field in fields(PlayerView)} and not hasattr(PlayerView, name):
            raise TypeError(f"a player's view has no field {name}")
        self.name = name

    def __get__(self, board: SeatBoard, owner: type | None = None) -> T:
        return cast(T, getattr(board.view, self.name))


@dataclass(frozen=True)
class SeatBoard:
    """One seat's knowledge of the match: its ``view`` of the position shown, the match's public
    ``events`` up to that position, each finished deal's results, and how the match stands."""

    view: PlayerView
    events: tuple[Event, ...]
    deal_results: tuple[tuple[dict[str, int], ...], ...]
    over: bool
    winner: int | None

    # What the seat's view says as it is (``Board`` reads these on any board).
    players = _OfView[int]()
    sides = _OfView[int]()
    rules = _OfView[Rules]()
    rounds_per_deal = _OfView[int]()
    turn = _OfView[int | None]()
    deal_number = _OfView[int]()
    round_number = _OfView[int]()
    leader = _OfView[int]()
    dealer = _OfView[int]()
    last_capturer = _OfView[int | None]()
    stock_size = _OfView[int]()
    last_round = _OfView[bool]()
    scores = _OfView[tuple[int, ...]]()
    hand_sizes = _OfView[tuple[int, ...]]()

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
    def history(self) -> tuple[MoveRecord, ...]:
        return tuple(event for event in self.events if isinstance(event, MoveRecord))

    @property
    def leftovers(self) -> list[tuple[int | None, list[Card]]]:
        return [(event.side, list(event.cards)) for event in self.events if isinstance(event, LeftoverTaken)]

    @property
    def deal_surs(self) -> list[list[int]]:
        return [list(event.surs) for event in self.events if isinstance(event, DealScored)]

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
