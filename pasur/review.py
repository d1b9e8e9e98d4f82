"""The move review: for each move one seat played in a deal, every legal move of that position graded
from that seat's view at that moment (:mod:`pasur.grades`), and the deal's key moments.

>>> from pasur.game import new_game
>>> from pasur.rules import Rules
>>> game = new_game(2, Rules(fixed_deals=1), seed=3)
>>> while game.turn is not None:
...     game.play(game.legal_moves()[0])  # doctest: +ELLIPSIS
MoveRecord(...)
...
>>> review = DealReview(game, seat=0, worlds=4)
>>> entries = review.run()
>>> len(entries), all(entry.loss >= 0 and entry.grade in GRADES for entry in entries)
(24, True)
>>> all(entry.better is None for entry in entries if entry.grade in ("best", "good"))
True

Method (docs/AI.md, "Move review"): only the seat's :class:`~pasur.view.PlayerView` of each
position is searched, so no hidden card is read; every legal move is played out in the same samples
of the hidden cards (``worlds``, up to :data:`MAX_WORLDS` while the move played may have lost an
inaccuracy's worth but cannot be told from the best yet), from a generator seeded from the view
alone; with two players and an empty stock every move is solved exactly. A move's loss is the mean
of the best move's result minus its own, sample by sample, with the standard error of that mean.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any, Final

from .cards import Card
from .game import Game, new_game
from .grades import GRADES, WORSE, Reason, confidence_for, grade_for, reason_from
from .judgement import MAX_WORLDS, WORLDS, Judgement, judge, tip_of
from .lines import reason_for
from .moves import Move
from .view import PlayerView

__all__ = ["GRADES", "KEY_MOMENTS", "MAX_WORLDS", "WORLDS", "DealReview", "MoveReview", "Option", "entry_of",
           "key_moments", "points_lost", "review_position"]

KEY_MOMENTS: Final = 3  # the costliest decisions the review opens on


@dataclass(frozen=True)
class Option:
    """One legal move of a reviewed position: its expected points lost against the best move (0 for
    the best), the standard error of that loss, and why it is worse (for a grade worse than good)."""

    move: Move
    loss: float
    error: float
    reason: Reason | None = None


@dataclass(frozen=True)
class MoveReview:
    """One reviewed move: the position (hand, table), the move played, the deal's expected result
    after it (the seat's side's points minus the best other side's at the end of the deal; None for
    the only legal move, which is not searched), and every legal move graded (``options``, the best
    first)."""

    number: int  # 1 for the seat's first move of the deal
    round: int
    hand: tuple[Card, ...]
    table: tuple[Card, ...]
    played: Move
    expected: float | None
    exact: bool  # solved exactly (nothing hidden), not sampled
    options: tuple[Option, ...]

    def option(self, move: Move) -> Option:
        """The graded option of ``move``; a move that was not legal here: ValueError."""
        for option in self.options:
            if option.move == move:
                return option
        raise ValueError(f"{move} is not a legal move in this position")

    def grade_of(self, move: Move) -> str:
        option = self.option(move)
        return grade_for(option.loss, option.error, self.exact)

    @property
    def best(self) -> Move:
        return self.options[0].move

    @property
    def loss(self) -> float:
        return self.option(self.played).loss

    @property
    def error(self) -> float:
        return self.option(self.played).error

    @property
    def reason(self) -> Reason | None:
        return self.option(self.played).reason

    @property
    def grade(self) -> str:
        return self.grade_of(self.played)

    @property
    def better(self) -> Move | None:
        """The better move, named only when the move played is graded worse than good."""
        return self.best if self.grade in WORSE else None

    @property
    def lost(self) -> float:
        """The points the grade says were lost: the loss when worse than good, else 0."""
        return self.loss if self.grade in WORSE else 0.0

    @property
    def confidence(self) -> str | None:
        return confidence_for(self.loss, self.error, self.exact) if self.grade in WORSE else None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data (what the page keeps in its save); :meth:`from_dict` reads it."""
        return {
            "number": self.number, "round": self.round,
            "hand": [str(card) for card in self.hand], "table": [str(card) for card in self.table],
            "played": str(self.played), "expected": self.expected, "exact": self.exact,
            "options": [[str(o.move), o.loss, o.error, None if o.reason is None else [o.reason[0], dict(o.reason[1])]]
                        for o in self.options],
        }

    @classmethod
    def from_dict(cls, data: Any) -> MoveReview:
        """A review entry from :meth:`to_dict`'s data; anything malformed (a number that is not finite
        or out of range included): ValueError."""
        try:
            options = tuple(Option(Move.parse(move), _number(loss), _number(error),
                                   None if why is None else reason_from(why))
                            for move, loss, error, why in data["options"])
            expected = None if data["expected"] is None else _number(data["expected"], signed=True)
            entry = cls(
                number=_count(data["number"], MAX_NUMBER), round=_count(data["round"], MAX_ROUND),
                hand=tuple(Card.parse(text) for text in data["hand"]),
                table=tuple(Card.parse(text) for text in data["table"]),
                played=Move.parse(data["played"]), expected=expected, exact=bool(data["exact"]),
                options=options)
            entry.option(entry.played)
        except (KeyError, IndexError, TypeError, AttributeError, ValueError, OverflowError) as error:
            raise ValueError(f"not a move review entry: {str(error)[:100]}") from None
        if not options or options[0].loss != 0:
            raise ValueError("not a move review entry: bad losses")
        return entry


