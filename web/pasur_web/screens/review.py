"""The move review panel (``#review``): it opens on the deal's key moments (the costliest moves, each
with its position, the move played, the better one on the cards and why) over a chart of the deal,
which marks the other players' mistakes too; the list of every move and the replay of the whole deal
(``screens/replay.py``) are one tap away; any of the seat's positions can be played again.

One scale (``pasur.grades``): a move graded best or good names no better move and counts nothing
lost; the summary adds up exactly the losses of the moves graded worse."""

from __future__ import annotations

from collections.abc import Sequence

from pasur import Card, Move
from pasur.grades import WORSE
from pasur.review import MoveReview, key_moments, points_lost

from ..i18n import Catalog
from ..model.match import review_key, running_slot
from ..model.replay import entries_of, local, others_worse, replay_of
from ..model.state import Review, State
from .html import Node, h
from .replay import replay
from .review_chart import chart
from .review_words import Say, cards_row, grade_words
from .words import move_words, name_of

__all__ = ["review"]


def _position_cards(entry: MoveReview, cat: Catalog, played: Move | None, better: Move | None,
                    hand_id: str | None = None, **button: object) -> list[Node]:
    t = cat.t
    table = cards_row(sorted(entry.table), t("table"), cat, played, better)
    hand = cards_row(sorted(entry.hand), t("review_hand"), cat, played, better, **button)
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


def _moment(entry: MoveReview, index: int, say: Say) -> Node:
    """One key moment: the position, the move played, the better move on the cards, why, and Try again."""
    cat, t = say.cat, say.cat.t
    return h("section", f"review-moment grade-{entry.grade}", data_review_moment="", data_index=index,
             data_grade=entry.grade, data_played=str(entry.played), data_better=str(entry.better),
             data_loss=f"{entry.loss:g}", children=[
        h("h3", text=t("review_moment_title", n=entry.number, round=entry.round, grade=grade_words(entry, cat))),
        h("p", "mark-played-text", text=t("review_played", move=move_words(entry.played, cat))),
        h("p", "mark-best-text", text=t("review_better_move", move=move_words(entry.best, cat))),
        h("p", "review-why", text=" · ".join(part for part in (say.why(entry), t(
            "review_lost", loss=float(entry.loss))) if part)),
        *_position_cards(entry, cat, entry.played, entry.best),
        h("div", "sheet-actions", children=[
            h("button", "secondary", type="button", data_action="review-try", data_index=index, text=t("review_try")),
            h("button", "secondary", type="button", data_action="review-move", data_index=index,
              text=t("review_replay"))])])


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


def _progress(state: State, shown: Review, entries: Sequence[MoveReview], total: int) -> str:
    """What is still being reviewed: the seat's moves, then (a local game) each other seat's."""
    match, t = state.match, state.cat.t
    assert match is not None
    if len(entries) < total:
        return t("review_progress", done=len(entries), n=total)
    deal = match.reviewable_deal()
    if deal is None or not local(state):
        return ""
    for seat in range(match.board.players):
        key = review_key(deal, seat)
        if seat != shown.seat and key not in match.reviews:
            done = len(state.running.get(running_slot(match.id, key), ()))
            return t("review_progress_other", name=name_of(match, seat, state.cat), done=done, n=sum(
                1 for record in match.board.history if record.deal == deal and record.seat == seat))
    return ""


def _panel(state: State, shown: Review, entries: Sequence[MoveReview], total: int, body: list[Node | None]) -> Node:
    """The panel around ``body``: the title, whose moves, the progress while the review is computed."""
    match, t = state.match, state.cat.t
    assert match is not None
    deal = match.reviewable_deal() or 0
    progress = _progress(state, shown, entries, total)
    return h("div", "panel review-panel", children=[
        h("h2", id="review-title", tabindex="-1", text=t("review_title", n=deal + 1)), *_seats(state, shown.seat),
        h("p", "muted", id="review-progress", role="status", text=progress) if progress else None, *body,
        h("button", "primary", id="review-close", type="button", text=t("close"))])


def _replay_button(state: State, done: bool) -> Node | None:
    return h("button", "secondary", id="review-replay", type="button", data_action="review-first",
             text=state.cat.t("review_replay")) if done and replay_of(state) else None


