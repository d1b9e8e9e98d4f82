"""What the move review costs in CPython, and what its reasons say (docs/AI.md, "Move review").

    python tools/bench_review.py [--deals 20] [--first 100]

Plays ``--deals`` one-deal 2-player matches (seeds ``--first`` on; seat 0 played by ``medium``
against ``hard:40``), then reviews each seat's moves as the page does (``pasur.review.DealReview``):
for each seat, the search's steps (playouts and positions), the CPU time of the process, the moves
graded worse than good and the reasons given for them.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pasur.game import Game, new_game
from pasur.grades import WORSE
from pasur.players import make_player
from pasur.review import DealReview
from pasur.rules import Rules


def played(seed: int) -> Game:
    game = new_game(2, Rules(fixed_deals=1), seed=seed)
    players = [make_player("medium", 1), make_player("hard:40", 2)]
    while game.turn is not None:
        game.play(players[game.turn].choose(game.view(game.turn)))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--first", type=int, default=100, help="the first deal's seed")
    args = parser.parse_args()
    games = [played(seed) for seed in range(args.first, args.first + args.deals)]
    for seat in (0, 1):
        cpu, steps, worse, reasons = 0.0, 0, 0, Counter[str]()
        for game in games:
            review = DealReview(game, seat, 0)
            start = time.process_time()
            for _ in review:
                steps += 1
            cpu += time.process_time() - start
            for entry in review.entries:
                if entry.grade in WORSE and entry.reason is not None:
                    worse += 1
                    reasons[entry.reason[0]] += 1
        print(f"seat {seat}: {len(games)} deals, {steps} steps, {cpu:.1f} s of CPU time, {worse} moves graded worse"
              f" than good; their reasons: {', '.join(f'{key} {n}' for key, n in reasons.most_common())}", flush=True)


if __name__ == "__main__":
    main()
