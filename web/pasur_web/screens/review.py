"""The move review panel (``#review``): one line per move of the reviewed seat, or one position on its
own with the move played and the better one marked on the cards."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pasur import Card
from pasur.review import MoveReview

from ..i18n import Catalog
from ..model.panels import review_key
from ..model.state import State
from .cards import card_node
from .html import Node, h
from .words import move_words, name_of

__all__ = ["reason_words", "review", "verdict_line"]


def reason_words(entry: MoveReview, cat: Catalog) -> str:
    if entry.reason is None:
        return ""
    key, values = entry.reason
    shown = {name: cat.num(value) if value.isdigit() else cat.isolate(value) for name, value in values.items()}
    count = values.get("points", values.get("clubs"))
    return cat.t(f"review_reason_{key}", **shown, **({} if count is None else {"n": int(count)}))


def verdict_line(entry: MoveReview, cat: Catalog, with_best: bool) -> str:
    """The verdict, the better move (``with_best``), the loss and the reason, in one line."""
    t = cat.t
    verdict = t(f"review_verdict_{entry.verdict}")
    parts = [t("review_about_equal", verdict=verdict) if entry.about_equal else verdict]
    if entry.best != entry.played:
        if with_best:
            parts.append(t("review_better", move=move_words(entry.best, cat)))
        loss = cat.decimal(entry.loss)
        parts.append(t("review_loss_exact", loss=loss) if entry.exact else t(
            "review_loss", loss=loss, error=cat.decimal(entry.error)))
    reason = reason_words(entry, cat)
    return " · ".join([*parts, reason] if reason else parts)


def _list(state: State, entries: Sequence[MoveReview], total: int, deal: int, seat: int) -> Node:
    match, cat = state.match, state.cat
    assert match is not None
    t = cat.t
    humans = match.human_seats()
    seats = [h("div", "review-seats", children=[
        h("button", "secondary" + (" chosen" if other == seat else ""), text=t("review_seat", name=name_of(match, other,
                                                                                                              cat)),
          type="button", data_action="review-seat", data_review_seat=other,
          aria_pressed="true" if other == seat else "false") for other in humans])] if len(humans) > 1 else []
    lines = [h("li", children=[h("button", f"review-move verdict-{entry.verdict}", type="button",
                                 data_action="review-move", data_review_move="", data_index=index,
                                 data_played=str(entry.played), data_best=str(entry.best),
                                 data_loss="0" if entry.best == entry.played else f"{entry.loss:g}",
                                 children=[
                                     h("span", "review-line", text=t("review_line", n=entry.number,
                                                                      move=move_words(entry.played, cat))),
                                     h("span", "review-detail", text=verdict_line(entry, cat, with_best=True))])])
             for index, entry in enumerate(entries)]
    done = len(entries) >= total
    progress = "" if done else t("review_progress", done=len(entries), n=total)
    summary = (t("review_summary", loss=cat.decimal(sum(entry.loss for entry in entries))) if done and entries
               else t("review_none") if done else "")
    return h("div", "panel review-panel", children=[
        h("h2", id="review-title", tabindex="-1", text=t("review_title", n=deal + 1)), *seats,
        h("p", "muted", id="review-progress", role="status", text=progress) if progress else None,
        h("ol", "review-list", children=lines),
        h("p", "review-summary", text=summary) if summary else None,
        h("button", "primary", id="review-close", type="button", text=t("close"))])


def _position(entry: MoveReview, cat: Catalog) -> Node:
    t = cat.t
    same = entry.best == entry.played

    def cards(group: Iterable[Card], label: str) -> Node:
        nodes = []
        for card in group:
            played = card in (entry.played.card, *entry.played.captured)
            best = not same and card in (entry.best.card, *entry.best.captured)
            marks = " ".join(mark for mark, on in (("mark-played", played), ("mark-best", best)) if on)
            nodes.append(card_node(card, cat, marks=marks, data_played="1" if played else None,
                                   data_best="1" if best else None))
        return h("div", "review-cards", role="group", aria_label=label,
                 children=nodes or [h("p", "empty", text=t("table_empty"))])

    return h("div", "panel review-panel", id="review-position", children=[
        h("h2", id="review-title", tabindex="-1", text=t("review_position", n=entry.number, round=entry.round)),
        h("p", "mark-played-text", text=t("review_played", move=move_words(entry.played, cat))),
        h("p", "mark-best-text", text=t("review_was_best") if same else t(
            "review_better_move", move=move_words(entry.best, cat))),
        h("p", "muted", text=verdict_line(entry, cat, with_best=False)),
        h("h3", text=t("table")), cards(sorted(entry.table), t("table")),
        h("h3", text=t("review_hand")), cards(sorted(entry.hand), t("review_hand")),
        h("div", "sheet-actions", children=[h("button", "primary", id="review-back", type="button",
                                              text=t("review_back"))])])


def review(state: State) -> tuple[Node, bool] | None:
    """The review panel, and whether every move of it is reviewed (``#review[data-done]``)."""
    match, shown = state.match, state.review
    deal = None if match is None else match.reviewable_deal()
    if match is None or shown is None or deal is None or not state.playing:
        return None
    key = review_key(deal, shown.seat)
    if key in match.reviews:
        entries: Sequence[MoveReview] = match.reviews[key]
        total = len(entries)
    else:
        entries = state.running.get(f"{match.id}/{key}", ())
        total = sum(1 for record in match.game.history if record.deal == deal and record.seat == shown.seat)
    if shown.position is not None and shown.position < len(entries):
        return _position(entries[shown.position], state.cat), len(entries) >= total
    return _list(state, entries, total, deal, shown.seat), len(entries) >= total
