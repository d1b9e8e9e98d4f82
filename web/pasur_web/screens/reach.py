"""The way to a friend, on screen: ``#online-status[data-route]`` says whether the game goes
directly between the pages or through a relay server, and, when no way was found, that the friend
cannot be reached and what the host can do (``data-route="none"``)."""

from __future__ import annotations

from ..model.online_state import Hosting, Online, VisitStatus, in_touch
from ..model.reach import shown_route
from ..model.state import State
from .html import Node, h

__all__ = ["reach_status"]


def reach_status(state: State, online: Online, short: bool = False) -> Node | None:
    """The connection's line when its way is known (None: the usual line, if any); ``short``: in the
    game's bar, a few words that fit beside the quick messages on a phone (the lobby said the rest)."""
    t, host = state.cat.t, isinstance(online, Hosting)
    key = "reach_short_" if short else "reach_"
    if online.no_route and (host or online.status != VisitStatus.CONNECTED):
        return h("p", "notice online-status", id="online-status", role="status", data_route="none",
                 text=t(f"{key}none_host" if host else f"{key}none"))
    route = shown_route(online) if in_touch(online) else None
    if route is None:
        return None
    return h("p", "muted online-status", id="online-status", role="status", data_route=route,
             text=t(f"{key}{route}"))
