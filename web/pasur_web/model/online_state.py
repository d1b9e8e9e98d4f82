"""The state of a game between friends on one page: :class:`Hosting` on the host's page (its table,
and each friend's connection, a :class:`Guest`), :class:`Visiting` on a friend's page (the table it
was invited to, the :class:`Invite` its host sent, and how its seat stands). Values, like the rest of
the page's state; ``model/hosting.py`` and ``model/visiting.py`` change them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from pasur import Rules

__all__ = ["Guest", "Hosting", "Invite", "Kept", "Online", "QuickMessage", "SeatShown", "TableStatus", "VisitStatus",
           "Visiting", "in_touch", "say"]

QuickMessage = tuple[int, int, str]  # a quick message: (its number at the table, the seat, its key)


class TableStatus(StrEnum):
    """How the host's table stands with the signalling server (its value names its texts)."""
    CONNECTING = "connecting"
    OPEN = "open"  # friends can reach it
    UNREACHABLE = "unreachable"  # the signalling server cannot be reached (and no friend is connected)
    BUSY = "busy"  # the signalling server turns the page away for now (tried again)
    HELD = "held"  # every id of the table is held, by its own last visit or by another page (tried again)


class VisitStatus(StrEnum):
    """How a friend's page stands with the table's host (its value names its texts)."""
    CONNECTING = "connecting"
    CONNECTED = "connected"  # the host proved itself on this connection
    LOST = "lost"  # the host's connection went: looked for again
    MISSING = "missing"  # no page holds the table's ids (a mistyped or old link)
    UNREACHABLE = "unreachable"  # the signalling server cannot be reached
    BUSY = "busy"  # the signalling server turns the page away for now (tried again)
    ENDED = "ended"  # the host ended this page's place (``Visiting.ended`` says why)
SeatShown = tuple[str, str, str]  # (name, kind, status): kind "host", "friend" or "computer"; status below
# A seat's status: "here" (playing), "away" (its friend's page is gone; nobody plays it), "stood-in" (the
# computer plays it until its friend is back), "waiting" (nobody has taken it, before the start) or "free"
# (nobody has taken it: the computer plays it until a friend joins).


def say(messages: tuple[QuickMessage, ...], seat: int, what: str) -> tuple[QuickMessage, ...]:
    """The latest quick messages, with ``seat``'s ``what``."""
    number = messages[-1][0] + 1 if messages else 1
    return (*messages[-4:], (number, seat, what))


@dataclass(frozen=True)
class Guest:
    """A friend's connection at the host's page: the host's challenge on it, whether it knocked and
    was answered with the host's proof, the seat it holds, and what it was sent of which match."""

    challenge: str
    proven: bool = False
    seat: int | None = None
    route: str = ""  # which way the connection goes: "direct" or "relay" (web/reach.js), once known
    events_sent: tuple[str, int] = ("", 0)  # (match id, events sent): the next state message starts after them


@dataclass(frozen=True)
class Hosting:
    """This page hosts the table ``code``; its link carries ``key``, the public key of the secret kept
    with the match (``Match.host_key``), which every friend's page checks the host's proofs with, and
    the table's pass (``handshake.pass_of``), which every friend's knock proves."""

    code: str
    key: str
    table_pass: str
    status: TableStatus = TableStatus.CONNECTING
    started: bool = False  # the host started the match (before: the lobby)
    guests: Mapping[str, Guest] = field(default_factory=dict)  # each friend's connection, by its name
    messages: tuple[QuickMessage, ...] = ()  # the latest quick messages
    asked: frozenset[str] = frozenset()  # the reviews friends asked for ("deal:seat")
    away: Mapping[int, int] = field(default_factory=dict)  # a friend's seat -> the moves played when it left
    no_route: bool = False  # a friend's page found no way to this table (web/reach.js)

    @property
    def host(self) -> bool:
        return True

    def link(self, address: str) -> str:
        """The link that takes a friend to this table."""
        return f"{address}?join={self.code}&key={self.key}&pass={self.table_pass}"

    def seat_of(self, guest: str) -> int | None:
        found = self.guests.get(guest)
        return None if found is None else found.seat

    def holder(self, seat: int) -> str | None:
        """The connection that holds ``seat`` now, if any."""
        return next((name for name, guest in self.guests.items() if guest.seat == seat), None)


@dataclass(frozen=True)
class Invite:
    """The table as its host described it to a friend's page before it sits down."""

    host: str  # the host's name
    players: int
    rules: Rules
    started: bool


@dataclass(frozen=True)
class Visiting:
    """This page is a friend's at the table ``code``, whose host's public key is ``key`` (from the
    link): the host is believed only once it has signed this page's challenge with that key. Its
    knocks prove the link's pass (``table_pass``)."""

    code: str
    key: str
    table_pass: str
    token: str = ""  # this browser's secret for the table: never sent (the seat's key is made from it)
    name: str = ""  # the player's own name
    joined: bool = False  # the player asked to sit down (Join, or this browser sat here before)
    seated: bool = False  # this browser was welcomed at this table: the host knows its seat's key
    status: VisitStatus = VisitStatus.CONNECTING
    me: str = ""  # this page's own name on the signalling server (the host's proof names it)
    knocks: Mapping[str, str] = field(default_factory=dict)  # a table's id tried -> this page's challenge there
    host_slot: str | None = None  # the id that proved to be the host's
    challenge: str = ""  # the host's challenge, which the seat's claim answers
    invite: Invite | None = None
    seats: tuple[SeatShown, ...] = ()  # who sits where, as the host said
    since: int = 0  # the public events received
    messages: tuple[QuickMessage, ...] = ()  # the latest quick messages
    refused: str = ""  # why the host refused the last message
    move_pending: bool = False  # this page's move is on its way to the host (the hand waits for the answer)
    ended: str = ""  # why the host ended this page's place: "closed", "moved" (another tab), "freed"
    covered: tuple[str, ...] = ()  # the moves the computer played for this seat while it was away
    covered_first: bool = False  # ...or before this browser first sat there (a game joined under way)
    routes: Mapping[str, str] = field(default_factory=dict)  # a table's id -> "direct" or "relay", once known
    no_route: bool = False  # no way to the host's page was found (web/reach.js): said until one is

    @property
    def host(self) -> bool:
        return False

    @property
    def waiting(self) -> bool:
        """The hand waits: this page's move is on its way to the host, or no host is reached now."""
        return self.move_pending or self.host_slot is None


@dataclass(frozen=True)
class Kept:
    """A table this browser sat at, as its storage keeps it (``storage.FRIEND_KEY``, one for each
    table: ``visiting.kept_tables``)."""

    code: str
    key: str
    name: str
    token: str
    seated: bool


Online = Hosting | Visiting


def in_touch(online: Online) -> bool:
    """The host's table open to friends, or a friend's page connected to its host."""
    return online.status in (TableStatus.OPEN, VisitStatus.CONNECTED)
