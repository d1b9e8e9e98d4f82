"""A plain engine of the same rules: the yardstick of ``python -m pasur bench``, and a second reading
of docs/RULES.md that ``tests/test_reference.py`` plays against the engine, move for move.

It is written to be obviously right, not fast: a card is a ``(rank, suit)`` tuple (rank 1..13,
suit 0..3 for clubs, diamonds, hearts, spades), a move a ``(card, frozenset of cards taken)`` pair;
the sets of cards a number card may take are found by a plain search, and nothing is cached. It shares no code
with the engine, only the options (:class:`~pasur.rules.Rules`). It shuffles and deals from
``random.Random(seed)`` exactly as the engine does, so the same seed gives the same cards in both.

>>> from pasur.rules import Rules
>>> game = PlainGame(2, Rules(fixed_deals=1), seed=7)
>>> [text(card) for card in game.table]  # the same cards as new_game(2, seed=7)
['3C', '4H', '5C', 'KH']
>>> while game.turn is not None:
...     game.play(game.legal_moves()[0])
>>> len(game.scores), game.deals_played
(2, 1)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .rules import Rules

__all__ = ["DECK", "PlainCard", "PlainGame", "PlainMove", "text"]

PlainCard = tuple[int, int]  # rank 1..13 (1 the Ace, 11 to 13 Jack, Queen, King), suit 0..3 (C, D, H, S)
PlainMove = tuple[PlainCard, frozenset[PlainCard]]
ACE, TEN, JACK, QUEEN, KING = 1, 10, 11, 12, 13
CLUBS = 0
DECK = [(rank, suit) for rank in range(1, 14) for suit in range(4)]  # the order a new deck is shuffled from


def text(card: PlainCard) -> str:
    """A card in the notation of docs/RULES.md: ``(10, 1)`` is ``10D``."""
    rank, suit = card
    return ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][rank - 1] + "CDHS"[suit]


def adding_up_to(wanted: int, numbers: list[PlainCard]) -> list[frozenset[PlainCard]]:
    """Every set of the number cards ``numbers`` whose values add up to ``wanted``."""
    found: list[frozenset[PlainCard]] = []

    def extend(start: int, chosen: list[PlainCard], total: int) -> None:
        for index in range(start, len(numbers)):
            card = numbers[index]
            if total + card[0] == wanted:
                found.append(frozenset([*chosen, card]))
            elif total + card[0] < wanted:
                extend(index + 1, [*chosen, card], total + card[0])

    extend(0, [], 0)
    return found


class PlainGame:
    """A match: ``turn`` (None once it is over), ``hands``, ``table``, ``piles``, ``surs``,
    ``scores``, ``deal_scores`` (each finished deal's points per side), ``winner``."""

    def __init__(self, players: int, rules: Rules, seed: int, deck: Sequence[PlainCard] | None = None,
                 leader: int = 0) -> None:
        self.players = players
        self.rules = rules
        self.rng = random.Random(seed)
        self.teams = players == 4 and not rules.solo4
        self.scores = [0] * (2 if self.teams else players)
        self.deal_scores: list[list[int]] = []
        self.deals_played = 0
        self.winner: int | None = None
        self.leader = leader
        self.start_deal(list(deck) if deck is not None else self.shuffled())

    def shuffled(self) -> list[PlainCard]:
        deck = list(DECK)
        self.rng.shuffle(deck)
        return deck

    def side(self, seat: int) -> int:
        return seat % 2 if self.teams else seat

    def start_deal(self, deck: list[PlainCard]) -> None:
        """Four cards to each player from the leader on, then four to the table, until the table passes
        the misdeal check."""
        while True:
            self.hands: list[list[PlainCard]] = [[] for _ in range(self.players)]
            for k in range(self.players):
                self.hands[(self.leader + k) % self.players] = deck[4 * k : 4 * k + 4]
            self.table = deck[4 * self.players : 4 * self.players + 4]
            self.stock = deck[4 * self.players + 4 :]
            if self.table_passes():
                break
            deck = self.shuffled()
        self.table.sort()
        self.piles: list[list[PlainCard]] = [[] for _ in self.scores]
        self.surs = [0 for _ in self.scores]
        self.last_taker: int | None = None
        self.turn: int | None = self.leader

    def table_passes(self) -> bool:
        """Two Queens or two Kings: reshuffle. Each Jack goes back into the stock at a random place,
        replaced by the top card of the stock, and the table is checked again."""
        while True:
            ranks = [rank for rank, _ in self.table]
            if ranks.count(QUEEN) >= 2 or ranks.count(KING) >= 2:
                return False
            if JACK not in ranks:
                return True
            for place, card in enumerate(list(self.table)):
                if card[0] == JACK:
                    self.table[place] = self.stock.pop(0)
                    self.stock.insert(self.rng.randint(0, len(self.stock)), card)

    def takes(self, card: PlainCard) -> list[frozenset[PlainCard]]:
        """Every set of table cards ``card`` may take ([] when it is laid)."""
        rules = self.rules
        rank = card[0]
        if rules.kids or rank in (QUEEN, KING):
            same = frozenset(c for c in self.table if c[0] == rank)
            return [same] if same else []
        if rank == JACK and rules.jack_wild:
            taken = frozenset(c for c in self.table if c[0] not in (QUEEN, KING))
            return [taken] if taken else []
        combinations = adding_up_to(11 - rank if rank <= TEN else 11, [c for c in self.table if c[0] <= TEN])
        jacks = frozenset(c for c in self.table if c[0] == JACK)
        if rank == JACK and jacks:
            combinations.append(jacks)
        if not rules.multi_combo:
            return combinations
        unions: set[frozenset[PlainCard]] = set()

        def add_unions(chosen: frozenset[PlainCard], start: int) -> None:
            for index in range(start, len(combinations)):
                if not combinations[index] & chosen:
                    union = chosen | combinations[index]
                    unions.add(union)
                    add_unions(union, index + 1)

        add_unions(frozenset(), 0)
        return list(unions)

    def legal_moves(self) -> list[PlainMove]:
        if self.turn is None:
            return []
        moves: list[PlainMove] = []
        for card in self.hands[self.turn]:
            taken = self.takes(card)
            moves += [(card, group) for group in taken] if taken else [(card, frozenset())]
        return moves

    def play(self, move: PlainMove) -> None:
        card, taken = move
        seat = self.turn
        assert seat is not None
        self.hands[seat].remove(card)
        if taken:
            side = self.side(seat)
            self.piles[side] += [c for c in self.table if c in taken] + [card]
            self.table = [c for c in self.table if c not in taken]
            self.last_taker = side
            no_sur = (self.rules.no_jack_sur and card[0] == JACK) or (self.rules.no_sur_last_round and not self.stock)
            if not self.table and not no_sur:
                self.surs[side] += 1
        else:
            self.table = sorted([*self.table, card])
        self.turn = (seat + 1) % self.players
        if any(self.hands):
            return
        if self.stock:
            for k in range(self.players):
                self.hands[(self.leader + k) % self.players] = self.stock[4 * k : 4 * k + 4]
            self.stock = self.stock[4 * self.players :]
            return
        if self.last_taker is not None:
            self.piles[self.last_taker] += self.table
        self.table = []
        self.end_deal()

    def deal_points(self) -> list[int]:
        """Each side's points for the deal just played."""
        rules = self.rules
        counted = []
        for side in range(len(self.scores)):
            if rules.sur_limit_50 and self.scores[side] >= 50:
                counted.append(0)
            else:
                counted.append(self.surs[side])
        if rules.sur_cancel and len(counted) == 2:
            counted = [max(0, counted[0] - counted[1]), max(0, counted[1] - counted[0])]
        points = []
        for side, pile in enumerate(self.piles):
            total = 5 * counted[side]
            for card in pile:
                if card[0] in (ACE, JACK):
                    total += 1
                elif card == (2, CLUBS):
                    total += 2
                elif card == (10, 1):  # the ten of diamonds
                    total += 3
                elif card == (7, 1) and rules.seven_diamonds_bonus:
                    total += 1
            if sum(1 for card in pile if card[1] == CLUBS) >= 7:
                total += 7
            points.append(total)
        return points

    def end_deal(self) -> None:
        points = self.deal_points()
        self.deal_scores.append(points)
        self.scores = [score + gained for score, gained in zip(self.scores, points, strict=True)]
        self.deals_played += 1
        top = max(self.scores)
        alone = self.scores.count(top) == 1
        if self.rules.fixed_deals is not None:
            over = self.deals_played == self.rules.fixed_deals
        else:
            over = top >= self.rules.target and alone
        if over:
            self.turn = None
            self.winner = self.scores.index(top) if alone else None
            return
        self.leader = (self.leader + 1) % self.players
        self.start_deal(self.shuffled())
