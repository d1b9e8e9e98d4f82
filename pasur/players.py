"""The computer players by name: the one registry the command line, the page and the tests use.

>>> make_player("hard:40", seed=player_seed(7, 1)).name
'hard'

How each level plays is in :mod:`pasur.ai`. A player's decisions depend only on its seed and the
position (see :func:`pasur.ai.decision_rng`), so to reproduce a match give each computer seat
``make_player(kind, player_seed(game.seed, seat))``: a player made afresh before every move (a page
reloaded) then plays exactly like one kept for the whole match.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .ai import (
    EasyPlayer,
    GreedyPlayer,
    HardPlayer,
    MediumPlayer,
    Player,
    RandomPlayer,
    derive_seed,
    immediate_points,
)
from .cards import quoted

__all__ = [
    "MAX_PLAYOUTS",
    "PLAYER_NAMES",
    "GreedyPlayer",
    "Player",
    "RandomPlayer",
    "immediate_points",
    "make_player",
    "player_seed",
]

_FACTORIES: Final[dict[str, Callable[[int | None], Player]]] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "greedy": GreedyPlayer,
    "medium": MediumPlayer,
    "hard": HardPlayer,
}

#: Every player by name, weakest first.
PLAYER_NAMES: Final = tuple(_FACTORIES)
MAX_PLAYOUTS: Final = 100_000


def player_seed(game_seed: int, seat: int) -> int:
    """The seed of the computer player at ``seat`` in the match shuffled by ``game_seed``.

    It is a hash of the two, so a player holds a number that tells it nothing about the deck.
    """
    return derive_seed("player", game_seed, seat)


def make_player(name: str, seed: int | None = None) -> Player:
    """A player by name: ``random``, ``easy``, ``greedy``, ``medium``, ``hard``, or ``hard:N``
    (N playouts a move, 1..100000; ``hard`` is 240). Unknown name: ValueError."""
    base, _, budget = name.partition(":") if isinstance(name, str) else (name, "", "")
    if base == "hard" and budget:
        if not (budget.isascii() and budget.isdigit()) or not 0 < int(budget) <= MAX_PLAYOUTS:
            raise ValueError(f"bad player {quoted(name)}: write hard:N with N playouts a move, e.g. hard:60")
        return HardPlayer(seed, iterations=int(budget))
    factory = _FACTORIES.get(name) if isinstance(name, str) else None
    if factory is None:
        raise ValueError(f"unknown player {quoted(name)}: choose one of {', '.join(_FACTORIES)}")
    return factory(seed)
