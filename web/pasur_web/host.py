"""What the rule demos need from the page: a small typed interface (the page's App provides it)."""

from __future__ import annotations

from typing import Protocol

from pasur import Rules

from .i18n import Catalog
from .params import Params
from .session import Match, Seat

__all__ = ["Demo", "DemoHost"]


class Demo(Protocol):
    """A rule demo shown instead of a game."""

    def on_click(self, ident: str, action: str, index: str) -> None:
        """A button of the demo was pressed: its id, its data-action and its data-index."""

    async def wait_turn(self) -> None:
        """Wait until the next computer move may be played (a paused demo waits here)."""

    def render(self) -> None:
        """Draw the demo again (after a language change)."""


class DemoHost(Protocol):
    @property
    def cat(self) -> Catalog: ...

    @property
    def params(self) -> Params: ...

    @property
    def match(self) -> Match | None: ...

    def show_demo(self, demo: Demo) -> None:
        """Show ``demo`` instead of a game."""

    def begin(self, players: int, rules: Rules, seats: list[Seat], seed: int | None, guide: bool = False) -> None:
        """Start a match played on the board (the deal demo)."""

    def render(self) -> None:
        """Draw the board again."""
