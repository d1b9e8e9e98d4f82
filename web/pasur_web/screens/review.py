"""The move review panel (``#review``): it opens on the deal's key moments (the costliest moves, each
with its position, the move played, the better one on the cards and why) over a chart of the deal;
the list of every move is one tap away; one position can be shown on its own and played again.

One scale (``pasur.grades``): a move graded best or good names no better move and counts nothing
lost; the summary adds up exactly the losses of the moves graded worse."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pasur import Card, Move
from pasur.grades import WORSE, confidence_for
from pasur.review import MoveReview, key_moments, points_lost

from ..i18n import Catalog
from ..model.review_panel import entries_of
from ..model.state import Review, State
from .cards import card_node
from .html import Node, h
from .review_chart import chart
from .words import move_words, name_of

__all__ = ["grade_words", "reason_words", "review", "verdict_line"]


def reason_words(entry: MoveReview, cat: Catalog, move: Move | None = None) -> str:
    """Why the move played (or ``move``) is worse than the best, in the page's language ("" if unsaid)."""
    reason = entry.option(move or entry.played).reason
    if reason is None:
        return ""
    key, values = reason
    shown = {name: cat.num(value) if value.isdigit() else cat.isolate_value(value) for name, value in values.items()}
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


def verdict_line(entry: MoveReview, cat: Catalog, with_best: bool, move: Move | None = None) -> str:
    """The grade; for a grade worse than good, the better move (``with_best``), the points lost and why."""
    move = move or entry.played
    parts = [grade_words(entry, cat, move)]
    option = entry.option(move)
    if entry.grade_of(move) in WORSE:
        if with_best:
            parts.append(cat.t("review_better", move=move_words(entry.best, cat)))
        parts.append(cat.t("review_lost", loss=float(option.loss)))
    reason = reason_words(entry, cat, move)
    if reason and (entry.grade_of(move) in WORSE or option.reason == ("only_move", {})):
        parts.append(reason)
    return " · ".join(parts)


def _cards(group: Iterable[Card], label: str, cat: Catalog, played: Move | None, better: Move | None,
           **button: object) -> Node:
    """A row of the position's cards, those of the move played (or tried) and of the better move marked;
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


def _position_cards(entry: MoveReview, cat: Catalog, played: Move | None, better: Move | None,
                    hand_id: str | None = None, **button: object) -> list[Node]:
    t = cat.t
    table = _cards(sorted(entry.table), t("table"), cat, played, better)
    hand = _cards(sorted(entry.hand), t("review_hand"), cat, played, better, **button)
    return [h("h3", "review-cards-title", text=t("table")), table,
            h("h3", "review-cards-title", text=t("review_hand")), h("div", id=hand_id, children=[hand])]


def _seats(state: State, seat: int) -> list[Node]:
    match, t = state.match, state.cat.t
    assert match is not None
    humans = match.human_seats()
    if len(humans) < 2:
        return []
    return [h("div", "review-seats", children=[
        h("button", "secondary" + (" chosen" if other == seat else ""), type="button", data_action="review-seat",
          data_review_seat=other, aria_pressed="true" if other == seat else "false",
          text=t("review_seat", name=name_of(match, other, state.cat))) for other in humans])]


def _moment(entry: MoveReview, index: int, cat: Catalog) -> Node:
    """One key moment: the position, the move played, the better move on the cards, why, and Try again."""
    t = cat.t
    return h("section", f"review-moment grade-{entry.grade}", data_review_moment="", data_index=index,
             data_grade=entry.grade, data_played=str(entry.played), data_better=str(entry.better),
             data_loss=f"{entry.loss:g}", children=[
        h("h3", text=t("review_moment_title", n=entry.number, round=entry.round, grade=grade_words(entry, cat))),
        h("p", "mark-played-text", text=t("review_played", move=move_words(entry.played, cat))),
        h("p", "mark-best-text", text=t("review_better_move", move=move_words(entry.best, cat))),
        h("p", "review-why", text=" · ".join(part for part in (reason_words(entry, cat), t(
            "review_lost", loss=float(entry.loss))) if part)),
        *_position_cards(entry, cat, entry.played, entry.best),
        h("button", "secondary", type="button", data_action="review-try", data_index=index, text=t("review_try"))])


CARDS_FALL = 3  # points the expected result fell by beyond the moves' losses, said to come with the cards


def _summary(entries: Sequence[MoveReview], cat: Catalog) -> str:
    """How the seat played, and, when the expected result fell by more than its moves lost, that the
    rest came with the cards and the others' moves (so that "nothing lost" and a falling chart agree)."""
    worse = sum(entry.grade in WORSE for entry in entries)
    lost = float(points_lost(entries))
    said = (cat.t("review_summary", good=len(entries) - worse, total=len(entries), n=worse, loss=lost) if worse
            else cat.t("review_summary_clean", total=len(entries)))
    expected = [entry.expected for entry in entries if entry.expected is not None]
    if len(expected) < 2 or expected[0] - expected[-1] - lost < CARDS_FALL:
        return said
    first, last = cat.signed(round(expected[0])), cat.signed(round(expected[-1]))
    if not worse:
        return said + " " + cat.t("review_summary_cards", first=first, last=last)
    rest = cat.num(round(expected[0] - expected[-1] - lost))  # the fall the moves' losses do not explain
    return said + " " + cat.t("review_summary_cards_more", first=first, last=last, rest=rest)


