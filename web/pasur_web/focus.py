"""Keyboard focus: kept across redraws, and moved by the arrow keys in the hand and the choices.

Browser only.
"""

from __future__ import annotations

from typing import Any

from pyscript import document  # type: ignore[import-not-found]

from .dom import attr, byid, found

__all__ = ["ARROWS", "focus_hand", "focus_key", "move_focus", "restore_focus"]

ARROWS = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1, "Home": 0, "End": 0}
GROUPS = (("#hand", "[data-card]:not([disabled])"), ("#capture-choice", "[data-capture]"),
          ("#demo-options", "[data-capture]"))

FocusKey = tuple[str, str] | None


def focus_key() -> FocusKey:
    """What has the keyboard focus, in terms that survive a redraw."""
    active = document.activeElement
    if not found(active) or active == document.body:
        return None
    for name in ("data-card", "data-capture"):
        value = attr(active, name)
        if value:
            holder = active.parentElement.closest("[id]")
            return (name, f"#{holder.id} [{name}=\"{value}\"]" if found(holder) else "")
    ident = str(active.id or "")
    return ("id", f"#{ident}") if ident else None


def focus_hand() -> None:
    """The first playable card gets the focus, unless something else meaningful has it."""
    active = document.activeElement
    if not found(active) or active == document.body or not active.isConnected or active == byid("hand"):
        first = document.querySelector("#hand [data-card]:not([disabled])")
        if found(first):
            first.focus()


def restore_focus(key: FocusKey, my_turn: bool) -> None:
    """Put the focus back where it was, or on the nearest sensible place; never on nothing."""
    active = document.activeElement
    if found(active) and active != document.body and active.isConnected:
        return
    if key is not None and key[1]:
        again = document.querySelector(key[1])
        if found(again) and not again.disabled:
            again.focus()
            return
    if my_turn:
        focus_hand()
    elif key is not None and key[0] == "data-card":
        byid("hand").focus()  # the hand keeps the focus while the others play


def move_focus(target: Any, key: str, rtl: bool) -> bool:
    """Arrow keys move between the cards of the hand, and between the capture choices."""
    for group, item in GROUPS:
        box = target.closest(group)
        if not found(box):
            continue
        items = list(box.querySelectorAll(item))
        if not items:
            return False
        index = next((i for i, node in enumerate(items) if node == target), -1)
        step = ARROWS[key]
        if rtl and key in ("ArrowLeft", "ArrowRight"):
            step = -step  # right to left: the right arrow goes back
        if key == "Home":
            index = 0
        elif key == "End":
            index = len(items) - 1
        else:
            index = (index + step) % len(items)
        items[index].focus()
        return True
    return False
