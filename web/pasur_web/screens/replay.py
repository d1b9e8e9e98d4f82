"""The replay of a reviewed deal (``#review-position``): one move at a time, every seat's, with the
table and the reviewed seat's hand before it (in a local game every hand), the move played and, where
its judgement may be shown, the best move and why. First, previous, next and last move are buttons,
the arrow keys and a swipe; Try again plays the reviewer's position of that move, or the next one."""

from __future__ import annotations

from collections.abc import Sequence

from pasur import Move

from ..model.replay import Step, next_own
from ..model.state import Review, State
from .html import Node, h
from .review_words import Say, cards_row
from .words import is_you, move_words

__all__ = ["replay"]

# The buttons, in the order of play; the arrows point the way the deal runs (right to left in Persian).
MOVES = (("first", "|◀", "▶|"), ("prev", "◀", "▶"), ("next", "▶", "◀"), ("last", "▶|", "|◀"))


def _hands(state: State, step: Step, seat: int, say: Say, played: Move, better: Move | None) -> list[Node]:
    """The reviewed seat's hand, then (a local game) every other seat's, the mover's cards marked."""
    match, cat = state.match, say.cat
    assert match is not None
    rows = [(seat, step.hand)]
    if step.hands is not None:
        rows += [(other, hand) for other, hand in enumerate(step.hands) if other != seat]
    nodes: list[Node] = []
    for other, hand in rows:
        mover = other == step.record.seat
        title = cat.t("review_hand_yours") if is_you(match, other) else cat.t("review_hand_of", name=say.name(other))
        nodes += [h("h3", "review-cards-title", text=title),
                  cards_row(sorted(hand), title, cat, played if mover else None, better if mover else None)]
    return nodes


def _nav(at: int, total: int, say: Say) -> Node:
    rtl = say.cat.rtl
    return h("div", "review-steps", role="group", aria_label=say.cat.t("review_replay"), children=[
        h("button", "secondary review-step", id=f"review-{name}", type="button", data_action=f"review-{name}",
          aria_label=say.cat.t(f"review_step_{name}"), title=say.cat.t(f"review_step_{name}"),
          disabled=(at == 0) if name in ("first", "prev") else (at == total - 1), text=right if rtl else left,
          dir="ltr")  # (the arrow and its bar as written; the row of buttons runs the page's way)
        for name, left, right in MOVES])


def replay(state: State, shown: Review, steps: Sequence[Step], say: Say) -> Node:
    """The deal at move ``shown.step``."""
    at = shown.step or 0
    step = steps[at]
    record, entry, cat = step.record, step.entry, say.cat
    t = cat.t
    played = record.move
    better = None if entry is None else entry.better
    judged: list[Node | None] = []
    if entry is not None:
        best = t("review_better_move", move=move_words(better, cat)) if better is not None else t(
            "review_was_best" if entry.grade == "best" else "review_was_good")
        parts = say.parts(entry, with_best=False)  # (for a move graded best or good, said when it says why)
        judged = [h("p", "mark-best-text", text=best), h("p", "muted review-verdict", text=" · ".join(parts))
                  if len(parts) > 1 else None]
    own = next_own(steps, at)
    back = "review_back" if shown.full else "review_try_back"
    return h("div", "panel review-panel review-replay", id="review-position", data_step=at, data_seat=record.seat,
             data_move=str(played), data_grade=None if entry is None else entry.grade,
             data_best=None if entry is None else str(entry.best), children=[
        h("h2", id="review-title", tabindex="-1", text=t("review_step_title", n=at + 1, total=len(steps),
                                                           round=record.round, name=say.name(record.seat))),
        _nav(at, len(steps), say),
        h("p", "mark-played-text", text=t("review_played", move=move_words(played, cat))), *judged,
        h("h3", "review-cards-title", text=t("table")),
        cards_row(sorted(step.table), t("table"), cat, played, better),
        *_hands(state, step, shown.seat, say, played, better),
        h("p", "muted review-keys", text=t("review_step_keys")),
        h("div", "sheet-actions", children=[
            None if own is None else h("button", "secondary", id="review-try-here", type="button",
                                       data_action="review-try", data_index=own,
                                       text=t("review_try" if step.own is not None else "review_try_next")),
            h("button", "primary", id="review-back", type="button", text=t(back))])])
