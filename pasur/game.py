"""A match of Pasur: the checked, logged game around the rules of :class:`pasur.deal.Deal`.

:class:`Game` adds to the deal being played what a match and its players need: moves in notation
and refusals that say what to play instead, the match's deals and scores, the history of moves and
the typed events, views for each seat, and saves. The rules themselves are the deal's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from .cards import Card, CardNotationError, parse_deck, quoted
from .deal import Deal, rounds_per_deal
from .events import DealScored, DealStarted, LeftoverTaken, MoveRecord
from .moves import Move, find_move, moves_and_masks
from .position import Position, cards_of
from .rules import Rules, side_count
from .save import FORMAT_VERSION, SavedGame, SaveError, check_replay, decode, encode
from .scoring import match_result

__all__ = ["FORMAT_VERSION", "Game", "IllegalMoveError", "MoveRecord", "SaveError", "new_game"]

SEED_RANGE: Final = 2**53  # seeds stay exact as JavaScript numbers


class IllegalMoveError(ValueError):
    """A move the game refuses; the message says why. The game is unchanged."""


_record = tuple.__new__  # MoveRecord(...) and the other events without their generated __new__


class Game(Position):
    """A whole match. Build one with :func:`new_game` or :meth:`Game.from_json`.

    Public state: ``turn``, ``hands``, ``table``, ``piles``, ``surs``, ``scores``,
    ``deal_results``, ``over``, ``winner``, ``dealer``, ``leader``, ``deal_number``,
    ``round_number``, ``history`` (every :class:`MoveRecord`), ``events`` (the typed log of
    :mod:`pasur.events`: deals started, moves, leftovers taken, deals scored). Treat it as
    read-only; change it only through :meth:`play`. ``hands``, ``table`` and ``piles`` are lists
    of cards made afresh at each reading from the deal being played.
    """

    seed: int
    first_leader: int
    stacked_deck: tuple[Card, ...] | None

    def __init__(self, players: int, rules: Rules, seed: int, deck: Sequence[Card] | None, leader: int) -> None:
        self._set_up(players, rules, seed, leader)
        self.stacked_deck = tuple(deck) if deck is not None else None
        self._start_deal(leader, None if deck is None else [card.index for card in deck])

    def _set_up(self, players: int, rules: Rules, seed: int, leader: int) -> None:
        """The state every game starts with, before any card is dealt."""
        self.players = players
        self.rules = rules
        self.sides = side_count(players, rules)
        self.seed = seed
        self.first_leader = leader
        self.stacked_deck = None
        self.rounds_per_deal = rounds_per_deal(players)
        self._rng = random.Random(seed)
        self.scores = [0] * self.sides
        self.deal_results = []
        self.history = []
        self.events = []
        self.over = False
        self.winner = None
        self.deal_number = 0
        self._ended: Deal | None = None  # the last deal that ended, as it ended (never changed after)
        self._legal: list[Move] | None = None
        self._masks: list[int] = []

    def _start_deal(self, leader: int, deck: list[int] | None) -> None:
        self._deal = Deal.dealt(self.rules, self.players, leader, deck, self._rng, tuple(self.scores),
                                len(self.deal_results))
        self.turn = leader
        self._legal = None
        self.events.append(_record(DealStarted, (self.deal_number, (leader - 1) % self.players, leader)))

    # ----------------------------------------------------------------- moves
    def _moves(self) -> list[Move]:
        """The legal moves, kept until the next move, with their masks in ``_masks``."""
        legal = self._legal
        if legal is None:  # once the match is over, the last deal's hands are empty: no moves
            deal = self._deal
            legal, self._masks = moves_and_masks(deal.captures, deal.hands[deal.turn], deal.table)
            self._legal = legal
        return legal

    def legal_moves(self) -> list[Move]:
        """One move per distinct outcome for the seat to play; ``[]`` once the match is over."""
        legal = self._legal
        if legal is None:  # what _moves does, without the call: this is asked before every move
            deal = self._deal
            legal, self._masks = moves_and_masks(deal.captures, deal.hands[deal.turn], deal.table)
            self._legal = legal
        return legal[:]

    def moves_for_card(self, card: Card | str) -> list[Move]:
        """The legal moves that play ``card`` (one when it is laid or has a single capture)."""
        try:
            wanted = Card.parse(card)
        except CardNotationError as error:
            raise IllegalMoveError(str(error)) from None
        return [move for move in self._moves() if move.card is wanted]

    def resolve(self, move: Move | str) -> Move:
        """The legal move meant by ``move`` (a Move, its notation, or a bare card).

        Raises :class:`IllegalMoveError` saying why when there is none or it is ambiguous.
        """
        return self._moves()[self._find(move)]

    def can_play(self, move: Move | str) -> bool:
        try:
            self._find(move)
        except IllegalMoveError:
            return False
        return True

    def play(self, move: Move | str) -> MoveRecord:
        """Play a move for the seat whose turn it is and return what happened.

        ``move`` is a :class:`Move`, its notation (``"7C:4C,4D"``, captured cards in any order),
        or a bare card (``"7C"``) when that card has exactly one outcome.
        """
        legal = self._legal or self._moves()
        index = 0
        for found in legal:  # a move from legal_moves() (the usual case): by identity
            if found is move:
                break
            index += 1
        else:
            index = self._find(move)
            found = legal[index]
        deal = self._deal
        seat = deal.turn
        side = deal.seat_sides[seat]
        surs = deal.surs  # changed in place by the deal
        before = surs[side]
        round_number = deal.round_number
        ended = deal.apply(found.card.index, self._masks[index])
        record = _record(MoveRecord, (seat, side, found, self.deal_number, round_number, surs[side] != before))
        self.history.append(record)
        self.events.append(record)
        self._legal = None
        if ended:
            self._end_deal()
        else:
            self.turn = deal.turn
        return record

    def play_random(self, rng: random.Random) -> MoveRecord:
        """Play a legal move chosen uniformly at random (for simulations and benchmarks)."""
        legal = self._moves()
        return self.play(legal[rng.randrange(len(legal))])

    def _find(self, move: Move | str) -> int:
        """The index of ``move`` among the legal moves, or IllegalMoveError saying why."""
        if self.turn is None:
            raise IllegalMoveError("the match is over: no more moves can be played")
        found = find_move(self._moves(), move, self.hands[self.turn], self.table, self.turn)
        if isinstance(found, str):
            raise IllegalMoveError(found)
        return found

    # ----------------------------------------------------------------- end of deal and match
    def _end_deal(self) -> None:
        deal = self._deal
        leftover = tuple(cards_of(deal.leftover or ()))
        self.events.append(_record(LeftoverTaken, (self.deal_number, deal.last_capturer, leftover)))
        results = deal.results()
        self.deal_results.append(results)
        self.scores = [score + entry["total"] for score, entry in zip(self.scores, results, strict=True)]
        self.events.append(_record(DealScored, (self.deal_number, results, tuple(deal.surs), tuple(self.scores))))
        self.over, self.winner = match_result(self.scores, len(self.deal_results), self.rules)
        self._ended = deal
        if self.over:
            self.turn = None
            return
        self.deal_number += 1
        self._start_deal((deal.leader + 1) % self.players, None)

    @classmethod
    def from_position(cls, players: int, rules: Rules, hands: list[list[Card]], table: list[Card], stock: list[Card],
                      piles: list[list[Card]], surs: list[int], scores: list[int], turn: int, leader: int,
                      round_number: int, last_capturer: int | None, seed: int = 0) -> Game:
        """A game in the middle of a deal, from its position: it has no history and is not for saving."""
        game = object.__new__(cls)
        game._set_up(players, rules, seed, leader)
        game.scores = list(scores)
        numbers = [[card.index for card in group] for group in (table, stock)]
        game._deal = Deal(rules, players, [[card.index for card in hand] for hand in hands], numbers[0], numbers[1],
                          [[card.index for card in pile] for pile in piles], list(surs), tuple(scores), turn, leader,
                          round_number, last_capturer)
        game.turn = turn
        return game

    def copy(self) -> Game:
        """An independent copy that plays on exactly like this game."""
        clone = object.__new__(Game)
        clone.__dict__.update(self.__dict__)
        clone._rng = random.Random()
        clone._rng.setstate(self._rng.getstate())
        clone._deal = self._deal.copy()
        clone.scores = list(self.scores)
        clone.deal_results = [list(entry) for entry in self.deal_results]
        clone.history = list(self.history)
        clone.events = list(self.events)
        clone._legal = None
        return clone

    def rewound(self, moves: int) -> Game:
        """A new game as this one stood after its first ``moves`` moves, replayed from the same
        set-up (seed, deck, leader) as :meth:`from_json` does; this game is unchanged. Taking
        back moves this way gives exactly the deals, and so the positions, that were played.

        >>> g = new_game(2, seed=3)
        >>> before = g.to_json()
        >>> _ = g.play(g.legal_moves()[0]); _ = g.play(g.legal_moves()[0])
        >>> g.rewound(0).to_json() == before, len(g.rewound(1).history), len(g.history)
        (True, 1, 2)
        """
        if type(moves) is not int or not 0 <= moves <= len(self.history):
            raise ValueError(f"cannot rewind to move {moves!r}: the game has {len(self.history)} moves")
        game = new_game(self.players, self.rules, self.seed, self.stacked_deck, self.first_leader)
        for record in self.history[:moves]:
            game.play(record.move)
        return game

    # ----------------------------------------------------------------- saving (format: pasur.save)
    def to_json(self) -> str:
        """The whole game as JSON text: the set-up, every move, and the current position."""
        return encode(SavedGame(
            players=self.players,
            rules=self.rules,
            seed=self.seed,
            deck=self.stacked_deck,
            leader=self.first_leader,
            moves=tuple(str(record.move) for record in self.history),
            state=self.snapshot(),
        ))

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a game saved by :meth:`to_json`: the save is checked (:func:`pasur.save.decode`),
        its moves are replayed from its set-up, and the position they reach must be the saved one.
        Anything else raises :class:`SaveError`."""
        saved = decode(text)
        try:
            game = new_game(saved.players, saved.rules, saved.seed, saved.deck, saved.leader)
        except ValueError as error:
            raise SaveError(f"saved game: bad set-up: {error}") from None
        for number, move in enumerate(saved.moves, start=1):
            try:
                game.play(move)
            except IllegalMoveError as error:
                raise SaveError(f"saved game: move {number} ({quoted(move)}) cannot be played: {error}") from None
        check_replay(saved, game.snapshot())
        return game


