"""The way to a friend, on screen: ``#online-status[data-route]`` says whether the game goes
directly between the pages or through a relay server, and, when no way was found, that the friend
cannot be reached and what the host can do (``data-route="none"``)."""

from __future__ import annotations

from ..model.online_state import Hosting, Online, VisitStatus, in_touch
from ..model.reach import shown_route
from ..model.state import State
from .html import Node, h

__all__ = ["reach_status"]


def reach_status(state: State, online: Online) -> Node | None:
    """The connection's line when its way is known (None: the usual line, if any)."""
    t, host = state.cat.t, isinstance(online, Hosting)
    if online.no_route and (host or online.status != VisitStatus.CONNECTED):
        return h("p", "notice online-status", id="online-status", role="status", data_route="none",
                 text=t("reach_none_host" if host else "reach_none"))
    route = shown_route(online) if in_touch(online) else None
    if route is None:
        return None
    return h("p", "muted online-status", id="online-status", role="status", data_route=route,
             text=t(f"reach_{route}"))
