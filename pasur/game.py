"""A match of Pasur: dealing, turns, surs, scoring and the end of the match (docs/RULES.md)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from .cards import FULL_DECK, JACK, KING, QUEEN, Card, CardNotationError, quoted
from .events import DealScored, DealStarted, Event, LeftoverTaken, MoveRecord
from .moves import Move, MoveNotationError, bits, is_sur, option_masks
from .rules import Rules, side_count, side_of
from .save import FORMAT_VERSION, SavedGame, SaveError, check_replay, decode, encode, snapshot
from .scoring import score_deal
from .view import PlayerView

__all__ = ["FORMAT_VERSION", "Game", "IllegalMoveError", "MoveRecord", "SaveError", "new_game"]

CARDS_PER_HAND: Final = 4
TABLE_CARDS: Final = 4
SEED_RANGE: Final = 2**53  # seeds stay exact as JavaScript numbers


class IllegalMoveError(ValueError):
    """A move the game refuses; the message says why. The game is unchanged."""


def rounds_per_deal(players: int) -> int:
    """6 rounds with 2 players, 4 with 3, 3 with 4 (docs/RULES.md §3.5)."""
    return (len(FULL_DECK) - TABLE_CARDS) // (CARDS_PER_HAND * players)


class Game:
    """A whole match. Build one with :func:`new_game` or :meth:`Game.from_json`.

    Public state: ``turn``, ``hands``, ``table``, ``piles``, ``surs``, ``scores``,
    ``deal_results``, ``over``, ``winner``, ``dealer``, ``leader``, ``deal_number``,
    ``round_number``, ``history`` (every :class:`MoveRecord`), ``events`` (the typed log of
    :mod:`pasur.events`: deals started, moves, leftovers taken, deals scored). Treat it as
    read-only; change it only through :meth:`play` (or, for a search, :meth:`apply_option`).
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
    events: list[Event]
    turn: int | None
    over: bool
    winner: int | None
    leader: int
    deal_number: int
    round_number: int
    last_capturer: int | None
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
        self.sides = side_count(players, rules)
        self._seat_sides = [side_of(seat, players, rules) for seat in range(players)]
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
        self.leader = leader
        self._legal: list[Move] | None = None
        self._opts: list[tuple[Card, int]] | None = None

    # ----------------------------------------------------------------- seats and sides
    def side_of(self, seat: int) -> int:
        """The side a seat plays for (:func:`pasur.rules.side_of`)."""
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
    def stock(self) -> tuple[Card, ...]:
        """The undealt cards, next to be dealt first: no seat may see them (a search's own sample)."""
        return tuple(self._stock)

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
        self.events.append(DealStarted(self.deal_number, self.dealer, self.leader))

    def _misdeal_check(self, table: list[Card], stock: list[Card]) -> bool:
        """docs/RULES.md §3.4: False when the deck must be reshuffled; replaces Jacks in place."""
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
    def move_options(self) -> list[tuple[Card, int]]:
        """The legal moves as ``(card, mask)`` pairs, in the order of :meth:`legal_moves`.

        ``mask`` has bit ``i`` set when the move takes ``table[i]``; 0 lays the card. This is what
        a search uses with :meth:`apply_option`, without building :class:`Move` objects. The list
        is cached until the next move: do not change it.
        """
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
                for card, mask in self.move_options()
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
            if not move.holds_cards():
                raise IllegalMoveError(
                    f"a Move is made of cards (build it with Move.parse or from Card values), "
                    f"not {quoted(move.card)} taking {quoted(sorted(map(str, move.captured)))}"
                )
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
                f"a move must be a Move or text like '7C' or '7C:4C,4D', not {quoted(move)}"
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
        card, mask = self.move_options()[index]
        return self.apply_option(card, mask, self._moves()[index])

    def apply_option(self, card: Card, mask: int, move: Move | None = None) -> MoveRecord:
        """Play ``card`` taking the table cards at the positions in ``mask`` (0: lay it), without
        any of the checks :meth:`play` makes: for a search, with a pair from :meth:`move_options`.
        Anything else leaves the game in a state the rules do not allow."""
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
            self.table = [table[pos] for pos in bits(((1 << len(table)) - 1) & ~mask)]
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
        self.events.append(record)
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
        options = self.move_options()
        card, mask = options[rng.randrange(len(options))]
        return self.apply_option(card, mask)

    # ----------------------------------------------------------------- end of deal and match
    def _end_deal(self) -> None:
        leftover = self.table
        self.table = []
        if self.last_capturer is not None:
            self.piles[self.last_capturer].extend(leftover)
        self.events.append(LeftoverTaken(self.deal_number, self.last_capturer, tuple(leftover)))
        results = score_deal(self.piles, self.surs, self.scores, self.rules)
        self.deal_results.append(results)
        self.scores = [score + entry["total"] for score, entry in zip(self.scores, results, strict=True)]
        self.events.append(DealScored(self.deal_number, results, tuple(self.surs), tuple(self.scores)))
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
        deal = self.deal_number
        history = self.history
        start = len(history)
        while start > 0 and history[start - 1].deal == deal:
            start -= 1
        return PlayerView(
            seat=seat,
            side=self._seat_sides[seat],
            players=self.players,
            sides=self.sides,
            rules=self.rules,
            hand=tuple(self.hands[seat]),
            table=tuple(self.table),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            stock_size=len(self._stock),
            piles=tuple(tuple(pile) for pile in self.piles),
            surs=tuple(self.surs),
            scores=tuple(self.scores),
            turn=self.turn,
            leader=self.leader,
            dealer=self.dealer,
            deal_number=deal,
            round_number=self.round_number,
            rounds_per_deal=self.rounds_per_deal,
            deals_played=len(self.deal_results),
            last_capturer=self.last_capturer,
            deal_moves=tuple(history[start:]),
            moves_played=len(history),
        )

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
        clone.history = list(self.history)
        clone.events = list(self.events)
        clone._legal = None
        clone._opts = None
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
        return snapshot(
            deal=self.deal_number, round=self.round_number, leader=self.leader, turn=self.turn,
            hands=self.hands, table=self.table, piles=self.piles, stock=self._stock, surs=self.surs,
            last_capturer=self.last_capturer, scores=self.scores, deal_results=self.deal_results,
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
