"""Playing many seeded matches between computer players, and summing up the results."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .game import Game, new_game
from .players import Player, make_player, player_seed
from .rules import Rules, side_of

__all__ = ["play_match", "simulate"]


def play_match(game: Game, seats: Sequence[Player]) -> Game:
    """Play ``game`` to its end, each seat's player choosing from its own view."""
    while game.turn is not None:
        seat = game.turn
        game.play(seats[seat].choose(game.view(seat)))
    return game


def simulate(
    names: Sequence[str],
    games: int,
    players: int = 2,
    rules: Rules | None = None,
    seed: int = 0,
) -> dict[str, Any]:
    """Play ``games`` matches; ``names`` gives each seat's player (repeated around the table).

    Game ``i`` uses seed ``seed + i`` for the cards; each player gets ``player_seed(seed + i, seat)``.
    """
    if type(games) is not int or games <= 0:
        raise ValueError(f"games must be a positive whole number, not {games!r}")
    if not names:
        raise ValueError("name at least one player")
    rules = rules or Rules()
    seat_names = [names[seat % len(names)] for seat in range(players)]
    wins: list[int] = []
    draws = 0
    deals = 0
    points: list[int] = []
    surs: list[int] = []
    for number in range(games):
        game_seed = seed + number
        seats = [
            make_player(name, player_seed(game_seed, seat)) for seat, name in enumerate(seat_names)
        ]
        game = play_match(new_game(players, rules, game_seed), seats)
        if not wins:
            wins = [0] * game.sides
            points = [0] * game.sides
            surs = [0] * game.sides
        if game.winner is None:
            draws += 1
        else:
            wins[game.winner] += 1
        deals += len(game.deal_results)
        for results, counts in zip(game.deal_results, game.deal_surs, strict=True):
            for side, entry in enumerate(results):
                points[side] += entry["total"]
                surs[side] += counts[side]
    sides = [
        "+".join(f"{seat}:{seat_names[seat]}" for seat in range(players) if side_of(seat, players, rules) == side)
        for side in range(len(wins))
    ]
    return {
        "games": games,
        "players": players,
        "rules": rules.to_dict(),
        "seed": seed,
        "sides": sides,
        "wins": wins,
        "draws": draws,
        "deals": deals,
        "mean_points_per_deal": [round(total / deals, 3) for total in points],
        "surs_per_deal": [round(count / deals, 3) for count in surs],
        "surs_per_deal_all": round(sum(surs) / deals, 3),
    }
