"""Which way a game between friends goes: web/reach.js reads, once a connection opens, whether it
goes straight between the two pages ("direct": their own or their routers' addresses, found through
STUN) or through a relay server ("relay": TURN); and says "noroute" when no way was found within
20 s (both behind routers that let nothing in, and no relay). Both come as ``Link`` actions."""

from __future__ import annotations

from dataclasses import replace

from . import actions as act
from .play import Result
from .state import Online, State

__all__ = ["REACH_NEWS", "reach_action", "shown_route"]

REACH_NEWS = frozenset({"direct", "relay", "noroute"})


def reach_action(state: State, action: act.Link) -> Result:
    online = state.online
    if online is None:
        return state, []
    if action.status == "noroute":
        return replace(state, online=replace(online, no_route=True)), []
    routes = {**online.routes, action.peer or "": action.status}
    return replace(state, online=replace(online, routes=routes, no_route=False)), []


def shown_route(online: Online) -> str | None:
    """The way shown: a friend's page, its connection to the host while connected; the host's, "relay"
    when a friend at the table is reached through the relay, else "direct" (None: nobody is)."""
    if online.host:
        routes = [online.routes[peer] for peer in online.here if peer in online.routes]
    else:
        routes = [online.routes[""]] if "" in online.routes and online.status == "connected" else []
    if not routes:
        return None
    return "relay" if "relay" in routes else "direct"
