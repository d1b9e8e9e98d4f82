"""The move review: for each move one seat played in a deal, the move ``hard``'s search prefers from
that seat's view at that moment, and the points the move played is expected to have lost.

>>> from pasur.game import new_game
>>> from pasur.rules import Rules
>>> game = new_game(2, Rules(fixed_deals=1), seed=3)
>>> while game.turn is not None:
...     game.play(game.legal_moves()[0])  # doctest: +ELLIPSIS
MoveRecord(...)
...
>>> review = DealReview(game, seat=0, worlds=4)
>>> entries = review.run()
>>> len(entries), all(entry.loss >= 0 for entry in entries)
(24, True)

Method (docs/AI.md, "Move review"): each position is rebuilt from the game's set-up and moves, and
only the seat's :class:`~pasur.view.PlayerView` is searched, so no hidden card is read. Every legal
move gets the same budget: ``worlds`` samples of the hidden cards, each move played out in every
sample with the ``medium`` policy (:class:`pasur.ai.Search` over every legal move). With two
players and an empty stock nothing is hidden and every move is solved exactly. The samples come
from a generator seeded from the view alone, so a review is the same on every run, and the same for
two games that differ only in cards the seat could not see. The loss is the mean, over the
samples, of the best move's result minus the played move's result in the same sample (a paired
comparison), with the standard error of that mean.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from .ai import derive_seed, immediate_points
from .captures import captures_for
from .cards import CLUBS, Card
from .evaluation import after_move
from .game import Game, new_game
from .moves import Move, is_sur
from .scoring import CLUBS_MAJORITY, SUR_POINTS, card_points
from .search import Search
from .view import PlayerView

__all__ = [
    "BLUNDER",
    "INACCURACY",
    "MISTAKE",
    "REASONS",
    "VERDICTS",
    "WORLDS",
    "DealReview",
    "MoveReview",
    "reason_text",
    "review_position",
    "verdict_for",
]

WORLDS: Final = 40  # samples of the hidden cards per position; every legal move is played in each
INACCURACY: Final = 1.0  # expected points lost from which a move is an inaccuracy,
MISTAKE: Final = 2.5  # a mistake,
BLUNDER: Final = 5.0  # a blunder (a sur is worth 5)
NOISE: Final = 2.0  # a loss below this many standard errors is within noise: the moves are about equal
VERDICTS: Final = ("good", "inaccuracy", "mistake", "blunder")

#: English for each reason key (the page has them in every language, as ``review_reason_<key>``).
REASONS: Final = {
    "only_move": "the only legal move",
    "missed_sur": "{best} was a sur",
    "leaves_sur": "leaves {sum} on the table for a sur",
    "leaves_sweep": "leaves a sur to a {rank}",
    "gives_up": "gives up the {card}",
    "fewer_points": "takes {points} points fewer than {best} now",
    "fewer_points_one": "takes 1 point fewer than {best} now",
    "fewer_clubs": "takes {clubs} clubs fewer than {best}",
    "fewer_clubs_one": "takes 1 club fewer than {best}",
}

Reason = tuple[str, dict[str, str]]


@dataclass(frozen=True)
class MoveReview:
    """One reviewed move: the position (hand, table), the move played, the best move found, the
    expected points lost (``loss`` ≥ 0, 0 when ``played == best``) and its standard ``error``."""

    number: int  # 1 for the seat's first move of the deal
    round: int
    hand: tuple[Card, ...]
    table: tuple[Card, ...]
    played: Move
    best: Move
    loss: float
    error: float
    verdict: str
    about_equal: bool  # a loss within noise: the two moves cannot be told apart at this budget
    reason: Reason | None
    exact: bool  # solved exactly (nothing hidden), not sampled

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data (what the page keeps in its save); :meth:`from_dict` reads it."""
        return {
            "number": self.number, "round": self.round,
            "hand": [str(card) for card in self.hand], "table": [str(card) for card in self.table],
            "played": str(self.played), "best": str(self.best), "loss": self.loss, "error": self.error,
            "verdict": self.verdict, "about_equal": self.about_equal, "exact": self.exact,
            "reason": None if self.reason is None else [self.reason[0], dict(self.reason[1])],
        }

    @classmethod
    def from_dict(cls, data: Any) -> MoveReview:
        """A review entry from :meth:`to_dict`'s data; anything malformed: ValueError."""
        try:
            reason = data["reason"]
            entry = cls(
                number=int(data["number"]), round=int(data["round"]),
                hand=tuple(Card.parse(text) for text in data["hand"]),
                table=tuple(Card.parse(text) for text in data["table"]),
                played=Move.parse(data["played"]), best=Move.parse(data["best"]),
                loss=float(data["loss"]), error=float(data["error"]), verdict=str(data["verdict"]),
                about_equal=bool(data["about_equal"]), exact=bool(data["exact"]),
                reason=None if reason is None else (str(reason[0]), {str(k): str(v) for k, v in reason[1].items()}),
            )
        except (KeyError, IndexError, TypeError, AttributeError, ValueError) as error:
            raise ValueError(f"not a move review entry: {error}") from None
        if entry.verdict not in VERDICTS or not (entry.loss >= 0 and entry.error >= 0):
            raise ValueError("not a move review entry: bad verdict or loss")
        return entry

    def text(self) -> str:
        """One line in English, as ``python -m pasur review`` prints it."""
        line = f"{self.number:2}. round {self.round}  played {self.played}"
        if self.played == self.best:
            line += "  (best)"
        else:
            line += f"  best {self.best}  loss {self.loss:.2f} ± {self.error:.2f}"
        line += f"  {self.verdict}" + (" (about equal)" if self.about_equal else "")
        if self.reason is not None:
            line += f": {reason_text(self.reason)}"
        return line


