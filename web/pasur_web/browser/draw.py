"""Draws the page from the state, at most once an animation frame, and only the parts that changed
since the last drawing: the parts are computed in Python (``screens/page.py``), and ``web/draw.js``
builds them in one call, with the cards' motion planned here (``screens/motion.py``)."""

from __future__ import annotations

import datetime
import json
from typing import Any

from ..model.state import State
from ..screens.motion import FLIGHT_MS, Mark, mark_of, plan
from ..screens.page import Part, Spoken, page

__all__ = ["Drawer", "Frames"]


class Frames:
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
        self.spoken: Spoken = ("", 0, "", None)
        self.mark: Mark | None = None  # what the cards showed, for their motion
        self.frames = 0  # drawings made
        self.counts: dict[str, int] = {}  # drawings of each part, for the tests

    def batch(self, state: State, focus: list[str], kept_panel: bool = False) -> str | None:
        """The next drawing of ``state`` as JSON for ``pasurDraw.frame``, or None when nothing changed.
        ``kept_panel``: the new-game panel on screen was drawn before Python was ready (and stays)."""
        frame = page(state, datetime.datetime.now(datetime.UTC).date(), self.spoken)
        self.spoken = frame.spoken
        items = []
        for ident, (attrs, children) in frame.parts.items():
            before = self.drawn.get(ident)
            if before == (attrs, children):
                continue
            items.append([ident, attrs if before is None or before[0] != attrs else None,
                          children if before is None or before[1] != children else None])
            self.drawn[ident] = (attrs, children)
            self.counts[ident] = self.counts.get(ident, 0) + 1
        out: dict[str, Any] = {"parts": items, "focus": focus}
        if frame.lang != self.lang:
            self.lang = frame.lang
            cat = state.cat
            out["texts"] = {key: cat.t(key) for key in cat.fallback}
        if frame.setup is not None and frame.setup != self.setup:
            if not (kept_panel and self.setup is None and not frame.setup[1].get("storage_note")):
                out["setup"] = frame.setup
            self.setup = frame.setup
        elif frame.setup is None:
            self.setup = None  # the question a link asks is in #setup now
        match = state.match
        if match is not None and state.playing:
            ms = FLIGHT_MS.get(state.speed, 0)
            out["motion"] = plan(match, state.table, self.mark, ms).to_js(state.cat.t("log_sur"))
            out["myTurn"] = match.is_viewer_turn()
            self.mark = mark_of(match, state.table)
        if not items and not focus and "texts" not in out and "setup" not in out:
            return None
        self.frames += 1
        return json.dumps(out, separators=(",", ":"))
