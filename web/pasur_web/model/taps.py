"""The taps that ``web/draw.js`` answers by itself (a card lifts, the cards it could take are marked)
before the game's Python takes them after the paint (``browser/taps.py``): each tap's
``data-action``, the attribute that names what was tapped, and the action it becomes. The build
gives ``web/draw.js`` the first two (``web/generated.js``)."""

from __future__ import annotations

from collections.abc import Callable

from . import actions as act

__all__ = ["TAPS"]

TAPS: dict[str, tuple[str, Callable[[str], act.Action]]] = {
    "pick-card": ("data-card", act.PickCard),
    "play-card": ("data-card", act.PlayCard),
    "pick-capture": ("data-capture", act.PickCapture),
}
