"""Computer players. Each one sees only a :class:`~pasur.view.PlayerView` of its own seat.

``random`` plays any legal move; ``greedy`` takes the play worth the most points now. The
stronger levels live in :mod:`pasur.ai`; :func:`make_player` builds any of them by name.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from .moves import Move, is_sur
from .scoring import card_points
from .view import PlayerView

__all__ = ["PLAYER_NAMES", "GreedyPlayer", "Player", "RandomPlayer", "immediate_points", "make_player"]


class Player(Protocol):
    """Anything that picks a legal move from one seat's view."""

    name: str

    def choose(self, view: PlayerView) -> Move: ...


def immediate_points(view: PlayerView, move: Move) -> int:
    """Points the move scores at once: the card points it captures, plus 5 for a sur."""
    if not move.captured:
        return 0
    rules = view.rules
    points = card_points(move.card, rules)
    for card in move.captured:
        points += card_points(card, rules)
    if is_sur(rules, move.card, len(move.captured) == len(view.table), view.last_round):
        points += 5
    return points


class RandomPlayer:
    """Any legal move, uniformly at random."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Move:
        return self.rng.choice(view.legal_moves())


class GreedyPlayer:
    """The move worth the most points now; ties go to more clubs, then more cards, then
    laying the card worth least."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Move:
        rules = view.rules

        def worth(move: Move) -> tuple[int, int, int, int]:
            if not move.captured:
                return (0, 0, 0, -card_points(move.card, rules) * 16 - move.card.value)
            clubs = sum(1 for card in move.captured if card.suit == 0) + (move.card.suit == 0)
            return (immediate_points(view, move), clubs, len(move.captured), 0)

        return max(view.legal_moves(), key=worth)


_FACTORIES: dict[str, Callable[[int | None], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
}


#: Every player by name, weakest first (the levels beyond greedy live in :mod:`pasur.ai`).
PLAYER_NAMES = ("random", "easy", "greedy", "medium", "hard")


def make_player(name: str, seed: int | None = None) -> Player:
    """A player by name (``random``, ``greedy``, and the AI levels); unknown name: ValueError."""
    if len(_FACTORIES) < len(PLAYER_NAMES):
        from .ai import FACTORIES

        _FACTORIES.update(FACTORIES)
    base, _, budget = name.partition(":") if isinstance(name, str) else (name, "", "")
    if base == "hard" and budget:
        from .ai import HardPlayer

        if not budget.isdigit() or not 0 < int(budget) <= 100_000:
            raise ValueError(f"bad player {name!r}: write hard:N with N playouts a move, e.g. hard:60")
        return HardPlayer(seed, iterations=int(budget), seconds=3600.0)
    factory = _FACTORIES.get(name)
    if factory is None:
        raise ValueError(f"unknown player {name!r}: choose one of {', '.join(_FACTORIES)}")
    return factory(seed)
