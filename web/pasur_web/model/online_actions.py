"""The actions of a game between friends (``model/hosting.py``, ``model/visiting.py``): a table opened,
joined, what its connections report, and the host's choices for a seat."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

__all__ = ["FreeSeat", "Join", "Link", "Message", "OpenTable", "Rename", "Say", "StandIn"]


@dataclass(frozen=True)
class OpenTable:
    form: Mapping[str, str | bool]  # the new-game panel's fields: the game, and which seats are friends'
    code: str  # the table's code (made at random by the page)
    secret: str  # the host's secret key for the table (made at random by the page: ``handshake.new_secret``)
    seed: int | None = None  # the deck's (made at random by the page; never the address's, which anyone may know)


@dataclass(frozen=True)
class Join:
    name: str
    token: str  # a new token for this browser (kept, to take the seat back); one kept already is used first


@dataclass(frozen=True)
class Message:
    """A message from the network: from a friend's connection ``peer`` (at the host), or from the
    host (``peer`` None, at a friend's page)."""

    peer: str | None
    text: str


@dataclass(frozen=True)
class Link:
    """A connection's news (``web/peers.js``). ``peer``: at the host, a friend's connection; at a friend's
    page, one of the table's ids tried; None: the table itself. ``status``: "connecting", "open" (the
    host's table can be reached), "connected" (a connection is open: ``nonce`` is a fresh challenge for
    it, and ``me`` a friend page's own name on the signalling server), "lost", "missing" (no table open
    under the code) or "unreachable" (no signalling server)."""

    peer: str | None
    status: str  # ... and from web/reach.js: "direct" or "relay" (the way a connection goes), "noroute"
    nonce: str = ""
    me: str = ""


@dataclass(frozen=True)
class StandIn:
    seat: int  # the host lets the computer play this friend's seat while they are away


@dataclass(frozen=True)
class FreeSeat:
    seat: int  # the host frees this friend's seat: its page is told, and anyone may take it with the link


@dataclass(frozen=True)
class Rename:
    name: str  # the host's name, as its friends see it (typed in the table's lobby)


@dataclass(frozen=True)
class Say:
    what: str  # a quick message, by key (wire.QUICK)
