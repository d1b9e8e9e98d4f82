"""The review's chart (``#review-chart``): the deal's expected result after each move of the reviewed
seat, as an inline SVG drawn from the review's figures, with the key moments marked (the move
played, and up to where the better move would have kept it) and the other players' mistakes, which
explain a jump of the line."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from pasur.review import MoveReview

from ..i18n import Catalog
from .html import Node, h, svg

__all__ = ["chart"]

WIDTH, HEIGHT = 320, 150  # the drawing's own units (it is scaled to the panel's width)
LEFT, RIGHT, TOP, BOTTOM = 30, 10, 12, 20  # room for the labels


def _text(x: float, y: float, text: str, cls: str, anchor: str = "middle") -> Node:
    return ("svg:text", (("class", cls), ("x", f"{x:.1f}"), ("y", f"{y:.1f}"), ("text-anchor", anchor)), (text,))


def _range(values: Sequence[float]) -> tuple[int, int]:
    """The y axis: from a multiple of 5 under the lowest value (0 included) to one over the highest."""
    low, high = 5 * math.floor(min(0.0, *values) / 5), 5 * math.ceil(max(0.0, *values) / 5)
    return low, high if high > low else low + 5


def _at(points: Sequence[tuple[int, float]], x: float) -> float:
    """The line's value at ``x`` (between two decisions: on the segment joining them)."""
    before = [point for point in points if point[0] <= x] or points[:1]
    after = [point for point in points if point[0] >= x] or points[-1:]
    (x0, y0), (x1, y1) = before[-1], after[0]
    return y0 if x1 == x0 else y0 + (y1 - y0) * (x - x0) / (x1 - x0)


def _others(points: Sequence[tuple[int, float]], others: Sequence[tuple[float, str]],
            x: Callable[[float], float], y: Callable[[float], float]) -> list[Node]:
    """A triangle over the line for each of the other players' mistakes, pointing where it happened."""
    first, last = points[0][0], points[-1][0]
    shapes = []
    for at, name in others:
        where = min(last, max(first, at))
        cx, cy = x(where), y(_at(points, where))
        top = cy - 16  # above the line, pointing down at it
        shapes.append(svg("path", (("class", "chart-other"), ("d", f"M{cx - 6:.1f} {top:.1f}L{cx + 6:.1f} {top:.1f}"
                                                                   f"L{cx:.1f} {top + 10:.1f}Z"),
                                   ("data-chart-other", f"{at:g}"), ("data-name", name))))
    return shapes


def chart(entries: Sequence[MoveReview], moments: Sequence[MoveReview], cat: Catalog,
          others: Sequence[tuple[float, str]] = ()) -> Node | None:
    """The chart of ``entries`` with ``moments`` marked: a point for each decision (a move that was the
    only legal one is not searched, and has none), and a triangle for each of the other players'
    mistakes (``others``: where it fell among the seat's moves, 2.5 between its second and third, and
    who made it); None for fewer than two points."""
    points = [(entry.number, entry.expected) for entry in entries if entry.expected is not None]
    if len(points) < 2:
        return None
    t = cat.t
    low, high = _range([value for _, value in points] + [(entry.expected or 0) + entry.lost for entry in moments])
    first, last = entries[0].number, entries[-1].number
    width, height = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(number: float) -> float:
        return LEFT + width * (number - first) / max(1, last - first)

    def y(value: float) -> float:
        return TOP + height * (high - value) / (high - low)

    line = " ".join(f"{'M' if index == 0 else 'L'}{x(number):.1f} {y(value):.1f}"
                    for index, (number, value) in enumerate(points))
    shapes: list[Node] = [
        svg("rect", (("class", "chart-frame"), ("x", str(LEFT)), ("y", str(TOP)), ("width", str(width)),
                     ("height", str(height)))),
        svg("line", (("class", "chart-zero"), ("x1", str(LEFT)), ("x2", str(LEFT + width)),
                     ("y1", f"{y(0):.1f}"), ("y2", f"{y(0):.1f}"))),
        *(_text(LEFT - 4, y(value) + 4, cat.signed(value) if value else cat.num(0), "chart-label", "end")
          for value in sorted({high, 0, low})),
        _text(x(first), HEIGHT - 5, cat.num(first), "chart-label"),
        _text(x(last), HEIGHT - 5, cat.num(last), "chart-label"),
        svg("path", (("class", "chart-line"), ("d", line))),
        *(svg("circle", (("class", "chart-dot"), ("cx", f"{x(number):.1f}"), ("cy", f"{y(value):.1f}"), ("r", "1.8")))
          for number, value in points),
    ]
    for entry in moments:
        value = entry.expected or 0.0
        at, better, right = y(value), y(value + entry.lost), entry.number < (first + last) / 2
        shapes += [
            svg("line", (("class", "chart-better"), ("x1", f"{x(entry.number):.1f}"), ("x2", f"{x(entry.number):.1f}"),
                         ("y1", f"{at:.1f}"), ("y2", f"{better:.1f}"))),
            svg("circle", (("class", f"chart-moment grade-{entry.grade}"), ("cx", f"{x(entry.number):.1f}"),
                           ("cy", f"{at:.1f}"), ("r", "5"), ("data-chart-moment", str(entry.number)))),
            # its number beside it, on the side with room
            _text(x(entry.number) + (8 if right else -8), at + 4, cat.num(entry.number), "chart-moment-label",
                  "start" if right else "end")]
    shapes += _others(points, others, x, y)
    said = t("review_chart_label", first=cat.signed(round(points[0][1])), last=cat.signed(round(points[-1][1])),
             moments=t("review_chart_moves", list=cat.listing(cat.num(entry.number) for entry in moments))
             if moments else t("review_chart_none"))
    if others:
        said += ". " + t("review_chart_others", list=cat.listing(cat.num(int(at)) for at, _ in others))
    # The numbers and the lines up from them are explained only on a chart that has some.
    caption = " ".join([t("review_chart_caption"), *([t("review_chart_moments_caption")] if moments else []),
                        *([t("review_chart_others_caption")] if others else [])])
    return h("figure", "review-chart", children=[
        svg("svg", (("id", "review-chart"), ("viewBox", f"0 0 {WIDTH} {HEIGHT}"), ("role", "img"),
                    ("aria-label", said), ("data-points", str(len(points)))), shapes),
        h("figcaption", "muted", text=caption)])
