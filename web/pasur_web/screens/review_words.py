"""The review's words: a grade and how sure it is, why a move is worse (or, for the only legal move and
the guided deal's simpler capture, why it is good), in the page's language with the players' names;
and a row of a position's cards with the move played and the better move marked."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from pasur import Card, Move
from pasur.grades import WORSE, confidence_for
from pasur.review import MoveReview

from ..i18n import Catalog
from ..model.state import State
from .cards import card_node
from .html import Node, h
from .words import move_words, name_of

__all__ = ["Names", "Say", "cards_row", "grade_words", "rank_words", "reason_words", "verdict_line", "verdict_parts"]

Names = Callable[[int], str]


@dataclass(frozen=True)
class Say:
    """What the review's words need: the catalog, the players' names, and whether the deal was guided."""

    cat: Catalog
    name: Names
    guided: bool = False

    @classmethod
    def of(cls, state: State) -> Say:
        match, cat = state.match, state.cat
        assert match is not None
        return cls(cat, lambda seat: name_of(match, seat, cat), state.turn.guide)

    def verdict(self, entry: MoveReview, with_best: bool, move: Move | None = None) -> str:
        return " · ".join(self.parts(entry, with_best, move))

    def parts(self, entry: MoveReview, with_best: bool, move: Move | None = None) -> list[str]:
        return verdict_parts(entry, self.cat, with_best, move, self.name, self.guided)

    def why(self, entry: MoveReview) -> str:
        return reason_words(entry, self.cat, None, self.name)


def rank_words(rank: str, cat: Catalog) -> str:
    """A rank as a reason names it: "a 3", "an ace", "a jack"."""
    number = {"A": 1, "J": 11, "Q": 12, "K": 13}.get(rank)
    return cat.t(f"review_rank_a_{number}") if number else cat.t("review_rank_a", rank=cat.num(rank))


def reason_words(entry: MoveReview, cat: Catalog, move: Move | None = None, name: Names | None = None) -> str:
    """Why the move played (or ``move``) is worse than the best, in the page's language ("" if unsaid);
    ``name`` names a seat ("Sara"), for the reasons told from the search's lines."""
    reason = entry.option(move or entry.played).reason
    if reason is None:
        return ""
    key, values = reason
    shown: dict[str, object] = {}
    for field, value in values.items():
        if field == "player":
            shown[field] = name(int(value)) if name is not None else cat.num(int(value) + 1)
        elif field == "rank" and key.startswith("sur_"):
            shown[field] = rank_words(value, cat)
        else:
            shown[field] = cat.num(value) if value.isdigit() else cat.isolate_value(value)
    count = values.get("points", values.get("clubs"))
    return cat.t(f"review_reason_{key}", **shown, **({} if count is None else {"n": int(count)}))


def grade_words(entry: MoveReview, cat: Catalog, move: Move | None = None) -> str:
    """The grade, with how sure it is for a grade worse than good: "Mistake (likely)"."""
    move = move or entry.played
    grade = entry.grade_of(move)
    words = cat.t(f"review_grade_{grade}")
    if grade not in WORSE:
        return words
    option = entry.option(move)
    sure = confidence_for(option.loss, option.error, entry.exact)
    return cat.t("review_graded", grade=words, sure=cat.t(f"review_sure_{sure}"))


def verdict_parts(entry: MoveReview, cat: Catalog, with_best: bool, move: Move | None = None,
                  name: Names | None = None, guided: bool = False) -> list[str]:
    """The grade; for a grade worse than good, the better move (``with_best``), the points lost and why;
    for the only legal move, or (``guided``) the guided deal's simpler capture, why it is good."""
    move = move or entry.played
    parts = [grade_words(entry, cat, move)]
    option = entry.option(move)
    if entry.grade_of(move) in WORSE:
        if with_best:
            parts.append(cat.t("review_better", move=move_words(entry.best, cat)))
        parts.append(cat.t("review_lost", loss=float(option.loss)))
    reason = reason_words(entry, cat, move, name)
    good_reason = option.reason is not None and option.reason[0] in (("only_move", "simpler") if guided else (
        "only_move",))
    if reason and (entry.grade_of(move) in WORSE or good_reason):
        parts.append(reason)
    return parts


def verdict_line(entry: MoveReview, cat: Catalog, with_best: bool, move: Move | None = None,
                 name: Names | None = None, guided: bool = False) -> str:
    """:func:`verdict_parts` in one line."""
    return " · ".join(verdict_parts(entry, cat, with_best, move, name, guided))


def cards_row(group: Iterable[Card], label: str, cat: Catalog, played: Move | None, better: Move | None,
              **button: object) -> Node:
    """A row of a position's cards, those of the move played (or tried) and of the better move marked;
    with ``button`` attributes, the cards are buttons (the hand of a position played again)."""
    nodes = []
    for card in group:
        mine = played is not None and card in (played.card, *played.captured)
        best = better is not None and card in (better.card, *better.captured)
        marks = " ".join(mark for mark, on in (("mark-played", mine), ("mark-best", best)) if on)
        nodes.append(card_node(card, cat, button=bool(button), marks=marks, data_played="1" if mine else None,
                               data_best="1" if best else None, **button))
    return h("div", "review-cards", role="group", aria_label=label,
             children=nodes or [h("p", "empty", text=cat.t("table_empty"))])