def _panel(state: State, shown: Review, entries: Sequence[MoveReview], total: int, body: list[Node | None]) -> Node:
    """The panel around ``body``: the title, whose moves, the progress while the review is computed."""
    match, t = state.match, state.cat.t
    assert match is not None
    deal = match.reviewable_deal() or 0
    done = len(entries) >= total
    progress = "" if done else t("review_progress", done=len(entries), n=total)
    return h("div", "panel review-panel", children=[
        h("h2", id="review-title", tabindex="-1", text=t("review_title", n=deal + 1)), *_seats(state, shown.seat),
        h("p", "muted", id="review-progress", role="status", text=progress) if progress else None, *body,
        h("button", "primary", id="review-close", type="button", text=t("close"))])


def _moments(entries: Sequence[MoveReview], done: bool, cat: Catalog) -> list[Node | None]:
    """What the review opens on: the summary, the chart, the key moments, the way to every move."""
    t = cat.t
    if not entries and done:
        return [h("p", "review-summary", text=t("review_none"))]
    moments = key_moments(entries) if done else []
    return [
        h("p", "review-summary", text=_summary(entries, cat)) if done else None,
        chart(entries, moments, cat),
        h("h3", "review-moments-title", text=t("review_key_title")) if moments else None,
        *(_moment(entry, entries.index(entry), cat) for entry in moments),
        h("button", "secondary", id="review-all", type="button", text=t("review_all", n=len(entries))) if done
        else None]


def _list(entries: Sequence[MoveReview], done: bool, cat: Catalog) -> list[Node | None]:
    t = cat.t
    lines = [h("li", children=[h("button", f"review-move grade-{entry.grade}", type="button",
                                 data_action="review-move", data_review_move="", data_index=index,
                                 data_played=str(entry.played), data_best=str(entry.best), data_grade=entry.grade,
                                 data_better=None if entry.better is None else str(entry.better),
                                 data_loss="0" if entry.best == entry.played else f"{entry.loss:g}", children=[
        h("span", "review-line", text=t("review_line", n=entry.number, move=move_words(entry.played, cat))),
        h("span", "review-detail", text=verdict_line(entry, cat, with_best=True))])])
             for index, entry in enumerate(entries)]
    return [h("p", "review-summary", text=_summary(entries, cat)) if done and entries else None,
            h("ol", "review-list", children=lines),
            h("button", "secondary", id="review-key", type="button", text=t("review_key_title"))]


def _position(entry: MoveReview, index: int, cat: Catalog) -> Node:
    t = cat.t
    better = entry.better
    return h("div", "panel review-panel", id="review-position", children=[
        h("h2", id="review-title", tabindex="-1", text=t("review_position", n=entry.number, round=entry.round)),
        h("p", "mark-played-text", text=t("review_played", move=move_words(entry.played, cat))),
        h("p", "mark-best-text", text=t("review_better_move", move=move_words(better, cat)) if better else t(
            "review_was_best" if entry.grade == "best" else "review_was_good")),
        h("p", "muted", text=verdict_line(entry, cat, with_best=False)),
        *_position_cards(entry, cat, entry.played, better),
        h("div", "sheet-actions", children=[
            h("button", "secondary", type="button", data_action="review-try", data_index=index, text=t("review_try")),
            h("button", "primary", id="review-back", type="button", text=t("review_back"))])])


def _trying(entry: MoveReview, shown: Review, cat: Catalog) -> Node:
    """The position played again: the hand's cards are buttons; the move tried is graded."""
    t = cat.t
    tried = None if shown.tried is None else Move.parse(shown.tried)
    grade = None if tried is None else entry.grade_of(tried)
    better = entry.best if grade in WORSE else None
    result: list[Node] = []
    if tried is not None and grade is not None:
        words = move_words(tried, cat)
        text = (t(f"review_try_{grade}", move=words) if grade not in WORSE else " ".join([
            t("review_try_worse", move=words, verdict=verdict_line(entry, cat, with_best=False, move=tried)),
            t("review_better_move", move=move_words(entry.best, cat))]))
        result = [h("p", f"review-try-result grade-{grade}", id="review-try-result", role="status", tabindex="-1",
                    data_grade=grade, data_tried=str(tried), text=text)]
    choice: list[Node] = []
    if shown.choosing is not None:
        card = Card.parse(shown.choosing)
        options = [option.move for option in entry.options if option.move.card == card]
        choice = [h("div", "review-try-choice", id="review-try-choice", children=[
            h("p", text=t("choose_capture", card=cat.card_symbol(card))), *(
                h("button", "secondary", type="button", data_action="review-try-capture",
                  data_capture=",".join(map(str, move.sorted_captured())), text=cat.cards_text(move.captured))
                for move in options)])]
    return h("div", "panel review-panel", id="review-try", children=[
        h("h2", id="review-title", tabindex="-1", text=t("review_try_title", n=entry.number, round=entry.round)),
        h("p", text=t("review_try_prompt")), *result,
        # the move tried marked as played, or as the best when it is as good as the best
        *_position_cards(entry, cat, tried if better else None, better or tried, "review-try-hand",
                         data_action="review-try-card"), *choice,
        h("div", "sheet-actions", children=[h("button", "primary", id="review-back", type="button",
                                              text=t("review_back" if shown.full else "review_try_back"))])])


def review(state: State) -> tuple[Node, bool] | None:
    """The review panel, and whether every move of it is reviewed (``#review[data-done]``)."""
    found, shown = entries_of(state), state.review
    if found is None or shown is None or not state.playing:
        return None
    entries, total = found
    done = len(entries) >= total
    cat = state.cat
    if shown.position is not None and shown.position < len(entries):
        entry = entries[shown.position]
        return (_trying(entry, shown, cat) if shown.trying else _position(entry, shown.position, cat)), done
    body = _list(entries, done, cat) if shown.full else _moments(entries, done, cat)
    return _panel(state, shown, entries, total, body), done