def new_game(
    players: int = 2,
    rules: Rules | None = None,
    seed: int | None = None,
    deck: Sequence[Card | str] | None = None,
    leader: int = 0,
) -> Game:
    """Start a match: ``players`` 2..4, ``rules`` (default the ``seeds`` preset), ``seed`` for
    every shuffle (a random one when None), an optional stacked ``deck`` of the 52 cards dealt
    from index 0, and the seat that leads the first deal.

    >>> g = new_game(players=2, seed=7)
    >>> g.turn, len(g.hands[0]), len(g.table)
    (0, 4, 4)
    """
    if type(players) is not int or not 2 <= players <= 4:
        raise ValueError(f"new_game: players must be 2, 3 or 4, not {quoted(players)}")
    if rules is None:
        rules = Rules()
    elif not isinstance(rules, Rules):
        raise ValueError(f"new_game: rules must be a Rules, not {type(rules).__name__}")
    if seed is None:
        seed = random.SystemRandom().randrange(SEED_RANGE)
    elif type(seed) is not int:
        raise ValueError(f"new_game: seed must be a whole number or None, not {quoted(seed)}")
    if type(leader) is not int or not 0 <= leader < players:
        raise ValueError(f"new_game: leader must be a seat 0..{players - 1}, not {quoted(leader)}")
    try:
        cards = None if deck is None else parse_deck(deck)
    except ValueError as error:
        raise ValueError(f"new_game: {error}") from None
    return Game(players, rules, seed, cards, leader)