def reason_text(reason: Reason) -> str:
    """A reason in English."""
    key, values = reason
    if values.get("points", values.get("clubs")) == "1":
        key += "_one"
    return REASONS[key].format(**values)


def verdict_for(loss: float, error: float) -> tuple[str, bool]:
    """The verdict for an expected loss and its standard error, and whether it is within noise."""
    if loss <= 0:
        return "good", False
    if loss < NOISE * error:
        return "good", True
    if loss < INACCURACY:
        return "good", False
    if loss < MISTAKE:
        return "inaccuracy", False
    return ("mistake" if loss < BLUNDER else "blunder"), False


def position_seed(view: PlayerView) -> int:
    """The seed of one position's samples: from what the seat sees, and nothing else."""
    return derive_seed("review", view.seat, view.moves_played, view.deal_number,
                       " ".join(map(str, view.hand)), " ".join(map(str, view.table)),
                       "|".join(" ".join(map(str, pile)) for pile in view.piles))


def review_position(view: PlayerView, played: Move, worlds: int = WORLDS) -> Iterator[MoveReview | None]:
    """Review one move from the view it was played from, in steps: yields None after each playout,
    then the :class:`MoveReview` (with ``number`` and ``round`` 0: :class:`DealReview` sets them)."""
    moves = view.legal_moves()
    if played not in moves:
        raise ValueError(f"{played} is not a legal move in this position")
    if len(moves) == 1:
        yield MoveReview(0, 0, view.hand, view.table, played, played, 0.0, 0.0, "good", False,
                         ("only_move", {}), True)
        return
    # In points only: the bonus hard gives to deciding the match would turn a near tie into 25 points.
    search = Search(view, random.Random(position_seed(view)), worlds * len(moves), candidates=None,
                    match_swing=False)
    results: list[list[float]] = [[] for _ in search.moves]  # each move's result, sample by sample
    totals, counts = list(search.totals), list(search.counts)
    for _ in search:
        for index, count in enumerate(search.counts):  # the playout just made: one more result for one move
            if count != counts[index]:
                results[index].append(search.totals[index] - totals[index])
                totals[index], counts[index] = search.totals[index], count
        yield None
    exact = search.exact is not None
    means = [mean for _, mean, _, _ in search.estimates()]
    played_index = search.moves.index(played)
    best_index = max(range(len(means)), key=lambda index: (means[index], index == played_index))
    best = search.moves[best_index]
    loss = error = 0.0
    if best_index != played_index and exact:
        loss = means[best_index] - means[played_index]
    elif best_index != played_index:
        # Every sample plays every move on the same hidden cards: compare them sample by sample.
        diffs = [b - p for b, p in zip(results[best_index], results[played_index], strict=True)]
        count = len(diffs)
        loss = max(0.0, sum(diffs) / count)
        spread = sum((d - loss) ** 2 for d in diffs) / (count - 1) if count > 1 else 0.0
        error = math.sqrt(spread / count)
    verdict, about_equal = verdict_for(loss, error)
    reason = None if verdict == "good" else why_worse(view, played, best)
    yield MoveReview(0, 0, view.hand, view.table, played, best, round(loss, 2), round(error, 2), verdict,
                     about_equal, reason, exact)


