"""Moves, their notation, and what a card can capture (docs/RULES.md §1.3, §4 and §9).

A move is the card played and the set of table cards it takes: ``7C`` lays the seven of clubs,
``7C:4C,4D`` takes the two fours with it. Captured cards print sorted by rank then suit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

from .cards import JACK, KING, QUEEN, TEN, Card, CardNotationError, format_cards, quoted
from .rules import Rules

__all__ = [
    "Move",
    "MoveNotationError",
    "bits",
    "capture_masks",
    "capture_options",
    "is_sur",
    "legal_moves_for",
    "option_masks",
]

_NO_CARDS: Final[frozenset[Card]] = frozenset()
ELEVEN: Final = 11  # a number card takes table number cards that sum with it to eleven


class MoveNotationError(ValueError):
    """Text that is not a move in the notation ``7C`` or ``7C:4C,4D``."""


class Move:
    """A card played, and the table cards it takes (empty when the card is laid).

    >>> m = Move.parse("7c:4d, 4c")
    >>> str(m), m.is_capture
    ('7C:4C,4D', True)
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

    @property
    def is_capture(self) -> bool:
        return bool(self.captured)

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


# What a card may take depends only on its rank, the ranks on the table (by position) and
# three options. Per table the answers for all ranks are cached together as bit masks over
# table positions: ``entry[rank]`` is the tuple of masks, filled on first use; ``entry[0]`` holds
# the table's sums and ``entry[_KEY_SLOT]`` the cache key.
_TABLE_CACHE: dict[tuple[tuple[bool, bool, bool], tuple[int, ...]], list[Any]] = {}
_CACHE_LIMIT: Final = 100_000
_BITS_CACHE: dict[int, tuple[int, ...]] = {}
_KEY_SLOT: Final = KING + 1


def _sums(table_ranks: Sequence[int]) -> dict[int, list[int]]:
    """Every set of table number cards (as a position mask) by its sum, for sums up to 11."""
    pairs = [(0, 0)]
    for pos, rank in enumerate(table_ranks):
        if rank <= TEN:
            bit = 1 << pos
            pairs += [(total + rank, mask | bit) for total, mask in pairs if total + rank <= ELEVEN]
    found: dict[int, list[int]] = {}
    for total, mask in pairs[1:]:
        found.setdefault(total, []).append(mask)
    return found


def _disjoint_unions(combos: list[int]) -> list[int]:
    """Every union of one or more pairwise disjoint masks from ``combos``, each once."""
    results = [0]
    seen = {0}
    for combo in combos:
        for base in results[:]:
            if not base & combo:
                union = base | combo
                if union not in seen:
                    seen.add(union)
                    results.append(union)
    return results[1:]


def _rank_mask(table_ranks: Sequence[int], wanted: int) -> int:
    mask = 0
    for pos, rank in enumerate(table_ranks):
        if rank == wanted:
            mask |= 1 << pos
    return mask


def _compute(entry: list[Any], key: tuple[tuple[bool, bool, bool], tuple[int, ...]], rank: int) -> tuple[int, ...]:
    (kids, jack_wild, multi), table_ranks = key
    if kids or rank >= QUEEN or (rank == JACK and jack_wild):
        if rank == JACK and not kids:
            mask = 0
            for pos, table_rank in enumerate(table_ranks):
                if table_rank <= JACK:
                    mask |= 1 << pos
        else:
            mask = _rank_mask(table_ranks, rank)
        masks: tuple[int, ...] = (mask,) if mask else ()
    else:
        sums = entry[0]
        if sums is None:
            sums = entry[0] = _sums(table_ranks)
        combos = list(sums.get(ELEVEN - rank if rank <= TEN else ELEVEN, ()))
        if rank == JACK:
            jacks = _rank_mask(table_ranks, JACK)
            if jacks:
                combos.insert(0, jacks)
        masks = tuple(_disjoint_unions(combos)) if multi and len(combos) > 1 else tuple(combos)
    entry[rank] = masks
    return masks


def table_entry(rules: Rules, table_ranks: tuple[int, ...]) -> list[Any]:
    """The cached capture answers for one table; use with :func:`masks_for`."""
    key = ((rules.kids, rules.jack_wild, rules.multi_combo), table_ranks)
    entry = _TABLE_CACHE.get(key)
    if entry is None:
        if len(_TABLE_CACHE) >= _CACHE_LIMIT:
            _TABLE_CACHE.clear()
        entry = [None] * _KEY_SLOT + [key]
        _TABLE_CACHE[key] = entry
    return entry


def masks_for(entry: list[Any], rank: int) -> tuple[int, ...]:
    """The capture options of a card of ``rank`` as position masks (empty: it is laid)."""
    masks: tuple[int, ...] | None = entry[rank]
    if masks is None:
        masks = _compute(entry, entry[_KEY_SLOT], rank)
    return masks


def capture_masks(rules: Rules, rank: int, table_ranks: tuple[int, ...]) -> tuple[int, ...]:
    """The capture options of a card of ``rank`` on a table of these ranks, as position masks."""
    return masks_for(table_entry(rules, table_ranks), rank)


def bits(mask: int) -> tuple[int, ...]:
    """The positions set in ``mask``, lowest first."""
    found = _BITS_CACHE.get(mask)
    if found is None:
        found = tuple(pos for pos in range(mask.bit_length()) if mask >> pos & 1)
        if len(_BITS_CACHE) < _CACHE_LIMIT:
            _BITS_CACHE[mask] = found
    return found


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
    masks = capture_masks(rules or _DEFAULT_RULES, card.rank, tuple(c.rank for c in cards))
    return [frozenset(cards[pos] for pos in bits(mask)) for mask in masks]


_DEFAULT_RULES: Final = Rules()


def is_sur(rules: Rules, card: Card, empties_table: bool, last_round: bool) -> bool:
    """Whether a capture that leaves the table empty (``empties_table``) scores as a sur."""
    return (
        empties_table
        and not (rules.no_jack_sur and card.rank == JACK)
        and not (rules.no_sur_last_round and last_round)
    )


def legal_moves_for(hand: Sequence[Card], table: Sequence[Card], rules: Rules) -> list[Move]:
    """One move per distinct outcome for a player holding ``hand`` (in hand order)."""
    return [
        Move(card, frozenset([table[pos] for pos in bits(mask)]) if mask else _NO_CARDS)
        for card, mask in option_masks(hand, table, rules)
    ]


def option_masks(hand: Sequence[Card], table: Sequence[Card], rules: Rules) -> list[tuple[Card, int]]:
    """Like :func:`legal_moves_for`, as (card, mask over table positions); mask 0 lays the card."""
    table_ranks = tuple([card.rank for card in table])
    entry = _TABLE_CACHE.get(((rules.kids, rules.jack_wild, rules.multi_combo), table_ranks))
    if entry is None:  # the lookup above is table_entry's, inlined: this runs for every move
        entry = table_entry(rules, table_ranks)
    options: list[tuple[Card, int]] = []
    for card in hand:
        masks = entry[card.rank]
        if masks is None:
            masks = _compute(entry, entry[_KEY_SLOT], card.rank)
        if masks:
            for mask in masks:
                options.append((card, mask))
        else:
            options.append((card, 0))
    return options
