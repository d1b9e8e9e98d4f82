"""What the face of a card shows, as data: the corner indices, the pips of a number card where
printed cards put them, and the figure of a Jack, Queen or King. ``app.card_node`` builds the DOM
from it; ``web/style.css`` places each pip by its ``data-col`` and ``data-row``.

The indices are the international ones (``A 2 … 10 J Q K``) in every language: the page's text
(move log, capture choices, explanations, URL notation) writes cards that way too.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from pasur.cards import JACK, KING, QUEEN, RANKS, SUIT_SYMBOLS, Card

__all__ = ["COURTS", "COURT_FIGURES", "FIGURE_VIEWBOX", "PIPS", "Face", "Pip", "Shape", "face"]

LEFT, CENTRE, RIGHT = 0, 1, 2
ROWS: Final = 12  # a pip's row is in twelfths of the pip area, 0 at the top, 12 at the bottom
COURTS: Final = frozenset({JACK, QUEEN, KING})


class Pip(NamedTuple):
    """One suit symbol on a number card: its column (0 left, 1 centre, 2 right) and row (0..12)."""

    col: int
    row: int

    @property
    def flipped(self) -> bool:
        """Pips below the middle are printed upside down, as on real cards."""
        return self.row > ROWS // 2


def _pips(*spots: tuple[int, int]) -> tuple[Pip, ...]:
    return tuple(Pip(col, row) for col, row in spots)


_SIX = ((LEFT, 0), (RIGHT, 0), (LEFT, 6), (RIGHT, 6), (LEFT, 12), (RIGHT, 12))
_EIGHT_SIDES = ((LEFT, 0), (RIGHT, 0), (LEFT, 4), (RIGHT, 4), (LEFT, 8), (RIGHT, 8), (LEFT, 12), (RIGHT, 12))
_FOUR = ((LEFT, 0), (RIGHT, 0), (LEFT, 12), (RIGHT, 12))

# The classic layouts of the French-suited pack (the Ace's single pip is drawn large).
PIPS: Final[dict[int, tuple[Pip, ...]]] = {
    1: _pips((CENTRE, 6)),
    2: _pips((CENTRE, 0), (CENTRE, 12)),
    3: _pips((CENTRE, 0), (CENTRE, 6), (CENTRE, 12)),
    4: _pips(*_FOUR),
    5: _pips(*_FOUR, (CENTRE, 6)),
    6: _pips(*_SIX),
    7: _pips(*_SIX, (CENTRE, 3)),
    8: _pips(*_SIX, (CENTRE, 3), (CENTRE, 9)),
    9: _pips(*_EIGHT_SIDES, (CENTRE, 6)),
    10: _pips(*_EIGHT_SIDES, (CENTRE, 2), (CENTRE, 10)),
}


class Shape(NamedTuple):
    """One SVG element of a court figure: its tag and attributes."""

    tag: str
    attrs: tuple[tuple[str, str], ...]


def _shape(tag: str, **attrs: str | float) -> Shape:
    return Shape(tag, tuple((name.replace("_", "-"), str(value)) for name, value in attrs.items()))


# Court figures are drawn in a 60 x 106 box: the upper half (y 0..53) below, repeated upside down
# for the lower half as on a double-headed court card. "currentColor" is the suit's colour.
FIGURE_VIEWBOX: Final = "0 0 60 106"
GOLD, INK, SKIN, WHITE = "#e0a730", "#2b2118", "#f3d3b1", "#fffdf7"
_LINE: Final[dict[str, str | float]] = {"stroke": INK, "stroke_width": 0.8, "stroke_linejoin": "round"}
_HEAD = (
    _shape("path", d="M7 53 L11 37 Q30 29 49 37 L53 53 Z", fill="currentColor", **_LINE),
    _shape("path", d="M22 33 L30 53 L38 33 Z", fill=GOLD, **_LINE),
    _shape("path", d="M13 36 Q30 44 47 36 Q30 30 13 36 Z", fill=WHITE, **_LINE),
    _shape("circle", cx=30, cy=22, r=8, fill=SKIN, **_LINE),
    _shape("circle", cx=27, cy=21.5, r=0.9, fill=INK),
    _shape("circle", cx=33, cy=21.5, r=0.9, fill=INK),
)
_KING = (
    _shape("path", d="M46 6 L46 51", stroke=INK, stroke_width=1.6),
    _shape("path", d="M42 12 L50 12", stroke=INK, stroke_width=1.6),
    *_HEAD,
    _shape("path", d="M22.5 24 Q30 39 37.5 24 Q30 28.5 22.5 24 Z", fill="#8a5a2b", **_LINE),
    _shape("path", d="M20.5 15 L20.5 5 L25.3 10 L30 3 L34.7 10 L39.5 5 L39.5 15 Z", fill=GOLD, **_LINE),
    _shape("circle", cx=30, cy=11.5, r=1.4, fill="currentColor"),
)
_QUEEN = (
    _shape("path", d="M21 25 Q19 12 30 11.5 Q41 12 39 25 L42 33 Q35 30 36 22 L24 22 Q25 30 18 33 Z",
           fill="#6b3b1c", **_LINE),
    *_HEAD,
    _shape("path", d="M22.5 14 L23.5 8 L26.8 11.5 L30 6.5 L33.2 11.5 L36.5 8 L37.5 14 Z", fill=GOLD, **_LINE),
    _shape("path", d="M13 49 L14 31", stroke="#2f7a32", stroke_width=1.2),
    _shape("circle", cx=14, cy=29, r=3.2, fill="currentColor", **_LINE),
    _shape("circle", cx=14, cy=29, r=1.1, fill=GOLD),
)
_JACK = (
    _shape("path", d="M12 51 L14 4", stroke=INK, stroke_width=1.4),
    _shape("path", d="M14 6 Q7 9 9 16 L14.2 13 Z", fill="#9aa3ad", **_LINE),
    *_HEAD,
    _shape("path", d="M22 22 Q22 27 24 29 L24 21 Z M38 22 Q38 27 36 29 L36 21 Z", fill="#a0622a", **_LINE),
    _shape("path", d="M20 18 Q21 8 30 8 Q39 8 40 18 Q30 14 20 18 Z", fill="currentColor", **_LINE),
    _shape("path", d="M37 11 Q47 3 50 9 Q44 8 39 13 Z", fill=GOLD, **_LINE),
)
COURT_FIGURES: Final[dict[int, tuple[Shape, ...]]] = {JACK: _JACK, QUEEN: _QUEEN, KING: _KING}


class Face(NamedTuple):
    """What one card shows: the index in both corners, and either pips or a court figure."""

    rank: str  # the rank as printed in the corners
    suit: str  # the suit symbol, in the corners and as the pips
    pips: tuple[Pip, ...]  # empty for a court card
    court: bool


def face(card: Card) -> Face:
    court = card.rank in COURTS
    return Face(RANKS[card.rank - 1], SUIT_SYMBOLS[card.suit], () if court else PIPS[card.rank], court)
