"""The move review and the daily deal as the page shows them: which deal and seats can be reviewed,
every text of the review panel, and the daily results kept on this device.

Pure Python (no browser import): ``coach_view.py`` draws what these functions return.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Sequence
from dataclasses import dataclass, field

from pasur import Card, Move
from pasur.daily import is_day
from pasur.review import MoveReview

from .i18n import Catalog
from .saves import read_json
from .session import Match

__all__ = ["DailyBook", "PositionShown", "ReviewLine", "ReviewShown", "comparison", "move_words",
           "position_shown", "review_deal", "review_key", "review_shown", "share_text", "signed"]

KEEP_DAYS = 400  # daily results kept on this device (the oldest go first)


# ---------------------------------------------------------------------- the move review
def review_deal(match: Match) -> int | None:
    """The deal that can be reviewed now: the one just finished (its score sheet is shown), never
    a deal in play."""
    if match.phase == "deal-end":
        return match.pending_sheet
    if match.phase == "match-end" and match.game.deal_results:
        return len(match.game.deal_results) - 1
    return None


def review_key(deal: int, seat: int) -> str:
    """Where a review is kept in the match's save."""
    return f"{deal}:{seat}"


def move_words(move: Move, cat: Catalog) -> str:
    """``7♣ takes 4♣ 4♦`` or ``7♣ laid``, in the page's language."""
    card = cat.card_symbol(move.card)
    if move.captured:
        return cat.t("review_took", card=card, cards=cat.cards_text(move.sorted_captured()))
    return cat.t("review_laid", card=card)


def _decimal(cat: Catalog, value: float) -> str:
    return cat.num(f"{value:.1f}")


def reason_words(entry: MoveReview, cat: Catalog) -> str:
    if entry.reason is None:
        return ""
    key, values = entry.reason
    shown = {name: cat.num(value) if value.isdigit() else cat.isolate(value) for name, value in values.items()}
    count = values.get("points", values.get("clubs"))
    return cat.t(f"review_reason_{key}", **shown, **({} if count is None else {"n": int(count)}))


@dataclass(frozen=True)
class ReviewLine:
    """One reviewed move: the hooks (``data-played``, ``data-best``, ``data-loss``) and its words."""

    index: int
    played: str
    best: str
    loss: str  # a number >= 0, "0" when the played move is the best
    verdict: str  # good, inaccuracy, mistake, blunder
    title: str
    detail: str


@dataclass(frozen=True)
class ReviewShown:
    title: str
    seats: tuple[tuple[int, str, bool], ...]  # (seat, name, shown now) when several humans played
    lines: tuple[ReviewLine, ...]
    progress: str  # "" once every move is reviewed
    summary: str
    done: bool


def _verdict(entry: MoveReview, cat: Catalog, with_best: bool) -> str:
    """The verdict, the better move (``with_best``), the loss and the reason, in one line."""
    t = cat.t
    verdict = t(f"review_verdict_{entry.verdict}")
    parts = [t("review_about_equal", verdict=verdict) if entry.about_equal else verdict]
    if entry.best != entry.played:
        if with_best:
            parts.append(t("review_better", move=move_words(entry.best, cat)))
        loss = _decimal(cat, entry.loss)
        parts.append(t("review_loss_exact", loss=loss) if entry.exact else t(
            "review_loss", loss=loss, error=_decimal(cat, entry.error)))
    reason = reason_words(entry, cat)
    return " · ".join([*parts, reason] if reason else parts)


def _line(index: int, entry: MoveReview, cat: Catalog) -> ReviewLine:
    loss = "0" if entry.best == entry.played else f"{entry.loss:g}"
    title = cat.t("review_line", n=entry.number, move=move_words(entry.played, cat))
    return ReviewLine(index, str(entry.played), str(entry.best), loss, entry.verdict, title,
                      _verdict(entry, cat, with_best=True))


