"""The computer's turns and the other long work (the hint, the move review, the daily deal's
duplicate), done in small steps so that the page paints and answers clicks between them.

Pure Python and asyncio (no browser import): the loops are tested in CPython with ``asyncio.run``.
The page gives them a :class:`Host`: the state now, a way to send actions, and the waits.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Protocol

from pasur import Move
from pasur.judgement import Judgement, judge, run, tip_of
from pasur.players import Player
from pasur.view import PlayerView

from . import actions as act
from .match import Match

__all__ = ["CAPTURE_PAUSE", "DELAYS", "STEP_SECONDS", "Host", "computer_turns", "in_steps", "judge_tip", "think",
           "tip_for"]

# Seconds a computer move takes at each speed: half thinking, half showing the move.
DELAYS = {"slow": 1.4, "normal": 0.8, "fast": 0.35, "instant": 0.0}
CAPTURE_PAUSE = 0.6  # after a computer's capture, this share of a move's time passes before the next move
STEP_SECONDS = 0.025  # the longest a step of work runs before letting the browser paint and react


class Host(Protocol):
    """What the computer's turns need from the page."""

    def match(self) -> Match | None:
        """The match the computer may play now (None: none, or the page moved on)."""

    def delay(self) -> float:
        """Seconds a move takes at the current speed."""

    def dispatch(self, action: act.Action) -> None:
        """Send an action to the page's ``update``."""

    async def wait_turn(self) -> None:
        """Wait until the next move may start (a paused deal demo waits here)."""

    async def in_sight(self) -> bool:
        """Wait while a dialog covers the table, so that a move is shown and played where the player
        sees it: whether it waited."""

    async def after_paint(self) -> None:
        """Wait until the page has painted what it drew (heavy work starts after that)."""


async def in_steps(steps: Iterable[object], alive: Callable[[], bool], each: Callable[[], None] | None = None,
                   budget: float = STEP_SECONDS) -> bool:
    """Run ``steps`` at most ``budget`` seconds at a time; False when ``alive()`` turned false on
    the way. ``each`` is called at every pause."""
    last = time.perf_counter()
    for _ in steps:
        if time.perf_counter() - last > budget:
            if each is not None:
                each()
            await asyncio.sleep(0)
            if not alive():
                return False
            last = time.perf_counter()
    return True


async def think(player: Player, view: PlayerView, alive: Callable[[], bool] = lambda: True) -> Move | None:
    """The player's move; a searching player works in small steps so the page stays responsive.
    None when ``alive()`` turned false meanwhile."""
    search_of = getattr(player, "search", None)
    if search_of is None:
        return player.choose(view)
    search = search_of(view)
    if not await in_steps(search, alive):
        return None
    best: Move = search.best()
    return best


def _tipped(match: Match, judgement: Judgement) -> act.Tipped:
    tip, simpler = tip_of(judgement)
    return act.Tipped(match.id, match.moves, str(tip), str(judgement.moves[judgement.best]) if simpler else None)


def tip_for(match: Match) -> act.Tipped:
    """The guided deal's tip for the player's turn, worked out at once (``judge_tip`` works in steps)."""
    return _tipped(match, run(match.viewer_view()))


async def judge_tip(match: Match, alive: Callable[[], bool]) -> act.Tipped | None:
    """The guided deal's tip for the player's turn, from the judgement of the position (the one the move
    review makes), in small steps; None when ``alive()`` turned false meanwhile."""
    found: list[Judgement] = []

    def steps() -> Iterator[None]:
        for step in judge(match.viewer_view()):
            if step is not None:
                found.append(step)
            yield None

    if not await in_steps(steps(), alive) or not found:
        return None
    return _tipped(match, found[0])


def _unchanged(host: Host, match: Match) -> Callable[[], bool]:
    """Whether the match on the board is still ``match`` (no move, no new game, no undo)."""
    return lambda: host.match() is match


async def computer_turns(host: Host) -> None:
    """Play every computer turn of the match on the board until a human is to play or the page moves
    on: each step is an action (thinking, the move shown, the move played) for that position only."""
    while True:
        match = host.match()
        if match is None or not match.is_ai_turn():
            return
        await host.wait_turn()
        await host.in_sight()
        # What led here (the player's tap) is painted first: the computer stirs in a frame of its own.
        await host.after_paint()
        if host.match() is not match:
            continue
        delay = host.delay()
        game = match.game
        seat = None if game is None else game.turn
        if game is None or seat is None:  # a friend's page: the host's page plays the computer's turns
            return
        host.dispatch(act.Computer(act.Step.THINKING, match.id, match.moves))
        await asyncio.sleep(delay * 0.5)
        await host.after_paint()
        move = await think(match.player(seat), game.view(seat), _unchanged(host, match))
        if move is None or host.match() is not match:
            return
        await host.in_sight()
        if host.match() is not match:
            return
        if delay:
            host.dispatch(act.Computer(act.Step.PREVIEW, match.id, match.moves, str(move)))
            await asyncio.sleep(delay * 0.5)
            if await host.in_sight():  # the move was shown under a dialog: it is shown again
                await asyncio.sleep(delay * 0.5)
            if host.match() is not match:
                return
        host.dispatch(act.Computer(act.Step.PLAY, match.id, match.moves, str(move)))
        # A capture stays in sight a moment before the next player moves: its cards land first.
        await asyncio.sleep(delay * CAPTURE_PAUSE if move.captured else 0)
