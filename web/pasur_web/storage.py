"""The browser's storage: every key the page uses, and reading, writing and setting aside saves.

Thin over ``localStorage`` (reached through a function, because merely touching it throws when
storage is turned off); the decisions are in ``saves``. Runs in CPython with a stand-in storage.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from .params import GAME_KEYS, Params
from .saves import write_decision
from .session import Match

__all__ = ["DAILY_KEY", "EMBED_MATCH_KEY", "MATCH_KEY", "SETTINGS_KEY", "STATS_KEY", "UNREADABLE_SUFFIX", "Loaded",
           "Problem", "Slot", "Storage", "WriteResult", "browser_storage", "match_key", "problem_of"]

SETTINGS_KEY = "pasur.settings"
MATCH_KEY = "pasur.match"
EMBED_MATCH_KEY = "pasur.embed.match"  # a game embedded in another site keeps its own save
STATS_KEY = "pasur.stats"
DAILY_KEY = "pasur.daily"  # the daily deals played on this device (coach.DailyBook)
UNREADABLE_SUFFIX = ".unreadable"  # a save that could not be read is moved to its key + this
PROBE_KEY = "pasur.probe"

Problem = Literal["quota", "disabled", "error"]  # why a write failed
WriteResult = Literal["saved", "stale", "quota", "disabled", "error"]

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


class Storage:
    """``localStorage`` that never raises: reads give None, writes say why they failed."""

    def __init__(self, backend: Callable[[], Any]) -> None:
        self._backend = backend

    def get(self, key: str) -> str | None:
        try:
            value = self._backend().getItem(key)
        except Exception:  # turned off (private modes, sandboxed frames, settings)
            return None
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> Problem | None:
        """Store ``value``; None when it was stored, else why not."""
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
        problem = self.set(PROBE_KEY, "1")
        self.remove(PROBE_KEY)
        return problem


@dataclass(frozen=True)
class Loaded:
    match: Match | None
    problem: str | None = None  # why the save was set aside, when it could not be read
    text: str | None = None


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
        """The saved match; a save that cannot be read is moved aside and the reason given."""
        text = self.storage.get(self.key)
        if not text:
            return Loaded(None)
        try:
            match = Match.from_json(text)
        except ValueError as error:
            self.set_aside(text)
            return Loaded(None, str(error)[:300])
        self._know(text, match)
        return Loaded(match, None, text)

    def set_aside(self, text: str) -> None:
        self.storage.set(self.key + UNREADABLE_SUFFIX, text)
        self.storage.remove(self.key)

    def newer(self, match: Match) -> Match | None:
        """The save another tab made since this tab last read or wrote (this tab is then behind)."""
        stored = self.storage.get(self.key)
        if write_decision(stored, self.known, match.id != self.known_id) == "write" or stored is None:
            return None
        try:
            return Match.from_json(stored)
        except ValueError:
            return None  # not a game: nothing to continue, and the next write sets it aside

    def write(self, match: Match) -> WriteResult:
        stored = self.storage.get(self.key)
        if write_decision(stored, self.known, match.id != self.known_id) == "stale" and stored is not None:
            try:
                Match.from_json(stored)
            except ValueError:
                self.set_aside(stored)
            else:
                return "stale"
        text = match.to_json()
        problem = self.storage.set(self.key, text)
        if problem is not None:
            return problem
        self._know(text, match)
        return "saved"


def browser_storage() -> Storage:
    """The page's ``localStorage``."""
    from pyscript import window  # type: ignore[import-not-found]  # the browser only

    return Storage(lambda: window.localStorage)
