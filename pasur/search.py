"""``hard``'s search (docs/AI.md): determinized playouts on :class:`pasur.deal.Deal`, run in steps.

For each sample of the cards a seat has not seen (dealt at random among the other hands and the
stock, consistently with every hand size, and mostly as if a seat that laid a card this round held
no card that would have captured), each candidate move is played on that same sample and the rest
of the deal with the ``medium`` policy for every seat (:func:`pasur.evaluation.medium_option`);
the move with the best mean result wins. With two players and an empty stock nothing is hidden and
the rest of the deal is solved exactly (minimax with alpha-beta).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence

from .captures import RANK, captures_for
from .cards import KING
from .deal import Deal
from .evaluation import evaluate_move, medium_move, medium_option, situation_of
from .moves import Move
from .view import PlayerView

__all__ = ["Search", "option_of", "ranks_not_held", "sample_deal"]


def ranks_not_held(view: PlayerView) -> list[frozenset[int]]:
    """For each seat, the ranks its hand holds none of if that seat captures whenever it can: it laid
    a card this round on a table where a card of that rank would have captured (from public moves)."""
    not_held: list[set[int]] = [set() for _ in range(view.players)]
    captures = captures_for(view.rules)
    table = list(view.table)
    for record in reversed(view.deal_moves):  # back through the deal, so ``table`` is before each move
        move = record.move
        if move.captured:
            table.extend(move.captured)
            continue
        table.remove(move.card)
        if record.round == view.round_number and record.seat != view.seat:
            ranks = tuple(sorted(card.rank for card in table))
            not_held[record.seat].update(rank for rank in range(1, KING + 1) if captures.masks(rank, ranks))
    return [frozenset(ranks) for ranks in not_held]


def sample_deal(view: PlayerView, rng: random.Random, not_held: Sequence[frozenset[int]] = ()) -> Deal:
    """The deal as ``view`` sees it, the cards it cannot see dealt at random among the other hands and
    the stock; a seat with ranks in ``not_held`` (see :func:`ranks_not_held`) gets cards of other
    ranks while there are enough of them."""
    hidden = [card.index for card in view.unseen()]
    rng.shuffle(hidden)
    hands: list[list[int]] = []
    for seat in range(view.players):
        if seat == view.seat:
            hands.append([card.index for card in view.hand])
            continue
        size = view.hand_sizes[seat]
        hand = hidden[:size]
        if not_held and not_held[seat]:
            allowed = [card for card in hidden if RANK[card] not in not_held[seat]][:size]
            if len(allowed) == size:
                hand = allowed
        for card in hand:
            hidden.remove(card)
        hands.append(hand)
    return Deal(view.rules, view.players, hands, [card.index for card in view.table], hidden,
                [[card.index for card in pile] for pile in view.piles], list(view.surs), view.scores, view.seat,
                view.leader, view.round_number, view.last_capturer, view.deals_played)


def option_of(view: PlayerView, move: Move) -> tuple[int, int]:
    """``move`` as a ``(card number, mask over view.table)`` pair for a :class:`~pasur.deal.Deal`."""
    mask = 0
    for pos, card in enumerate(view.table):
        if card in move.captured:
            mask |= 1 << pos
    return move.card.index, mask


def _playout(deal: Deal, side: int) -> float:
    """The rest of the deal with the medium policy for every seat: ``side``'s outcome."""
    while True:
        card, mask = medium_option(deal)
        if deal.apply(card, mask):
            return deal.outcome(side)


def _solve(deal: Deal, side: int, alpha: float, beta: float) -> float:
    """Exact minimax over the rest of the deal when every card is known (2 players)."""
    maximizing = deal.seat_sides[deal.turn] == side
    best = -math.inf if maximizing else math.inf
    for card, mask in deal.options():
        child = deal.copy()
        value = child.outcome(side) if child.apply(card, mask) else _solve(child, side, alpha, beta)
        if maximizing:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


