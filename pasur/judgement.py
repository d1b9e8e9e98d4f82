"""One judgement of a position: every legal move of a seat's view searched on the same samples of the
hidden cards, from a generator seeded from the view alone. The move review grades the move played
from it and the guided deal's tip is read from it, so the two never disagree about a position.

>>> from pasur.game import new_game
>>> game = new_game(2, seed=3)
>>> first = run(game.view(0))
>>> first == run(game.view(0)), first.moves[first.best] in game.legal_moves(), first.losses[first.best]
(True, True, 0.0)

Method (docs/AI.md, "Move review"): :data:`WORLDS` samples, in each of which every legal move is
played and then the rest of the deal with the ``medium`` policy for every seat; while some move's
loss may be an inaccuracy but cannot be told from the best yet, :data:`WORLDS` more samples are
played for the best move and those moves only, up to :data:`MAX_WORLDS`. With two players and an
empty stock nothing is hidden and every move is solved exactly. Each playout keeps what each side
took and its surs, so that a worse move can be explained by the line the search found
(:mod:`pasur.lines`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Final

from .ai import derive_seed
from .deal import Deal
from .evaluation import medium_option
from .grades import INACCURACY, NOISE, grade_for
from .moves import Move
from .search import Search, option_of, sample_deal
from .view import PlayerView

__all__ = ["MAX_WORLDS", "WORLDS", "Judgement", "Line", "judge", "position_seed", "run", "tip_of"]

WORLDS: Final = 40  # samples of the hidden cards per position; every legal move is played in each
MAX_WORLDS: Final = 160  # at most, while some move may have lost an inaccuracy's worth but cannot be told apart

#: What one playout ended with: each side's captured cards (a mask over card numbers) and its surs.
Line = tuple[tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True)
class Judgement:
    """Every legal move of ``view`` (``moves``, in the order of ``view.legal_moves()``) with its mean
    result (the seat's side's points minus the best other side's at the end of the deal), its
    expected loss against the best move (``best``, an index) and the standard error of that loss.
    ``worlds`` are the samples of the hidden cards (one, the real deal, when ``exact``) and
    ``lines[m][w]`` what move ``m`` led to in sample ``w`` (a move dropped from the search early has
    fewer)."""

    view: PlayerView
    moves: tuple[Move, ...]
    means: tuple[float, ...]
    losses: tuple[float, ...]
    errors: tuple[float, ...]
    best: int
    exact: bool
    worlds: tuple[Deal, ...] = field(default=(), compare=False)  # (a Deal has no equality of its own)
    results: tuple[tuple[float, ...], ...] = ()
    lines: tuple[tuple[Line, ...], ...] = ()

    def index(self, move: Move) -> int:
        """Where ``move`` is in :attr:`moves`; a move that is not legal here: ValueError."""
        try:
            return self.moves.index(move)
        except ValueError:
            raise ValueError(f"{move} is not a legal move in this position") from None

    def grade(self, move: Move) -> str:
        at = self.index(move)
        return grade_for(self.losses[at], self.errors[at], self.exact)


def position_seed(view: PlayerView) -> int:
    """The seed of one position's samples: from what the seat sees, and nothing else."""
    return derive_seed("review", view.seat, view.moves_played, view.deal_number,
                       " ".join(map(str, view.hand)), " ".join(map(str, view.table)),
                       "|".join(" ".join(map(str, pile)) for pile in view.piles))


def line_of(deal: Deal) -> Line:
    """What a finished deal left: each side's captured cards as a mask, and its surs."""
    return tuple(sum(1 << card for card in pile) for pile in deal.piles), tuple(deal.surs)


def _playout(deal: Deal, side: int) -> tuple[float, Line]:
    """The rest of the deal with the medium policy for every seat: ``side``'s outcome and the line."""
    while True:
        card, mask = medium_option(deal)
        if deal.apply(card, mask):
            return deal.outcome(side), line_of(deal)


def _paired(results: Sequence[Sequence[float]], best: int) -> list[tuple[float, float]]:
    """Each move's loss against move ``best`` over the samples both were played in (each move's are
    the first of the best's), and the standard error of that mean."""
    found = []
    for own in results:
        diffs = [b - p for b, p in zip(results[best], own, strict=False)]
        count = len(diffs)
        loss = max(0.0, sum(diffs) / count)
        spread = sum((d - loss) ** 2 for d in diffs) / (count - 1) if count > 1 else 0.0
        found.append((loss, math.sqrt(spread / count)))
    return found


def _best(results: Sequence[Sequence[float]], active: Sequence[int]) -> int:
    """The move with the best mean among those still searched (which all have the most samples); a
    tie goes to the first."""
    return max(active, key=lambda at: (sum(results[at]) / len(results[at]), -at))


def judge(view: PlayerView, worlds: int = WORLDS) -> Iterator[Judgement | None]:
    """Judge ``view``'s position in steps: None after each playout, then the :class:`Judgement`."""
    moves = tuple(view.legal_moves())
    if not moves:
        raise ValueError("not this seat's turn: no move to judge")
    if len(moves) == 1:
        yield Judgement(view, moves, (0.0,), (0.0,), (0.0,), 0, True)
        return
    rng = random.Random(position_seed(view))
    if view.players == 2 and view.stock_size == 0:
        yield from _exactly(view, moves, rng)
        return
    options = [option_of(view, move) for move in moves]
    samples: list[Deal] = []
    results: list[list[float]] = [[] for _ in moves]
    lines: list[list[Line]] = [[] for _ in moves]
    active = list(range(len(moves)))
    best, graded = 0, [(0.0, 0.0)] * len(moves)
    while True:
        for _ in range(worlds):
            world = sample_deal(view, rng)
            world.swing = 0.0  # in points only: deciding the match would turn a near tie into 25 points
            samples.append(world)
            for at in active:
                deal = world.copy()
                card, mask = options[at]
                value, line = (deal.outcome(view.side), line_of(deal)) if deal.apply(card, mask) else _playout(
                    deal, view.side)
                results[at].append(value)
                lines[at].append(line)
                yield None
        best = _best(results, active)
        graded = _paired(results, best)
        unsettled = [at for at in active if at != best and INACCURACY <= graded[at][0] < NOISE * graded[at][1]]
        if not unsettled or len(samples) >= max(worlds, MAX_WORLDS):
            break
        active = [best, *unsettled]
    means = tuple(sum(own) / len(own) for own in results)
    yield Judgement(view, moves, means, tuple(round(loss, 2) for loss, _ in graded),
                    tuple(round(error, 2) for _, error in graded), best, False, tuple(samples),
                    tuple(map(tuple, results)), tuple(map(tuple, lines)))


def _exactly(view: PlayerView, moves: tuple[Move, ...], rng: random.Random) -> Iterator[Judgement | None]:
    """Two players and an empty stock: every move solved exactly (the search's own minimax)."""
    search = Search(view, rng, len(moves), candidates=None, match_swing=False)
    for _ in search:
        yield None
    values = [mean for _, mean, _, _ in search.estimates()]
    world = sample_deal(view, random.Random(0))  # nothing is hidden: this is the real position
    world.swing = 0.0
    top = max(values)
    best = values.index(top)
    yield Judgement(view, moves, tuple(values), tuple(round(top - value, 2) for value in values),
                    (0.0,) * len(moves), best, True, (world,), tuple((value,) for value in values))


def tip_of(judgement: Judgement) -> tuple[Move, bool]:
    """The guided deal's tip from the judgement of the position, and whether it is a simpler move than
    the best: the best move, unless that lays a card while a capture loses less than an inaccuracy's
    worth (the guide teaches captures; the review grades that capture good, with that reason)."""
    best = judgement.moves[judgement.best]
    if best.captured:
        return best, False
    captures = [at for at, move in enumerate(judgement.moves) if move.captured and judgement.losses[at] < INACCURACY]
    if not captures:
        return best, False
    chosen = min(captures, key=lambda at: (judgement.losses[at], at))
    return judgement.moves[chosen], judgement.losses[chosen] > 0  # (a capture as good as the best is one)


def run(view: PlayerView, worlds: int = WORLDS) -> Judgement:
    """:func:`judge` run to its end."""
    for step in judge(view, worlds):
        if step is not None:
            return step
    raise AssertionError("a judgement always ends")
