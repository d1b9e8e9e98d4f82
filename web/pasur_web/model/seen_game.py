"""The game as a friend's page knows it, in a game between friends: rebuilt from the host's last
``state`` message (``wire.py``): this seat's view and the public events, nothing else. It answers
what the page's screens ask of a game (the table, the hands' sizes, the piles, the log, the score
sheets, this seat's legal moves); it cannot be played, saved or copied: moves go to the host."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pasur import Card, Game, IllegalMoveError, Move
from pasur.cards import FULL_DECK
from pasur.events import DealScored, Event, LeftoverTaken, MoveRecord
from pasur.rules import side_count, side_of
from pasur.view import PlayerView

__all__ = ["SeenGame"]

_STAND_IN = FULL_DECK[0]  # a card of another hand, only counted (its face is never known here)


def _card_of(text: Card | str) -> Card:
    """A card of this seat's hand, by its notation; anything else is not a move it can play."""
    if isinstance(text, Card):
        return text
    try:
        return Card.parse(text)
    except ValueError as error:
        raise IllegalMoveError(str(error)) from None


class SeenGame(Game):
    """One seat's knowledge of the match, with the interface of :class:`pasur.Game` for reading."""

    seen: PlayerView

    def __init__(self, view: PlayerView, events: Sequence[Event], deal_results: list[list[dict[str, int]]],
                 over: bool, winner: int | None, seed: int) -> None:
        self.seen = view
        self.players, self.rules, self.seed = view.players, view.rules, seed
        self.sides = side_count(view.players, view.rules)
        self.first_leader, self.stacked_deck, self.rounds_per_deal = 0, None, view.rounds_per_deal
        self.scores, self.deal_results = list(view.scores), deal_results
        self.events = list(events)
        self.history = [event for event in self.events if isinstance(event, MoveRecord)]
        self.turn, self.over, self.winner, self.deal_number = view.turn, over, winner, view.deal_number

    # ----------------------------------------------------------------- the position, as this seat sees it
    @property
    def hands(self) -> list[list[Card]]:
        seen = self.seen
        return [list(seen.hand) if seat == seen.seat else [_STAND_IN] * size
                for seat, size in enumerate(seen.hand_sizes)]

    @property
    def table(self) -> list[Card]:
        return list(self.seen.table)

    @property
    def piles(self) -> list[list[Card]]:
        return [list(pile) for pile in self.seen.piles]

    @property
    def surs(self) -> list[int]:
        return list(self.seen.surs)

    @property
    def leader(self) -> int:
        return self.seen.leader

    @property
    def dealer(self) -> int:
        return self.seen.dealer

    @property
    def round_number(self) -> int:
        return self.seen.round_number

    @property
    def last_capturer(self) -> int | None:
        return self.seen.last_capturer

    @property
    def stock(self) -> tuple[Card, ...]:
        raise IllegalMoveError("the stock is not known on a friend's page")

    @property
    def stock_size(self) -> int:
        return self.seen.stock_size

    @property
    def last_round(self) -> bool:
        return self.seen.last_round

    def side_of(self, seat: int) -> int:
        return side_of(seat, self.players, self.rules)

    def seats_of(self, side: int) -> list[int]:
        return [seat for seat in range(self.players) if self.side_of(seat) == side]

    # ----------------------------------------------------------------- this seat's moves
    def view(self, seat: int) -> PlayerView:
        if seat != self.seen.seat:
            raise ValueError("a friend's page knows its own seat's view only")
        return self.seen

    def legal_moves(self) -> list[Move]:
        return self.seen.legal_moves()

    def moves_for_card(self, card: Card | str) -> list[Move]:
        wanted = _card_of(card)
        return [move for move in self.legal_moves() if move.card is wanted]

    def resolve(self, move: Move | str) -> Move:
        """This seat's legal move meant by ``move`` (a Move, its notation, or a bare card)."""
        try:
            wanted = move if isinstance(move, Move) else Move.parse(move)
        except ValueError as error:
            raise IllegalMoveError(str(error)) from None
        bare = isinstance(move, str) and ":" not in move
        found = [legal for legal in self.legal_moves() if (legal.card is wanted.card if bare else legal == wanted)]
        if len(found) != 1:
            raise IllegalMoveError(f"{move} is not one of the moves this seat can play now")
        return found[0]

    def play(self, move: Move | str) -> Any:
        raise IllegalMoveError("on a friend's page the host plays the moves")

    def copy(self) -> Game:
        raise IllegalMoveError("on a friend's page the host plays the moves")

    def to_json(self) -> str:
        raise IllegalMoveError("a friend's page does not save the host's game")

    @property
    def leftovers(self) -> list[tuple[int | None, list[Card]]]:
        return [(event.side, list(event.cards)) for event in self.events if isinstance(event, LeftoverTaken)]

    @property
    def deal_surs(self) -> list[list[int]]:
        return [list(event.surs) for event in self.events if isinstance(event, DealScored)]
