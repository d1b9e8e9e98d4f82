"""A match of Pasur: the checked, logged game around the rules of :class:`pasur.deal.Deal`.

:class:`Game` adds to the deal being played what a match and its players need: moves in notation
and refusals that say what to play instead, the match's deals and scores, the history of moves and
the typed events, views for each seat, and saves. The rules themselves are the deal's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from .cards import FULL_DECK, Card, CardNotationError, quoted
from .deal import Deal, rounds_per_deal
from .events import DealScored, DealStarted, Event, LeftoverTaken, MoveRecord
from .moves import Move, find_move, moves_and_masks
from .rules import Rules, side_count
from .save import FORMAT_VERSION, SavedGame, SaveError, check_replay, decode, encode, snapshot
from .scoring import match_result
from .view import PlayerView

__all__ = ["FORMAT_VERSION", "Game", "IllegalMoveError", "MoveRecord", "SaveError", "new_game"]

SEED_RANGE: Final = 2**53  # seeds stay exact as JavaScript numbers


class IllegalMoveError(ValueError):
    """A move the game refuses; the message says why. The game is unchanged."""


_record = tuple.__new__  # MoveRecord(...) without the checks of its generated __new__, on every move


def _cards(numbers: Sequence[int]) -> list[Card]:
    return [FULL_DECK[number] for number in numbers]


class Game:
    """A whole match. Build one with :func:`new_game` or :meth:`Game.from_json`.

    Public state: ``turn``, ``hands``, ``table``, ``piles``, ``surs``, ``scores``,
    ``deal_results``, ``over``, ``winner``, ``dealer``, ``leader``, ``deal_number``,
    ``round_number``, ``history`` (every :class:`MoveRecord`), ``events`` (the typed log of
    :mod:`pasur.events`: deals started, moves, leftovers taken, deals scored). Treat it as
    read-only; change it only through :meth:`play`. ``hands``, ``table`` and ``piles`` are lists
    of cards made afresh at each reading from the deal being played.
    """

    players: int
    sides: int
    rules: Rules
    seed: int
    first_leader: int
    stacked_deck: tuple[Card, ...] | None
    rounds_per_deal: int
    scores: list[int]
    deal_results: list[list[dict[str, int]]]
    history: list[MoveRecord]
    events: list[Event]
    turn: int | None
    over: bool
    winner: int | None
    deal_number: int

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
        self._legal: list[Move] | None = None
        self._masks: list[int] = []

    def _start_deal(self, leader: int, deck: list[int] | None) -> None:
        self._deal = Deal.dealt(self.rules, self.players, leader, deck, self._rng, tuple(self.scores),
                                len(self.deal_results))
        self.turn = leader
        self._legal = None
        self.events.append(DealStarted(self.deal_number, self.dealer, leader))

    # ----------------------------------------------------------------- the position
    @property
    def hands(self) -> list[list[Card]]:
        """Each seat's cards, in the order dealt."""
        return [_cards(hand) for hand in self._deal.hands]

    @property
    def table(self) -> list[Card]:
        return _cards(self._deal.table)  # sorted by rank then suit: bit i of a move's mask is table[i]

    @property
    def piles(self) -> list[list[Card]]:
        """Each side's captured cards in this deal, in the order taken (once the match is over, those
        of its last deal)."""
        return [_cards(pile) for pile in self._deal.piles]

    @property
    def surs(self) -> list[int]:
        return list(self._deal.surs)  # each side's in this deal, before sur_limit_50 and sur_cancel

    @property
    def leader(self) -> int:
        """The seat that plays first in this deal; the dealer is the one before it."""
        return self._deal.leader

    @property
    def dealer(self) -> int:
        return (self._deal.leader - 1) % self.players

    @property
    def round_number(self) -> int:
        """The round being played: 1 for the one dealt with the table, up to :attr:`rounds_per_deal`."""
        return self._deal.round_number

    @property
    def last_capturer(self) -> int | None:
        return self._deal.last_capturer  # the side that captured last in this deal (None: nobody yet)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The undealt cards, next to be dealt first: no seat may see them."""
        return tuple(_cards(self._deal.stock))

    @property
    def stock_size(self) -> int:
        return len(self._deal.stock)

    @property
    def last_round(self) -> bool:
        """True during the round dealt from the end of the stock: once the stock is empty, no more
        cards are dealt in this deal."""
        return not self._deal.stock

    def side_of(self, seat: int) -> int:
        """The side a seat plays for (:func:`pasur.rules.side_of`)."""
        return self._deal.seat_sides[seat]

    def seats_of(self, side: int) -> list[int]:
        return [seat for seat in range(self.players) if self.side_of(seat) == side]

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
        return (self._legal or self._moves())[:]

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
        for index, found in enumerate(legal):  # a move from legal_moves() (the usual case): by identity
            if found is move:
                mask = self._masks[index]
                break
        else:
            index = self._find(move)
            found = legal[index]
            mask = self._masks[index]
        deal = self._deal
        seat = deal.turn
        side = deal.seat_sides[seat]
        surs = deal.surs  # changed in place by the deal
        before = surs[side]
        round_number = deal.round_number
        ended = deal.apply(found.card.index, mask)
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
        leftover = tuple(_cards(deal.leftover or ()))
        self.events.append(LeftoverTaken(self.deal_number, deal.last_capturer, leftover))
        results = deal.results()
        self.deal_results.append(results)
        self.scores = [score + entry["total"] for score, entry in zip(self.scores, results, strict=True)]
        self.events.append(DealScored(self.deal_number, results, tuple(deal.surs), tuple(self.scores)))
        self.over, self.winner = match_result(self.scores, len(self.deal_results), self.rules)
        if self.over:
            self.turn = None
            return
        self.deal_number += 1
        self._start_deal((deal.leader + 1) % self.players, None)

    @classmethod
    def from_position(
        cls,
        players: int,
        rules: Rules,
        hands: list[list[Card]],
        table: list[Card],
        stock: list[Card],
        piles: list[list[Card]],
        surs: list[int],
        scores: list[int],
        turn: int,
        leader: int,
        round_number: int,
        last_capturer: int | None,
        seed: int = 0,
    ) -> Game:
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

    # ----------------------------------------------------------------- the log
    @property
    def leftovers(self) -> list[tuple[int | None, list[Card]]]:
        """For each finished deal, the side that took the cards left on the table (None: nobody)
        and those cards (from :attr:`events`)."""
        return [(event.side, list(event.cards)) for event in self.events if isinstance(event, LeftoverTaken)]

    @property
    def deal_surs(self) -> list[list[int]]:
        """For each finished deal, the surs each side made (from :attr:`events`)."""
        return [list(event.surs) for event in self.events if isinstance(event, DealScored)]

    # ----------------------------------------------------------------- views
    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know, copied out of the game: see :class:`pasur.view.PlayerView`."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise ValueError(f"view: seat must be 0..{self.players - 1}, not {quoted(seat)}")
        deal = self._deal
        number = self.deal_number
        history = self.history
        start = len(history)
        while start > 0 and history[start - 1].deal == number:
            start -= 1
        return PlayerView(
            seat=seat,
            side=deal.seat_sides[seat],
            players=self.players,
            sides=self.sides,
            rules=self.rules,
            hand=tuple(_cards(deal.hands[seat])),
            table=tuple(_cards(deal.table)),
            hand_sizes=tuple(len(hand) for hand in deal.hands),
            stock_size=len(deal.stock),
            piles=tuple(tuple(_cards(pile)) for pile in deal.piles),
            surs=tuple(deal.surs),
            scores=tuple(self.scores),
            turn=self.turn,
            leader=deal.leader,
            dealer=self.dealer,
            deal_number=number,
            round_number=deal.round_number,
            rounds_per_deal=self.rounds_per_deal,
            deals_played=len(self.deal_results),
            last_capturer=deal.last_capturer,
            deal_moves=tuple(history[start:]),
            moves_played=len(history),
        )

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

    def snapshot(self) -> dict[str, Any]:
        """The position as a save holds it (:func:`pasur.save.snapshot`)."""
        deal = self._deal
        return snapshot(
            deal=self.deal_number, round=deal.round_number, leader=deal.leader, turn=self.turn,
            hands=self.hands, table=self.table, piles=self.piles, stock=self.stock, surs=deal.surs,
            last_capturer=deal.last_capturer, scores=self.scores, deal_results=self.deal_results,
            over=self.over, winner=self.winner,
        )

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
    cards: list[Card] | None = None
    if deck is not None:
        if isinstance(deck, str) or not isinstance(deck, Sequence):
            raise ValueError("new_game: deck must be a list of 52 cards")
        try:
            cards = [Card.parse(c) for c in deck]
        except CardNotationError as error:
            raise ValueError(f"new_game: bad deck: {error}") from None
        if len(cards) != len(FULL_DECK):
            raise ValueError(f"new_game: a deck has 52 cards, this one has {len(cards)}")
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise ValueError(f"new_game: bad deck: {card} appears twice")
            seen.add(card)
    return Game(players, rules, seed, cards, leader)
