"""The move review's panel: opened on a seat's key moments, the list of every move, the replay of the
whole deal, and any position of the reviewer's played again ("Try again"), graded from the review's own
figures."""

from __future__ import annotations

from dataclasses import replace

from pasur import Card, Move

from . import actions as act
from . import effects as fx
from .match import Match, review_key, running_slot
from .online_state import Hosting, Visiting
from .play import Result
from .replay import entries_of, local, next_own, replay_of, step_of
from .state import Review, State
from .visiting import to_host

__all__ = ["SWIPE", "entries_of", "escape", "replay_key", "review_action", "review_key", "reviewed", "swipe"]


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


def _wanted(state: State, match: Match, deal: int, first: int) -> list[int]:
    """The seats whose moves the page reviews, ``first`` first: in a local game every seat (each from its
    own view: the replay and the chart show the others' mistakes), else that seat alone."""
    others = [seat for seat in range(match.board.players) if seat != first] if local(state) else []
    return [seat for seat in (first, *others) if review_key(deal, seat) not in match.reviews]


def _open(state: State, match: Match, deal: int, action: act.OpenReview) -> Result:
    humans, review = match.human_seats(), state.review
    seat = action.seat if action.seat in humans else humans[0]
    effects: list[fx.Effect] = [fx.Focus("#review-title")]
    missing = _wanted(state, match, deal, seat)
    if missing:
        effects = [*_made(state, match, deal, missing[0]), *effects]
    return replace(state, review=Review(seat, full=review is not None and review.full)), effects


def _step(state: State, review: Review, to: str) -> Result:
    """The replay moved: to the first, previous, next or last move of the deal (opened on the first)."""
    steps = replay_of(state)
    if not steps:
        return state, []
    last, at = len(steps) - 1, review.step
    step = {"first": 0, "last": last}.get(to, 0 if at is None else min(last, max(0, at + (1 if to == "next" else -1))))
    if step == at:
        return state, []
    focus: list[fx.Effect] = [] if at is not None else [fx.Focus("#review-next")]
    return replace(state, review=replace(review, step=step, trying=False, choosing=None, tried=None)), focus


def _back(state: State, review: Review) -> Result:
    """One level back: from a position played again to the replay it came from (or the review), from the
    replay to the key moments or the list of every move."""
    if review.trying and review.step is not None:
        return replace(state, review=replace(review, trying=False, choosing=None, tried=None)), [
            fx.Focus("#review-back")]
    steps = replay_of(state) if review.step is not None else None
    own = None if not steps or review.step is None else next_own(steps, review.step)
    index = own if own is not None else review.position
    focus = f'#review [data-index="{index}"]' if index is not None else "#review-title"
    return replace(state, review=Review(review.seat, full=review.full)), [fx.Focus(focus)]


def review_action(state: State, action: act.Action) -> Result:
    """Opening the review (computed in the background the first time), moving around it (the key
    moments, every move, the replay of the deal, a position played again), closing it."""
    match = state.match
    deal = None if match is None else match.reviewable_deal()
    if match is None or deal is None or not match.human_seats():
        return replace(state, review=None), []
    review = state.review
    if isinstance(action, act.OpenReview):
        return _open(state, match, deal, action)
    if action is act.Press.CLOSE_REVIEW or review is None:
        return replace(state, review=None), [fx.Focus("#review-open")]
    if action is act.Press.REVIEW_ALL or action is act.Press.REVIEW_KEY:
        full = action is act.Press.REVIEW_ALL
        focus = "#review-key" if full else "#review-all"
        return replace(state, review=Review(review.seat, full=full)), [fx.Focus(focus)]
    if isinstance(action, act.ReviewStep):
        return _step(state, review, action.to)
    if isinstance(action, act.TryAgain):  # as often as the player likes, from any position of the replay
        return replace(state, review=replace(review, position=action.index, trying=True, choosing=None, tried=None)), [
            fx.Focus("#review-try-hand [data-card]")]
    if isinstance(action, act.TryMove):
        return _try_move(state, review, action)
    assert isinstance(action, act.ReviewMove)
    if action.index is None:
        return _back(state, review)
    steps = replay_of(state)
    if not steps or not 0 <= action.index < sum(step.own is not None for step in steps):
        return state, []
    return replace(state, review=replace(review, step=step_of(steps, action.index), position=action.index)), [
        fx.Focus("#review-back")]


_KEYS = {"ArrowLeft": "prev", "ArrowRight": "next", "Home": "first", "End": "last"}
SWIPE = 40  # CSS pixels a finger moves sideways (and mostly sideways) for a swipe


def _replaying(state: State) -> bool:
    review = state.review
    return review is not None and review.step is not None and not review.trying


def replay_key(state: State, key: str) -> act.ReviewStep | None:
    """A key in the replay of the deal: the arrows move one move the way the deal runs on the screen
    (the other way round in a right-to-left language), Home and End to its first and last move."""
    to = _KEYS.get(key)
    if to is None or not _replaying(state):
        return None
    if state.cat.rtl and to in ("prev", "next"):
        to = "next" if to == "prev" else "prev"
    return act.ReviewStep(to)


def swipe(state: State, across: float, down: float) -> act.ReviewStep | None:
    """A finger moved ``across`` (to the right) and ``down`` CSS pixels on the replay: a swipe to the
    left shows the next move (the previous one in a right-to-left language), as a page is turned."""
    if not _replaying(state) or abs(across) < SWIPE or abs(across) < 1.5 * abs(down):
        return None
    forward = (across < 0) != state.cat.rtl
    return act.ReviewStep("next" if forward else "prev")


def escape(state: State) -> Result:
    """Escape in the review: a capture choice closes, then the position played again, the replay, the
    panel."""
    review = state.review
    assert review is not None
    if review.choosing is not None:
        return replace(state, review=replace(review, choosing=None)), [fx.Focus("#review-try-hand [data-card]")]
    if review.trying or review.step is not None:
        return _back(state, review)
    return review_action(state, act.Press.CLOSE_REVIEW)


def reviewed(state: State, action: act.Reviewed) -> Result:
    """More of the review under way is known (all of it: kept in the match's save); then the next seat's
    moves (the seat chosen meanwhile, the other seats of a local game, the friends' at a table)."""
    match = state.match
    if match is None or match.id != action.match:
        return state, []
    slot = running_slot(match.id, action.key)
    if not action.done:
        return replace(state, running={**state.running, slot: action.entries}), []
    match = match.with_review(action.key, action.entries)
    running = {key: entries for key, entries in state.running.items() if key != slot}
    state = replace(state, match=match, running=running)
    effects: list[fx.Effect] = [] if state.demo is not None else [fx.SaveMatch(match)]
    deal, review, online = match.reviewable_deal(), state.review, state.online
    if deal is None:
        return state, effects
    missing = [] if review is None else _wanted(state, match, deal, review.seat)
    if isinstance(online, Hosting):  # a friend's review goes with the next state
        missing += [int(key.split(":")[1]) for key in sorted(online.asked) if key.startswith(f"{deal}:")
                    and key not in match.reviews]
    if missing:
        effects.append(fx.ComputeReview(match, deal, missing[0]))
    return state, effects
