"""The table's actions: a card or a capture chosen, the computer's turn, the next deal, the hand-off,
Undo, the hint and the guide. Each returns the new state and what the page must do."""

from __future__ import annotations

from dataclasses import replace

from pasur import IllegalMoveError, Move
from pasur.daily import deal_points

from . import actions as act
from . import effects as fx
from . import wire
from .explain import explain_move
from .match import Match, Phase
from .online_state import Visiting
from .sounds import sounds_after
from .state import NoticeKind, State, View
from .storage import DAILY_KEY

__all__ = ["Result", "after_change", "finish_daily", "play", "table_action", "tipped", "with_tip"]

Result = tuple[State, list[fx.Effect]]


def with_tip(state: State) -> Result:
    """The guide's suggestion for the position on the board: asked once per position (``JudgeTip``,
    the judgement the move review makes of that position), cleared when it is not the player's turn."""
    turn, match = state.turn, state.match
    if not turn.guide or match is None or not match.is_viewer_turn() or turn.preview is not None:
        cleared = turn.tip is None and turn.tipping is None
        return (state if cleared else replace(state, turn=replace(turn, tip=None, tipping=None))), []
    if (turn.tip is not None and turn.tip[0] == match.moves) or turn.tipping == (match.id, match.moves):
        return state, []
    return replace(state, turn=replace(turn, tip=None, tipping=(match.id, match.moves))), [fx.JudgeTip(match)]


def tipped(state: State, action: act.Tipped) -> Result:
    """The judgement of the position gave the guide's tip (and, for a simpler capture than the best
    move, that best move): shown with why the tip does what it does, for that position only."""
    turn, match = state.turn, state.match
    game = None if match is None else match.game
    if match is None or game is None or turn.tipping != (action.match, action.moves) or not match.is_viewer_turn():
        return state, []
    view = match.viewer_view()
    try:
        tip = game.resolve(action.move)
        best = None if action.best is None else game.resolve(action.best)
    except IllegalMoveError:
        return replace(state, turn=replace(turn, tipping=None)), []
    why = tuple(explain_move(tip, view.table, view.rules, view.last_round))
    return replace(state, turn=replace(turn, tip=(match.moves, tip, why, best), tipping=None)), []


def after_change(state: State, effects: list[fx.Effect] | None = None) -> Result:
    """The match changed: it is saved (a demo's is not), the computer plays if it is its turn, the
    player's hand gets the focus when it is theirs to play, a finished daily deal is kept."""
    done = list(effects or [])
    match = state.match
    if match is not None and state.demo is None and not isinstance(state.online, Visiting):
        done.append(fx.SaveMatch(match))
    done.append(fx.RunComputer())
    if match is not None and match.is_viewer_turn():
        done.append(fx.Focus("hand"))
    return finish_daily(state, done)


def finish_daily(state: State, effects: list[fx.Effect]) -> Result:
    """The counted attempt's result is kept once the deal is over (the computer's when it is known)."""
    match = state.match
    day = None if match is None else match.daily
    if match is None or day is None or not match.over or match.practice or match.edited:
        return state, effects
    book = state.daily
    entry = book.days.get(day, {})
    computer = book.computer.get(day)
    if "player" in entry and ("computer" in entry or computer is None):
        return state, effects
    book = book.finish(day, deal_points(match.board), computer)
    return replace(state, daily=book), [*effects, fx.Store(DAILY_KEY, book.to_json())]


def play(state: State, move: Move | str) -> Result:
    """Play ``move`` for the seat to move; a stale or illegal move changes nothing but the choice."""
    match, turn = state.match, state.turn
    assert match is not None
    online = state.online
    if isinstance(online, Visiting):  # a friend's page: the host plays it
        if online.host_slot is None:
            return state, []
        send = fx.Send(online.host_slot, wire.json_text({"t": "play", "move": str(move), "at": match.moves}))
        turn = replace(turn, choosing=None, selected=None)
        return replace(state, turn=turn, online=replace(online, move_pending=True)), [send]
    game = match.game
    if game is None:
        return state, []
    reasons = turn.reasons
    try:
        if turn.guide or turn.explain:
            resolved = game.resolve(move)
            why = tuple(explain_move(resolved, game.table, game.rules, game.last_round))
            reasons = {**reasons, len(game.history): why}
        played = match.play(move)
    except IllegalMoveError:
        return replace(state, turn=replace(turn, choosing=None)), []
    turn = replace(turn, choosing=None, selected=None, hint=None, preview=None, reasons=reasons)
    # A game taken up was said, and is played on since.
    notices = tuple(notice for notice in state.notices if notice.kind != NoticeKind.RESUMED)
    return after_change(replace(state, match=played, turn=turn, notices=notices),
                        [fx.Sound(sounds_after(played.board))])


def _pick_card(state: State, match: Match, card: str, now: bool = False) -> Result:
    """A card of the hand tapped. A card with several captures opens the choice, which shows what
    each takes and is worth. A card with one outcome is looked at first: the cards it would take
    are marked and its worth said, and a second tap (or ``now``: its Play button, a drop on the
    table, the setting to play on the first tap) plays it."""
    turn = state.turn
    waiting = isinstance(state.online, Visiting) and state.online.waiting
    if not match.is_viewer_turn() or turn.preview is not None or waiting:
        return state, []
    try:
        options = match.ordered_options(card)
    except IllegalMoveError:  # not a card of the hand
        return state, []
    if not options:
        return state, []
    if len(options) > 1:  # another card's open choice is given up
        return replace(state, turn=replace(turn, choosing=card, selected=None)), [
            fx.Focus("#capture-choice [data-capture]")]
    if now or turn.selected == card or state.settings.get("quick_play", False):
        return play(state, options[0])
    return replace(state, turn=replace(turn, selected=card, choosing=None)), []


