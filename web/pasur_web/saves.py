"""Decisions about saved games, in plain Python (tested in CPython): reading a stored value
safely, the save's checksum, what a save means on start, and whether this tab may write.

The checksum is a hash of a constant and the save's text. Anyone can read the constant in the
page's source, so it does not stop a determined player from editing a save; it only lets the page
tell an edited save from one it wrote itself, and mark the first.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Literal

from pasur.safejson import loads_checked

if TYPE_CHECKING:
    from .session import Match

__all__ = ["MAX_STORED_CHARS", "StartAction", "WriteDecision", "checksum", "read_json", "start_action",
           "write_decision"]

# Far above any real save (a long match is well under 100,000 characters); larger is not read.
MAX_STORED_CHARS = 2_000_000
MAX_STORED_DEPTH = 16  # a save, the settings or the statistics: a few levels deep at most
_CHECK_KEY = "pasur.save.check.1\n"

StartAction = Literal["resume", "ask", "start", "setup"]
WriteDecision = Literal["write", "stale"]


def read_json(text: str) -> object:
    """A stored JSON value; too long, not JSON or nested too deep: ValueError saying which, to
    follow "the saved match is"."""
    if len(text) > MAX_STORED_CHARS:
        raise ValueError("too long to be read")
    try:
        return loads_checked(text, MAX_STORED_CHARS, MAX_STORED_DEPTH)
    except ValueError as error:
        raise ValueError("nested too deep to be read" if "nested" in str(error) else "not JSON") from None


def checksum(body: str) -> str:
    """The save's check: SHA-256 of a constant followed by the save's text."""
    return hashlib.sha256((_CHECK_KEY + body).encode("utf-8")).hexdigest()


def start_action(link: bool, embed: bool, saved: Match | None) -> StartAction:
    """What the page does on start with the address's game parameters (``link``) and the save.

    A frame's save is keyed by its parameters, so it is that frame's own game: it comes back. In
    the full game, a link never replaces a game in progress without asking; a finished one may go.
    """
    if saved is None:
        return "start" if link else "setup"
    if not link or embed:
        return "resume"
    return "start" if saved.game.over else "ask"


def write_decision(stored: str | None, known: str | None, new_match: bool) -> WriteDecision:
    """Whether this tab may write its save over ``stored``.

    ``known`` is the save this tab last read or wrote. When the stored save is another one, some
    other tab wrote it: this tab is behind, and writing would undo the other tab's moves. A game
    started in this tab (``new_match``) replaces the save: the player chose to.
    """
    if new_match or stored is None or stored == known:
        return "write"
    return "stale"
