"""The page's state beside the match, the actions a player can take, and ``update``.

Pure Python (no browser import): ``update(match, ui, action)`` applies one action to the match
and returns the new :class:`UiState`; the page then saves, draws and lets the computer play.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from pasur import IllegalMoveError, Move

from .explain import Reason, explain_move
from .session import Match

__all__ = ["Action", "CancelChoice", "NextDeal", "PickCapture", "PickCard", "Play", "Reveal", "ShowHint",
           "StopGuide", "UiState", "Undo", "update"]


@dataclass(frozen=True)
class UiState:
    """What is selected, previewed, hinted or being chosen; the guide; the reasons kept."""

    choosing: str | None = None  # the card whose captures the player is choosing between
    preview: Move | None = None  # the computer's move, shown a moment before it is played
    hint: str | None = None  # the hinted move, in move notation
    hinting: bool = False  # the hint is being searched
    thinking: bool = False  # a computer player is choosing its move
    guide: bool = False  # the guided first deal: a tip before each move, the reason after
    explain: bool = False  # keep the reasons of every move (the deal demo)
    behind: bool = False  # another tab played on from this game: this tab must not move
    reasons: Mapping[int, list[Reason]] = field(default_factory=dict)  # move number -> why


@dataclass(frozen=True)
class PickCard:
    card: str  # a card of the hand clicked


@dataclass(frozen=True)
class PickCapture:
    captured: str  # one of the offered captures, in move notation ("4C,4D")


@dataclass(frozen=True)
class CancelChoice:
    pass


@dataclass(frozen=True)
class Play:
    move: Move | str  # a move decided elsewhere (the computer's)


@dataclass(frozen=True)
class NextDeal:
    pass


@dataclass(frozen=True)
class Reveal:
    pass  # "I am …: show my hand" in pass-and-play


@dataclass(frozen=True)
class ShowHint:
    move: str
    moves_before: int  # the position it was searched for, by the number of moves played


@dataclass(frozen=True)
class StopGuide:
    pass


@dataclass(frozen=True)
class Undo:
    pass  # take back the human's last move and the computer's after it (``Match.undo``)


Action = PickCard | PickCapture | CancelChoice | Play | NextDeal | Reveal | ShowHint | StopGuide | Undo


def _play(match: Match, ui: UiState, move: Move | str) -> UiState:
    """Play ``move`` for the seat to move; a stale or illegal move changes nothing."""
    game = match.game
    reasons = ui.reasons
    if ui.guide or ui.explain:
        try:
            resolved = game.resolve(move)
        except IllegalMoveError:
            return replace(ui, choosing=None)
        reasons = {**reasons, len(game.history): explain_move(resolved, game.table, game.rules, game.last_round)}
    try:
        match.play(move)
    except IllegalMoveError:
        return replace(ui, choosing=None)
    return replace(ui, choosing=None, hint=None, preview=None, reasons=reasons)


def update(match: Match, ui: UiState, action: Action) -> UiState:
    """Apply ``action``: the match changes through its own calls, the page's state is returned."""
    if ui.behind and isinstance(action, PickCard | PickCapture | Play | Undo):
        return replace(ui, choosing=None)  # a tab that is behind plays nothing
    if isinstance(action, PickCard):
        if not match.is_viewer_turn() or ui.preview is not None:
            return ui
        try:
            options = match.ordered_options(action.card)
        except IllegalMoveError:  # not a card of the hand
            return ui
        if not options:
            return ui
        if len(options) == 1:
            return _play(match, ui, options[0])
        return replace(ui, choosing=action.card)  # another card's open choice is given up
    if isinstance(action, PickCapture):
        if ui.choosing is None or not match.is_viewer_turn():
            return replace(ui, choosing=None)
        return _play(match, ui, f"{ui.choosing}:{action.captured}")
    if isinstance(action, CancelChoice):
        return replace(ui, choosing=None)
    if isinstance(action, Play):
        return _play(match, ui, action.move)
    if isinstance(action, NextDeal):
        match.next_deal()
        return replace(ui, guide=False, hint=None)  # the guided deal is over
    if isinstance(action, Reveal):
        match.reveal()
        return ui
    if isinstance(action, ShowHint):
        still = match.is_viewer_turn() and len(match.game.history) == action.moves_before
        return replace(ui, hinting=False, hint=action.move if still else ui.hint)
    if isinstance(action, Undo):
        if not match.undo():
            return ui
        kept = len(match.game.history)
        return replace(ui, choosing=None, preview=None, hint=None, thinking=False,
                       reasons={number: why for number, why in ui.reasons.items() if number < kept})
    return replace(ui, guide=False, hint=None)  # StopGuide
