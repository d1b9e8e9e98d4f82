"""The move review panel (``#review``) and the daily deal (start, duplicate result, share, history).

Browser only. What is shown comes from ``coach.py``; the review and the computer's duplicate deal
are computed by the engine (``pasur.review``, ``pasur.daily``) in steps of at most
``turns.STEP_SECONDS``, between which the page paints and answers clicks.
"""

from __future__ import annotations

import asyncio
import datetime
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from pyscript import document, window  # type: ignore[import-not-found]

from pasur.daily import DAILY_RULES, OPPONENT, Duplicate, daily_seed, deal_points, parse_day
from pasur.review import DealReview, MoveReview

from . import chrome
from .coach import (
    DailyBook,
    comparison,
    position_shown,
    review_deal,
    review_key,
    review_shown,
    share_text,
    signed,
)
from .dom import attr, byid, clear, el, found
from .draw import card_node
from .session import Match, Seat
from .storage import DAILY_KEY
from .turns import STEP_SECONDS

if TYPE_CHECKING:
    from .app import App

__all__ = ["Coach"]


async def _in_steps(steps: Iterable[None], alive: Any, each: Any = None, metric: str = "") -> bool:
    """Run ``steps`` a few milliseconds at a time; False when ``alive()`` turned false on the way.
    With ``metric``, the whole time and the longest step are kept for the page benchmark."""
    started = last = time.perf_counter()
    longest = 0.0
    for _ in steps:
        now = time.perf_counter()
        if now - last > STEP_SECONDS:
            longest = max(longest, now - last)
            if each is not None:
                each()
            await asyncio.sleep(0)
            if not alive():
                return False
            last = time.perf_counter()
    metrics = getattr(window, "pasurMetrics", None)
    if metric and metrics is not None and found(metrics):
        longest = max(longest, time.perf_counter() - last)
        metrics.coach.push(f"{metric}:{(time.perf_counter() - started) * 1000:.0f}:{longest * 1000:.1f}")
    return True


