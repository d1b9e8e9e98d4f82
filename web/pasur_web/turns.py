"""The computer's turns: when they run, and how a search shares the page with the player.

Pure Python and asyncio (no browser import), so the loop is tested in CPython with
``asyncio.run``; the page gives it a :class:`TurnHost` that draws and saves.
"""

from __future__ import annotations

import asyncio
import time
from typing import Protocol

from pasur import Move
from pasur.players import Player
from pasur.view import PlayerView

from .session import Match

__all__ = ["DELAYS", "STEP_SECONDS", "TurnHost", "computer_turns", "think"]

# Seconds a computer move takes at each speed: half thinking, half showing the move.
DELAYS = {"slow": 1.4, "normal": 0.8, "fast": 0.35, "instant": 0.0}
STEP_SECONDS = 0.025  # the longest the search runs before letting the browser paint and react


async def think(player: Player, view: PlayerView) -> Move:
    """The player's move; a searching player works in small steps so the page stays responsive."""
    search_of = getattr(player, "search", None)
    if search_of is None:
        return player.choose(view)
    search = search_of(view)
    last = time.perf_counter()
    for _ in search:
        if time.perf_counter() - last > STEP_SECONDS:
            await asyncio.sleep(0)
            last = time.perf_counter()
    best: Move = search.best()
    return best


class TurnHost(Protocol):
    """What the computer's turns need from the page."""

    def alive(self) -> bool:
        """False once this match is no longer the one on screen (a new game, the setup panel)."""

    def delay(self) -> float:
        """Seconds a move takes at the current speed."""

    async def wait_turn(self) -> None:
        """Wait until the next move may start (a paused deal demo waits here)."""

    def thinking(self, on: bool) -> None:
        """The computer starts or stops thinking (the status line says so)."""

    def preview(self, move: Move | None) -> None:
        """Show the move about to be played, or stop showing it."""

    def apply(self, move: Move) -> None:
        """Play the move, save and draw."""

    def timed(self, level: str, seconds: float) -> None:
        """How long the move took to choose (the page benchmark reads it)."""


async def computer_turns(match: Match, host: TurnHost) -> None:
    """Play every computer turn of ``match`` until a human is to play or the host moves on."""
    while host.alive() and match.is_ai_turn():
        await host.wait_turn()
        if not host.alive():
            return
        delay = host.delay()
        host.thinking(True)
        await asyncio.sleep(delay * 0.5)
        if not host.alive():
            return
        seat = match.game.turn
        assert seat is not None
        started = time.perf_counter()
        move = await think(match.ai_player(), match.game.view(seat))
        host.timed(match.seats[seat].kind, time.perf_counter() - started)
        if not host.alive():
            return
        host.thinking(False)
        if delay:
            host.preview(move)
            await asyncio.sleep(delay * 0.5)
            if not host.alive():
                return
        host.apply(move)  # the move replaces its preview in one redraw, so its cards fly on from there
        await asyncio.sleep(0)
