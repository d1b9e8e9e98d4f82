"""Duplicate-deal tournaments: every deal is played once per seating, so luck of the cards cancels.

With 2 players each deal is played twice with the seats swapped; with 3 players three times, ``a``
in each seat in turn against two ``b``; with 4 players in teams twice, the teams swapped (``a``
holds seats 0 and 2, then 1 and 3); with ``solo4`` four times, ``a`` in each seat.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from .game import new_game
from .players import make_player, player_seed
from .rules import Rules, side_count

__all__ = ["seatings", "tournament", "wilson"]


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def seatings(players: int, rules: Rules) -> list[list[bool]]:
    """For each playing of a deal, which seats ``a`` holds."""
    if side_count(players, rules) < players:  # two teams
        return [[True, False, True, False], [False, True, False, True]]
    return [[seat == k for seat in range(players)] for k in range(players)]


def _play_deal(args: tuple[str, str, int, Rules, int]) -> list[tuple[float, float, list[float]]]:
    """Play one deal in every seating: (a's points, b's points, a's move times) per seating."""
    a, b, players, rules, seed = args
    out = []
    for k, seats_of_a in enumerate(seatings(players, rules)):
        game = new_game(players, rules, seed=seed)
        seats = [make_player(a if mine else b, player_seed(seed, k * players + seat))
                 for seat, mine in enumerate(seats_of_a)]
        times: list[float] = []
        while game.turn is not None:
            seat = game.turn
            view = game.view(seat)
            start = time.perf_counter()
            move = seats[seat].choose(view)
            if seats_of_a[seat]:
                times.append(time.perf_counter() - start)
            game.play(move)
        result = game.deal_results[0]
        a_sides = {game.side_of(seat) for seat, mine in enumerate(seats_of_a) if mine}
        a_points = sum(result[side]["total"] for side in a_sides) / len(a_sides)
        others = [entry["total"] for side, entry in enumerate(result) if side not in a_sides]
        out.append((a_points, float(max(others)), times))
    return out


def tournament(a: str, b: str, deals: int, players: int = 2, rules: Rules | None = None, seed: int = 0,
               jobs: int = 1) -> dict[str, Any]:
    """Play ``deals`` duplicate deals of ``a`` against ``b`` and summarise them."""
    if deals <= 0:
        raise ValueError("deals must be positive")
    make_player(a)
    make_player(b)
    base = rules or Rules()
    rules = Rules(**{**base.to_dict(), "fixed_deals": 1})
    tasks = [(a, b, players, rules, seed + number) for number in range(deals)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_play_deal, tasks, chunksize=4))
    else:
        results = [_play_deal(task) for task in tasks]
    wins = losses = ties = 0
    diffs: list[float] = []
    times: list[float] = []
    for playings in results:
        pair = []
        for a_points, b_points, move_times in playings:
            wins += a_points > b_points
            losses += a_points < b_points
            ties += a_points == b_points
            pair.append(a_points - b_points)
            times.extend(move_times)
        diffs.append(sum(pair) / len(pair))
    games = wins + losses + ties
    score = wins + ties / 2
    low, high = wilson(score, games)
    mean = statistics.fmean(diffs)
    spread = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("nan")
    times.sort()
    return {
        "a": a,
        "b": b,
        "players": players,
        "rules": base.to_dict(),
        "deals": deals,
        "games": games,
        "a_wins": wins,
        "a_losses": losses,
        "ties": ties,
        "a_win_rate": round(score / games, 4),
        "a_win_rate_95": [round(low, 4), round(high, 4)],
        "a_mean_point_difference": round(mean, 3),
        "a_mean_point_difference_95": [round(mean - spread, 3), round(mean + spread, 3)],
        "a_move_ms_median": round(1000 * _quantile(times, 0.5), 3),
        "a_move_ms_p95": round(1000 * _quantile(times, 0.95), 3),
        "seed": seed,
    }


def _quantile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    return values[min(len(values) - 1, int(q * len(values)))]
