"""The taps on cards and capture options, which ``web/draw.js`` answers by itself and hands to the
game's Python once that answer is painted (``Runtime.take_taps``); and the menus over the table,
which a click elsewhere closes. Browser only."""

from __future__ import annotations

import json
from typing import Any

from pyscript import document, window  # type: ignore[import-not-found]

from ..model import actions as act
from ..model.taps import TAPS
from .dom import found

__all__ = ["close_menus", "tap_actions"]


def tap_actions(taps: str) -> list[act.Action]:
    """The actions of taps as ``web/draw.js`` sends them (JSON: ``[[data-action, card or capture],
    ...]``); anything else is left out, and said in the console."""
    try:
        given = json.loads(taps)
    except ValueError:
        given = None
    if not isinstance(given, list):
        window.console.warn(f"taps that are not a list of [action, value]: {taps[:200]!r}")
        return []
    actions = []
    for tap in given:
        if (isinstance(tap, list) and len(tap) == 2 and isinstance(tap[1], str)
                and isinstance(tap[0], str) and tap[0] in TAPS):
            actions.append(TAPS[tap[0]][1](tap[1]))
        else:
            window.console.warn(f"a tap that is not one: {str(tap)[:200]!r}")
    return actions


def close_menus(target: Any, chosen: Any) -> None:
    """The menus that open over the table (a game between friends: its link, the quick messages) close
    once one of their buttons is chosen, or on a click elsewhere, or Escape (``target`` None)."""
    for menu in document.querySelectorAll("details.popover[open]"):
        if target is None or not menu.contains(target) or (found(chosen) and menu.contains(chosen)):
            menu.open = False
