"""Which way a game between friends goes: web/reach.js reads, once a connection opens, whether it
goes straight between the two pages ("direct": their own or their routers' addresses, found through
STUN) or through a relay server ("relay": TURN); and says "noroute" when no way was found within
20 s (both behind routers that let nothing in, and no relay). Both come as ``Link`` actions."""

from __future__ import annotations

from dataclasses import replace

from . import actions as act
from .online_state import Hosting, Online
from .play import Result
from .state import State

__all__ = ["REACH_NEWS", "reach_action", "shown_route"]

REACH_NEWS = frozenset({"direct", "relay", "noroute"})


def reach_action(state: State, action: act.Link) -> Result:
    online, name = state.online, action.peer or ""
    if online is None:
        return state, []
    if action.status == "noroute":
        return replace(state, online=replace(online, no_route=True)), []
    if isinstance(online, Hosting):
        guest = online.guests.get(name)
        if guest is None:
            return state, []
        guests = {**online.guests, name: replace(guest, route=action.status)}
        return replace(state, online=replace(online, guests=guests, no_route=False)), []
    return replace(state, online=replace(online, routes={**online.routes, name: action.status}, no_route=False)), []


def shown_route(online: Online) -> str | None:
    """The way shown: at a friend's page, its connection to the host's while connected; at the host's,
    "relay" while a friend at the table is reached through the relay, else "direct" (None: nobody is)."""
    if isinstance(online, Hosting):
        routes = [guest.route for guest in online.guests.values() if guest.seat is not None and guest.route]
    else:
        slot = online.host_slot
        routes = [online.routes[slot]] if slot is not None and slot in online.routes else []
    if not routes:
        return None
    return "relay" if "relay" in routes else "direct"
