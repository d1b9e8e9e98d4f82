"""What one seat may know (RULES.md: hands are hidden, the table and captures are public).

A :class:`PlayerView` is a snapshot copied out of the game: it holds no reference to the game,
so nothing reachable from it shows another seat's hand or the order of the stock.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import FULL_DECK, Card
from .moves import Move, legal_moves_for
from .rules import Rules

if TYPE_CHECKING:
    from .game import Game, MoveRecord

__all__ = ["PlayerView"]


@dataclass(frozen=True)
class PlayerView:
    """One seat's knowledge of the game at one moment."""

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

    @classmethod
    def of(cls, game: Game, seat: int) -> PlayerView:
        if type(seat) is not int or not 0 <= seat < game.players:
            raise ValueError(f"view: seat must be 0..{game.players - 1}, not {seat!r}")
        deal = game.deal_number
        history = game.history
        start = len(history)
        while start > 0 and history[start - 1].deal == deal:
            start -= 1
        return cls(
            seat=seat,
            side=game.side_of(seat),
            players=game.players,
            sides=game.sides,
            rules=game.rules,
            hand=tuple(game.hands[seat]),
            table=tuple(game.table),
            hand_sizes=tuple(len(hand) for hand in game.hands),
            stock_size=game.stock_size,
            piles=tuple(tuple(pile) for pile in game.piles),
            surs=tuple(game.surs),
            scores=tuple(game.scores),
            turn=game.turn,
            leader=game.leader,
            dealer=game.dealer,
            deal_number=deal,
            round_number=game.round_number,
            rounds_per_deal=game.rounds_per_deal,
            deals_played=len(game.deal_results),
            last_capturer=game.last_capturer,
            deal_moves=tuple(history[start:]),
        )

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.players == 4 and self.sides == 2 else seat

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
