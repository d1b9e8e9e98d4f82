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
  ``medium`` policy for every seat in each sample (on :class:`pasur.playout.Deal`, the engine's
  fast path), and keeps the move with the best mean result. With two players, once the stock
  is empty nothing is hidden and it solves the rest of the deal exactly.

Every random choice of a decision comes from :func:`decision_rng`: a generator derived from the
player's seed, the seat and the number of moves played so far. So a player's decision depends on
the position and its seed only, never on what it decided before: a player object made afresh
(after a reload) plays exactly like one kept since the start of the match.
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from .cards import CLUBS, FULL_DECK, JACK, KING, Card
from .game import SEED_RANGE, Game
from .moves import Move, bits, is_sur, masks_for, table_entry
from .playout import (
    CARD_VALUE,
    JACK_PROMISE,
    JACK_SPEND,
    Deal,
    chance_of_holding,
    clubs_value,
    first_taker_expectation,
    medium_option,
)
from .rules import Rules
from .scoring import SUR_POINTS, card_points
from .view import PlayerView

__all__ = [
    "EasyPlayer",
    "GreedyPlayer",
    "HardPlayer",
    "MediumPlayer",
    "Player",
    "RandomPlayer",
    "Search",
    "decision_rng",
    "derive_seed",
    "determinize",
    "evaluate_move",
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
KEEP: int | None = None  # and may narrow them down to the best so many after a third of the budget
TRUST = 0.9  # the share of samples in which the others hold no rank that would have captured when they laid


@dataclass(frozen=True)
class Situation:
    """What the evaluation needs about the position, from the mover's point of view."""

    rules: Rules
    table: Sequence[Card]
    hand: Sequence[Card]
    unseen_by_rank: Sequence[int]  # index 1..13
    unseen_total: int
    next_hand_size: int
    my_clubs: int
    their_clubs: int
    last_round: bool


def situation_of(view: PlayerView) -> Situation:
    unseen = view.unseen()
    by_rank = [0] * (KING + 1)  # index 1..13
    for card in unseen:
        by_rank[card.rank] += 1
    my_clubs = sum(1 for card in view.piles[view.side] if card.suit == CLUBS)
    their = [sum(1 for c in pile if c.suit == CLUBS) for side, pile in enumerate(view.piles) if side != view.side]
    next_seat = (view.seat + 1) % view.players
    return Situation(view.rules, view.table, view.hand, by_rank, len(unseen), view.hand_sizes[next_seat],
                     my_clubs, max(their, default=0), view.last_round)


_THREATS: dict[tuple[object, ...], float] = {}


def table_threat(s: Situation, table: Sequence[Card]) -> float:
    """Expected best points the next player takes from ``table`` with one unseen card."""
    if not table or s.next_hand_size == 0:
        return 0.0
    key = (s.rules, tuple([c.index for c in table]), tuple(s.unseen_by_rank), s.unseen_total, s.next_hand_size,
           s.my_clubs, s.their_clubs, s.last_round)
    known = _THREATS.get(key)
    if known is None:
        if len(_THREATS) > 200_000:
            _THREATS.clear()
        known = _THREATS[key] = _threat(s, table)
    return known


def _threat(s: Situation, table: Sequence[Card]) -> float:
    rules = s.rules
    entry = table_entry(rules, tuple([card.rank for card in table]))
    points = [card_points(card, rules) for card in table]
    clubs = [card.suit == CLUBS for card in table]
    size = len(table)
    full = (1 << size) - 1
    gains: list[tuple[float, float]] = []
    for rank in range(1, len(s.unseen_by_rank)):
        count = s.unseen_by_rank[rank]
        if not count:
            continue
        best = 0.0
        for mask in masks_for(entry, rank):
            taken = bits(mask)
            gain = sum(points[pos] for pos in taken) + 0.4  # their own card's points, on average
            gain += clubs_value(sum(1 for pos in taken if clubs[pos]), s.their_clubs, s.my_clubs)
            if mask == full and is_sur(rules, FULL_DECK[(rank - 1) * 4], True, s.last_round):
                gain += SUR_POINTS
            best = max(best, gain)
        if best > 0:
            gains.append((best, chance_of_holding(count, s.unseen_total, s.next_hand_size)))
    return first_taker_expectation(gains)


def evaluate_move(s: Situation, move: Move) -> float:
    """The medium player's score of one move: higher is better."""
    rules = s.rules
    card = move.card
    captured = move.captured
    if captured:
        value = float(card_points(card, rules) + sum(card_points(c, rules) for c in captured))
        if is_sur(rules, card, len(captured) == len(s.table), s.last_round):
            value += SUR_POINTS
        clubs = sum(1 for c in captured if c.suit == CLUBS) + (card.suit == CLUBS)
        value += clubs_value(clubs, s.my_clubs, s.their_clubs)
        value += CARD_VALUE * (len(captured) + 1)
        after = [c for c in s.table if c not in captured]
    else:
        value = -0.05 * card_points(card, rules) - 0.01 * card.value
        after = [*s.table, card]
    value -= table_threat(s, after)
    jack_wild = rules.jack_wild and not rules.kids
    if jack_wild and card.rank == JACK and captured and not s.last_round:
        value -= JACK_SPEND
    if jack_wild and any(c.rank == JACK and c is not card for c in s.hand):
        value += JACK_PROMISE * sum(card_points(c, rules) for c in after if c.rank <= JACK)
    return value


class MediumPlayer(_Seeded):
    """One-move evaluation with card counting (see :func:`evaluate_move`)."""

    name = "medium"

    def choose(self, view: PlayerView) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        s = situation_of(view)
        return max(moves, key=lambda move: evaluate_move(s, move))


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
        safe = [m for m in view.legal_moves() if table_threat(s, _after(s.table, m)) < SUR_POINTS]
        return rng.choice(safe) if safe else best


def _after(table: Sequence[Card], move: Move) -> list[Card]:
    if move.captured:
        return [c for c in table if c not in move.captured]
    return [*table, move.card]


# ---------------------------------------------------------------------------------------------
# Hard: determinized search.


def ranks_not_held(view: PlayerView) -> list[frozenset[int]]:
    """For each seat, the ranks its hand holds none of if that seat captures whenever it can: it laid
    a card this round on a table where a card of that rank would have captured (from public moves)."""
    not_held: list[set[int]] = [set() for _ in range(view.players)]
    table = list(view.table)
    for record in reversed(view.deal_moves):  # back through the deal, so ``table`` is before each move
        move = record.move
        if move.captured:
            table.extend(move.captured)
            continue
        table.remove(move.card)
        if record.round == view.round_number and record.seat != view.seat:
            entry = table_entry(view.rules, tuple(sorted(card.rank for card in table)))
            not_held[record.seat].update(rank for rank in range(1, KING + 1) if masks_for(entry, rank))
    return [frozenset(ranks) for ranks in not_held]


def _deal_hidden(view: PlayerView, rng: random.Random,
                 not_held: Sequence[frozenset[int]] = ()) -> tuple[list[list[Card]], list[Card]]:
    """The other hands and the stock, dealt at random from the cards ``view`` cannot see; a seat with
    ranks in ``not_held`` gets cards of other ranks while there are enough of them."""
    hidden = view.unseen()
    rng.shuffle(hidden)
    hands: list[list[Card]] = []
    for seat in range(view.players):
        if seat == view.seat:
            hands.append(list(view.hand))
            continue
        size = view.hand_sizes[seat]
        hand = hidden[:size]
        if not_held and not_held[seat]:
            allowed = [card for card in hidden if card.rank not in not_held[seat]][:size]
            if len(allowed) == size:
                hand = allowed
        for card in hand:
            hidden.remove(card)
        hands.append(hand)
    return hands, hidden


def determinize(view: PlayerView, rng: random.Random) -> Game:
    """A full game consistent with everything ``view`` shows, hidden cards dealt at random."""
    hands, stock = _deal_hidden(view, rng)
    return Game.from_position(
        players=view.players, rules=view.rules, hands=hands, table=list(view.table), stock=stock,
        piles=[list(p) for p in view.piles], surs=list(view.surs), scores=list(view.scores),
        turn=view.seat, leader=view.leader, round_number=view.round_number, last_capturer=view.last_capturer,
    )


def sample_deal(view: PlayerView, rng: random.Random, not_held: Sequence[frozenset[int]] = ()) -> Deal:
    """:func:`determinize` as a :class:`~pasur.playout.Deal` (the same cards for the same ``rng``), or
    with the ranks each seat is taken not to hold (see :func:`ranks_not_held`)."""
    hands, stock = _deal_hidden(view, rng, not_held)
    return Deal.start(view.rules, view.players, hands, view.table, stock, view.piles, view.surs, view.scores,
                      view.seat, view.leader, view.last_capturer, view.deals_played)


def option_of(view: PlayerView, move: Move) -> tuple[int, int]:
    """``move`` as a ``(card number, mask over view.table)`` pair for a :class:`~pasur.playout.Deal`."""
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


class HardPlayer(_Seeded):
    """Determinized search with medium playouts, within a budget of ``iterations`` playouts.

    ``seconds`` also stops the search after that time, which makes the decision depend on the
    machine's speed: leave it None (the default) wherever a decision must be reproducible.
    """

    name = "hard"

    def __init__(self, seed: int | None = None, iterations: int = PLAYOUTS, seconds: float | None = None,
                 candidates: int | None = CANDIDATES, keep: int | None = KEEP, trust: float = TRUST) -> None:
        super().__init__(seed)
        self.trust = trust
        self.iterations = iterations
        self.seconds = seconds
        self.candidates = candidates  # search only the moves medium ranks best (None: every move)
        self.keep = keep  # after a third of the budget, only the best so many (None: all to the end)

    def choose(self, view: PlayerView) -> Move:
        search = self.search(view)
        for _ in search:
            pass
        return search.best()

    def search(self, view: PlayerView) -> Search:
        """The decision as a :class:`Search` to run in steps (iterate it, then call ``best``)."""
        return Search(view, decision_rng(self.seed, view), self.iterations, self.seconds, self.candidates,
                      self.keep, self.trust)


class Search:
    """One decision, done in small steps: iterate it (each step is one playout), then call ``best``.

    Every sample of the hidden cards is played out once after each move still searched (common
    random numbers: the moves are compared on the same cards). With ``keep``, once a third of the
    budget is spent only the ``keep`` moves with the best means so far go on.
    """

    def __init__(self, view: PlayerView, rng: random.Random, iterations: int, seconds: float | None = None,
                 candidates: int | None = None, keep: int | None = None, trust: float = 0.0,
                 match_swing: bool = True) -> None:
        self.view = view
        self.match_swing = match_swing  # False: outcomes in points only, without the bonus for deciding the match
        self.trust = trust  # the share of samples that take the others to capture whenever they can
        self.moves = view.legal_moves()
        if candidates is not None and len(self.moves) > candidates and not (
                view.players == 2 and view.stock_size == 0):
            s = situation_of(view)
            self.moves = sorted(self.moves, key=lambda move: -evaluate_move(s, move))[:candidates]
        self.rng = rng
        self.iterations = iterations
        self.keep = keep
        self.deadline = math.inf if seconds is None else time.perf_counter() + seconds
        self.totals = [0.0] * len(self.moves)
        self.squares = [0.0] * len(self.moves)
        self.counts = [0] * len(self.moves)
        self.exact: int | None = None
        self.exact_values: list[float] = []
        self.live = list(range(len(self.moves)))  # the moves still searched (all, unless narrowed)

    def __iter__(self) -> Iterator[None]:
        if len(self.moves) <= 1:
            return
        view = self.view
        if view.players == 2 and view.stock_size == 0:
            yield from self._solve_exactly()
            return
        options = [option_of(view, move) for move in self.moves]
        live = self.live
        narrow_at = self.iterations // 3 if self.keep is not None and self.keep < len(live) else math.inf
        not_held = ranks_not_held(view) if self.trust > 0 else []
        done = 0
        while done < self.iterations and time.perf_counter() < self.deadline:
            if done >= narrow_at:
                narrow_at = math.inf
                means = self._means()
                live = self.live = sorted(sorted(live, key=means.__getitem__, reverse=True)[: self.keep])
            world = self._sample(not_held if not_held and self.rng.random() < self.trust else ())
            for index in live:
                card, mask = options[index]
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

    def _means(self) -> list[float]:
        return [total / count if count else -math.inf for total, count in zip(self.totals, self.counts, strict=True)]

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
            return MediumPlayer().choose(self.view)  # no playout ran: fall back on one-move evaluation
        means = self._means()
        return self.moves[max(self.live, key=means.__getitem__)]
