"""The page's side of a game between friends: ``web/peers.js`` carries the messages (WebRTC data
channels through PeerJS); what it reports becomes ``Link`` and ``Message`` actions (each new
connection with a fresh challenge for it), and the ``Listen``, ``Connect``, ``Send``, ``Drop``, ``Admit`` and
``CloseTable`` effects become its calls. Who is who, and what to send, is decided in the model
(``model/hosting.py``, ``model/visiting.py``). Browser only."""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_proxy  # type: ignore[import-not-found]
from pyscript import window  # type: ignore[import-not-found]

from ..model import actions as act
from ..model import effects as fx
from ..model.handshake import new_challenge
from .dom import found
from .tasks import Page

__all__ = ["Peers"]


class Peers:
    """The bridge to ``web/peers.js``."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.listener = create_proxy(self.heard)

    def heard(self, kind: str, peer: Any, text: str) -> None:
        who = str(peer) if found(peer) else None
        if kind == "message":
            self.page.dispatch(act.Message(who, str(text)))
        elif kind == "route":  # web/reach.js: "direct" or "relay", then the candidates' types
            self.page.dispatch(act.Link(who, str(text).partition(" ")[0]))
        elif kind == "connected" and who is not None:  # a new connection: a fresh challenge for it
            self.page.dispatch(act.Link(who, "connected", new_challenge(), str(text or "")))
        else:
            self.page.dispatch(act.Link(who, str(kind)))

    def carry_out(self, effect: fx.Effect) -> None:
        peers = window.pasur.peers
        if isinstance(effect, fx.Listen):
            peers.listen(effect.code, effect.first, self.listener)
        elif isinstance(effect, fx.Connect):
            peers.seek(effect.code, effect.first, self.listener)
        elif isinstance(effect, fx.Send):
            peers.send(effect.peer, effect.text)
        elif isinstance(effect, fx.Drop):
            peers.drop(effect.peer)
        elif isinstance(effect, fx.Admit):
            peers.admit(effect.peer)
        elif isinstance(effect, fx.CloseTable):
            peers.close()
