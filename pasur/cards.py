"""Cards and their notation (docs/RULES.md §1).

A card is rank then suit: ``A 2 3 4 5 6 7 8 9 10 J Q K`` and ``C D H S``. Every card is an
interned, immutable value: ``Card.parse("10d") is Card.parse("TD")``. Cards order by rank
(A..K), then suit (C, D, H, S), the order used to print capture sets.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar, Final

__all__ = [
    "ACE",
    "CLUBS",
    "DIAMONDS",
    "FULL_DECK",
    "HEARTS",
    "JACK",
    "KING",
    "QUEEN",
    "RANKS",
    "SPADES",
    "SUITS",
    "TEN",
    "Card",
    "CardNotationError",
    "format_cards",
    "parse_cards",
    "parse_deck",
    "quoted",
]

RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: Final = ("C", "D", "H", "S")
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES: Final = (
    "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king",
)
SUIT_SYMBOLS: Final = ("\u2663", "\u2666", "\u2665", "\u2660")
ACE: Final = 1
TEN: Final = 10  # the highest number card
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13
CLUBS: Final = 0
DIAMONDS: Final = 1
HEARTS: Final = 2
SPADES: Final = 3

_RANK_BY_TEXT: Final = {text: number for number, text in enumerate(RANKS, start=1)}
_RANK_BY_TEXT["T"] = 10
_SUIT_BY_TEXT: Final = {text: number for number, text in enumerate(SUITS)}


class CardNotationError(ValueError):
    """Text that is not a card in the notation of docs/RULES.md §1.2."""


class Card:
    """One of the 52 cards. Immutable and interned: build with ``Card(rank, suit)`` or ``Card.parse``.

    ``rank`` is ``ACE`` (1) to ``KING`` (13); ``suit`` is ``CLUBS``, ``DIAMONDS``, ``HEARTS`` or
    ``SPADES`` (0..3).
    ``index`` (0..51) orders cards by rank then suit. ``value`` is the number used in sums
    (1..10), or 0 for a face card.
    """

    __slots__ = ("_text", "index", "rank", "suit", "value")
    _all: ClassVar[list[Card]] = []

    rank: int
    suit: int
    index: int
    value: int
    _text: str

    def __new__(cls, rank: int, suit: int) -> Card:
        if type(rank) is not int or not ACE <= rank <= KING:
            raise CardNotationError(f"card rank must be an int {ACE}..{KING}, not {rank!r}")
        if type(suit) is not int or not CLUBS <= suit <= SPADES:
            raise CardNotationError(f"card suit must be an int {CLUBS}..{SPADES}, not {suit!r}")
        if cls._all:
            return cls._all[(rank - 1) * 4 + suit]
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", (rank - 1) * 4 + suit)
        object.__setattr__(card, "value", rank if rank <= TEN else 0)
        object.__setattr__(card, "_text", RANKS[rank - 1] + SUITS[suit])
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, int]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read one card: case-insensitive, ``T`` accepted for ten. Bad text: ``CardNotationError``.

        Only the ASCII letters and digits of the notation are read: a look-alike such as the long
        s in ``7ſ`` (which ``str.upper`` would turn into ``S``) is refused.
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardNotationError(f"a card must be written as text like '7C', not {quoted(text)}")
        cleaned = text.strip().upper()
        if not text.isascii():
            raise CardNotationError(
                f"{quoted(text)} is not a card: write it with the letters and digits of the notation "
                "only (ranks A 2-10 J Q K, T for ten; suits C D H S), e.g. '7C'"
            )
        if len(cleaned) >= 2:
            rank = _RANK_BY_TEXT.get(cleaned[:-1])
            suit = _SUIT_BY_TEXT.get(cleaned[-1])
            if rank is not None and suit is not None:
                return cls._all[(rank - 1) * 4 + suit]
        raise CardNotationError(
            f"{quoted(text)} is not a card: write rank then suit, ranks A 2-10 J Q K (T for ten), "
            "suits C D H S, e.g. '7C', '10D', 'QS'"
        )

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with this ``index`` (0..51)."""
        return cls._all[index]

    @property
    def is_number(self) -> bool:
        return self.rank <= TEN

    @property
    def symbol(self) -> str:
        """Rank and suit symbol, e.g. ``7♣``, for logs."""
        return RANKS[self.rank - 1] + SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """English name, e.g. ``7 of clubs``."""
        return f"{RANK_NAMES[self.rank - 1]} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index


Card._all = [Card(rank, suit) for rank in range(ACE, KING + 1) for suit in range(CLUBS, SPADES + 1)]

FULL_DECK: Final[tuple[Card, ...]] = tuple(Card._all)


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Read several cards, from ``"4C 4D,2H"`` or from a list of texts or cards."""
    parts: list[str | Card] = list(text.replace(",", " ").split()) if isinstance(text, str) else list(text)
    return [Card.parse(part) for part in parts]


def format_cards(cards: Iterable[Card], sep: str = ",") -> str:
    """Print cards sorted by rank then suit: ``4C,4D``."""
    return sep.join(str(card) for card in sorted(cards, key=_index))


def quoted(value: object, limit: int = 24) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for error messages about any input.

    >>> quoted("x" * 100, limit=8), quoted("7C")
    ("'xxxxxx…", "'7C'")
    """
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def _index(card: Card) -> int:
    return card.index


def parse_deck(deck: object) -> list[Card]:
    """The 52 different cards of ``deck`` (a sequence of cards or card texts), in order; anything
    else is a ValueError saying what is wrong."""
    if isinstance(deck, str) or not isinstance(deck, Sequence):
        raise ValueError("deck must be a list of 52 cards")
    try:
        cards = [Card.parse(card) for card in deck]
    except CardNotationError as error:
        raise ValueError(f"bad deck: {error}") from None
    if len(cards) != len(FULL_DECK):
        raise ValueError(f"a deck has 52 cards, this one has {len(cards)}")
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise ValueError(f"bad deck: {card} appears twice")
        seen.add(card)
    return cards
