"""The browser's storage: every key the page uses, and reading, writing and setting aside saves.

Thin over ``localStorage``, which the page hands in as a function (merely touching it throws when
storage is turned off); tested in CPython with a stand-in. A :class:`Slot` is one tab's view of the
saved match: it never writes over a save that another tab made since it last read or wrote.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar, cast

from .match import Match
from .params import GAME_KEYS, Params
from .savegame import Partly, match_from_json, match_to_json

__all__ = [
    "ASIDE_ASKED_KEY",
    "DAILY_KEY",
    "EMBED_MATCH_KEY",
    "FRIEND_KEY",
    "MATCH_KEY",
    "SETTINGS_KEY",
    "STATS_KEY",
    "UNREADABLE_SUFFIX",
    "Loaded",
    "Problem",
    "Slot",
    "StartAction",
    "Storage",
    "WriteResult",
    "match_key",
    "problem_of",
    "read_stored",
    "set_aside_asked",
    "start_action",
]

SETTINGS_KEY = "pasur.settings"
MATCH_KEY = "pasur.match"
EMBED_MATCH_KEY = "pasur.embed.match"  # a game embedded in another site keeps its own save
STATS_KEY = "pasur.stats"
DAILY_KEY = "pasur.daily"  # the daily deals played on this device (model/daily.py)
FRIEND_KEY = "pasur.friend"  # the tables between friends this browser sits at: each code, key, name and token
UNREADABLE_SUFFIX = ".unreadable"  # a value that could not be read is moved to its key + this (+ ".2", ...)
# Unreadable values kept per key. Past that, the oldest copy goes to make room for the newest, rather
# than refusing to set the value aside: a value that is not set aside stays under its key, where the
# page must not write over it, so the game could never be saved again (and nothing in the page ever
# removes a copy). Twenty copies of one key are old breakage; the value set aside now is the latest.
MAX_ASIDE = 20
PROBE_KEY = "pasur.probe"
# The save a failed start offered to start without (web/boot.js writes its key here, the game's Python
# sets it aside as it starts again): the page's scripts never set anything aside themselves.
ASIDE_ASKED_KEY = "pasur.aside-asked"

Problem = Literal["quota", "disabled", "error"]  # why a write failed
WriteResult = Literal["saved", "stale", "quota", "disabled", "error"]
StartAction = Literal["resume", "ask", "start", "setup"]

_QUOTA_NAMES = ("QuotaExceededError", "NS_ERROR_DOM_QUOTA_REACHED")


def match_key(params: Params) -> str:
    """Where this page's game is saved. A frame with game parameters has a save of its own, keyed by
    them, so that each embedded game comes back after a reload of the page around it."""
    if not params.embed:
        return MATCH_KEY
    if not params.start_now:
        return EMBED_MATCH_KEY
    values = {key: getattr(params, key) for key in GAME_KEYS}
    return EMBED_MATCH_KEY + "?" + "&".join(f"{key}={value}" for key, value in values.items() if value is not None)


def start_action(link: bool, embed: bool, saved: Match | None, same_game: bool = False) -> StartAction:
    """What the page does on start with the address's game parameters (``link``) and the save.

    A frame's save is keyed by its parameters, so it is that frame's own game: it comes back. In
    the full game, a link never replaces a game in progress without asking; a finished one may go;
    the link of the game in progress (``same_game``) resumes it.
    """
    if saved is None:
        return "start" if link else "setup"
    if not link or embed or (same_game and not saved.over):
        return "resume"
    return "start" if saved.over else "ask"


def problem_of(error: BaseException) -> Problem:
    """Why the storage refused: full, turned off, or something else. The JavaScript error's name
    says it; Pyodide wraps a thrown DOMException in an Error whose message holds that name."""
    name = str(getattr(error, "name", ""))
    said = f"{name} {getattr(error, 'message', '')}"[:2000]
    if any(quota in said for quota in _QUOTA_NAMES):
        return "quota"
    if "SecurityError" in said or isinstance(error, AttributeError):  # or no storage object at all
        return "disabled"
    return "error"


def aside_names(key: str) -> list[str]:
    """Where unreadable values of ``key`` are kept, oldest first: ``<key>.unreadable``, then ``.2``, ..."""
    return [key + UNREADABLE_SUFFIX + (f".{number}" if number > 1 else "") for number in range(1, MAX_ASIDE + 1)]


class Storage:
    """``localStorage`` that never raises: reads give None, writes say why they failed. A key whose
    unreadable value could not be set aside (storage full) is ``blocked``: it is not written over
    until that value is set aside."""

    def __init__(self, backend: Callable[[], Any]) -> None:
        self._backend = backend
        self.blocked: set[str] = set()

    def get(self, key: str) -> str | None:
        try:
            value = self._backend().getItem(key)
        except Exception:  # turned off (private modes, sandboxed frames, settings)
            return None
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> Problem | None:
        """Store ``value``; None when it was stored, else why not."""
        if key in self.blocked:
            kept = self.get(key)
            if kept is not None and self.set_aside(key, kept) is None:
                return "quota"  # (what kept it from being set aside: the storage is full)
            self.blocked.discard(key)
        return self._write(key, value)

    def _write(self, key: str, value: str) -> Problem | None:
        try:
            self._backend().setItem(key, value)
        except Exception as error:
            return problem_of(error)
        return None

    def remove(self, key: str) -> None:
        try:
            self._backend().removeItem(key)
        except Exception:  # nothing stored can be removed from storage that is turned off
            return

    def probe(self) -> Problem | None:
        """Whether anything can be stored at all (asked once, on start)."""
        problem = self._write(PROBE_KEY, "1")
        self.remove(PROBE_KEY)
        return problem

    def set_aside(self, key: str, text: str) -> str | None:
        """Move ``text``, stored under ``key``, to the first free ``<key>.unreadable`` (then ``.2``,
        ``.3``, ...), never over another one (when all are taken, the oldest goes: ``MAX_ASIDE``).
        Returns where it went, or None when it could not be moved: then it is still under ``key``,
        as it was."""
        names = aside_names(key)
        free = next((name for name in names if self.get(name) is None), None) or self._drop_oldest(names)
        if self._write(free, text) is None:
            self.remove(key)
            return free
        self.remove(key)  # room for the copy (storage full), the value itself being in hand
        if self._write(free, text) is None:
            return free
        self._write(key, text)  # it could not be moved: put it back where it was
        return None

    def _drop_oldest(self, names: list[str]) -> str:
        """Make room among the copies: each moves one place towards the oldest's, the oldest going;
        returns the place freed (the last, or where a move failed, its copy being in the place before)."""
        for older, newer in itertools.pairwise(names):
            value = self.get(newer)
            if value is None or self._write(older, value) is not None:
                self.remove(older)
                return older
        self.remove(names[-1])
        return names[-1]


def set_aside_asked(storage: Storage) -> str | None:
    """The save the player chose to start without on a failed start, set aside before anything reads
    it; returns where it went. Only a match's save is set aside that way."""
    key = storage.get(ASIDE_ASKED_KEY)
    storage.remove(ASIDE_ASKED_KEY)
    if key is None or not (key == MATCH_KEY or key.startswith(EMBED_MATCH_KEY)):
        return None
    text = storage.get(key)
    return None if text is None else storage.set_aside(key, text)


