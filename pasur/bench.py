"""``python -m pasur bench``: the engine's speed on one core, in 2-player deals of one-deal matches
(``Rules(fixed_deals=1)``) played to the end, and in legal-move queries."""

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
from .rules import Rules

__all__ = ["bench"]

RULES: Final = Rules(fixed_deals=1)


def _rate(seconds: float, play_one: Callable[[int], object]) -> float:
    """How many times a second ``play_one(number)`` runs, numbers 0, 1, 2, ... for ``seconds``."""
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        play_one(done)
        done += 1
    return round(done / (time.perf_counter() - start), 1)


def bench(seconds: float) -> dict[str, float]:
    """Deals per second with random moves: through the public ``legal_moves()`` / ``play()``, through
    :meth:`Game.play_random`, and through the search's :class:`~pasur.deal.Deal`; with ``medium``'s
    moves through a game's views and through the search's path; and legal-move queries
    (:func:`~pasur.moves.legal_moves_for`) per second."""
    rng = random.Random(1)

    def public_api(number: int) -> None:
        game = new_game(2, RULES, seed=10**6 + number)
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


    positions: list[tuple[list[Card], list[Card], Rules]] = []
    game = new_game(2, Rules(), seed=99)
    while game.turn is not None and len(positions) < 2000:
        positions.append((game.hands[game.turn], game.table, game.rules))
        game.play_random(rng)
    queries = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for hand, table, rules in positions:
            legal_moves_for(hand, table, rules)
        queries += len(positions)
    query_rate = queries / (time.perf_counter() - start)
    return {
        "random_deals_per_second": _rate(seconds, play_random),
        "random_deals_per_second_public_api": _rate(seconds, public_api),
        "random_deals_per_second_search_path": _rate(seconds, search_path),
        "medium_deals_per_second": _rate(seconds, medium),
        "medium_deals_per_second_search_path": _rate(seconds, medium_search_path),
        "legal_move_queries_per_second": round(query_rate, 1),
    }