def _moments(state: State, entries: Sequence[MoveReview], done: bool, say: Say) -> list[Node | None]:
    """What the review opens on: the summary, the chart, the key moments, the way to every move."""
    t = say.cat.t
    if not entries and done:
        return [h("p", "review-summary", text=t("review_none"))]
    moments = key_moments(entries) if done else []
    steps = replay_of(state) if done else None
    others = [(at, say.name(step.record.seat)) for at, step in others_worse(steps or [])]
    return [
        h("p", "review-summary", text=_summary(entries, say.cat)) if done else None,
        chart(entries, moments, say.cat, others),
        h("h3", "review-moments-title", text=t("review_key_title")) if moments else None,
        *(_moment(entry, entries.index(entry), say) for entry in moments),
        h("div", "sheet-actions", children=[
            h("button", "secondary", id="review-all", type="button", text=t("review_all", n=len(entries))),
            _replay_button(state, done)]) if done else None]


def _list(state: State, entries: Sequence[MoveReview], done: bool, say: Say) -> list[Node | None]:
    cat, t = say.cat, say.cat.t
    lines = [h("li", children=[h("button", f"review-move grade-{entry.grade}", type="button",
                                 data_action="review-move", data_review_move="", data_index=index,
                                 data_played=str(entry.played), data_best=str(entry.best), data_grade=entry.grade,
                                 data_better=None if entry.better is None else str(entry.better),
                                 data_loss="0" if entry.best == entry.played else f"{entry.loss:g}", children=[
        h("span", "review-line", text=t("review_line", n=entry.number, move=move_words(entry.played, cat))),
        h("span", "review-detail", text=say.verdict(entry, with_best=True))])])
             for index, entry in enumerate(entries)]
    return [h("p", "review-summary", text=_summary(entries, cat)) if done and entries else None,
            h("ol", "review-list", children=lines),
            h("div", "sheet-actions", children=[
                h("button", "secondary", id="review-key", type="button", text=t("review_key_title")),
                _replay_button(state, done)])]


def _trying(entry: MoveReview, shown: Review, say: Say) -> Node:
    """The position played again: the hand's cards are buttons; the move tried is graded, and the player
    may try another move, as often as they like."""
    cat, t = say.cat, say.cat.t
    tried = None if shown.tried is None else Move.parse(shown.tried)
    grade = None if tried is None else entry.grade_of(tried)
    better = entry.best if grade in WORSE else None
    result: list[Node] = []
    if tried is not None and grade is not None:
        words = move_words(tried, cat)
        text = (t(f"review_try_{grade}", move=words) if grade not in WORSE else " ".join([
            t("review_try_worse", move=words, verdict=say.verdict(entry, with_best=False, move=tried)),
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
    back = "review_back_replay" if shown.step is not None else "review_back" if shown.full else "review_try_back"
    return h("div", "panel review-panel", id="review-try", children=[
        h("h2", id="review-title", tabindex="-1", text=t("review_try_title", n=entry.number, round=entry.round)),
        h("p", text=t("review_try_prompt")), *result,
        # the move tried marked as played, or as the best when it is as good as the best
        *_position_cards(entry, cat, tried if better else None, better or tried, "review-try-hand",
                         data_action="review-try-card"), *choice,
        h("div", "sheet-actions", children=[
            h("button", "secondary", id="review-try-again", type="button", data_action="review-try",
              data_index=shown.position, text=t("review_try_another")) if tried is not None else None,
            h("button", "primary", id="review-back", type="button", text=t(back))])])


def review(state: State) -> tuple[Node, bool] | None:
    """The review panel, and whether every move of it is reviewed, the other seats' of a local game
    included (``#review[data-done]``)."""
    found, shown = entries_of(state), state.review
    if found is None or shown is None or not state.playing:
        return None
    entries, total = found
    say = Say.of(state)
    done = len(entries) >= total and not _progress(state, shown, entries, total)
    if shown.trying and shown.position is not None and shown.position < len(entries):
        return _trying(entries[shown.position], shown, say), done
    if shown.step is not None:
        steps = replay_of(state)
        if steps and shown.step < len(steps):
            return replay(state, shown, steps, say), done
    body = _list(state, entries, len(entries) >= total, say) if shown.full else _moments(
        state, entries, len(entries) >= total, say)
    return _panel(state, shown, entries, total, body), done
