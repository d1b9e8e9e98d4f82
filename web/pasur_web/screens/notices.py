"""The notices under the top bar: ignored address parameters, stored values set aside, a game taken up
again, another tab's game, a save that failed (``#save-error``, while any write fails)."""

from __future__ import annotations

from ..model.state import Notice, State
from .html import Node, h
from .words import translate

__all__ = ["notices"]

_CLASSES = {"tab": "tab-notice", "save-error": "save-error", "start": "boot-notice"}


def _notice(state: State, notice: Notice, index: int | str) -> Node:
    cat = state.cat
    action = [] if notice.action is None else [h("button", "secondary", text=cat.t(notice.action[1]), type="button",
                                                 data_action=notice.action[0])]
    return h("p", f"notice {_CLASSES.get(notice.kind, '')}".strip(), id=notice.ident, children=[
        h("span", text=translate(notice.words, cat)), *action,
        h("button", "notice-close", text="×", type="button", data_action="dismiss", data_notice=index,
          aria_label=cat.t("dismiss"))])


def notices(state: State) -> list[Node]:
    # What a daily deal's attempt counts for is said while it is played, not once it is over nor over
    # the new-game panel.
    playing = state.view == "game" and state.match is not None and not state.match.board.over
    shown = [_notice(state, notice, index) for index, notice in enumerate(state.notices)
             if playing or notice.kind != "daily"]
    if state.failing:
        problem = next(iter(state.failing.values()))
        failed = Notice(("notice_save_" + problem, {}), "save-error", ident="save-error")
        shown.append(_notice(state, failed, "save-error"))
    return shown
