"""The page's side of the computer's turns: one task at a time runs them (``turns.computer_turns``)
for the match on screen, and the hint's search. Browser only.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pyscript import window  # type: ignore[import-not-found]

from pasur import Move
from pasur.ai import HardPlayer
from pasur.players import player_seed

from . import focus
from .dom import found
from .session import Match
from .turns import DELAYS, computer_turns, think
from .ui import Play, ShowHint, update

if TYPE_CHECKING:
    from .app import App

__all__ = ["ComputerSeats", "PageTurns"]


class PageTurns:
    """``turns.TurnHost`` for one match, for as long as that match is the page's."""

    def __init__(self, app: App, match: Match, generation: int) -> None:
        self.app, self.match, self.generation = app, match, generation

    def alive(self) -> bool:
        app = self.app
        return app.match is self.match and app.computer.generation == self.generation and not app.ui.behind

    def delay(self) -> float:
        return DELAYS[self.app.speed]

    async def wait_turn(self) -> None:
        if self.app.demo is not None:
            await self.app.demo.wait_turn()

    def thinking(self, on: bool) -> None:
        self.app.ui = replace(self.app.ui, thinking=on)
        self.app.render()

    def preview(self, move: Move | None) -> None:
        self.app.ui = replace(self.app.ui, preview=move)
        self.app.render()

    def apply(self, move: Move) -> None:
        self.app.dispatch(Play(move))

    def timed(self, level: str, seconds: float) -> None:
        """The time a computer move took, for the page benchmark (window.pasurMetrics, set by boot.js)."""
        metrics = getattr(window, "pasurMetrics", None)
        if metrics is not None and found(metrics):
            metrics.ai.push(f"{level}:{seconds * 1000:.2f}")


class ComputerSeats:
    """Starts and stops the task that plays the computer's turns, and searches the hint."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.task: Any = None
        self.generation = 0  # bumped to stop the task of a match left behind

    def kick(self) -> None:
        """Play the computer's turns if it is a computer's turn and nothing plays them yet."""
        app = self.app
        if self.task is None and app.match is not None and not app.in_setup and app.match.is_ai_turn() \
                and not app.ui.behind:
            self.task = asyncio.ensure_future(self.run(app.match, self.generation))

    def stop(self) -> None:
        """Stop the computer's turn under way (a new game, or the new-game panel opened)."""
        self.generation += 1
        task, self.task = self.task, None
        if task is not None:
            task.cancel()
        self.app.ui = replace(self.app.ui, choosing=None, preview=None, thinking=False, hinting=False)

    async def run(self, match: Match, generation: int) -> None:
        app = self.app
        try:
            await computer_turns(match, PageTurns(app, match, generation))
        finally:
            if self.generation == generation:  # else a newer task owns these
                self.task = None
                app.ui = replace(app.ui, preview=None, thinking=False)
                if app.match is match:
                    app.render()
                    if match.is_viewer_turn():
                        focus.focus_hand()

    async def hint(self) -> None:
        """The move ``hard`` would play from the player's view, marked in the hand."""
        app = self.app
        match = app.match
        if match is None or not match.is_viewer_turn() or app.ui.hinting:
            return
        app.ui = replace(app.ui, hinting=True)
        app.render()
        moves_before = len(match.game.history)
        move = await think(HardPlayer(player_seed(match.game.seed, match.viewer)), match.game.view(match.viewer))
        if app.match is match:
            app.ui = update(match, app.ui, ShowHint(str(move), moves_before))
            app.render()
