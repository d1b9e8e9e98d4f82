"""The DOM of a card's face and back, built from ``faces.py`` (laid out by ``web/style.css``)."""

from __future__ import annotations

from typing import Any

from pyscript import document  # type: ignore[import-not-found]

from pasur import Card

from .dom import el
from .faces import COURT_FIGURES, FIGURE_VIEWBOX, Shape, face

__all__ = ["back_nodes", "face_nodes"]

SVG = "http://www.w3.org/2000/svg"


def _svg(tag: str, attrs: tuple[tuple[str, str], ...] = (), children: list[Any] | None = None) -> Any:
    node = document.createElementNS(SVG, tag)
    for name, value in attrs:
        node.setAttribute(name, value)
    for child in children or []:
        node.appendChild(child)
    return node


def _figure(shapes: tuple[Shape, ...]) -> Any:
    """A double-headed court figure: the upper half, then the same turned upside down."""
    def half(transform: str | None = None) -> Any:
        attrs = (("transform", transform),) if transform else ()
        return _svg("g", attrs, [_svg(shape.tag, shape.attrs) for shape in shapes])

    frame = _svg("rect", (("class", "frame"), ("x", "1"), ("y", "1"), ("width", "58"), ("height", "104"),
                          ("rx", "3")))
    divider = _svg("path", (("class", "frame"), ("d", "M1 53 L59 53")))
    return _svg("svg", (("class", "figure"), ("viewBox", FIGURE_VIEWBOX), ("aria-hidden", "true"),
                        ("focusable", "false")),
                [frame, half(), half("rotate(180 30 53)"), divider])


def face_nodes(card: Card) -> list[Any]:
    """The corner indices (top left, and bottom right turned round), and the pips or the figure."""
    shown = face(card)

    def index(corner: str) -> Any:
        # The repeated rank and the pips are drawn by the style sheet: a card button's visible
        # text stays its rank and suit once, as in its accessible name.
        top = corner == "top"
        rank = el("span", "rank wide" if len(shown.rank) > 1 else "rank", text=shown.rank if top else None,
                  data_rank=None if top else shown.rank)
        return el("span", f"index {corner}", aria_hidden="true", children=[
            rank, el("span", "suit", text=shown.suit if top else None)])

    if shown.court:
        middle = el("span", "court", aria_hidden="true", children=[_figure(COURT_FIGURES[card.rank])])
    else:
        middle = el("span", "pips", aria_hidden="true", children=[
            el("span", "pip flip" if pip.flipped else "pip", data_col=pip.col, data_row=pip.row)
            for pip in shown.pips])
    return [index("top"), middle, index("bottom")]


def back_nodes() -> list[Any]:
    """The pattern inside the back's white border."""
    return [el("span", "back-inner")]
