"""A match of Pasur: dealing, turns, surs, scoring and the end of the match (RULES.md)."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any, Final, NamedTuple

from .cards import FULL_DECK, JACK, KING, QUEEN, Card, CardNotationError
from .moves import Move, MoveNotationError, bits, is_sur, option_masks
from .rules import Rules
from .scoring import score_deal

__all__ = ["FORMAT_VERSION", "Game", "IllegalMoveError", "MoveRecord", "SaveError", "new_game"]

FORMAT_VERSION: Final = 1
FORMAT_NAME: Final = "pasur-game"
CARDS_PER_HAND: Final = 4
TABLE_CARDS: Final = 4
_SEED_RANGE: Final = 2**53  # seeds stay exact as JavaScript numbers


class IllegalMoveError(ValueError):
    """A move the game refuses; the message says why. The game is unchanged."""


class SaveError(ValueError):
    """Text that is not a valid saved game; the message says what is wrong."""


class MoveRecord(NamedTuple):
    """One move as it happened: who played it, in which deal and round, and whether it was a sur."""

    seat: int
    side: int
    move: Move
    deal: int
    round: int
    sur: bool

    @property
    def card(self) -> Card:
        return self.move.card

    @property
    def captured(self) -> list[Card]:
        return self.move.sorted_captured()


def rounds_per_deal(players: int) -> int:
    """6 rounds with 2 players, 4 with 3, 3 with 4 (RULES.md, "Deal" 4)."""
    return (len(FULL_DECK) - TABLE_CARDS) // (CARDS_PER_HAND * players)


class Game:
    """A whole match. Build one with :func:`new_game` or :meth:`Game.from_json`.

    Public state: ``turn``, ``hands``, ``table``, ``piles``, ``surs``, ``scores``,
    ``deal_results``, ``over``, ``winner``, ``dealer``, ``leader``, ``deal_number``,
    ``round_number``, ``history``. Treat it as read-only; change it only through :meth:`play`.
    """

    players: int
    sides: int
    rules: Rules
    seed: int
    hands: list[list[Card]]
    table: list[Card]
    piles: list[list[Card]]
    surs: list[int]
    scores: list[int]
    deal_results: list[list[dict[str, int]]]
    history: list[MoveRecord]
    turn: int | None
    over: bool
    winner: int | None
    leader: int
    deal_number: int
    round_number: int
    last_capturer: int | None
    leftovers: list[tuple[int | None, list[Card]]]
    stacked_deck: tuple[Card, ...] | None

    def __init__(
        self,
        players: int,
        rules: Rules,
        seed: int,
        deck: Sequence[Card] | None,
        leader: int,
    ) -> None:
        self._set_up(players, rules, seed, leader)
        self.stacked_deck = tuple(deck) if deck is not None else None
        self._start_deal(self.stacked_deck)

    def _set_up(self, players: int, rules: Rules, seed: int, leader: int) -> None:
        """The state every game starts with, before any card is dealt."""
        self.players = players
        self.rules = rules
        self.sides = 2 if players == 4 and not rules.solo4 else players
        self._seat_sides = [seat % self.sides for seat in range(players)]
        self.seed = seed
        self.first_leader = leader
        self.stacked_deck = None
        self.rounds_per_deal = rounds_per_deal(players)
        self._rng = random.Random(seed)
        self.scores = [0] * self.sides
        self.deal_results = []
        self.deal_surs: list[list[int]] = []
        self.history = []
        self.leftovers = []
        self.over = False
        self.winner = None
        self.deal_number = 0
        self.leader = leader
        self._legal: list[Move] | None = None
        self._opts: list[tuple[Card, int]] | None = None

    # ----------------------------------------------------------------- seats and sides
    def side_of(self, seat: int) -> int:
        """The side a seat plays for: ``seat % 2`` in a team game, else the seat itself."""
        return self._seat_sides[seat]

    def seats_of(self, side: int) -> list[int]:
        return [seat for seat in range(self.players) if self.side_of(seat) == side]

    @property
    def dealer(self) -> int:
        """The seat that dealt the current deal: the one before the leader."""
        return (self.leader - 1) % self.players

    @property
    def stock_size(self) -> int:
        return len(self._stock)

    @property
    def last_round(self) -> bool:
        """True during the round dealt from the end of the stock."""
        return not self._stock

    # ----------------------------------------------------------------- dealing
    def _shuffled(self) -> list[Card]:
        deck = list(FULL_DECK)
        self._rng.shuffle(deck)
        return deck

    def _start_deal(self, deck: Sequence[Card] | None) -> None:
        """Deal a new deal from ``deck`` (or a shuffled one), with the misdeal check."""
        cards = list(deck) if deck is not None else self._shuffled()
        n = self.players
        while True:
            hands: list[list[Card]] = [[] for _ in range(n)]
            pos = 0
            for k in range(n):
                hands[(self.leader + k) % n] = cards[pos : pos + CARDS_PER_HAND]
                pos += CARDS_PER_HAND
            table = cards[pos : pos + TABLE_CARDS]
            stock = cards[pos + TABLE_CARDS :]
            if self._misdeal_check(table, stock):
                break
            cards = self._shuffled()
        self.hands = hands
        self.table = sorted(table, key=_card_index)
        self._stock = stock
        self.piles = [[] for _ in range(self.sides)]
        self.surs = [0] * self.sides
        self.round_number = 1
        self.last_capturer = None
        self.turn = self.leader
        self._legal = None
        self._opts = None

    def _misdeal_check(self, table: list[Card], stock: list[Card]) -> bool:
        """RULES.md "Deal" 3: False when the deck must be reshuffled; replaces Jacks in place."""
        while True:
            ranks = [card.rank for card in table]
            if ranks.count(QUEEN) >= 2 or ranks.count(KING) >= 2:
                return False
            jacks = [pos for pos, rank in enumerate(ranks) if rank == JACK]
            if not jacks:
                return True
            for pos in jacks:
                jack = table[pos]
                table[pos] = stock.pop(0)
                stock.insert(self._rng.randint(0, len(stock)), jack)

    def _deal_round(self) -> None:
        n = self.players
        stock = self._stock
        for k in range(n):
            start = k * CARDS_PER_HAND
            self.hands[(self.leader + k) % n] = stock[start : start + CARDS_PER_HAND]
        del stock[: n * CARDS_PER_HAND]
        self.round_number += 1

    # ----------------------------------------------------------------- moves
    def _options(self) -> list[tuple[Card, int]]:
        """The legal moves as (card, mask over table positions), cached until the next move."""
        options = self._opts
        if options is None:
            if self.turn is None:
                return []
            options = self._opts = option_masks(self.hands[self.turn], self.table, self.rules)
        return options

    def _moves(self) -> list[Move]:
        legal = self._legal
        if legal is None:
            table = self.table
            legal = self._legal = [
                Move(card, frozenset([table[pos] for pos in bits(mask)])) if mask else Move(card)
                for card, mask in self._options()
            ]
        return legal

    def legal_moves(self) -> list[Move]:
        """One move per distinct outcome for the seat to play; ``[]`` once the match is over."""
        return list(self._moves())

    def moves_for_card(self, card: Card | str) -> list[Move]:
        """The legal moves that play ``card`` (one when it is laid or has a single capture)."""
        wanted = _parse_card(card)
        return [move for move in self._moves() if move.card is wanted]

    def resolve(self, move: Move | str) -> Move:
        """The legal move meant by ``move`` (a Move, its notation, or a bare card).

        Raises :class:`IllegalMoveError` saying why when there is none or it is ambiguous.
        """
        return self._moves()[self._find(move)]

    def _find(self, move: Move | str) -> int:
        """The index of ``move`` among the legal moves, or IllegalMoveError saying why."""
        if self.turn is None:
            raise IllegalMoveError("the match is over: no more moves can be played")
        legal = self._moves()
        if isinstance(move, Move):
            for index, candidate in enumerate(legal):
                if candidate is move or candidate == move:
                    return index
            wanted = move
            bare = False
        elif isinstance(move, str):
            try:
                wanted = Move.parse(move)
            except MoveNotationError as error:
                raise IllegalMoveError(str(error)) from None
            bare = ":" not in move
        else:
            raise IllegalMoveError(
                f"a move must be a Move or text like '7C' or '7C:4C,4D', not {move!r}"
            )
        hand = self.hands[self.turn]
        card = wanted.card
        if card not in hand:
            shown = " ".join(str(c) for c in hand)
            raise IllegalMoveError(f"{card} is not in the hand of seat {self.turn} ({shown})")
        options = [index for index, candidate in enumerate(legal) if candidate.card is card]
        if bare:
            if len(options) == 1:
                return options[0]
            listed = ", ".join(str(legal[index]) for index in options)
            raise IllegalMoveError(f"{card} can capture in several ways; say which: {listed}")
        for index in options:
            if legal[index] == wanted:
                return index
        listed = ", ".join(str(legal[index]) for index in options)
        if not wanted.captured:
            raise IllegalMoveError(f"{card} can capture, so it cannot be laid: play one of {listed}")
        if not legal[options[0]].captured:
            raise IllegalMoveError(f"{card} captures nothing on this table: it is laid, play '{card}'")
        missing = [str(c) for c in wanted.sorted_captured() if c not in self.table]
        if missing:
            raise IllegalMoveError(
                f"{wanted} names {', '.join(missing)}, not on the table; {card} can play {listed}"
            )
        raise IllegalMoveError(f"{card} cannot take exactly those cards; it can play {listed}")

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
        index = self._find(move)
        card, mask = self._options()[index]
        return self._apply(card, mask, self._moves()[index])

    def _apply(self, card: Card, mask: int, move: Move | None = None) -> MoveRecord:
        """Play ``card`` taking the table cards at the positions in ``mask`` (0: lay it)."""
        seat = self.turn
        assert seat is not None
        side = self._seat_sides[seat]
        self.hands[seat].remove(card)
        sur = False
        table = self.table
        if mask:
            taken = [table[pos] for pos in bits(mask)]
            if move is None:
                move = Move(card, frozenset(taken))
            self.table = [c for pos, c in enumerate(table) if not mask >> pos & 1]
            pile = self.piles[side]
            pile += taken
            pile.append(card)
            self.last_capturer = side
            if not self.table and is_sur(self.rules, card, True, not self._stock):
                sur = True
                self.surs[side] += 1
        else:
            if move is None:
                move = Move(card)
            table.append(card)
            if len(table) > 1 and table[-2].index > card.index:
                table.sort(key=_card_index)
        record = MoveRecord(seat, side, move, self.deal_number, self.round_number, sur)
        self.history.append(record)
        self._legal = None
        self._opts = None
        turn = (seat + 1) % self.players
        self.turn = turn
        if not self.hands[turn]:
            if self._stock:
                self._deal_round()
            else:
                self._end_deal()
        return record

    def play_random(self, rng: random.Random) -> MoveRecord:
        """Play a legal move chosen uniformly at random (for simulations and benchmarks)."""
        options = self._options()
        card, mask = options[rng.randrange(len(options))]
        return self._apply(card, mask)

    # ----------------------------------------------------------------- end of deal and match
    def _end_deal(self) -> None:
        leftover = self.table
        self.table = []
        if self.last_capturer is not None:
            self.piles[self.last_capturer].extend(leftover)
        self.leftovers.append((self.last_capturer, leftover))
        results = score_deal(self.piles, self.surs, self.scores, self.rules)
        self.deal_results.append(results)
        self.deal_surs.append(list(self.surs))
        self.scores = [score + entry["total"] for score, entry in zip(self.scores, results, strict=True)]
        if self._match_decided():
            self.turn = None
            self.over = True
            return
        self.deal_number += 1
        self.leader = (self.leader + 1) % self.players
        self._start_deal(None)

    def _match_decided(self) -> bool:
        top = max(self.scores)
        leaders = [side for side, score in enumerate(self.scores) if score == top]
        if self.rules.fixed_deals is not None:
            if len(self.deal_results) < self.rules.fixed_deals:
                return False
            self.winner = leaders[0] if len(leaders) == 1 else None
            return True
        if top >= self.rules.target and len(leaders) == 1:
            self.winner = leaders[0]
            return True
        return False

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
        """A game in the middle of a deal, for search: it has no history and is not for saving."""
        game = object.__new__(cls)
        game._set_up(players, rules, seed, leader)
        game.scores = list(scores)
        game.hands = hands
        game.table = sorted(table, key=_card_index)
        game._stock = stock
        game.piles = piles
        game.surs = surs
        game.round_number = round_number
        game.last_capturer = last_capturer
        game.turn = turn
        return game

    # ----------------------------------------------------------------- views
    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know: see :class:`pasur.view.PlayerView`."""
        from .view import PlayerView

        return PlayerView.of(self, seat)

    def copy(self) -> Game:
        """An independent copy that plays on exactly like this game."""
        clone = object.__new__(Game)
        clone.__dict__.update(self.__dict__)
        clone._rng = random.Random()
        clone._rng.setstate(self._rng.getstate())
        clone.hands = [list(hand) for hand in self.hands]
        clone.table = list(self.table)
        clone._stock = list(self._stock)
        clone.piles = [list(pile) for pile in self.piles]
        clone.surs = list(self.surs)
        clone.scores = list(self.scores)
        clone.deal_results = [list(entry) for entry in self.deal_results]
        clone.deal_surs = [list(entry) for entry in self.deal_surs]
        clone.history = list(self.history)
        clone.leftovers = list(self.leftovers)
        clone._legal = None
        clone._opts = None
        return clone

    # ----------------------------------------------------------------- saving
    def to_json(self) -> str:
        """The whole game as JSON text: the set-up, every move, and the current position."""
        data = {
            "format": FORMAT_NAME,
            "version": FORMAT_VERSION,
            "players": self.players,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "deck": [str(c) for c in self.stacked_deck] if self.stacked_deck else None,
            "leader": self.first_leader,
            "moves": [str(record.move) for record in self.history],
            "state": self._snapshot(),
        }
        return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)

    def _snapshot(self) -> dict[str, Any]:
        def texts(cards: Sequence[Card]) -> list[str]:
            return [str(card) for card in cards]

        return {
            "deal": self.deal_number,
            "round": self.round_number,
            "leader": self.leader,
            "turn": self.turn,
            "hands": [texts(hand) for hand in self.hands],
            "table": texts(self.table),
            "piles": [texts(pile) for pile in self.piles],
            "stock": texts(self._stock),
            "surs": list(self.surs),
            "last_capturer": self.last_capturer,
            "scores": list(self.scores),
            "deal_results": self.deal_results,
            "over": self.over,
            "winner": self.winner,
        }

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a game saved by :meth:`to_json`; anything else raises :class:`SaveError`."""
        from .save import load_game

        return load_game(text)


def _card_index(card: Card) -> int:
    return card.index


def _parse_card(card: Card | str) -> Card:
    try:
        return Card.parse(card)
    except CardNotationError as error:
        raise IllegalMoveError(str(error)) from None


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
        raise ValueError(f"new_game: players must be 2, 3 or 4, not {players!r}")
    if rules is None:
        rules = Rules()
    elif not isinstance(rules, Rules):
        raise ValueError(f"new_game: rules must be a Rules, not {type(rules).__name__}")
    if seed is None:
        seed = random.SystemRandom().randrange(_SEED_RANGE)
    elif type(seed) is not int:
        raise ValueError(f"new_game: seed must be a whole number or None, not {seed!r}")
    if type(leader) is not int or not 0 <= leader < players:
        raise ValueError(f"new_game: leader must be a seat 0..{players - 1}, not {leader!r}")
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


from .view import PlayerView  # noqa: E402  (the view module imports Game for typing only)
