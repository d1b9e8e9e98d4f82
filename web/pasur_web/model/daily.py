"""The daily deals played on this device (``localStorage["pasur.daily"]``): for each date, whether
its counted attempt was started and its result, and the computer's points with the player's cards.

A value: every change returns a new book. Only the deal of today (UTC) or of yesterday (for a
player whose evening is another time zone's tomorrow) can be a counted attempt; any other date, a
second attempt, or a date in the future is practice.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Mapping
from dataclasses import dataclass, field

from pasur.daily import is_day

from .savegame import read_json

__all__ = ["KEEP_DAYS", "DailyBook", "countable"]

KEEP_DAYS = 400  # daily results kept on this device (the oldest go first)


def countable(day: str, today: datetime.date) -> bool:
    """Whether the deal of ``day`` may be a counted attempt ``today``: today's or yesterday's only."""
    return day in (today.isoformat(), (today - datetime.timedelta(days=1)).isoformat())


def _points(value: object) -> bool:
    return type(value) is int and abs(value) < 1000


@dataclass(frozen=True)
class DailyBook:
    """Never changed in place."""

    days: Mapping[str, Mapping[str, int]] = field(default_factory=dict)  # date -> {"player": n, "computer": n}
    computer: Mapping[str, int] = field(default_factory=dict)  # date -> the computer's points with those cards

    @classmethod
    def from_json(cls, text: str | None) -> DailyBook:
        """The book stored as ``text`` (none: empty). An entry that cannot be read is dropped; a
        value that is not a book at all raises ValueError saying why (it is set aside)."""
        if not text:
            return cls()
        data = read_json(text)
        if not isinstance(data, dict) or not isinstance(data.get("days", {}), dict):
            raise ValueError("not the daily results")
        days, computer = data.get("days", {}), data.get("computer", {})
        return cls(
            {day: {key: value for key, value in entry.items() if key in ("player", "computer") and _points(value)}
             for day, entry in days.items() if is_day(day) and isinstance(entry, dict)},
            {day: points for day, points in (computer.items() if isinstance(computer, dict) else ())
             if is_day(day) and _points(points)})

    def to_json(self) -> str:
        kept = {name: {day: book[day] for day in sorted(book)[-KEEP_DAYS:]}
                for name, book in (("days", self.days), ("computer", self.computer))}
        return json.dumps({"version": 1, **kept}, sort_keys=True)

    def would_count(self, day: str, today: datetime.date) -> bool:
        """Whether an attempt of the deal of ``day`` started ``today`` would be counted: the first
        attempt of today's (or yesterday's) deal."""
        return day not in self.days and countable(day, today)

    def begin(self, day: str, today: datetime.date) -> tuple[DailyBook, bool]:
        """A daily deal starts: the book, and whether it is practice (see :meth:`would_count`)."""
        if not self.would_count(day, today):
            return self, True
        return DailyBook({**self.days, day: {}}, self.computer), False

    def counting(self, day: str) -> bool:
        """Whether the counted attempt of ``day`` was started and is not finished yet."""
        return day in self.days and "player" not in self.days[day]

    def finish(self, day: str, player: int, computer: int | None) -> DailyBook:
        """The counted attempt's result (the computer's points may come later)."""
        entry = {**self.days.get(day, {}), "player": player}
        if computer is not None:
            entry["computer"] = computer
        return DailyBook({**self.days, day: entry}, self.computer)

    def with_computer(self, day: str, points: int) -> DailyBook:
        return DailyBook(self.days, {**self.computer, day: points})

    def results(self) -> list[tuple[str, int, int | None]]:
        """(date, the player's points, the computer's or None) of every finished counted deal, newest first."""
        found = [(day, entry["player"], entry.get("computer", self.computer.get(day)))
                 for day, entry in self.days.items() if "player" in entry]
        return sorted(found, reverse=True)

    def streak(self, today: datetime.date) -> int:
        """Days in a row with a finished daily deal, up to today (or yesterday, today's not played yet)."""
        played = {day for day, entry in self.days.items() if "player" in entry}
        day = today if today.isoformat() in played else today - datetime.timedelta(days=1)
        count = 0
        while day.isoformat() in played:
            count += 1
            day -= datetime.timedelta(days=1)
        return count
