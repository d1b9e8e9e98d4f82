"""The page's background work: the computer's turns, the hint's search, the move review and the daily
deal's duplicate. Each runs as an asyncio task in small steps (``model/turns.py``) and reports
through actions; at most one task of each kind runs at a time. Browser only."""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from pyodide.ffi import to_js  # type: ignore[import-not-found]
from pyscript import window  # type: ignore[import-not-found]

from pasur.ai import HardPlayer
from pasur.daily import Duplicate, deal_points, parse_day
from pasur.review import DealReview

from ..model import actions as act
from ..model import effects as fx
from ..model.match import Match, review_key
from ..model.state import DealDemo, State
from ..model.turns import DELAYS, computer_turns, in_steps, judge_tip, think

__all__ = ["Page", "Tasks"]


class Page(Protocol):
    """What the tasks need of the page: its state now, and a way to send it actions."""

    state: State

    def dispatch(self, action: act.Action) -> None: ...


class Tasks:
    """The tasks under way, for the runtime that dispatches what they find."""

    def __init__(self, runtime: Page) -> None:
        self.runtime = runtime
        self.computer: Any = None
        self.hinting: Any = None
        self.tipping: Any = None
        self.reviewing: Any = None
        self.next_review: fx.ComputeReview | None = None
        self.duplicating: Any = None
        self.copying: Any = None
        self.changed = asyncio.Event()  # set at every action: a paused demo waits for it

    def wake(self) -> None:
        self.changed.set()

    def carry_out(self, effect: fx.Effect) -> None:
        if isinstance(effect, fx.RunComputer):
            self.kick()
        elif isinstance(effect, fx.StopComputer):
            for task in (self.computer, self.hinting):
                if task is not None:
                    task.cancel()
            self.computer = self.hinting = None
        elif isinstance(effect, fx.SearchHint):
            self.hinting = asyncio.ensure_future(self._hint(effect.match))
        elif isinstance(effect, fx.JudgeTip):
            if self.tipping is not None:
                self.tipping.cancel()
            self.tipping = asyncio.ensure_future(self._tip(effect.match))
        elif isinstance(effect, fx.ComputeReview):  # one at a time: asked while one runs, it follows it
            if self.reviewing is None or self.reviewing.done():
                self.reviewing = asyncio.ensure_future(self._review(effect))
            else:
                self.next_review = effect
        elif isinstance(effect, fx.PlayDuplicate):
            if self.duplicating is None or self.duplicating.done():
                self.duplicating = asyncio.ensure_future(self._duplicate(effect.day))
        elif isinstance(effect, fx.Copy):
            self.copying = asyncio.ensure_future(self._copy(effect))

    # ------------------------------------------------------------------ the computer's turns (model.turns.Host)
    def match(self) -> Match | None:
        state = self.runtime.state
        return state.match if state.playing and not state.turn.behind else None

    def delay(self) -> float:
        return DELAYS.get(self.runtime.state.speed, 0.0)

    def dispatch(self, action: act.Action) -> None:
        self.runtime.dispatch(action)

    async def wait_turn(self) -> None:
        """A paused deal demo waits for Play or Next step (which allows one move)."""
        while True:
            demo = self.runtime.state.demo
            if not isinstance(demo, DealDemo) or not demo.paused:
                return
            if demo.steps:
                self.dispatch(act.DemoStep(act.DemoControl.USED))
                return
            await self._next_change()

    async def in_sight(self) -> bool:
        """A match against the computer waits while a dialog covers the table (the player would
        miss the move); a table between friends goes on for them."""
        waited = False
        while self.runtime.state.covered and self.runtime.state.online is None:
            waited = True
            await self._next_change()
        return waited

    async def _next_change(self) -> None:
        """Until the page's state changes next."""
        self.changed.clear()
        await self.changed.wait()

    async def after_paint(self) -> None:
        await window.pasur.draw.afterPaint()

    def kick(self) -> None:
        """Play the computer's turns if it is a computer's turn and nothing plays them yet."""
        match = self.match()
        if (self.computer is None or self.computer.done()) and match is not None and match.is_ai_turn():
            self.computer = asyncio.ensure_future(self._turns())

    async def _turns(self) -> None:
        mine = asyncio.current_task()
        try:
            await computer_turns(self)
        finally:
            if self.computer is mine:  # else a newer task owns the table
                self.computer = None
                match = self.runtime.state.match
                if match is not None:
                    self.dispatch(act.Computer(act.Step.DONE, match.id, match.moves))

    # ------------------------------------------------------------------ the hint, the review, the duplicate
    async def _hint(self, match: Match) -> None:
        """The move ``hard`` would play from the player's view."""
        await self.after_paint()
        move = await think(HardPlayer(match.player_seed(match.viewer)), match.viewer_view(),
                           lambda: self.runtime.state.match is match)
        if move is not None:
            self.dispatch(act.ShowHint(str(move), match.id, match.moves))

    async def _tip(self, match: Match) -> None:
        """The guided deal's tip: the judgement of the player's position, as the review makes it."""
        await self.after_paint()
        tipped = await judge_tip(match, lambda: self.runtime.state.match is match)
        if tipped is not None:
            self.dispatch(tipped)

    async def _review(self, asked: fx.ComputeReview) -> None:
        """Review a seat's moves of a deal; it stops when the player moves on (the next deal, another
        game): never while a deal is played. A review asked for meanwhile follows."""
        try:
            await self._review_seat(asked.match, asked.deal, asked.seat)
        finally:
            following, self.next_review = self.next_review, None
            if following is not None and following != asked:
                self.reviewing = asyncio.ensure_future(self._review(following))

    async def _review_seat(self, match: Match, deal: int, seat: int) -> None:
        await self.after_paint()
        if match.game is None:  # a friend's page: the host's page reviews its moves
            return
        review = DealReview(match.game, seat, deal)
        key = review_key(deal, seat)
        shown = [0]

        def alive() -> bool:
            now = self.runtime.state.match
            return now is not None and now.id == match.id and now.reviewable_deal() == deal

        def progress() -> None:
            if len(review.entries) != shown[0]:
                shown[0] = len(review.entries)
                self.dispatch(act.Reviewed(match.id, key, tuple(review.entries), False))

        if await in_steps(review, alive, progress):
            self.dispatch(act.Reviewed(match.id, key, tuple(review.entries), True))

    async def _duplicate(self, day: str) -> None:
        """The computer's deal with the player's cards, once per date on this device."""
        await self.after_paint()
        work = Duplicate(parse_day(day))
        await in_steps(work, lambda: True)
        self.dispatch(act.DuplicatePlayed(day, deal_points(work.game)))

    async def _copy(self, effect: fx.Copy) -> None:
        navigator = window.navigator
        try:
            if effect.share and hasattr(navigator, "share"):
                await navigator.share(to_js({"url": effect.text}))
                return
            await navigator.clipboard.writeText(effect.text)
        except Exception:  # no clipboard, or the browser refused: said, with the text to copy by hand
            self.dispatch(act.Shared(False, effect.text, effect.copied_key))
            return
        self.dispatch(act.Shared(True, effect.text, effect.copied_key))