def _hinted(state: State, move: str) -> Result:
    """The hint found: its card is ringed, and, unless the player is looking at a card already, shown
    as a tap would show it (what it takes and is worth, or the capture choice with the hinted option
    marked), so that the hint says why and plays with one more tap (or Enter: the focus is on it)."""
    turn, match = state.turn, state.match
    assert match is not None
    turn = replace(turn, hinting=False, hint=move)
    if turn.selected is not None or turn.choosing is not None:
        return replace(state, turn=turn), []
    card = move.partition(":")[0]
    if len(match.ordered_options(card)) > 1:
        return replace(state, turn=replace(turn, choosing=card)), [fx.Focus("#capture-choice [data-hint]")]
    return replace(state, turn=replace(turn, selected=card)), [fx.Focus(f'#hand [data-card="{card}"]')]


def _computer(state: State, match: Match, step: act.Computer) -> Result:
    """The computer's turn, step by step, for the position it was started in (else nothing)."""
    turn = state.turn
    if step.step == act.Step.DONE:
        done: list[fx.Effect] = [fx.Focus("hand")] if match.is_viewer_turn() else []
        if turn.preview is None and not turn.thinking:
            return state, done  # (the same state: nothing is drawn anew)
        return replace(state, turn=replace(turn, preview=None, thinking=False)), done
    if (step.match, step.moves) != (match.id, match.moves) or not match.is_ai_turn():
        return state, []
    if step.step == act.Step.THINKING:
        return replace(state, turn=replace(turn, thinking=True)), []
    if match.game is None:
        return state, []
    try:
        move = match.game.resolve(step.move)
    except IllegalMoveError:
        return state, []
    if step.step == act.Step.PREVIEW:
        return replace(state, turn=replace(turn, thinking=False, preview=move)), []
    return play(replace(state, turn=replace(turn, thinking=False)), move)


def _undo(state: State, match: Match) -> Result:
    """Take back the player's last move: the computer's turn under way stops first."""
    undone = match.undo() if state.settings.get("undo", True) else None
    if undone is None:
        return state, []
    kept = undone.moves
    turn = replace(state.turn, choosing=None, selected=None, preview=None, hint=None, thinking=False,
                   reasons={number: why for number, why in state.turn.reasons.items() if number < kept})
    return after_change(replace(state, match=undone, turn=turn), [fx.StopComputer()])


def table_action(state: State, action: act.Action) -> Result:
    """An action at the table; nothing happens without a match in front, or in a tab that is behind."""
    match, turn = state.match, state.turn
    if match is None or (state.view != View.GAME and not isinstance(action, act.ShowHint | act.Computer)):
        return state, []
    if isinstance(action, act.Tipped):
        return tipped(state, action)
    moves = isinstance(action, act.PickCard | act.PlayCard | act.PickCapture | act.Computer)
    if turn.behind and (moves or action is act.Press.UNDO):
        return replace(state, turn=replace(turn, choosing=None, selected=None)), []  # a tab behind plays nothing
    if isinstance(action, act.PickCard | act.PlayCard):
        return _pick_card(state, match, action.card, now=isinstance(action, act.PlayCard))
    if isinstance(action, act.PickCapture):
        if turn.choosing is None or not match.is_viewer_turn():
            return replace(state, turn=replace(turn, choosing=None)), []
        return play(state, f"{turn.choosing}:{action.captured}")
    if action is act.Press.CANCEL_CHOICE:  # the focus goes back to the card whose choice it was
        card = turn.choosing or turn.selected
        focus = fx.Focus(f'#hand [data-card="{card}"]' if card else "hand")
        return replace(state, turn=replace(turn, choosing=None, selected=None)), [focus]
    if isinstance(action, act.Computer):
        return _computer(state, match, action)
    if action is act.Press.NEXT_DEAL:
        if match.phase != Phase.DEAL_END:
            return state, []
        turn = replace(turn, guide=False, hint=None)  # the guided deal is over
        return after_change(replace(state, match=match.next_deal(), turn=turn), [fx.Sound(("deal",))])
    if action is act.Press.REVEAL:
        return after_change(replace(state, match=match.reveal()))
    if action is act.Press.UNDO:
        return _undo(state, match)
    if action is act.Press.HINT:
        if not match.is_viewer_turn() or turn.hinting or match.counted_daily:
            return state, []
        return replace(state, turn=replace(turn, hinting=True)), [fx.SearchHint(match)]
    if isinstance(action, act.ShowHint):
        still = match.is_viewer_turn() and (match.id, match.moves) == (action.match, action.moves)
        if not still:
            return replace(state, turn=replace(turn, hinting=False)), []
        return _hinted(state, action.move)
    if action is act.Press.STOP_GUIDE:
        return replace(state, turn=replace(turn, guide=False, hint=None)), []
    return state, []
