"""The daily deals played on this device (``localStorage["pasur.daily"]``): for each date, whether
its counted attempt was started and its result, and the computer's points with the player's cards.

A value: every change returns a new book. Only the deal of today (UTC) or of yesterday (for a
player whose evening is another time zone's tomorrow) can be a counted attempt; any other date, a
second attempt, or a date in the future is practice.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field

from pasur.daily import is_day
from pasur.safejson import dumps

from .savegame import Partly, read_json

__all__ = ["KEEP_DAYS", "DailyBook", "countable", "daily_link"]

KEEP_DAYS = 400  # daily results kept on this device (the oldest go first)


def daily_link(address: str, day: str) -> str:
    """The link that starts the daily deal of ``day`` on this page (``address``, without its query)."""
    return f"{address}?daily={day}"


def countable(day: str, today: datetime.date) -> bool:
    """Whether the deal of ``day`` may be a counted attempt ``today``: today's or yesterday's only."""
    return day in (today.isoformat(), (today - datetime.timedelta(days=1)).isoformat())


def _points(value: object) -> bool:
    return type(value) is int and abs(value) < 1000


def _entry(day: object, entry: object) -> bool:
    """A date's entry as the page writes it: its counted attempt's points and the computer's, if known."""
    return (isinstance(day, str) and is_day(day) and isinstance(entry, dict) and set(entry) <= {"player", "computer"}
            and all(_points(value) for value in entry.values()))


@dataclass(frozen=True)
class DailyBook:
    """Never changed in place."""

    days: Mapping[str, Mapping[str, int]] = field(default_factory=dict)  # date -> {"player": n, "computer": n}
    computer: Mapping[str, int] = field(default_factory=dict)  # date -> the computer's points with those cards

    @classmethod
    def from_json(cls, text: str | None) -> DailyBook:
        """The book stored as ``text`` (none: empty). A value that is not a book at all raises
        ValueError saying why; one with entries that cannot be read raises ``Partly`` with the others."""
        if not text:
            return cls()
        data = read_json(text)
        if not isinstance(data, dict) or not isinstance(data.get("days", {}), dict):
            raise ValueError("not the daily results")
        days, computer = data.get("days", {}), data.get("computer", {})
        if not isinstance(computer, dict):
            raise ValueError("not the daily results")
        book = cls({day: dict(entry) for day, entry in days.items() if _entry(day, entry)},
                   {day: points for day, points in computer.items() if is_day(day) and _points(points)})
        bad = [str(day) for day in days if day not in book.days] + [str(day) for day in computer
                                                                     if day not in book.computer]
        if bad:
            raise Partly(f"dates that cannot be read: {', '.join(bad)[:80]}", book, book.to_json())
        return book

    def to_json(self) -> str:
        kept = {name: {day: book[day] for day in sorted(book)[-KEEP_DAYS:]}
                for name, book in (("days", self.days), ("computer", self.computer))}
        return dumps({"version": 1, **kept}, sort_keys=True)

    def merged(self, stored: DailyBook) -> DailyBook:
        """This tab's book with what another tab stored since (``stored``): every date of both; for a
        date in both, the entry with the counted attempt's result wins (the one stored first, when
        both have one: a result is never replaced), the other filling in what it lacks."""
        days = {**self.days, **stored.days}
        for day in self.days.keys() & stored.days.keys():
            mine, theirs = self.days[day], stored.days[day]
            days[day] = {**mine, **theirs} if "player" in theirs or "player" not in mine else {**theirs, **mine}
        return DailyBook(days, {**self.computer, **stored.computer})

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

