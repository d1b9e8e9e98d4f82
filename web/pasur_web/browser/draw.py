"""Draws the page from the state, at most once an animation frame, and only the parts that changed
since the last drawing: the parts are computed in Python (``screens/page.py``), and ``web/draw.js``
builds them in one call, with the cards' motion planned here (``screens/motion.py``)."""

from __future__ import annotations

import datetime
import json
from typing import Any

from ..model.state import State
from ..screens.html import Node
from ..screens.motion import FLIGHT_MS, BoardShown, board_shown, plan
from ..screens.page import NOTHING_ANNOUNCED, Frame, Part, page
from ..screens.setup import catalog_texts

__all__ = ["DrawSchedule", "Drawer", "changes"]


KEYS = ("data-card", "data-back", "data-line")  # a child with one of these keeps its node when it moves


def _key(child: Node | str) -> str | None:
    if isinstance(child, str):
        return None
    return next((f"{name}={value}" for name, value in child[1] if name in KEYS), None)


def _attr_changes(was: tuple[tuple[str, str], ...], now: tuple[tuple[str, str], ...]) -> list[list[str | None]]:
    """The attributes to write on a kept element drawn with ``was``: each one new or changed with its
    value, each one gone with None (``web/draw.js`` removes it)."""
    if was == now:
        return []
    old, new = dict(was), dict(now)
    out: list[list[str | None]] = [[name, value] for name, value in now if old.get(name) != value]
    out += [[name, None] for name in old if name not in new]
    return out


def _kept(at: int, was: Node, child: Node) -> int | dict[str, object]:
    """The child drawn as ``was`` at ``at``, kept and made into ``child``: its attributes' changes and
    its own children's instructions (each only when something changed)."""
    step: dict[str, object] = {"at": at}
    attrs = _attr_changes(was[1], child[1])
    if attrs:
        step["attrs"] = attrs
    if was[2] != child[2]:
        step["children"] = changes(was[2], child[2])
    return step if len(step) > 1 else at


def changes(before: tuple[Node | str, ...] | None, after: tuple[Node | str, ...]) -> list[object]:
    """The instructions that make the children of an element drawn as ``before`` into ``after``, one
    for each child of ``after``, applied by ``web/draw.js`` (``apply``) to the element's live children:

    - a number n: the child now at place n among them, kept as it is;
    - an object ``{"at": n, "attrs": [[name, value or None], ...], "children": [...]}``: the child at
      place n kept (its node stays: what the player presses or has the focus, a card that moves),
      with only the attributes that changed written (None: removed) and its own children's
      instructions (either left out when nothing changed there);
    - a text, or a Node as ``[tag, attributes, children]``: a child built anew.

    Each place is used once; a child not named is removed. A child unchanged keeps its place's node
    (the one at its own place first); a changed element keeps the node drawn with its key (a card,
    a card's back, a line of the log) wherever it was, or the one at its place when it has no key,
    when the tag is the same. ``before`` None: nothing drawn yet, every child is built."""
    if before is None:
        return list(after)
    # Most children are the very objects drawn at the same place (the screens give the same node
    # for what has not changed): those are found without comparing or hashing a whole subtree.
    out: list[object] = [index if index < len(before) and before[index] is child else None
                         for index, child in enumerate(after)]
    if all(place is not None for place in out):
        return out
    used = {place for place in out if isinstance(place, int)}
    places: dict[Node | str, list[int]] = {}
    for place, child in enumerate(before):
        if place not in used:
            places.setdefault(child, []).append(place)
    for index, child in enumerate(after):
        free = places.get(child) if out[index] is None else None
        if free:
            place = free.pop(0)
            out[index] = place
            used.add(place)
    keyed = {_key(child): place for place, child in enumerate(before) if _key(child) is not None}
    for index, child in enumerate(after):
        if out[index] is not None:
            continue
        key = _key(child)
        at = index if key is None else keyed.get(key, -1)
        was = before[at] if 0 <= at < len(before) else None
        if isinstance(child, str) or was is None or isinstance(was, str) or at in used or was[0] != child[0]:
            out[index] = child
            continue
        used.add(at)
        out[index] = _kept(at, was, child)
    return out


