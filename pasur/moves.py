"""Moves, their notation, and what a card can capture (docs/RULES.md §1.3, §4 and §5).

A move is the card played and the set of table cards it takes: ``7C`` lays the seven of clubs,
``7C:4C,4D`` takes the two fours with it. Captured cards print sorted by rank then suit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from .captures import RANK, RANK_BYTES, Captures, bits, captures_for
from .cards import FULL_DECK, JACK, Card, CardNotationError, format_cards, quoted
from .rules import Rules

__all__ = ["Move", "MoveNotationError", "capture_options", "find_move", "is_sur", "legal_moves_for",
           "moves_and_masks"]

_NO_CARDS: Final[frozenset[Card]] = frozenset()


class MoveNotationError(ValueError):
    """Text that is not a move in the notation ``7C`` or ``7C:4C,4D``."""


class Move:
    """A card played, and the table cards it takes (empty when the card is laid).

    >>> m = Move.parse("7c:4d, 4c")
    >>> str(m), sorted(map(str, m.captured))
    ('7C:4C,4D', ['4C', '4D'])
    >>> Move.parse(str(m)) == m
    True
    """

    __slots__ = ("_hash", "captured", "card")

    card: Card
    captured: frozenset[Card]
    _hash: int

    def __init__(self, card: Card, captured: Iterable[Card] = _NO_CARDS) -> None:
        if not isinstance(captured, frozenset):
            try:
                captured = frozenset(captured)
            except TypeError:
                raise MoveNotationError(f"a move takes a set of cards, not {quoted(captured)}") from None
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "captured", captured)
        try:
            key = hash((card.index, captured))
        except AttributeError:  # not a card: Game.play refuses such a move with IllegalMoveError
            key = hash((card, captured))
        object.__setattr__(self, "_hash", key)

    def holds_cards(self) -> bool:
        """Whether the card and everything captured are cards (a hand-built move may hold text)."""
        return isinstance(self.card, Card) and all(isinstance(card, Card) for card in self.captured)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Move is immutable")

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``"7C"`` or ``"7C:4C,4D"`` (case-insensitive, spaces allowed)."""
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise MoveNotationError(f"a move must be text like '7C' or '7C:4C,4D', not {quoted(text)}")
        head, sep, tail = text.partition(":")
        try:
            card = Card.parse(head)
        except CardNotationError as error:
            raise MoveNotationError(f"bad move {quoted(text)}: {error}") from None
        if not sep:
            return cls(card)
        parts = [part for part in tail.replace(" ", ",").split(",") if part]
        if not parts:
            raise MoveNotationError(
                f"bad move {quoted(text)}: after ':' name the table cards taken, e.g. '7C:4C,4D'"
            )
        captured: list[Card] = []
        for part in parts:
            try:
                taken = Card.parse(part)
            except CardNotationError as error:
                raise MoveNotationError(f"bad move {quoted(text)}: {error}") from None
            if taken in captured:
                raise MoveNotationError(f"bad move {quoted(text)}: {taken} is named twice")
            if taken is card:
                raise MoveNotationError(f"bad move {quoted(text)}: {card} cannot take itself")
            captured.append(taken)
        return cls(card, captured)

    def sorted_captured(self) -> list[Card]:
        return sorted(self.captured, key=_card_index)

    def __str__(self) -> str:
        if not self.captured:
            return str(self.card)
        try:
            return f"{self.card}:{format_cards(self.captured)}"
        except (AttributeError, TypeError):  # a hand-built move holding other things than cards
            return f"{self.card}:{','.join(sorted(map(str, self.captured)))}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Move):
            return NotImplemented
        return self.card is other.card and self.captured == other.captured

    def __hash__(self) -> int:
        return self._hash


def _card_index(card: Card) -> int:
    return card.index


def capture_options(card: Card | str, table: Iterable[Card | str], rules: Rules | None = None) -> list[frozenset[Card]]:
    """Every distinct set of table cards that playing ``card`` may take; ``[]`` when it is laid.

    >>> from pasur.cards import parse_cards
    >>> opts = capture_options(Card.parse("7C"), parse_cards("4C 4D 2H 2S"))
    >>> sorted(format_cards(o) for o in opts)
    ['2H,2S', '2H,2S,4C', '2H,2S,4C,4D', '2H,2S,4D', '4C', '4C,4D', '4D']
    """
    card = Card.parse(card)
    cards = [Card.parse(c) for c in table]
    if len(set(cards)) != len(cards) or card in cards:
        raise ValueError("capture_options: a card appears twice among the card and the table")
    masks = captures_for(rules or _DEFAULT_RULES).masks(card.rank, tuple(c.rank for c in cards))
    return [frozenset(cards[pos] for pos in bits(mask)) for mask in masks]


_DEFAULT_RULES: Final = Rules()


def is_sur(rules: Rules, card: Card, empties_table: bool, last_round: bool) -> bool:
    """Whether a capture by ``card`` that leaves the table empty (``empties_table``) scores as a sur."""
    return (
        empties_table
        and not (rules.no_jack_sur and card.rank == JACK)
        and not (rules.no_sur_last_round and last_round)
    )


def legal_moves_for(hand: Sequence[Card], table: Sequence[Card], rules: Rules) -> list[Move]:
    """One move per distinct outcome for a player holding ``hand`` (in hand order)."""
    return moves_and_masks(captures_for(rules), [card.index for card in hand], [card.index for card in table])[0]