T = TypeVar("T")
_WHAT = {SETTINGS_KEY: "settings", STATS_KEY: "stats", DAILY_KEY: "daily"}


def read_stored(storage: Storage, key: str, parse: Callable[[str | None], T], empty: T,
                notices: list[tuple[str, Mapping[str, object]]]) -> T:
    """A stored value read with ``parse``; one that cannot be read is set aside (never replaced by the
    next write) and a notice added to ``notices`` says so and where it went. One read in part only
    (``Partly``) is set aside whole, and its readable part stored again in its place."""
    text = storage.get(key)
    try:
        return parse(text)
    except ValueError as error:
        partly = error if isinstance(error, Partly) else None
        aside = storage.set_aside(key, text or "")
        if aside is None:
            storage.blocked.add(key)
        elif partly is not None:
            storage.set(key, partly.text)
        what: tuple[str, Mapping[str, object]] = ("set_aside_" + _WHAT.get(key, "settings"), {})
        said = "notice_set_aside_kept" if aside is None else "notice_set_aside_part" if partly else "notice_set_aside"
        notices.append((said, {"what": what, "reason": str(error)[:200], "name": aside or key}))
        return empty if partly is None else cast(T, partly.value)


@dataclass(frozen=True)
class Loaded:
    match: Match | None
    problem: str | None = None  # why the save could not be read
    aside: str | None = None  # where it was set aside (None: it could not be, and is kept in place)


class Slot:
    """One saved match, as one tab sees it: it remembers the save it last read or wrote, and
    never writes over a save another tab made since (it says "stale" instead)."""

    def __init__(self, storage: Storage, key: str) -> None:
        self.storage = storage
        self.key = key
        self.known: str | None = None  # the save this tab last read or wrote
        self.known_id: str | None = None  # and its match's id

    def _know(self, text: str, match: Match) -> None:
        self.known, self.known_id = text, match.id

    def load(self) -> Loaded:
        """The saved match; a save that cannot be read is set aside and the reason given."""
        text = self.storage.get(self.key)
        if not text:
            return Loaded(None)
        try:
            match = match_from_json(text)
        except ValueError as error:
            aside = self.storage.set_aside(self.key, text)
            if aside is None:  # not written over until it is set aside
                self.storage.blocked.add(self.key)
            return Loaded(None, str(error)[:300], aside)
        self._know(text, match)
        return Loaded(match)

    def _stale(self, stored: str | None, match: Match) -> bool:
        """Whether ``stored`` is a save another tab made since this tab last read or wrote (a game
        started in this tab replaces the save: the player chose to)."""
        return stored is not None and stored != self.known and match.id == self.known_id

    def newer(self, match: Match) -> Match | None:
        """The save another tab made since this tab last read or wrote (this tab is then behind)."""
        stored = self.storage.get(self.key)
        if stored is None or not self._stale(stored, match):
            return None
        try:
            return match_from_json(stored)
        except ValueError:
            return None  # not a game: nothing to continue, and the next write sets it aside

    def elsewhere(self) -> Match | None:
        """A game in progress that another tab saved, which this tab has neither read nor written: a
        tab with no game of its own would replace it by starting one."""
        stored = self.storage.get(self.key)
        if stored is None or stored == self.known or self.key in self.storage.blocked:
            return None
        try:
            match = match_from_json(stored)
        except ValueError:
            return None
        return None if match.over else match

    def write(self, match: Match) -> WriteResult:
        stored = self.storage.get(self.key)
        if stored is not None and self.key not in self.storage.blocked and self._stale(stored, match):
            try:
                match_from_json(stored)
            except ValueError:
                self.storage.set_aside(self.key, stored)
            else:
                return "stale"
        text = match_to_json(match)
        problem = self.storage.set(self.key, text)
        if problem is not None:
            return problem
        self._know(text, match)
        return "saved"

    def forget(self) -> None:
        """The finished match is put away: a reload shows the new-game panel."""
        self.storage.remove(self.key)