class Coach:
    """The review panel and the daily deal, for the page's match."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.seat: int | None = None  # the seat whose review is shown (the panel is open)
        self.position: int | None = None  # the reviewed move shown on its own
        self.running: dict[tuple[str, str], DealReview] = {}  # (match id, key) -> a review under way
        self.task: Any = None
        self.duplicate_task: Any = None
        self.shared = ""  # what the share button said last (copied, or why not)

    # ------------------------------------------------------------------ clicks
    def on_click(self, ident: str, action: str, button: Any) -> bool:
        """The review's and the daily deal's buttons; False when the click is not theirs."""
        handlers = {"review-open": self.open, "review-close": self.close, "review-back": self.back,
                    "daily-share": lambda: asyncio.ensure_future(self.share()), "daily-start": self.start_today}
        handler = handlers.get(ident)
        if handler is not None:
            handler()
            return True
        if action == "review-move":
            self.position = int(attr(button, "data-index"))
            self.draw()
            byid("review-back").focus()
            return True
        if action == "review-seat":
            self.open(int(attr(button, "data-review-seat")))
            return True
        return False

    @property
    def is_open(self) -> bool:
        return not byid("review").hidden

    # ------------------------------------------------------------------ the review panel
    def open(self, seat: int | None = None) -> None:
        match = self.app.match
        if match is None or review_deal(match) is None or not match.human_seats():
            return
        humans = match.human_seats()
        self.seat = seat if seat in humans else humans[0]
        self.position = None
        byid("review").hidden = False
        self.draw()
        self.compute()
        byid("review-title").focus()

    def close(self) -> None:
        self.seat = self.position = None
        box = byid("review")
        box.hidden = True
        clear(box)
        opener = document.getElementById("review-open")
        if found(opener):
            opener.focus()

    def back(self) -> None:
        index, self.position = self.position, None
        self.draw()
        entry = document.querySelector(f'[data-review-move][data-index="{index}"]')
        if found(entry):
            entry.focus()

    def _entries(self, match: Match, deal: int, seat: int) -> tuple[list[MoveReview], int]:
        """The reviewed moves so far, and how many there are to review."""
        key = review_key(deal, seat)
        if key in match.reviews:
            entries = match.reviews[key]
            return entries, len(entries)
        total = sum(1 for record in match.game.history if record.deal == deal and record.seat == seat)
        running = self.running.get((match.id, key))
        return ([] if running is None else running.entries), total

    def draw(self) -> None:
        match, cat, seat = self.app.match, self.app.cat, self.seat
        deal = None if match is None else review_deal(match)
        if match is None or seat is None or deal is None:
            self.close()
            return
        entries, total = self._entries(match, deal, seat)
        if self.position is not None and self.position < len(entries):
            self._draw_position(entries[self.position])
            return
        shown = review_shown(match, deal, seat, entries, total, cat)
        seats = [el("div", "review-seats", children=[
            el("button", "secondary" + (" chosen" if chosen else ""), text=cat.t("review_seat", name=name),
               type="button", data_action="review-seat", data_review_seat=other,
               aria_pressed="true" if chosen else "false")
            for other, name, chosen in shown.seats])] if shown.seats else []
        lines = [el("li", children=[el("button", f"review-move verdict-{line.verdict}", type="button",
                                       data_action="review-move", data_review_move="", data_index=line.index,
                                       data_played=line.played, data_best=line.best, data_loss=line.loss,
                                       data_verdict=line.verdict, children=[
                                           el("span", "review-line", text=line.title),
                                           el("span", "review-detail", text=line.detail)])])
                 for line in shown.lines]
        progress = ([el("p", "muted", id="review-progress", role="status", text=shown.progress)]
                    if shown.progress else [])
        summary = [el("p", "review-summary", text=shown.summary)] if shown.summary else []
        box = byid("review")
        clear(box, el("div", "panel review-panel", children=[
            el("h2", id="review-title", tabindex="-1", text=shown.title), *seats, *progress,
            el("ol", "review-list", children=lines), *summary,
            el("button", "primary", id="review-close", type="button", text=cat.t("close")),
        ]))
        box.toggleAttribute("data-done", shown.done)

    def _draw_position(self, entry: MoveReview) -> None:
        cat = self.app.cat
        shown = position_shown(entry, cat)

        def cards(group: Iterable[Any], label: str) -> Any:
            nodes = []
            for card in group:
                played = card in (shown.played.card, *shown.played.captured)
                best = shown.best != shown.played and card in (shown.best.card, *shown.best.captured)
                node = card_node(card, cat, data_played="1" if played else None, data_best="1" if best else None)
                node.classList.toggle("mark-played", played)
                node.classList.toggle("mark-best", best)
                nodes.append(node)
            if not nodes:
                nodes.append(el("p", "empty", text=cat.t("table_empty")))
            return el("div", "review-cards", role="group", aria_label=label, children=nodes)

        box = byid("review")
        clear(box, el("div", "panel review-panel", id="review-position", children=[
            el("h2", id="review-title", tabindex="-1", text=shown.heading),
            el("p", "mark-played-text", text=shown.played_text),
            el("p", "mark-best-text", text=shown.best_text),
            el("p", "muted", text=shown.detail),
            el("h3", text=cat.t("table")), cards(shown.table, cat.t("table")),
            el("h3", text=cat.t("review_hand")), cards(shown.hand, cat.t("review_hand")),
            el("div", "sheet-actions", children=[
                el("button", "primary", id="review-back", type="button", text=cat.t("review_back")),
            ]),
        ]))

    def compute(self) -> None:
        """Review the shown seat's moves in the background, unless the save already holds them."""
        match, seat = self.app.match, self.seat
        deal = None if match is None else review_deal(match)
        if match is None or seat is None or deal is None:
            return
        key = review_key(deal, seat)
        if key in match.reviews or (self.task is not None and not self.task.done()):
            return
        review = self.running.setdefault((match.id, key), DealReview(match.game, seat, deal))
        self.task = asyncio.ensure_future(self._run(match, key, review))

    async def _run(self, match: Match, key: str, review: DealReview) -> None:
        app = self.app
        drawn = [len(review.entries)]

        def redraw() -> None:
            if len(review.entries) != drawn[0] and self.is_open and self.position is None:
                drawn[0] = len(review.entries)
                self.draw()

        # It stops when the player moves on (the next deal, another game): never while a deal is played.
        finished = await _in_steps(review, lambda: app.match is match and review_deal(match) == review.deal,
                                   redraw, "review")
        if not finished:
            return
        self.running.pop((match.id, key), None)
        match.reviews[key] = list(review.entries)
        app.keeper.save(match)  # a reload shows the review without computing it again
        if self.is_open and app.match is match:
            self.draw()
        self.compute()  # another seat chosen meanwhile

    # ------------------------------------------------------------------ the sheet, after each draw
    def after_render(self) -> None:
        """The review button and the daily result on the score sheet, and ``html[data-daily]``."""
        app = self.app
        match = app.match
        root = document.documentElement
        daily = match.daily if match is not None and not app.in_setup else None
        if daily is None:
            root.removeAttribute("data-daily")
        else:
            root.setAttribute("data-daily", daily)
            self.duplicate(daily)  # after a reload too
        panel = document.querySelector("#sheet .panel")
        if match is None or not found(panel) or app.demo is not None:
            return
        extras = []
        if daily is not None and match.game.over:
            extras.append(self._daily_result(match, daily))
        if match.human_seats() and review_deal(match) is not None:
            extras.append(el("button", "secondary", id="review-open", type="button", text=app.cat.t("review_open")))
        actions = panel.querySelector(".sheet-actions")
        winner = panel.querySelector(".winner")
        for node in extras:
            if node.tagName == "BUTTON" and found(actions):
                actions.appendChild(node)
            elif node.tagName == "BUTTON" or not found(winner):
                panel.insertBefore(node, panel.lastElementChild)
            else:
                winner.after(node)  # the daily result first: it is what the player waits for
        if self.is_open:
            self.draw()

    # ------------------------------------------------------------------ the daily deal
    def book(self) -> DailyBook:
        return DailyBook.from_json(self.app.keeper.store.get(DAILY_KEY))

    def keep(self, book: DailyBook) -> None:
        self.app.keeper.write(DAILY_KEY, book.to_json())

    def start_today(self) -> None:
        self.start(datetime.datetime.now(datetime.UTC).date().isoformat())

    def start(self, day: str) -> None:
        """Start the daily deal of ``day``: the first attempt on this device counts, any other is practice."""
        parse_day(day)
        app = self.app
        book = self.book()
        practice = book.begin(day)
        self.keep(book)
        seats = [Seat(app.cat.t("you"), "human"), Seat(app.cat.t("default_name_1"), OPPONENT)]
        app.begin(2, DAILY_RULES, seats, daily_seed(parse_day(day)), daily=day, practice=practice)
        self.duplicate(day)

    def duplicate(self, day: str) -> None:
        """The computer's deal with the player's cards, once per date on this device, in the background."""
        if day in self.book().computer or (self.duplicate_task is not None and not self.duplicate_task.done()):
            return
        self.duplicate_task = asyncio.ensure_future(self._duplicate(day))

    async def _duplicate(self, day: str) -> None:
        work = Duplicate(parse_day(day))
        await _in_steps(work, lambda: True, metric="duplicate")
        book = self.book()
        book.computer[day] = deal_points(work.game)
        self.keep(book)
        match = self.app.match
        if match is not None and match.daily == day:
            self.finish_daily(match)
            self.app.render()

    def finish_daily(self, match: Match) -> None:
        """Keep the counted attempt's result once the deal is over (the computer's when it is known)."""
        day = match.daily
        if day is None or not match.game.over or match.practice or match.edited:
            return
        book = self.book()
        entry = book.days.get(day, {})
        computer = book.computer.get(day)
        if "player" not in entry or ("computer" not in entry and computer is not None):
            book.finish(day, deal_points(match.game), computer)
            self.keep(book)

    def _daily_result(self, match: Match, day: str) -> Any:
        cat = self.app.cat
        self.finish_daily(match)
        computer = self.book().computer.get(day)
        if computer is None:
            self.duplicate(day)
        mine = deal_points(match.game)
        children = [el("h3", text=cat.t("daily_title", date=cat.isolate(day)))]
        if match.practice:
            children.append(el("p", "muted", text=cat.t("daily_practice")))
        if computer is None:
            children.append(el("p", id="daily-compare", role="status", text=cat.t("daily_computing")))
        else:
            children.append(el("p", "daily-compare", id="daily-compare", text=comparison(cat, mine, computer)))
            children.append(el("div", "sheet-actions", children=[
                el("button", "primary", id="daily-share", type="button", text=cat.t("daily_share")),
                el("span", "muted", id="daily-shared", role="status", text=self.shared),
            ]))
        return el("section", "daily-result", id="daily-result", children=children)

    def show_daily_stats(self) -> None:
        """The daily deals played on this device, after the statistics: count, streak, latest results."""
        cat = self.app.cat
        t = cat.t
        stats = document.getElementById("stats")
        results = self.book().results()
        if not found(stats) or not results:
            return
        today = datetime.datetime.now(datetime.UTC).date()
        head = el("tr", children=[el("th", text=t(key), scope="col")
                                  for key in ("daily_date", "daily_you", "daily_computer", "daily_difference")])
        rows = [el("tr", children=[
            el("td", text=cat.isolate(day)), el("td", text=cat.num(mine)),
            el("td", text="" if computer is None else cat.num(computer)),
            el("td", text="" if computer is None else signed(cat, mine - computer)),
        ]) for day, mine, computer in results[:10]]
        stats.after(el("section", "stats-section", id="daily-stats", children=[
            el("h3", text=t("daily_stats")),
            el("p", text=f"{t('daily_played', n=len(results))} · {t('daily_streak', n=self.book().streak(today))}"),
            el("div", "table-scroll", children=[el("table", "score-sheet stats", children=[
                el("thead", children=[head]), el("tbody", children=rows)])]),
        ]))

    async def share(self) -> None:
        """Copy a text without the cards (the date, the points and the difference) to the clipboard."""
        match, cat = self.app.match, self.app.cat
        if match is None or match.daily is None:
            return
        computer = self.book().computer.get(match.daily)
        if computer is None:
            return
        text = share_text(cat, match.daily, deal_points(match.game), computer, match.practice)
        try:
            await window.navigator.clipboard.writeText(text)
            self.shared = cat.t("daily_copied")
        except Exception:  # no clipboard, or the browser refused: say so, with the text to copy by hand
            self.shared = ""
            chrome.add_notice(cat, cat.t("daily_copy_failed", text=text))
        shown = document.getElementById("daily-shared")
        if found(shown):
            shown.textContent = self.shared
