"""What a card captures (docs/RULES.md §4 and §9), on card numbers: the one place the engine works it
out, for :class:`pasur.deal.Deal`, the legal moves of a game or a view, and :func:`pasur.moves.capture_options`.

A card is its number 0..51 (``Card.index``: rank-major, so a table sorted by number is sorted by
rank). What a card may take depends only on its rank, the ranks on the table (by position) and
three options; an answer is a tuple of masks over table positions (bit ``i``: the card at
position ``i`` is taken), empty when the card is laid. Ranks are kept as ``bytes``
(:func:`ranks_of`), one byte a card, which are the keys of the caches.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from typing import Final

from .cards import ACE, FULL_DECK, JACK, KING, QUEEN, TEN
from .rules import Rules

__all__ = ["RANK", "RANK_BYTES", "Answers", "Captures", "bits", "captures_for", "options", "ranks_of"]

#: The rank (1..13) of each card number.
RANK: Final = tuple(card.rank for card in FULL_DECK)
RANK_BYTES: Final = bytes(RANK).ljust(256, b"\0")  # card number -> rank, for bytes.translate
FIRST_FACE: Final = (JACK - 1) * 4  # the first Jack's number: the number cards (Ace to 10) come before it
FACES: Final = bytes(range(FIRST_FACE, len(FULL_DECK)))  # the Jacks, Queens and Kings, for bytes.translate
ELEVEN: Final = 11  # a number card takes table number cards that sum with it to eleven
_CACHE_LIMIT: Final = 100_000
_BITS: dict[int, tuple[int, ...]] = {}
_FIRST: Final = tuple((rank - 1) * 4 for rank in range(KING + 2))  # the first card number of each rank
#: _RUN[low][count]: the answer of a card that takes the ``count`` cards from position ``low`` on
_RUN: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple((((1 << count) - 1) << low,) if count else () for count in range(len(FULL_DECK) + 1 - low))
    for low in range(len(FULL_DECK) + 1))

#: Answers by rank: rank ``r``'s masks at index ``r`` (0 unused); those of a table's number cards
#: (:meth:`Captures.answers`) stop at 10 and hold at 11 every set of the number cards summing to 11.
Answers = tuple[tuple[int, ...], ...]


class Captures:
    """The capture answers under one set of the options that decide them (``kids``, ``jack_wild``,
    ``multi_combo``), kept for each table's ranks, every rank at once (:meth:`table`).

    On a table sorted by card number (rank-major), the number cards come first: what a number card
    takes depends only on their ranks (:meth:`answers`, kept by them: far fewer than tables, so a
    new table seldom needs a new search of sums), and what a Jack, Queen or King takes on how many
    cards of each face rank lie after them (:meth:`face`)."""

    __slots__ = ("general", "jack_wild", "kids", "multi", "numbers", "tables")

    def __init__(self, kids: bool, jack_wild: bool, multi: bool) -> None:
        self.kids = kids
        self.jack_wild = jack_wild
        self.multi = multi
        self.numbers: dict[bytes, Answers] = {}
        self.general: dict[bytes, tuple[int, ...]] = {}
        self.tables: dict[bytes, Answers] = {}

    def table(self, ranks: bytes, table: Sequence[int]) -> Answers:
        """What a card of each rank takes from ``table`` (card numbers, rank ``r``'s masks at index
        ``r``), kept by its ``ranks``: on a table sorted by rank, as a game's is, from the
        :meth:`answers` of its number cards."""
        if len(self.tables) >= _CACHE_LIMIT:
            self.tables.clear()
        if list(ranks) == sorted(ranks):
            found = self.every_rank(table)
        else:
            sums = None if self.kids else _sums(ranks)
            found = ((), *(self._work_out(ranks, rank, sums) for rank in range(ACE, KING + 1)))
        self.tables[ranks] = found
        return found

    def answers(self, numbers: bytes) -> Answers:
        """What a card of each number rank takes from a sorted table whose number cards have the
        ranks ``numbers`` (rank ``r``'s masks at index ``r``), and at index 11 every set of them
        summing to eleven; kept."""
        if len(self.numbers) >= _CACHE_LIMIT:
            self.numbers.clear()
        sums = None if self.kids else _sums(numbers)
        found = ((), *(self._work_out(numbers, rank, sums) for rank in range(ACE, TEN + 1)),
                 tuple(sums.get(ELEVEN, ())) if sums else ())
        self.numbers[numbers] = found
        return found

    def for_table(self, table: Sequence[int]) -> Answers:
        """:meth:`answers` for a sorted ``table`` of card numbers."""
        numbers = bytes(table).translate(RANK_BYTES, FACES)
        return self.numbers.get(numbers) or self.answers(numbers)

    def face(self, card: int, table: Sequence[int], answers: Answers) -> tuple[int, ...]:
        """What the Jack, Queen or King ``card`` takes from the sorted ``table`` (``answers``: its
        :meth:`for_table`)."""
        rank = RANK[card]
        if rank == JACK and not self.kids:
            below = bisect_left(table, _FIRST[QUEEN])  # the number cards and the Jacks
            if self.jack_wild:  # a wild Jack takes every number card and Jack
                return _RUN[0][below]
            low = bisect_left(table, FIRST_FACE)
            combos = list(answers[ELEVEN])
            if below > low:  # not wild: a Jack also takes all the Jacks on the table
                combos.insert(0, ((1 << below) - 1) & ~((1 << low) - 1))
            return self._combined(combos)
        low = bisect_left(table, _FIRST[rank])
        return _RUN[low][bisect_left(table, _FIRST[rank + 1]) - low]

    def every_rank(self, table: Sequence[int]) -> Answers:
        """What a card of each rank takes from the sorted ``table`` of card numbers (index = rank)."""
        answers = self.for_table(table)
        return (*answers[:ELEVEN], *(self.face(_FIRST[rank], table, answers) for rank in (JACK, QUEEN, KING)))

    def masks(self, rank: int, ranks: Sequence[int]) -> tuple[int, ...]:
        """What a card of ``rank`` takes from a table of ``ranks`` (in any order), as position masks."""
        key = bytes((*ranks, rank))
        found = self.general.get(key)
        if found is None:
            if len(self.general) >= _CACHE_LIMIT:
                self.general.clear()
            found = self.general[key] = self._work_out(ranks, rank, None)
        return found

    def _work_out(self, ranks: Sequence[int], rank: int, sums: dict[int, list[int]] | None) -> tuple[int, ...]:
        """What a card of ``rank`` takes from a table of ``ranks`` (``sums``: its :func:`_sums`, or None)."""
        if self.kids or rank >= QUEEN or (rank == JACK and self.jack_wild):
            if rank == JACK and not self.kids:  # a wild Jack takes every number card and Jack
                mask = _between(ranks, ACE, JACK)
            else:
                mask = _between(ranks, rank, rank)
            return (mask,) if mask else ()
        if sums is None:
            sums = _sums(ranks)
        combos = list(sums.get(ELEVEN - rank if rank <= TEN else ELEVEN, ()))
        if rank == JACK:  # not wild: a Jack also takes all the Jacks on the table
            jacks = _between(ranks, JACK, JACK)
            if jacks:
                combos.insert(0, jacks)
        return self._combined(combos)

    def _combined(self, combos: list[int]) -> tuple[int, ...]:
        """The answer made of the sets ``combos``: with ``multi_combo``, every union of disjoint ones."""
        return tuple(_disjoint_unions(combos)) if self.multi and len(combos) > 1 else tuple(combos)


_CAPTURES: dict[tuple[bool, bool, bool], Captures] = {}


def captures_for(rules: Rules) -> Captures:
    """The capture answers under ``rules`` (one shared cache per combination of the options)."""
    flags = (rules.kids, rules.jack_wild, rules.multi_combo)
    found = _CAPTURES.get(flags)
    if found is None:
        found = _CAPTURES[flags] = Captures(*flags)
    return found


def options(captures: Captures, hand: Sequence[int], table: Sequence[int]) -> list[tuple[int, int]]:
    """The legal moves of a player holding ``hand`` (card numbers, in hand order) on ``table``,
    one per distinct outcome, as ``(card, mask)``: ``mask`` has bit ``i`` set when the
    move takes ``table[i]``, and 0 lays the card."""
    ranks = bytes(table).translate(RANK_BYTES)
    answers = captures.tables.get(ranks) or captures.table(ranks, table)
    found: list[tuple[int, int]] = []
    for card in hand:
        masks = answers[RANK[card]]
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
