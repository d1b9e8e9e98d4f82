"""What the screens read of a match: :class:`Board`, a read-only position.

Two kinds of object are boards. The engine's :class:`pasur.position.Position` (and so
:class:`pasur.Game`, and the end of a deal that ``Game.deal_end`` gives) is one: the page that holds
the game (a local game, or the host's page of a game between friends) reads it whole. A friend's page
holds no game: it reads :class:`~pasur_web.model.seat_board.SeatBoard`, made from what the host sent
that seat. The screens read ``Match.board`` only, typed as this protocol, so mypy --strict checks
that both kinds give every field a screen reads: a field one of them lacks fails the type check,
not a player's page.

Another seat's hand is never part of a board: ``hand(seat)`` is None where the board does not know
it, and ``hand_sizes`` says how many cards each seat holds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from pasur import Card, Rules
from pasur.events import Event, MoveRecord

__all__ = ["Board"]


class Board(Protocol):
    """A match's position as one page may show it (read only)."""

    @property
    def players(self) -> int: ...

    @property
    def sides(self) -> int: ...

    @property
    def rules(self) -> Rules: ...

    @property
    def rounds_per_deal(self) -> int: ...

    @property
    def turn(self) -> int | None: ...  # the seat to play (None: nobody, the deal or the match is over)

    @property
    def over(self) -> bool: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def deal_number(self) -> int: ...

    @property
    def round_number(self) -> int: ...

    @property
    def leader(self) -> int: ...

    @property
    def dealer(self) -> int: ...

    @property
    def last_capturer(self) -> int | None: ...

    @property
    def stock_size(self) -> int: ...

    @property
    def last_round(self) -> bool: ...

    @property
    def table(self) -> list[Card]: ...

    @property
    def piles(self) -> list[list[Card]]: ...

    @property
    def surs(self) -> list[int]: ...

    @property
    def scores(self) -> Sequence[int]: ...

    @property
    def deal_results(self) -> Sequence[Sequence[Mapping[str, int]]]: ...

    @property
    def history(self) -> Sequence[MoveRecord]: ...

    @property
    def events(self) -> Sequence[Event]: ...

    @property
    def leftovers(self) -> list[tuple[int | None, list[Card]]]: ...

    @property
    def deal_surs(self) -> list[list[int]]: ...

    @property
    def hand_sizes(self) -> tuple[int, ...]: ...

    def hand(self, seat: int) -> list[Card] | None: ...  # None: a hand this board does not know

    def side_of(self, seat: int) -> int: ...

    def seats_of(self, side: int) -> list[int]: ...