def moves_and_masks(captures: Captures, hand: Sequence[int], table: Sequence[int]) -> tuple[list[Move], list[int]]:
    """The legal moves of a player holding ``hand`` on ``table`` (card numbers), one per distinct
    outcome in the order of :func:`pasur.captures.options`, and the mask of each (bit ``i``: the move
    takes ``table[i]``; 0: the card is laid). A move that lays a card or takes one card is made once
    and kept; one that takes several is made for the position, and works out the cards it takes
    when first asked."""
    ranks = bytes(table).translate(RANK_BYTES)
    answers = captures.tables.get(ranks) or captures.table(ranks, table)
    moves: list[Move] = []
    masks: list[int] = []
    cards: tuple[int, ...] | None = None  # the table, kept by the moves that take several cards
    for card in hand:
        found = answers[RANK[card]]
        if not found:
            moves.append(_LAID[card])
            masks.append(0)
            continue
        masks += found
        for mask in found:
            if mask & (mask - 1):
                move = _new_taking(_Taking)
                _set_card(move, FULL_DECK[card])
                _set_table(move, cards or (cards := tuple(table)))
                _set_mask(move, mask)
                moves.append(move)
            else:  # one card taken, the most common capture: its move is kept by the two cards
                key = card << 6 | table[mask.bit_length() - 1]
                moves.append(_SINGLE[key] or _single(key))
    return moves, masks


def _single(key: int) -> Move:
    """The move of card ``key >> 6`` taking card ``key & 63`` alone, made once and kept."""
    move = _SINGLE[key] = _new_move(key >> 6, frozenset([FULL_DECK[key & 63]]))
    return move


def _new_move(card: int, captured: frozenset[Card]) -> Move:
    """The move of card number ``card`` taking ``captured``, built without the checks of
    :class:`Move`'s constructor."""
    move: Move = object.__new__(Move)
    _set_card(move, FULL_DECK[card])
    _set_captured(move, captured)
    _set_hash(move, hash((card, captured)))
    return move


def find_move(legal: Sequence[Move], move: object, hand: Sequence[Card], table: Sequence[Card],
              seat: int) -> int | str:
    """The index in ``legal`` (the legal moves of ``seat``, holding ``hand``) of the move that ``move``
    means: a Move, its notation, or a bare card that has exactly one outcome. When there is none, or
    it is ambiguous, a message saying why and what may be played instead."""
    if isinstance(move, Move):
        for index, candidate in enumerate(legal):
            if candidate is move or candidate == move:
                return index
        if not move.holds_cards():
            return (f"a Move is made of cards (build it with Move.parse or from Card values), "
                    f"not {quoted(move.card)} taking {quoted(sorted(map(str, move.captured)))}")
        wanted = move
        bare = False
    elif isinstance(move, str):
        try:
            wanted = Move.parse(move)
        except MoveNotationError as error:
            return str(error)
        bare = ":" not in move
    else:
        return f"a move must be a Move or text like '7C' or '7C:4C,4D', not {quoted(move)}"
    card = wanted.card
    if card not in hand:
        return f"{card} is not in the hand of seat {seat} ({' '.join(str(c) for c in hand)})"
    options = [index for index, candidate in enumerate(legal) if candidate.card is card]
    listed = ", ".join(str(legal[index]) for index in options)
    if bare:
        return options[0] if len(options) == 1 else f"{card} can capture in several ways; say which: {listed}"
    for index in options:
        if legal[index] == wanted:
            return index
    if not wanted.captured:
        return f"{card} can capture, so it cannot be laid: play one of {listed}"
    if not legal[options[0]].captured:
        return f"{card} captures nothing on this table: it is laid, play '{card}'"
    missing = [str(c) for c in wanted.sorted_captured() if c not in table]
    if missing:
        return f"{wanted} names {', '.join(missing)}, not on the table; {card} can play {listed}"
    return f"{card} cannot take exactly those cards; it can play {listed}"


_set_card: Final = Move.__dict__["card"].__set__  # the slots' own setters, past Move.__setattr__
_set_captured: Final = Move.__dict__["captured"].__set__
_set_hash: Final = Move.__dict__["_hash"].__set__
_get_captured: Final = Move.__dict__["captured"].__get__
_get_hash: Final = Move.__dict__["_hash"].__get__


class _Taking(Move):
    """A move of :func:`moves_and_masks` that takes several cards: which, it works out from the
    table and the mask when first asked (most legal moves are listed and never played)."""

    __slots__ = ("_mask", "_table")

    _table: tuple[int, ...]
    _mask: int

    @property
    def captured(self) -> frozenset[Card]:  # type: ignore[override]  # Move's slot, filled on first use
        try:
            return _get_captured(self, _Taking)  # type: ignore[no-any-return]
        except AttributeError:
            captured = frozenset([FULL_DECK[self._table[pos]] for pos in bits(self._mask)])
            _set_captured(self, captured)
            return captured

    def __hash__(self) -> int:
        try:
            return _get_hash(self, _Taking)  # type: ignore[no-any-return]
        except AttributeError:
            key = hash((self.card.index, self.captured))
            _set_hash(self, key)
            return key


_new_taking: Final = object.__new__
_set_table: Final = _Taking.__dict__["_table"].__set__
_set_mask: Final = _Taking.__dict__["_mask"].__set__
_LAID: Final = tuple(Move(card) for card in FULL_DECK)  # the move that lays each card, by card number
_SINGLE: list[Move | None] = [None] * (len(FULL_DECK) << 6)  # one card taking one other, by their numbers
