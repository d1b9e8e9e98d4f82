"""A table between friends in CPython: a host's page and friends' pages, each a page state changed by
``update`` only, joined by connections that carry each ``Send`` to the other end as a ``Message``
(as web/peers.js does), in order, until nothing more is sent. Every page is drawn (``page()``) after
each action it takes, as the browser would, so that a screen that fails on a friend's board fails here."""

from __future__ import annotations

import datetime
import json
from collections import deque
from dataclasses import dataclass, field

from pasur_web.model import actions as act
from pasur_web.model import effects as fx
from pasur_web.model.handshake import knock_pass, pass_of, public_of, table_id
from pasur_web.model.online_state import Hosting, Kept, Visiting
from pasur_web.model.params import parse_params
from pasur_web.model.state import State
from pasur_web.model.storage import Loaded
from pasur_web.model.update import initial_state, update
from pasur_web.screens.page import NOTHING_ANNOUNCED, page

CODE = "abc234"
SECRET = "11" * 32
KEY = public_of(SECRET)
PASS = pass_of(SECRET, CODE)
FIRST = table_id(CODE, PASS)  # the table's first id on the signalling server
LINK = f"?join={CODE}&key={KEY}&pass={PASS}"


def knock(friend: str, nonce: str, table_pass: str = PASS) -> str:
    """A knock from the page ``friend`` (its name on the signalling server) that holds the link."""
    return json.dumps({"t": "knock", "nonce": nonce, "pass": knock_pass(table_pass, CODE, friend, nonce)})
TODAY = "2026-12-06"
FORM = {"setup-players": "2", "setup-preset": "seeds", "name-0": "Ana", "kind-1": "friend"}


def drawn(state: State) -> State:
    """``state``, drawn once as the browser would (a screen that cannot be drawn fails the test)."""
    page(state, datetime.date(2026, 12, 6), NOTHING_ANNOUNCED)
    return state


@dataclass
class Conn:
    guest: str  # its name at the host
    friend: str  # the friend's page
    slot: str  # the table's id it reached, at the friend's page


@dataclass
class Net:
    """The host's page, the friends' pages by name, and the open connections."""

    host: State
    friends: dict[str, State] = field(default_factory=dict)
    conns: list[Conn] = field(default_factory=list)
    sent: list[tuple[str, str, str]] = field(default_factory=list)  # (from, to, text), "host" or a friend's name
    effects: dict[str, list[fx.Effect]] = field(default_factory=dict)  # what each page did, by page
    count: int = 0

    @classmethod
    def open(cls, form: dict[str, str] | None = None, query: str = "?speed=instant", seed: int = 4) -> Net:
        host = initial_state(parse_params(query), {}, "en")
        host, effects = update(host, act.OpenTable(form or FORM, CODE, SECRET, seed))
        assert fx.Listen(CODE, FIRST) in effects
        host, _ = update(host, act.Link(None, "open"))
        return cls(drawn(host))

    @property
    def hosting(self) -> Hosting:
        assert isinstance(self.host.online, Hosting)
        return self.host.online

    def visiting(self, name: str) -> Visiting:
        online = self.friends[name].online
        assert isinstance(online, Visiting)
        return online

    # ------------------------------------------------------------------ pages
    def visit(self, name: str, query: str = "", kept: tuple[Kept, ...] = ()) -> list[fx.Effect]:
        """A friend's page opens the table's link (``name`` names the page, not the player), its browser
        keeping its seats at ``kept`` tables."""
        state = initial_state(parse_params(f"{LINK}&speed=instant{query}"), {}, "en")
        self.friends[name], effects = update(state, act.Started(Loaded(None), today=TODAY, friends=kept))
        return effects

    def connect(self, name: str, slot: str = "0") -> None:
        """The friend's page reaches the host's under one of the table's ids: both pages are told, then
        whatever they send is carried."""
        self.count += 1
        conn = Conn(f"{name}-peer/dc_{self.count}", name, slot)
        self.conns.append(conn)
        self.act_host(act.Link(conn.guest, "connected", f"hostchallenge{self.count:09d}"))
        self.act_friend(name, act.Link(slot, "connected", f"friendchallenge{self.count:07d}", f"{name}-peer"))

    def join(self, name: str, player: str, token: str = "") -> None:
        """A friend's page opens the link, reaches the host, and the player sits down as ``player``."""
        self.visit(name)
        self.connect(name)
        self.act_friend(name, act.Join(player, token or f"{abs(hash(name)) % 16 ** 32:032x}"))

    def act_host(self, action: act.Action) -> list[fx.Effect]:
        self.host, effects = update(self.host, action)
        drawn(self.host)
        self.carry("host", effects)
        return effects

    def act_friend(self, name: str, action: act.Action) -> list[fx.Effect]:
        self.friends[name], effects = update(self.friends[name], action)
        drawn(self.friends[name])
        self.carry(name, effects)
        return effects

    # ------------------------------------------------------------------ the network
    def carry(self, sender: str, effects: list[fx.Effect]) -> None:
        """What ``sender`` sent goes to the other end, and what that sends in turn, until it is quiet."""
        queue = deque((sender, effect) for effect in effects)
        while queue:
            sender, effect = queue.popleft()
            if isinstance(effect, fx.Send | fx.Drop):
                conn = next((conn for conn in self.conns if (conn.guest if sender == "host" else conn.slot)
                             == effect.peer and (sender == "host" or conn.friend == sender)), None)
                if conn is None:
                    continue
                if isinstance(effect, fx.Drop):
                    queue.extend(self._close(conn, by=sender))
                    continue
                receiver = conn.friend if sender == "host" else "host"
                self.sent.append((sender, receiver, effect.text))
                peer = conn.slot if sender == "host" else conn.guest
                queue.extend((receiver, more) for more in self._deliver(receiver, act.Message(peer, effect.text)))
            elif isinstance(effect, fx.CloseTable):
                for conn in [conn for conn in self.conns if sender in ("host", conn.friend)]:
                    queue.extend(self._close(conn, by=sender))

    def _deliver(self, receiver: str, action: act.Action) -> list[fx.Effect]:
        if receiver == "host":
            self.host, effects = update(self.host, action)
            drawn(self.host)
        else:
            self.friends[receiver], effects = update(self.friends[receiver], action)
            drawn(self.friends[receiver])
        self.effects.setdefault(receiver, []).extend(effects)
        return effects

    def _close(self, conn: Conn, by: str) -> list[tuple[str, fx.Effect]]:
        """A connection closed by one end: the other end is told it is lost."""
        if conn not in self.conns:
            return []
        self.conns.remove(conn)
        if by == "host":
            return [(conn.friend, effect) for effect in self._deliver(conn.friend, act.Link(conn.slot, "lost"))]
        return [("host", effect) for effect in self._deliver("host", act.Link(conn.guest, "lost"))]

    def cut(self, name: str) -> None:
        """A friend's page's connections are lost: both ends are told."""
        for conn in [conn for conn in self.conns if conn.friend == name]:
            self.conns.remove(conn)
            self.act_host(act.Link(conn.guest, "lost"))
            self.act_friend(name, act.Link(conn.slot, "lost"))
