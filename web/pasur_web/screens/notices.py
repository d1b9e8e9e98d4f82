"""The notices under the top bar: ignored address parameters, stored values set aside, a game taken up
again, another tab's game, a save that failed (``#save-error``, while any write fails)."""

from __future__ import annotations

import contextlib

from pasur import Move

from ..model.online_state import Visiting
from ..model.state import Notice, NoticeKind, State, View
from .html import Node, h
from .words import move_words, translate

__all__ = ["notices"]

_CLASSES = {NoticeKind.TAB: "tab-notice", NoticeKind.SAVE_ERROR: "save-error", NoticeKind.START: "boot-notice"}


def _notice(state: State, notice: Notice, index: int | str) -> Node:
    cat = state.cat
    action = [] if notice.action is None else [h("button", "secondary", text=cat.t(notice.action[1]), type="button",
                                                 data_action=notice.action[0])]
    return h("p", f"notice {_CLASSES.get(notice.kind, '')}".strip(), id=notice.ident, children=[
        h("span", text=translate(notice.words, cat)), *action,
        h("button", "notice-close", text="×", type="button", data_action="dismiss", data_notice=index,
          aria_label=cat.t("dismiss"))])


def _table_notices(state: State) -> list[Node]:
    """At a friend's page during the game: why its place at the table ended (and what it can do), and
    what the computer played for its seat while it was away."""
    online, cat = state.online, state.cat
    if not isinstance(online, Visiting) or state.view != View.GAME:
        return []
    shown = []
    if online.ended:
        host = online.invite.host if online.invite is not None else ""
        action = ("play-here", "play_here") if online.ended == "moved" else ("table-leave", "table_leave")
        shown.append(h("p", "notice", id="table-ended", data_ended=online.ended, role="alert", children=[
            h("span", text=cat.t(f"bye_{online.ended}", host=host or "?")),
            h("button", "secondary", type="button", data_action=action[0], text=cat.t(action[1]))]))
    if online.covered:
        moves = []
        for text in online.covered:
            with contextlib.suppress(ValueError):
                moves.append(move_words(Move.parse(text), cat))
        shown.append(h("p", "notice", id="covered", children=[
            h("span", text=cat.t("covered_first" if online.covered_first else "covered", moves=cat.listing(moves))),
            h("button", "notice-close", text="×", type="button", data_action="covered-seen",
              aria_label=cat.t("dismiss"))]))
    return shown


def notices(state: State) -> list[Node]:
    # What a daily deal's attempt counts for is said while it is played, not once it is over nor over
    # the new-game panel.
    playing = state.view == View.GAME and state.match is not None and not state.match.board.over
    shown = _table_notices(state) + [_notice(state, notice, index) for index, notice in enumerate(state.notices)
                                     if playing or notice.kind != NoticeKind.DAILY]
    if state.failing:
        problem = next(iter(state.failing.values()))
        failed = Notice(("notice_save_" + problem, {}), NoticeKind.SAVE_ERROR, ident="save-error")
        shown.append(_notice(state, failed, "save-error"))
    return shown
