"""``python -m pasur``: simulate matches between computer players, review a saved game's deal, play
the daily deal's duplicate, and measure the engine."""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from collections.abc import Sequence
from typing import Any

from .bench import bench
from .daily import Duplicate, daily_game, deal_points, parse_day
from .game import Game, SaveError
from .grades import GRADES, WORSE, reason_text
from .players import PLAYER_NAMES, make_player
from .review import WORLDS, DealReview, MoveReview, key_moments, points_lost
from .rules import OPTION_NAMES, PRESETS, Rules
from .simulate import simulate
from .tournament import tournament

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The preset, then each ``--set name=value``, then ``--target`` and ``--fixed-deals``."""
    changes: dict[str, Any] = {}
    for item in args.set or []:
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or name not in OPTION_NAMES:
            raise ValueError(f"--set {item!r}: write name=on|off with a name among {', '.join(OPTION_NAMES)}")
        lowered = value.strip().lower()
        if lowered not in _TRUE | _FALSE:
            raise ValueError(f"--set {item!r}: the value must be on or off")
        changes[name] = lowered in _TRUE
    if args.target is not None:
        changes["target"] = args.target
    if args.fixed_deals is not None:
        changes["fixed_deals"] = args.fixed_deals
    return Rules.preset(args.preset, **changes)


def _add_rule_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--preset", default="seeds", choices=tuple(PRESETS))
    parser.add_argument("--set", action="append", metavar="OPTION=on|off",
                        help="change one option of the preset; repeat as needed")
    parser.add_argument("--target", type=int)
    parser.add_argument("--fixed-deals", type=int)


def load_save(path: str) -> tuple[Game, int]:
    """The game of a save file (the engine's, or the page's ``pasur.match`` with the game inside)
    and the first human seat of a page's save (else 0)."""
    try:
        with open(path, encoding="utf-8") as file:
            text = file.read()
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror}") from None
    seat = 0
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        data = None
    if isinstance(data, dict) and isinstance(data.get("game"), str):  # a page's save
        seats = data.get("seats")
        if isinstance(seats, list):
            seat = next((n for n, s in enumerate(seats) if isinstance(s, list) and s[1:2] == ["human"]), 0)
        text = data["game"]
    try:
        return Game.from_json(text), seat
    except SaveError as error:
        raise ValueError(f"{path}: {error}") from None


def move_line(entry: MoveReview) -> str:
    """One reviewed move in English: its grade; for a grade worse than good, how sure, the better
    move, the points lost (with the standard error of a sampled loss) and why."""
    line = f"{entry.number:2}. round {entry.round}  played {entry.played}  {entry.grade}"
    if entry.better is not None:
        sure = {"exact": "certain", "high": "very likely", "fair": "likely"}[entry.confidence or "exact"]
        error = "" if entry.exact else f", standard error {entry.error:.2f}"
        line += f" ({sure}): better {entry.better}, {entry.loss:.2f} points lost{error}"
    if entry.reason is not None and (entry.better is not None or entry.reason[0] == "only_move"):
        line += f": {reason_text(entry.reason)}"
    return line


def review_lines(path: str, seat: int | None, deal: int | None, worlds: int) -> list[str]:
    """The review of one seat's moves in one deal (1-based), in English: the summary, the key
    moments, then one line a move."""
    game, human = load_save(path)
    if worlds <= 0:
        raise ValueError("--worlds must be positive")
    if deal is not None and not 1 <= deal <= game.deal_number + 1:
        raise ValueError(f"--deal must be 1..{game.deal_number + 1}")
    review = DealReview(game, human if seat is None else seat, None if deal is None else deal - 1, worlds)
    entries = review.run()
    worse = [entry for entry in entries if entry.grade in WORSE]
    counts = "".join(f", {grade}: {n}" for grade in GRADES[2:] if (n := sum(entry.grade == grade for entry in worse)))
    head = (f"seat {review.seat}, deal {review.deal + 1}: {len(entries)} moves, {len(worse)} worse than good"
            f"{counts}; points lost by them: {points_lost(entries):.2f}")
    keys = "key moments: " + (", ".join(f"move {entry.number}" for entry in key_moments(entries)) or "none")
    return [head, keys, *(move_line(entry) for entry in entries)]


def daily_lines(day: datetime.date) -> list[str]:
    """The daily deal's cards and what the computer makes with the player's."""
    game = daily_game(day)
    duplicate = Duplicate(day)
    computer = duplicate.computer_points()
    return [
        f"daily deal {day.isoformat()}: your hand {' '.join(map(str, game.hands[0]))}, "
        f"table {' '.join(map(str, game.table))}",
        f"the computer ({duplicate.players[0].name}) made {computer} with your cards "
        f"(its opponent {deal_points(duplicate.game, 1)})",
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pasur", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    sim = commands.add_parser("simulate", help="play seeded matches between computer players")
    _add_rule_args(sim)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--seats", default="greedy,random",
                     help=f"players by seat, comma-separated, repeated around the table ({', '.join(PLAYER_NAMES)})")

    tour = commands.add_parser("tournament", help="duplicate deals between two players")
    _add_rule_args(tour)
    tour.add_argument("--a", required=True)
    tour.add_argument("--b", required=True)
    tour.add_argument("--deals", type=int, default=200)
    tour.add_argument("--seed", type=int, default=0)
    tour.add_argument("--jobs", type=int, default=1, help="worker processes")

    rev = commands.add_parser("review", help="review one seat's moves in one deal of a saved game")
    rev.add_argument("save", help="a saved game (the engine's JSON, or the page's pasur.match)")
    rev.add_argument("--seat", type=int, help="the seat reviewed (default: the page's first human seat, else 0)")
    rev.add_argument("--deal", type=int, help="the deal, 1 for the first (default: the last finished)")
    rev.add_argument("--worlds", type=int, default=WORLDS, help="samples of the hidden cards per move")

    day = commands.add_parser("daily", help="the daily deal, and the computer's points with the player's cards")
    day.add_argument("--date", help="YYYY-MM-DD (default: today, UTC)")

    ben = commands.add_parser("bench", help="measure engine throughput on one core")
    ben.add_argument("--seconds", type=float, default=3.0)

    args = parser.parse_args(argv)
    try:
        if args.command == "simulate":
            names = [name.strip() for name in args.seats.split(",") if name.strip()]
            for name in names:
                make_player(name)  # an unknown name: ValueError naming the players
            result: dict[str, Any] = simulate(names, args.games, args.players, rules_from_args(args), args.seed)
        elif args.command == "tournament":
            result = tournament(args.a, args.b, args.deals, args.players, rules_from_args(args), args.seed,
                                max(1, args.jobs))
        elif args.command == "review":
            print("\n".join(review_lines(args.save, args.seat, args.deal, args.worlds)))
            return 0
        elif args.command == "daily":
            when = parse_day(args.date) if args.date is not None else datetime.datetime.now(datetime.UTC).date()
            print("\n".join(daily_lines(when)))
            return 0
        else:
            if args.seconds <= 0:
                raise ValueError("--seconds must be positive")
            result = bench(args.seconds)
    except ValueError as error:
        print(f"python -m pasur: error: {error}", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=2))
    return 0
