"""The page's side of a game between friends: ``web/peers.js`` carries the messages (WebRTC through
PeerJS); what arrives becomes ``Message`` and ``Link`` actions, and the host's ``Publish`` sends each
friend connected the position as their seat sees it, with the events it has not sent them yet.
Browser only."""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_proxy  # type: ignore[import-not-found]
from pyscript import window  # type: ignore[import-not-found]

from ..model import actions as act
from ..model import effects as fx
from ..model.online import seat_message
from ..model.state import State
from .dom import found
from .tasks import Page

__all__ = ["Peers"]


class Peers:
    """The connections of this page's table, and the events each friend's connection has been sent."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.sent: dict[str, tuple[str, int]] = {}  # a friend's connection -> the match and its events sent to it
        self.listener = create_proxy(self.heard)

    def heard(self, kind: str, peer: Any, text: str) -> None:
        who = str(peer) if found(peer) else None
        if kind == "message":
            self.page.dispatch(act.Message(who, str(text)))
            return
        if kind == "route":  # web/reach.js: "direct" or "relay", then the candidates' types
            self.page.dispatch(act.Link(who, str(text).partition(" ")[0]))
            return
        if who is not None:
            self.sent.pop(who, None)  # a new connection, or one gone: whatever comes next is sent whole
        self.page.dispatch(act.Link(who, str(kind)))

    def carry_out(self, effect: fx.Effect) -> None:
        peers = window.pasurPeers
        if isinstance(effect, fx.OpenTable):
            self.sent.clear()
            peers.open(effect.code, self.listener)
        elif isinstance(effect, fx.Connect):
            peers.join(effect.code, self.listener)
        elif isinstance(effect, fx.Send):
            peers.send(effect.peer, effect.text)
        elif isinstance(effect, fx.CloseTable):
            self.sent.clear()
            peers.close()
        elif isinstance(effect, fx.Publish):
            self.publish(self.page.state, effect.anew)

    def publish(self, state: State, anew: str | None = None) -> None:
        """Each friend connected gets its seat's position (nothing goes to a seat nobody holds)."""
        online, match = state.online, state.match
        if online is None or not online.host or match is None:
            return
        for peer, seat in online.here.items():
            sent_match, since = self.sent.get(peer, ("", 0))
            if sent_match != match.id or peer == anew:  # another match (a rematch), or a page that starts over
                since = 0
            window.pasurPeers.send(peer, seat_message(state, seat, since))
            self.sent[peer] = (match.id, len(match.game.events))
