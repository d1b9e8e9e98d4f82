"""How the computer players choose. Each one decides from a :class:`~pasur.view.PlayerView` of its
own seat, so none can read a hidden card; :mod:`pasur.players` builds them by name.

- ``random`` plays any legal move; ``greedy`` takes the play worth the most points now.
- ``easy`` is greedy, but now and then plays some other move that gives nothing away.
- ``medium`` scores each legal move once: the points it takes now, the race for the clubs, and
  the expected points the next player can take from the table it leaves (counted from the
  cards this seat has not seen), plus what a Jack in hand promises.
- ``hard`` takes the three moves ``medium`` ranks best, samples the hidden cards consistently
  with everything seen (determinization; mostly as if a seat that laid a card this round held no
  card that would have captured), plays each of those moves out to the end of the deal with the
  ``medium`` policy for every seat in each sample (:mod:`pasur.search`, on the engine's
  :class:`pasur.deal.Deal`), and keeps the move with the best mean result. With two players, once the stock
  is empty nothing is hidden and it solves the rest of the deal exactly.

Every random choice of a decision comes from :func:`decision_rng`: a generator derived from the
player's seed, the seat and the number of moves played so far. So a player's decision depends on
the position and its seed only, never on what it decided before: a player object made afresh
(after a reload) plays exactly like one kept since the start of the match.
"""

from __future__ import annotations

import hashlib
import random
from typing import Protocol

from .cards import CLUBS
from .evaluation import after_move, medium_move, situation_of, table_threat
from .game import SEED_RANGE
from .moves import Move, is_sur
from .scoring import SUR_POINTS, card_points
from .search import Search
from .view import PlayerView

__all__ = [
    "CANDIDATES",
    "PLAYOUTS",
    "TRUST",
    "EasyPlayer",
    "GreedyPlayer",
    "HardPlayer",
    "MediumPlayer",
    "Player",
    "RandomPlayer",
    "Search",
    "decision_rng",
    "derive_seed",
    "immediate_points",
]


class Player(Protocol):
    """Anything that picks a legal move from one seat's view."""

    name: str

    def choose(self, view: PlayerView) -> Move: ...


def derive_seed(*parts: object) -> int:
    """A seed in ``0 .. 2**53 - 1`` from a SHA-256 of ``parts``: knowing it tells nothing
    usable about the numbers it was made from (a game's seed, which shuffles the deck)."""
    text = ":".join(str(part) for part in ("pasur", *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") % SEED_RANGE


def decision_rng(seed: int, view: PlayerView) -> random.Random:
    """The random generator of one decision: from the player's seed, the seat to move and the
    number of moves played in the match, so the same position always gets the same choices."""
    return random.Random(derive_seed("decision", seed, view.seat, view.moves_played))


class _Seeded:
    """A player with a seed (a random one when None), from which every decision's choices come."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = random.SystemRandom().randrange(SEED_RANGE) if seed is None else seed


def immediate_points(view: PlayerView, move: Move) -> int:
    """Points the move scores at once: the card points it captures, plus 5 for a sur."""
    if not move.captured:
        return 0
    rules = view.rules
    points = card_points(move.card, rules)
    for card in move.captured:
        points += card_points(card, rules)
    if is_sur(rules, move.card, len(move.captured) == len(view.table), view.last_round):
        points += SUR_POINTS
    return points


class RandomPlayer(_Seeded):
    """Any legal move, uniformly at random."""

    name = "random"

    def choose(self, view: PlayerView) -> Move:
        return decision_rng(self.seed, view).choice(view.legal_moves())


class GreedyPlayer(_Seeded):
    """The move worth the most points now; ties go to more clubs, then more cards, then
    laying the card worth least."""

    name = "greedy"

    def choose(self, view: PlayerView) -> Move:
        rules = view.rules

        def worth(move: Move) -> tuple[int, int, int, int]:
            if not move.captured:
                return (0, 0, 0, -card_points(move.card, rules) * 16 - move.card.value)
            clubs = sum(1 for card in move.captured if card.suit == CLUBS) + (move.card.suit == CLUBS)
            return (immediate_points(view, move), clubs, len(move.captured), 0)

        return max(view.legal_moves(), key=worth)


PLAYOUTS = 240  # hard's budget: playouts a move
CANDIDATES = 3  # hard searches the moves medium ranks best: more samples each, fewer blunders from noise
TRUST = 0.9  # the share of samples in which the others hold no rank that would have captured when they laid


class MediumPlayer(_Seeded):
    """One-move evaluation with card counting (see :func:`pasur.evaluation.evaluate_move`)."""

    name = "medium"

    def choose(self, view: PlayerView) -> Move:
        return medium_move(view)


class EasyPlayer(_Seeded):
    """Greedy half of the time; otherwise any move that leaves no likely sur to the next player."""

    name = "easy"

    def __init__(self, seed: int | None = None, careless: float = 0.5) -> None:
        super().__init__(seed)
        self.careless = careless
        self.greedy = GreedyPlayer(self.seed)

    def choose(self, view: PlayerView) -> Move:
        best = self.greedy.choose(view)
        rng = decision_rng(self.seed, view)
        if rng.random() >= self.careless:
            return best
        s = situation_of(view)
        safe = [m for m in view.legal_moves() if table_threat(s, after_move(s.table, m)) < SUR_POINTS]
        return rng.choice(safe) if safe else best


class HardPlayer(_Seeded):
    """Determinized search with medium playouts (:class:`pasur.search.Search`), within a budget of
    ``iterations`` playouts a move, over the ``candidates`` moves medium ranks best."""

    name = "hard"

    def __init__(self, seed: int | None = None, iterations: int = PLAYOUTS, candidates: int | None = CANDIDATES,
                 trust: float = TRUST) -> None:
        super().__init__(seed)
        self.trust = trust
        self.iterations = iterations
        self.candidates = candidates  # search only the moves medium ranks best (None: every move)

    def choose(self, view: PlayerView) -> Move:
        search = self.search(view)
        for _ in search:
            pass
        return search.best()

    def search(self, view: PlayerView) -> Search:
        """The decision as a :class:`Search` to run in steps (iterate it, then call ``best``)."""
        return Search(view, decision_rng(self.seed, view), self.iterations, candidates=self.candidates,
                      trust=self.trust)