class Search:
    """One decision, done in small steps: iterate it (each step is one playout), then call ``best``.

    ``iterations`` playouts in all; ``candidates`` moves searched, those ``medium`` ranks best (None:
    every legal move); ``trust`` the share of samples dealt as if the others capture whenever they
    can (:func:`ranks_not_held`); ``match_swing`` False counts outcomes in points only, without what
    deciding the match adds. Every sample of the hidden cards is played out once after each move
    (common random numbers: the moves are compared on the same cards).
    """

    def __init__(self, view: PlayerView, rng: random.Random, iterations: int, candidates: int | None = None,
                 trust: float = 0.0, match_swing: bool = True) -> None:
        self.view = view
        self.match_swing = match_swing
        self.trust = trust
        self.moves = view.legal_moves()
        if candidates is not None and len(self.moves) > candidates and not (
                view.players == 2 and view.stock_size == 0):
            s = situation_of(view)
            self.moves = sorted(self.moves, key=lambda move: -evaluate_move(s, move))[:candidates]
        self.rng = rng
        self.iterations = iterations
        self.totals = [0.0] * len(self.moves)
        self.squares = [0.0] * len(self.moves)
        self.counts = [0] * len(self.moves)
        self.exact: int | None = None
        self.exact_values: list[float] = []

    def __iter__(self) -> Iterator[None]:
        if len(self.moves) <= 1:
            return
        view = self.view
        if view.players == 2 and view.stock_size == 0:
            yield from self._solve_exactly()
            return
        options = [option_of(view, move) for move in self.moves]
        not_held = ranks_not_held(view) if self.trust > 0 else []
        done = 0
        while done < self.iterations:
            world = self._sample(not_held if not_held and self.rng.random() < self.trust else ())
            for index, (card, mask) in enumerate(options):
                deal = world.copy()
                value = deal.outcome(view.side) if deal.apply(card, mask) else _playout(deal, view.side)
                self.totals[index] += value
                self.squares[index] += value * value
                self.counts[index] += 1
                done += 1
                yield

    def _solve_exactly(self) -> Iterator[None]:
        view = self.view
        world = self._sample(())  # nothing is hidden: this is the real position
        best_value = -math.inf
        for index, move in enumerate(self.moves):
            deal = world.copy()
            card, mask = option_of(view, move)
            value = deal.outcome(view.side) if deal.apply(card, mask) else _solve(
                deal, view.side, -math.inf, math.inf)
            self.exact_values.append(value)
            if value > best_value:
                best_value, self.exact = value, index
            yield

    def _sample(self, not_held: Sequence[frozenset[int]]) -> Deal:
        world = sample_deal(self.view, self.rng, not_held)
        if not self.match_swing:
            world.swing = 0.0
        return world

    def estimates(self) -> list[tuple[Move, float, float, int]]:
        """For each move searched so far: (move, mean outcome, standard error of that mean, samples).

        The outcome is the point difference at the end of the deal (with 25 more or less when the
        deal decides the match). A move solved exactly has its exact value, error 0 and 1 sample.
        """
        if self.exact_values:
            return [(move, value, 0.0, 1) for move, value in zip(self.moves, self.exact_values, strict=False)]
        found = []
        for move, total, square, count in zip(self.moves, self.totals, self.squares, self.counts, strict=True):
            if not count:
                continue
            mean = total / count
            spread = math.sqrt(max(0.0, square / count - mean * mean) / (count - 1)) if count > 1 else math.inf
            found.append((move, mean, spread, count))
        return found

    def best(self) -> Move:
        if self.exact is not None:
            return self.moves[self.exact]
        if not any(self.counts):
            return medium_move(self.view)  # no playout ran: fall back on one-move evaluation
        means = [total / count if count else -math.inf for total, count in zip(self.totals, self.counts, strict=True)]
        return self.moves[max(range(len(self.moves)), key=means.__getitem__)]
