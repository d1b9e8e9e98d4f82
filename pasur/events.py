"""What happens in a match, as a typed log: ``Game.events`` holds these in the order they happened.

- :class:`DealStarted`: a deal was dealt (who dealt it, who leads);
- :class:`MoveRecord`: a card was played (who played it, what it took, whether it was a sur);
- :class:`LeftoverTaken`: at the end of a deal the cards left on the table went to the side that
  captured last (``side`` is None and nobody scores them when nobody captured; ``cards`` may be
  empty);
- :class:`DealScored`: the deal's score sheet, with the match totals after it.

Every deal of a match gives ``DealStarted``, its moves, then ``LeftoverTaken`` and ``DealScored``;
no deal is started once the match is over. Each event has a ``kind`` (``"deal"``, ``"move"``,
``"leftover"``, ``"scored"``) for code that prefers to switch on text.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import Card
from .moves import Move

__all__ = ["DealScored", "DealStarted", "Event", "LeftoverTaken", "MoveRecord"]


class DealStarted(NamedTuple):
    """Deal ``deal`` (0 for the first) was dealt by ``dealer``; ``leader`` plays first."""

    deal: int
    dealer: int
    leader: int

    @property
    def kind(self) -> str:
        return "deal"


class MoveRecord(NamedTuple):
    """One move as it happened: who played it, in which deal and round, and whether it was a sur."""

    seat: int
    side: int
    move: Move
    deal: int
    round: int
    sur: bool

    @property
    def kind(self) -> str:
        return "move"

    @property
    def card(self) -> Card:
        return self.move.card

    @property
    def captured(self) -> list[Card]:
        return self.move.sorted_captured()


class LeftoverTaken(NamedTuple):
    """The cards left on the table at the end of deal ``deal``, and the side that took them."""

    deal: int
    side: int | None
    cards: tuple[Card, ...]

    @property
    def kind(self) -> str:
        return "leftover"


class DealScored(NamedTuple):
    """Deal ``deal`` was scored: ``results`` is its entry of ``Game.deal_results`` (one dict per
    side), ``surs`` the surs each side made in it (before ``sur_limit_50`` and ``sur_cancel``),
    ``scores`` the match totals after it."""

    deal: int
    results: list[dict[str, int]]
    surs: tuple[int, ...]
    scores: tuple[int, ...]

    @property
    def kind(self) -> str:
        return "scored"


Event = DealStarted | MoveRecord | LeftoverTaken | DealScored
