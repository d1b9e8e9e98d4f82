"""What one seat may know: its own hand, and what is public (the table, the captured piles, sizes).

A :class:`PlayerView` is a snapshot that ``Game.view(seat)`` copies out of the game: it holds no
reference to the game, so nothing reachable from it shows another seat's hand or the order of the
stock.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import FULL_DECK, Card
from .events import MoveRecord
from .moves import Move, legal_moves_for
from .rules import Rules, side_of

__all__ = ["PlayerView"]


@dataclass(frozen=True)
class PlayerView:
    """One seat's knowledge of the game at one moment.

    ``moves_played`` counts the moves of the whole match so far: with the seat it names the
    decision to take, which is what a computer player derives its random choices from.
    """

    seat: int
    side: int
    players: int
    sides: int
    rules: Rules
    hand: tuple[Card, ...]
    table: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    piles: tuple[tuple[Card, ...], ...]
    surs: tuple[int, ...]
    scores: tuple[int, ...]
    turn: int | None
    leader: int
    dealer: int
    deal_number: int
    round_number: int
    rounds_per_deal: int
    deals_played: int
    last_capturer: int | None
    deal_moves: tuple[MoveRecord, ...]
    moves_played: int

    def side_of(self, seat: int) -> int:
        return side_of(seat, self.players, self.rules)

    @property
    def last_round(self) -> bool:
        return self.stock_size == 0

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves when it is its turn, else ``[]``."""
        if self.turn != self.seat:
            return []
        return legal_moves_for(self.hand, self.table, self.rules)

    def unseen(self) -> list[Card]:
        """Cards this seat cannot locate: in other hands or in the stock (sorted)."""
        seen = set(self.hand)
        seen.update(self.table)
        for pile in self.piles:
            seen.update(pile)
        return [card for card in FULL_DECK if card not in seen]
