"""``python -m pasur bench``: the engine's speed on one core, in 2-player deals of one-deal matches
(``Rules(fixed_deals=1)``) played to the end, and in legal-move queries.

Every figure is per second of this process's own CPU time (``time.process_time``), so that other
work on the machine, which takes the processor away from it, weighs less; it still slows what
runs (shared caches). The public API's figure is measured against
:class:`pasur.reference.PlainGame`, a plain engine of the same rules, in the same run: the two take
turns in short slices, so that whatever else loads the machine weighs on both alike, and their
ratio is what to compare between runs.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Final

from .ai import MediumPlayer
from .cards import Card
from .deal import Deal
from .evaluation import medium_option
from .game import new_game
from .moves import legal_moves_for
from .reference import PlainGame
from .rules import Rules

__all__ = ["bench"]

RULES: Final = Rules(fixed_deals=1)
SLICES: Final = 6  # turns each of the public API and the plain engine gets


def _rate(seconds: float, play_one: Callable[[int], object]) -> float:
    """How many times a second ``play_one(number)`` runs, numbers 0, 1, 2, ... for ``seconds``."""
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        play_one(done)
        done += 1
    return round(done / (time.process_time() - start), 1)


def _side_by_side(seconds: float, first: Callable[[int], object],
                  second: Callable[[int], object]) -> tuple[float, float]:
    """The rates of ``first`` and ``second``, each run for ``seconds`` in all, in alternate slices."""
    counts = [0, 0]
    spent = [0.0, 0.0]
    for _ in range(SLICES):
        for which, play_one in enumerate((first, second)):
            start = time.process_time()
            while time.process_time() - start < seconds / SLICES:
                play_one(counts[which])
                counts[which] += 1
            spent[which] += time.process_time() - start
    return round(counts[0] / spent[0], 1), round(counts[1] / spent[1], 1)


def bench(seconds: float) -> dict[str, float]:
    """Deals per second with random moves: through the public ``legal_moves()`` / ``play()``, through
    the plain engine (and the ratio of the two), through :meth:`Game.play_random`, and through the
    search's :class:`~pasur.deal.Deal`; with ``medium``'s moves through a game's views and through
    the search's path; and legal-move queries (:func:`~pasur.moves.legal_moves_for`) per second."""
    rng = random.Random(1)

    def public_api(number: int) -> None:
        game = new_game(2, RULES, seed=10**6 + number)
        while game.turn is not None:
            game.play(rng.choice(game.legal_moves()))

    def plain(number: int) -> None:
        game = PlainGame(2, RULES, seed=10**6 + number)
        while game.turn is not None:
            game.play(rng.choice(game.legal_moves()))

    def play_random(number: int) -> None:
        game = new_game(2, RULES, seed=number)
        while game.turn is not None:
            game.play_random(rng)

    def search_path(number: int) -> None:
        deal = Deal.dealt(RULES, 2, 0, None, random.Random(number), (0, 0), 0)
        while True:
            options = deal.options()
            if deal.apply(*options[rng.randrange(len(options))]):
                return

    def medium(number: int) -> None:
        game = new_game(2, RULES, seed=number)
        player = MediumPlayer(0)
        while game.turn is not None:
            game.play(player.choose(game.view(game.turn)))

    def medium_search_path(number: int) -> None:
        deal = Deal.dealt(RULES, 2, 0, None, random.Random(number), (0, 0), 0)
        while not deal.apply(*medium_option(deal)):
            pass

    public_rate, plain_rate = _side_by_side(seconds, public_api, plain)

    positions: list[tuple[list[Card], list[Card], Rules]] = []
    game = new_game(2, Rules(), seed=99)
    while game.turn is not None and len(positions) < 2000:
        positions.append((game.hands[game.turn], game.table, game.rules))
        game.play_random(rng)
    queries = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for hand, table, rules in positions:
            legal_moves_for(hand, table, rules)
        queries += len(positions)
    query_rate = queries / (time.process_time() - start)
    return {
        "random_deals_per_second_public_api": public_rate,
        "random_deals_per_second_plain_engine": plain_rate,
        "public_api_over_plain_engine": round(public_rate / plain_rate, 2),
        "random_deals_per_second": _rate(seconds, play_random),
        "random_deals_per_second_search_path": _rate(seconds, search_path),
        "medium_deals_per_second": _rate(seconds, medium),
        "medium_deals_per_second_search_path": _rate(seconds, medium_search_path),
        "legal_move_queries_per_second": round(query_rate, 1),
    }