def _sweeper(view: PlayerView, table: Sequence[Card]) -> Card | None:
    """An unseen card that would take all of ``table`` for a sur on the next turn, if any."""
    if not table or (view.last_round and view.hand_sizes[(view.seat + 1) % view.players] == 0):
        return None
    captures = captures_for(view.rules)
    ranks = tuple(card.rank for card in table)
    full = (1 << len(table)) - 1
    for card in view.unseen():
        if full in captures.masks(card.rank, ranks) and is_sur(view.rules, card, True, view.last_round):
            return card
    return None


def why_worse(view: PlayerView, played: Move, best: Move) -> Reason | None:
    """A short reason the played move is worse than the best, where one can be given."""
    rules = view.rules
    table = view.table
    if immediate_points(view, best) - immediate_points(view, played) >= SUR_POINTS and len(best.captured) == len(table):
        return ("missed_sur", {"best": best.card.symbol})
    left = after_move(table, played)
    sweeper = _sweeper(view, left)
    if sweeper is not None and _sweeper(view, after_move(table, best)) is None:
        if sweeper.is_number:
            return ("leaves_sur", {"sum": str(sum(card.value for card in left))})
        return ("leaves_sweep", {"rank": sweeper.symbol[:-1]})
    given = [card for card in best.captured if card not in played.captured and card_points(card, rules) > 0]
    if not played.captured and card_points(played.card, rules) > 0 and best.card is not played.card:
        given.append(played.card)  # laid a card worth points where the next player may take it
    if given:
        card = max(given, key=lambda c: (card_points(c, rules), c.index))
        return ("gives_up", {"card": card.symbol})
    fewer = immediate_points(view, best) - immediate_points(view, played)
    if fewer > 0:
        return ("fewer_points", {"points": str(fewer), "best": best.card.symbol})
    clubs = _clubs_taken(best) - _clubs_taken(played)
    if clubs > 0 and all(sum(card.suit == CLUBS for card in pile) < CLUBS_MAJORITY for pile in view.piles):
        return ("fewer_clubs", {"clubs": str(clubs), "best": best.card.symbol})
    return None


def _clubs_taken(move: Move) -> int:
    if not move.captured:
        return 0
    return sum(card.suit == CLUBS for card in (move.card, *move.captured))


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

    def lines(self) -> list[str]:
        """The review in English, one line a move, and the total expected loss."""
        total = sum(entry.loss for entry in self.entries)
        head = f"seat {self.seat}, deal {self.deal + 1}: {len(self.entries)} moves, expected points lost {total:.2f}"
        return [head, *(entry.text() for entry in self.entries)]


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
