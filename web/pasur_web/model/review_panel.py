"""The move review's panel: opened on a seat's key moments, the list of every move, one position on
its own, and that position played again ("Try again"), graded from the review's own figures."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pasur import Card, Move
from pasur.review import MoveReview

from . import actions as act
from . import effects as fx
from .match import Match, review_key
from .online_state import Hosting, Visiting
from .play import Result
from .state import Review, State
from .visiting import to_host

__all__ = ["entries_of", "review_action", "reviewed"]


def entries_of(state: State) -> tuple[Sequence[MoveReview], int] | None:
    """The reviewed moves of the panel's seat so far, and how many there are to review in all."""
    match, shown = state.match, state.review
    deal = None if match is None else match.reviewable_deal()
    if match is None or shown is None or deal is None:
        return None
    key = review_key(deal, shown.seat)
    if key in match.reviews:
        return match.reviews[key], len(match.reviews[key])
    total = sum(1 for record in match.board.history if record.deal == deal and record.seat == shown.seat)
    return state.running.get(f"{match.id}/{key}", ()), total


def _try_move(state: State, review: Review, action: act.TryMove) -> Result:
    """A card (or, after it, one of its captures) chosen in the position played again."""
    found = entries_of(state)
    if found is None or review.position is None or review.position >= len(found[0]) or not review.trying:
        return state, []
    entry = found[0][review.position]
    try:
        card = Card.parse(review.choosing if action.captured is not None and review.choosing else action.card)
        wanted = None if action.captured is None else Move.parse(f"{card}:{action.captured}")
    except ValueError:
        return state, []
    moves = [option.move for option in entry.options if option.move.card == card and wanted in (None, option.move)]
    if len(moves) > 1:
        return replace(state, review=replace(review, choosing=str(card), tried=None)), [
            fx.Focus("#review-try-choice [data-capture]")]
    if len(moves) != 1:
        return state, []
    return replace(state, review=replace(review, choosing=None, tried=str(moves[0]))), [fx.Focus("#review-try-result")]


def _made(state: State, match: Match, deal: int, seat: int) -> list[fx.Effect]:
    """What makes a seat's review: the page's own work, or at a friend's page (which has not the whole
    deal) a request to the host's page, whose answer comes with the next state."""
    online = state.online
    if isinstance(online, Visiting):
        return to_host(online, {"t": "review", "deal": deal})
    return [fx.ComputeReview(match, deal, seat)]


def review_action(state: State, action: act.Action) -> Result:
    """Opening the review (computed in the background the first time), moving around it, closing it."""
    match = state.match
    deal = None if match is None else match.reviewable_deal()
    if match is None or deal is None or not match.human_seats():
        return replace(state, review=None), []
    review = state.review
    if isinstance(action, act.OpenReview):
        humans = match.human_seats()
        seat = action.seat if action.seat in humans else humans[0]
        effects: list[fx.Effect] = [fx.Focus("#review-title")]
        if review_key(deal, seat) not in match.reviews:
            effects = [*_made(state, match, deal, seat), *effects]
        return replace(state, review=Review(seat, full=review is not None and review.full)), effects
    if action is act.Press.CLOSE_REVIEW or review is None:
        return replace(state, review=None), [fx.Focus("#review-open")]
    if action is act.Press.REVIEW_ALL or action is act.Press.REVIEW_KEY:
        full = action is act.Press.REVIEW_ALL
        focus = "#review-key" if full else "#review-all"
        return replace(state, review=Review(review.seat, full=full)), [fx.Focus(focus)]
    if isinstance(action, act.TryAgain):
        return replace(state, review=replace(review, position=action.index, trying=True, choosing=None, tried=None)), [
            fx.Focus("#review-try-hand [data-card]")]
    if isinstance(action, act.TryMove):
        return _try_move(state, review, action)
    assert isinstance(action, act.ReviewMove)
    if action.index is None:
        focus = f'#review [data-index="{review.position}"]'
        return replace(state, review=Review(review.seat, full=review.full)), [fx.Focus(focus)]
    return replace(state, review=replace(review, position=action.index)), [fx.Focus("#review-back")]


def escape(state: State) -> Result:
    """Escape in the review: a capture choice closes, then the position played again (back to the
    position when it was opened from the list, else to the key moments), the position, the panel."""
    review = state.review
    assert review is not None
    if review.choosing is not None:
        return replace(state, review=replace(review, choosing=None)), [fx.Focus("#review-try-hand [data-card]")]
    if review.trying and review.full:  # back to the position, as it was shown from the list
        return replace(state, review=replace(review, trying=False, tried=None)), [fx.Focus("#review-back")]
    return review_action(state, act.ReviewMove(None) if review.position is not None else act.Press.CLOSE_REVIEW)


def reviewed(state: State, action: act.Reviewed) -> Result:
    """More of the review under way is known (all of it: kept in the match's save)."""
    match = state.match
    if match is None or match.id != action.match:
        return state, []
    slot = f"{match.id}/{action.key}"
    if not action.done:
        return replace(state, running={**state.running, slot: action.entries}), []
    match = match.with_review(action.key, action.entries)
    running = {key: entries for key, entries in state.running.items() if key != slot}
    state = replace(state, match=match, running=running)
    effects: list[fx.Effect] = [] if state.demo is not None else [fx.SaveMatch(match)]
    deal, review, online = match.reviewable_deal(), state.review, state.online
    wanted = [] if review is None else [review.seat]  # another seat chosen meanwhile, then the friends'
    if isinstance(online, Hosting):  # a friend's review goes with the next state
        wanted += [int(key.split(":")[1]) for key in sorted(online.asked) if key.startswith(f"{deal}:")]
    missing = [seat for seat in wanted if review_key(deal, seat) not in match.reviews] if deal is not None else []
    if deal is not None and missing:
        effects.append(fx.ComputeReview(match, deal, missing[0]))
    return state, effects