def review_shown(match: Match, deal: int, seat: int, entries: Sequence[MoveReview], total: int,
                 cat: Catalog) -> ReviewShown:
    """The review panel: one line per move reviewed so far, and the progress until all ``total`` are."""
    from .screen import name_of

    t = cat.t
    humans = match.human_seats()
    seats = tuple((other, name_of(match, other, cat), other == seat) for other in humans) if len(humans) > 1 else ()
    title = t("review_title", n=deal + 1)
    done = len(entries) >= total
    progress = "" if done else t("review_progress", done=len(entries), n=total)
    lost = sum(entry.loss for entry in entries)
    summary = t("review_summary", loss=_decimal(cat, lost)) if done and entries else (
        t("review_none") if done else "")
    lines = tuple(_line(index, entry, cat) for index, entry in enumerate(entries))
    return ReviewShown(title, seats, lines, progress, summary, done)


@dataclass(frozen=True)
class PositionShown:
    """A reviewed position: the hand and the table before the move, the move played and the better one."""

    heading: str
    hand: tuple[Card, ...]
    table: tuple[Card, ...]
    played: Move
    best: Move
    played_text: str
    best_text: str
    detail: str  # the verdict, the loss and the reason, as in the list


def position_shown(entry: MoveReview, cat: Catalog) -> PositionShown:
    t = cat.t
    same = entry.best == entry.played
    return PositionShown(
        heading=t("review_position", n=entry.number, round=entry.round),
        hand=tuple(sorted(entry.hand)), table=tuple(sorted(entry.table)), played=entry.played, best=entry.best,
        played_text=t("review_played", move=move_words(entry.played, cat)),
        best_text=t("review_was_best") if same else t("review_better_move", move=move_words(entry.best, cat)),
        detail=_verdict(entry, cat, with_best=False),
    )


# ---------------------------------------------------------------------- the daily deal
def comparison(cat: Catalog, player: int, computer: int) -> str:
    """"You made 14, the computer made 11 with your cards: +3"."""
    return cat.t("daily_compare", mine=cat.num(player), theirs=cat.num(computer), diff=signed(cat, player - computer))


def signed(cat: Catalog, number: int) -> str:
    """``+3`` or ``-2``, its sign kept before the digits in a right-to-left language."""
    return cat.isolate(cat.num(f"{number:+d}"))


def share_text(cat: Catalog, day: str, player: int, computer: int, practice: bool) -> str:
    """The text the Share button copies: the date and the result, no card."""
    text = cat.t("daily_share_text", date=cat.isolate(day), mine=cat.num(player), diff=signed(cat, player - computer))
    return text + (" " + cat.t("daily_share_practice") if practice else "")


@dataclass
class DailyBook:
    """The daily deals of this device: for each date, whether the counted attempt was started and its
    result (the player's and the computer's points); and the computer's points with the player's
    cards, worked out once per date."""

    days: dict[str, dict[str, int]] = field(default_factory=dict)  # date -> {"player": n, "computer": n}
    computer: dict[str, int] = field(default_factory=dict)

    @classmethod
    def from_json(cls, text: str | None) -> DailyBook:
        """The book from storage; anything unreadable in it is dropped."""
        try:
            data = read_json(text) if text else {}
        except ValueError:
            return cls()
        book = cls()
        if not isinstance(data, dict):
            return book
        days, computer = data.get("days"), data.get("computer")
        for day, entry in (days.items() if isinstance(days, dict) else ()):
            if is_day(day) and isinstance(entry, dict):
                book.days[day] = {key: value for key, value in entry.items()
                                  if key in ("player", "computer") and type(value) is int and abs(value) < 1000}
        for day, points in (computer.items() if isinstance(computer, dict) else ()):
            if is_day(day) and type(points) is int and abs(points) < 1000:
                book.computer[day] = points
        return book

    def to_json(self) -> str:
        for kept in (self.days, self.computer):
            for day in sorted(kept)[:-KEEP_DAYS]:
                del kept[day]
        return json.dumps({"version": 1, "days": self.days, "computer": self.computer}, sort_keys=True)

    def begin(self, day: str) -> bool:
        """A daily deal starts: the first attempt of a date is counted; any other is practice (True)."""
        if day in self.days:
            return True
        self.days[day] = {}
        return False

    def finish(self, day: str, player: int, computer: int | None) -> None:
        """The counted attempt's result (the computer's points may come later)."""
        entry = self.days.setdefault(day, {})
        entry["player"] = player
        if computer is not None:
            entry["computer"] = computer

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
