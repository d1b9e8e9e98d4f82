"""A card as the page shows it: the face (corner indices, pips or a court figure, from ``faces.py``)
or the back, named for screen readers; and a capture pictured (the played card, the table with the
cards it takes raised), for the demos and the rules."""

from __future__ import annotations

import functools

from pasur import Card, Move
from pasur.cards import ACE, RANKS, SUITS, TEN

from ..i18n import Catalog
from .faces import COURT_FIGURES, FIGURE_VIEWBOX, Shape, face
from .html import Node, h, svg

__all__ = ["back_node", "capture_picture", "card_node"]


def _figure(shapes: tuple[Shape, ...]) -> Node:
    """A double-headed court figure: the upper half, then the same turned upside down."""
    def half(transform: str | None = None) -> Node:
        return svg("g", (("transform", transform),) if transform else (), [svg(shape.tag, shape.attrs)
                                                                             for shape in shapes])

    frame = svg("rect", (("class", "frame"), ("x", "1"), ("y", "1"), ("width", "58"), ("height", "104"), ("rx", "3")))
    divider = svg("path", (("class", "frame"), ("d", "M1 53 L59 53")))
    return svg("svg", (("class", "figure"), ("viewBox", FIGURE_VIEWBOX), ("aria-hidden", "true"),
                       ("focusable", "false")), [frame, half(), half("rotate(180 30 53)"), divider])


@functools.cache
def _face(card: Card) -> tuple[Node, ...]:
    """The corner indices (top left, and bottom right turned round), and the pips or the figure.
    The repeated rank and the pips are drawn by the style sheet: a card button's visible text stays
    its rank and suit once, as in its accessible name."""
    shown = face(card)

    def index(corner: str) -> Node:
        top = corner == "top"
        rank = h("span", "rank wide" if len(shown.rank) > 1 else "rank", text=shown.rank if top else None,
                 data_rank=None if top else shown.rank)
        return h("span", f"index {corner}", aria_hidden="true", children=[
            rank, h("span", "suit", text=shown.suit if top else None)])

    if shown.court:
        middle = h("span", "court", aria_hidden="true", children=[_figure(COURT_FIGURES[card.rank])])
    else:
        middle = h("span", "pips", aria_hidden="true", children=[
            h("span", "pip flip" if pip.flipped else "pip", data_col=pip.col, data_row=pip.row) for pip in shown.pips])
    return index("top"), middle, index("bottom")


_DRAWN: dict[tuple[object, ...], tuple[Catalog, Node]] = {}  # card nodes by what they were made of


def card_node(card: Card, cat: Catalog, button: bool = False, marks: str = "", **attrs: object) -> Node:
    """A card's face, named for screen readers; a button in the hand. ``marks``: more classes. The same
    card drawn the same way is the same node as before (each drawing compares it at once)."""
    asked = (card, id(cat), button, marks, *((name, type(value), value) for name, value in attrs.items()))
    try:
        found = _DRAWN.get(asked)
    except TypeError:  # a value that cannot be a key
        return _card_node(card, cat, button, marks, attrs)
    if found is not None and found[0] is cat:
        return found[1]
    if len(_DRAWN) >= 1024:
        _DRAWN.clear()
    node = _card_node(card, cat, button, marks, attrs)
    _DRAWN[asked] = (cat, node)
    return node


def _card_node(card: Card, cat: Catalog, button: bool, marks: str, attrs: dict[str, object]) -> Node:
    face = "number" if TEN >= card.rank > ACE else "ace" if card.rank == ACE else "court"
    name = cat.card_name(card)
    if not card.is_number or card.rank == ACE:
        name = f"{RANKS[card.rank - 1]}, {name}"  # the letter on the card is part of its name
    kind: dict[str, object] = {"type": "button", "data_action": "pick-card"} if button else {"role": "img"}
    classes = f"card suit-{SUITS[card.suit]} {face}" + (f" {marks}" if marks else "")
    return h("button" if button else "div", classes, None, _face(card),
             **{**kind, "data_card": str(card), "aria_label": name, **attrs})


def back_node(**attrs: object) -> Node:
    return h("div", "card back", None, [h("span", "back-inner")], aria_hidden="true", **attrs)


def capture_picture(move: Move, table: tuple[Card, ...] | list[Card], cat: Catalog) -> tuple[Node, list[Node]]:
    """The played card, and the table with the cards it takes raised (the demos, the rules)."""
    taken = set(move.captured)
    nodes = [card_node(card, cat, marks="taking" if card in taken else "", data_taken="1" if card in taken else None)
             for card in sorted(table)]
    return card_node(move.card, cat, marks="played", data_played="1"), nodes