class DrawSchedule:
    """When the page is drawn: at most once an animation frame. A change made by the player's own
    input is drawn at once, in its handler, when this frame has no drawing yet (what the player did
    shows with no frame's delay and nothing extra is drawn); any other change waits for the next
    frame, where all of them make one drawing."""

    def __init__(self) -> None:
        self.asked = False  # a frame is asked for
        self.dirty = False  # changes wait for a drawing
        self.drawn = False  # this frame has its drawing already

    def change(self, by_input: bool) -> tuple[bool, bool]:
        """Something changed: (draw now, ask for a frame)."""
        self.dirty = True
        now = by_input and not self.drawn
        if now:
            self.dirty, self.drawn = False, True
        ask, self.asked = not self.asked, True
        return now, ask

    def frame(self) -> tuple[bool, bool]:
        """The frame came: (draw now, ask for another frame). A frame drawn already by an input
        leaves the changes since to the next one."""
        self.asked = False
        if self.drawn:
            self.drawn = False
            self.asked = self.dirty
            return False, self.dirty
        drawing, self.dirty = self.dirty, False
        return drawing, False


class Drawer:
    """What was drawn last, and the next drawing as a batch for ``web/draw.js``."""

    def __init__(self) -> None:
        self.drawn: dict[str, Part] = {}
        self.setup: Any = None  # what web/setup.js drew last (its texts and choices)
        self.lang: tuple[str, bool] | None = None
        self.spoken = NOTHING_ANNOUNCED
        self.shown: BoardShown | None = None  # what the cards showed, for their motion
        self.frames = 0  # drawings made
        self.counts: dict[str, int] = {}  # drawings of each part, for the tests
        self.last: tuple[State, datetime.date, Frame] | None = None  # the last state drawn, its day and page

    def batch(self, state: State, focus: list[str], kept_panel: bool = False,
              extras: dict[str, Any] | None = None) -> str | None:
        """The next drawing of ``state`` as JSON for ``window.pasur.draw.frame``, or None when nothing changed.
        ``kept_panel``: the new-game panel on screen was drawn before Python was ready (and stays);
        ``extras``: what goes with the drawing (``Runtime``: sounds, the end of a tap's answer).
        ``web/draw.js`` clears ``html[data-drawing]`` with it (no drawing is due after it)."""
        today = datetime.datetime.now(datetime.UTC).date()
        if self.last is None or self.last[0] is not state or self.last[1] != today:
            self.last = (state, today, page(state, today, self.spoken))  # the same state draws the same page
        frame = self.last[2]
        self.spoken = frame.spoken
        items = []
        for ident, (attrs, children) in frame.parts.items():
            before = self.drawn.get(ident)
            if before == (attrs, children):
                continue
            items.append([ident, attrs if before is None or before[0] != attrs else None,
                          None if children is None or (before is not None and before[1] == children) else
                          changes(before[1] if before is not None else None, children)])
            self.drawn[ident] = (attrs, children)
            self.counts[ident] = self.counts.get(ident, 0) + 1
        out: dict[str, Any] = {"parts": items, "focus": focus}
        if frame.lang != self.lang:
            self.lang = frame.lang
            out["texts"] = catalog_texts(state.cat)
        if frame.setup is not None and frame.setup is not self.setup:
            if not (kept_panel and self.setup is None and not frame.setup[1].get("storage_note")):
                out["setup"] = frame.setup
                self.drawn.pop("setup", None)  # web/setup.js draws #setup: whatever is drawn there next is new
            self.setup = frame.setup
        elif frame.setup is None:
            self.setup = None  # #setup shows something else now (or nothing): drawn again when it comes back
        match = state.match
        if match is not None and state.playing:
            now_shown = board_shown(match, state.turn)
            if now_shown != self.shown:  # cards move: measured before the drawing, animated after it
                ms = FLIGHT_MS.get(state.speed, 0)
                out["motion"] = plan(match, state.turn, self.shown, ms).to_js(state.cat.t("log_sur"))
            out["myTurn"] = match.is_viewer_turn()
            self.shown = now_shown
        if not items and not focus and "texts" not in out and "setup" not in out and not extras:
            return None
        out.update(extras or {})
        self.frames += 1
        return json.dumps(out, separators=(",", ":"))