MAX_NUMBER, MAX_ROUND, MAX_POINTS = 52, 12, 1000.0  # a seat's moves in a deal, its rounds, points: far more

def _count(value: Any, most: int) -> int:
    """A move's number or round: a whole number from 0 to ``most``."""
    if type(value) is not int or not 0 <= value <= most:
        raise ValueError(f"{str(value)[:20]} is not a whole number from 0 to {most}")
    return value


def _number(value: Any, signed: bool = False) -> float:
    """Points as saved: a finite number within the points a deal can be worth (from 0 unless ``signed``)."""
    if type(value) not in (int, float) or not -MAX_POINTS <= value <= MAX_POINTS or (value < 0 and not signed):
        raise ValueError(f"{str(value)[:20]} is not a number of points")
    return float(value)


def key_moments(entries: Iterable[MoveReview], count: int = KEY_MOMENTS) -> list[MoveReview]:
    """The ``count`` costliest moves graded worse than good, in the order they were played."""
    worse = sorted((entry for entry in entries if entry.grade in WORSE), key=lambda entry: (-entry.loss, entry.number))
    return sorted(worse[:count], key=lambda entry: entry.number)


def points_lost(entries: Iterable[MoveReview]) -> float:
    """What the grades say was lost in all: the losses of the moves graded worse than good."""
    return sum(entry.lost for entry in entries)


def entry_of(judgement: Judgement, played: Move) -> MoveReview:
    """The review of ``played`` from the judgement of its position (``number`` and ``round`` 0:
    :class:`DealReview` sets them): every legal move graded against the best (a move as good as the
    best, the move played first among them), why each move graded worse than good is worse, and why
    the guided deal's simpler capture is good."""
    view, moves = judgement.view, judgement.moves
    at = judgement.index(played)
    if len(moves) == 1:
        only = Option(played, 0.0, 0.0, ("only_move", {}))
        return MoveReview(0, 0, view.hand, view.table, played, None, True, (only,))
    best = moves[judgement.best]
    top = played if judgement.losses[at] <= 0 else best
    tip, simpler = tip_of(judgement)
    options = []
    for index, move in enumerate(moves):
        loss, error = judgement.losses[index], judgement.errors[index]
        reason = None
        if move != top and grade_for(loss, error, judgement.exact) in WORSE:
            reason = reason_for(judgement, index)
        elif simpler and move == tip:
            reason = ("simpler", {"best": best.card.symbol})
        options.append(Option(move, loss, error, reason))
    options.sort(key=lambda option: (option.move != top, option.loss))
    return MoveReview(0, 0, view.hand, view.table, played, round(judgement.means[at], 2), judgement.exact,
                      tuple(options))


def review_position(view: PlayerView, played: Move, worlds: int = WORLDS) -> Iterator[MoveReview | None]:
    """Review one move from the view it was played from, in steps: yields None after each playout,
    then the :class:`MoveReview` (with ``number`` and ``round`` 0: :class:`DealReview` sets them).
    The position is judged as :func:`pasur.judgement.judge` judges it whatever move was played."""
    if played not in view.legal_moves():
        raise ValueError(f"{played} is not a legal move in this position")
    for step in judge(view, worlds):
        if step is None:
            yield None
        else:
            yield entry_of(step, played)


class DealReview:
    """The review of one seat's moves in one deal of ``game`` (by default the last deal played),
    run in steps: iterate it (each step is one playout; the page runs it a few milliseconds at a
    time), or call :meth:`run`. ``entries`` holds the reviewed moves so far, in order."""

    def __init__(self, game: Game, seat: int, deal: int | None = None, worlds: int = WORLDS) -> None:
        if type(seat) is not int or not 0 <= seat < game.players:
            raise ValueError(f"review: seat must be 0..{game.players - 1}, not {seat!r}")
        finished = len(game.deal_results)
        if deal is None:
            deal = finished - 1 if finished else game.deal_number
        if type(deal) is not int or not 0 <= deal <= game.deal_number:
            raise ValueError(f"review: deal must be 0..{game.deal_number}, not {deal!r}")
        self.seat = seat
        self.deal = deal
        self.worlds = worlds
        self.positions = _positions(game, seat, deal)
        self.entries: list[MoveReview] = []

    @property
    def done(self) -> bool:
        return len(self.entries) == len(self.positions)

    def __iter__(self) -> Iterator[None]:
        for number, (view, played) in enumerate(self.positions[len(self.entries):], start=len(self.entries) + 1):
            for step in review_position(view, played, self.worlds):
                if step is None:
                    yield None
                else:
                    self.entries.append(replace(step, number=number, round=view.round_number))
            yield None

    def run(self) -> list[MoveReview]:
        for _ in self:
            pass
        return self.entries


def _positions(game: Game, seat: int, deal: int) -> list[tuple[PlayerView, Move]]:
    """The seat's view before each of its moves in ``deal``, and the move it played, rebuilt by
    replaying the game's moves from its set-up."""
    replay = new_game(game.players, game.rules, game.seed, game.stacked_deck, game.first_leader)
    found = []
    for record in game.history:
        if record.deal > deal:
            break
        if record.deal == deal and record.seat == seat:
            found.append((replay.view(seat), record.move))
        replay.play(record.move)
    return found
