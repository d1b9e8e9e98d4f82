"""What a card captures (docs/RULES.md §4 and §9), on card numbers: the one place the engine works it
out, for :class:`pasur.deal.Deal`, the legal moves of a game or a view, and :func:`pasur.moves.capture_options`.

A card is its number 0..51 (``Card.index``: rank-major, so a table sorted by number is sorted by
rank). What a card may take depends only on its rank, the ranks on the table (by position) and
three options; an answer is a tuple of masks over table positions (bit ``i``: the card at
position ``i`` is taken), empty when the card is laid. The ranks of a table are kept as
``bytes`` (:func:`ranks_of`), one byte a card, which is also the key of the cache.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .cards import ACE, FULL_DECK, JACK, KING, QUEEN, TEN
from .rules import Rules

__all__ = ["RANK", "RANK_BYTES", "Captures", "bits", "captures_for", "options", "ranks_of"]

#: The rank (1..13) of each card number.
RANK: Final = tuple(card.rank for card in FULL_DECK)
RANK_BYTES: Final = bytes(RANK).ljust(256, b"\0")  # card number -> rank, for bytes.translate
ELEVEN: Final = 11  # a number card takes table number cards that sum with it to eleven
_CACHE_LIMIT: Final = 100_000
_BITS: dict[int, tuple[int, ...]] = {}

Entry = list[tuple[int, ...] | None]  # by rank (index 1..13); index 0 unused


class Captures:
    """The capture answers under one set of the options that decide them (``kids``, ``jack_wild``,
    ``multi_combo``), cached by the table's ranks and filled rank by rank on first use."""

    __slots__ = ("jack_wild", "kids", "multi", "sums", "tables")

    def __init__(self, kids: bool, jack_wild: bool, multi: bool) -> None:
        self.kids = kids
        self.jack_wild = jack_wild
        self.multi = multi
        self.tables: dict[bytes, Entry] = {}
        self.sums: dict[bytes, dict[int, list[int]]] = {}

    def entry(self, ranks: bytes) -> Entry:
        """The answers for a table of these ranks (rank ``r``'s masks at index ``r`` once known)."""
        entry = self.tables.get(ranks)
        if entry is None:
            if len(self.tables) >= _CACHE_LIMIT:
                self.tables.clear()
                self.sums.clear()
            entry = self.tables[ranks] = [None] * (KING + 1)
        return entry

    def fill(self, entry: Entry, ranks: bytes, rank: int) -> tuple[int, ...]:
        """Work out and keep what a card of ``rank`` takes from a table of ``ranks``."""
        if self.kids or rank >= QUEEN or (rank == JACK and self.jack_wild):
            if rank == JACK and not self.kids:  # a wild Jack takes every number card and Jack
                mask = _between(ranks, ACE, JACK)
            else:
                mask = _between(ranks, rank, rank)
            masks: tuple[int, ...] = (mask,) if mask else ()
        else:
            sums = self.sums.get(ranks)
            if sums is None:
                sums = self.sums[ranks] = _sums(ranks)
            combos = list(sums.get(ELEVEN - rank if rank <= TEN else ELEVEN, ()))
            if rank == JACK:  # not wild: a Jack also takes all the Jacks on the table
                jacks = _between(ranks, JACK, JACK)
                if jacks:
                    combos.insert(0, jacks)
            masks = tuple(_disjoint_unions(combos)) if self.multi and len(combos) > 1 else tuple(combos)
        entry[rank] = masks
        return masks

    def every_rank(self, ranks: bytes) -> Entry:
        """The answers for every rank on a table of ``ranks`` (rank ``r``'s masks at index ``r``)."""
        entry = self.entry(ranks)
        for rank in range(ACE, KING + 1):
            if entry[rank] is None:
                self.fill(entry, ranks, rank)
        return entry

    def masks(self, rank: int, ranks: Sequence[int]) -> tuple[int, ...]:
        """What a card of ``rank`` takes from a table of ``ranks``, as position masks."""
        key = bytes(ranks)
        entry = self.entry(key)
        masks = entry[rank]
        return self.fill(entry, key, rank) if masks is None else masks


_CAPTURES: dict[tuple[bool, bool, bool], Captures] = {}


def captures_for(rules: Rules) -> Captures:
    """The capture answers under ``rules`` (one shared cache per combination of the options)."""
    flags = (rules.kids, rules.jack_wild, rules.multi_combo)
    found = _CAPTURES.get(flags)
    if found is None:
        found = _CAPTURES[flags] = Captures(*flags)
    return found


def options(captures: Captures, hand: Sequence[int], table: Sequence[int]) -> list[tuple[int, int]]:
    """The legal moves of a player holding ``hand`` (card numbers, in hand order) on ``table``, one
    per distinct outcome, as ``(card, mask)``: ``mask`` has bit ``i`` set when the move takes
    ``table[i]``, and 0 lays the card."""
    ranks = bytes(table).translate(RANK_BYTES)
    entry = captures.tables.get(ranks)
    if entry is None:
        entry = captures.entry(ranks)
    found: list[tuple[int, int]] = []
    for card in hand:
        rank = RANK[card]
        masks = entry[rank]
        if masks is None:
            masks = captures.fill(entry, ranks, rank)
        if masks:
            for mask in masks:
                found.append((card, mask))
        else:
            found.append((card, 0))
    return found


def ranks_of(table: Sequence[int]) -> bytes:
    """The ranks of the cards of ``table`` (card numbers), in order."""
    return bytes(table).translate(RANK_BYTES)


def bits(mask: int) -> tuple[int, ...]:
    """The positions set in ``mask``, lowest first."""
    found = _BITS.get(mask)
    if found is None:
        found = tuple(pos for pos in range(mask.bit_length()) if mask >> pos & 1)
        if len(_BITS) < _CACHE_LIMIT:
            _BITS[mask] = found
    return found


def _between(ranks: Sequence[int], low: int, high: int) -> int:
    """The positions of the cards of a rank from ``low`` to ``high``, as a mask."""
    mask = 0
    for pos, rank in enumerate(ranks):
        if low <= rank <= high:
            mask |= 1 << pos
    return mask


def _sums(ranks: Sequence[int]) -> dict[int, list[int]]:
    """Every set of table number cards (as a position mask) by its sum, for sums up to 11."""
    pairs = [(0, 0)]
    for pos, rank in enumerate(ranks):
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
