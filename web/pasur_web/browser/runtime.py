"""The page's one loop: an action goes through ``update``, the state it returns replaces the page's,
its effects are carried out, and a drawing is asked for the next animation frame.

Browser only. Actions that effects give back (a save that failed, another tab's game) are queued
and taken in order, never from inside another action's update.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import replace
from typing import Any

from pyodide.ffi import create_proxy  # type: ignore[import-not-found]
from pyscript import window  # type: ignore[import-not-found]

from ..model import actions as act
from ..model import effects as fx
from ..model.sounds import GAP
from ..model.state import State
from ..model.stats import Stats
from ..model.storage import FRIEND_KEY, STATS_KEY, Slot, Storage, read_stored
from ..model.update import reads_first, update
from ..model.visiting import kept_tables
from .draw import Drawer, DrawSchedule
from .peers import Peers
from .taps import close_menus, tap_actions
from .tasks import Tasks

__all__ = ["Runtime"]


class Runtime:
    def __init__(self, state: State, storage: Storage, slot: Slot) -> None:
        self.state = state
        self.storage = storage
        self.slot = slot
        self.drawer = Drawer()
        self.tasks = Tasks(self)
        self.peers = Peers(self)
        self.queue: deque[act.Action] = deque()
        self.busy = False
        self.focus: list[str] = []
        self.schedule = DrawSchedule()
        self.tapping = False  # taps are being taken: their one drawing is made once all are
        self.tap_drawing_due = False  # (and it draws the page, rather than only ending the answer)
        self.answer_due = False  # the next drawing ends the answer to taps (web/draw.js lifted the card)
        self.outbox: dict[str, Any] = {}  # what goes with the next drawing: sounds, the tap's answer's end
        self.kept_panel = False  # the new-game panel was drawn before Python was ready
        self.drawn = False  # the first drawing was made (the page is ready)
        self.listeners: list[Any] = []  # the page's event listeners, kept for its life
        self._frame = create_proxy(self.frame)
        self._take_taps = create_proxy(self.take_taps)
        window.pasur.draw.connect(self._take_taps, self._frame)

    # ------------------------------------------------------------------ actions
    def dispatch(self, action: act.Action, by_input: bool = False) -> None:
        """Take ``action`` (and what its effects give back), then draw: at once for the player's own
        input (``by_input``) when this frame has no drawing yet, else at the next frame."""
        self.queue.append(action)
        if self.busy:
            return
        self.busy = True
        before = self.state
        try:
            while self.queue:
                self._take(self.queue.popleft())
        finally:
            self.busy = False
        self.tasks.wake()
        if self.state is not before or self.focus or self.outbox:  # (an action that changes nothing draws nothing)
            self.changed(by_input)

    def take_taps(self, taps: str) -> None:
        """The taps on cards and capture options that ``web/draw.js`` answered, once that answer is
        painted: the page's one call for them (JSON: ``[[data-action, card or capture], ...]``, in
        the order of the taps). Each is taken, then one call draws them and ends the answer (or,
        when this frame was drawn already, only ends it with the next drawing)."""
        self.tapping, self.tap_drawing_due = True, False
        try:
            if self.state.online is not None:
                close_menus(None, None)  # a tap on the board closes the menus open over it
            for action in tap_actions(taps):
                self.dispatch(action, by_input=True)
        finally:
            self.tapping = False
        self.answer_due = True
        if self.tap_drawing_due:
            self.draw()
        elif not self.schedule.dirty or self.outbox:
            # Nothing to draw: the answer ends now. Or this frame was drawn already: what waits goes
            # now, and the answer ends with the next drawing.
            self.send_outbox()

    def _take(self, action: act.Action) -> None:
        reads = reads_first(self.state, action)
        if reads is not None:  # what storage holds now, read for the action (``update.reads_first``)
            match, key = self.state.match, reads.key
            action = act.Fresh(action, newer=self.slot.newer(match) if reads.newer and match is not None else None,
                               elsewhere=self.slot.elsewhere() if reads.elsewhere else None,
                               stored=None if key is None else act.Stored(key, self.storage.get(key)))
        self.state, effects = update(self.state, action)
        for effect in effects:
            self.carry_out(effect)

    # ------------------------------------------------------------------ effects
    def carry_out(self, effect: fx.Effect) -> None:
        if isinstance(effect, fx.SaveMatch):
            self.save(effect)
        elif isinstance(effect, fx.CountMatch):
            self.count(effect)
        elif isinstance(effect, fx.Store):
            self.store(effect.key, effect.text)
        elif isinstance(effect, fx.KeepSeat):  # this table's seat, beside the others kept (as stored now)
            self.store(FRIEND_KEY, kept_tables(self.storage.get(FRIEND_KEY), effect.code, effect.key, effect.kept))
        elif isinstance(effect, fx.ReadSaved):
            self.queue.append(act.Adopt(self.slot.load().match))
        elif isinstance(effect, fx.ForgetMatch):
            self.slot.forget()
        elif isinstance(effect, fx.Sound):  # played with the drawing of what made them (web/draw.js)
            self.outbox.setdefault("sounds", []).extend([name, step * GAP] for step, name in enumerate(effect.names))
        elif isinstance(effect, fx.Focus):
            self.focus.append(effect.selector)
        elif isinstance(effect, fx.MarkTarget):
            window.pasur.setup.markTarget(effect.wrong, effect.shown)  # (web/setup.js draws the panel)
        elif isinstance(effect, fx.Address):
            # Built with the URL API from the whole address: its path may hold anything ("//index.html").
            url = window.URL.new(str(window.location.href))
            url.search = "?" + "&".join(f"{key}={value}" for key, value in effect.keep) if effect.keep else ""
            window.history.replaceState(None, "", url.href)
        elif isinstance(effect, fx.PromptInstall):
            prompt = getattr(window.pasur, "install", None)
            if prompt is not None:
                prompt.prompt()
        elif isinstance(effect, fx.Listen | fx.Connect | fx.Send | fx.Drop | fx.Admit | fx.CloseTable):
            self.peers.carry_out(effect)
        else:
            self.tasks.carry_out(effect)

    def store(self, key: str, text: str | None) -> None:
        """Store ``text`` (None: remove the key)."""
        problem = self.storage.set(key, text) if text is not None else None
        if text is None:
            self.storage.remove(key)
        self.queue.append(act.Saved(key, problem))

    def save(self, effect: fx.SaveMatch) -> None:
        """Save the match; one that counts comes back with the statistics stored now."""
        match = effect.match
        result = self.slot.write(match)
        if result == "stale":
            self.queue.append(act.Behind(self.slot.newer(match)))
        elif result == "saved" and effect.counts:
            # What cannot be read is set aside, not replaced (what can be read of it is counted on).
            self.queue.append(act.MatchWritten(match, read_stored(self.storage, STATS_KEY, Stats.from_json, Stats(),
                                                                  [])))
        else:
            self.queue.append(act.Saved(self.slot.key, None if result == "saved" else result))

    def count(self, effect: fx.CountMatch) -> None:
        """Save the match as counted, then the statistics that count it (``fx.CountMatch``)."""
        again = self.slot.write(replace(effect.match, counted=True))
        if again != "saved":
            self.queue.append(act.Saved(self.slot.key, None if again == "stale" else again))
            return
        problem = self.storage.set(STATS_KEY, effect.stats.to_json())
        if problem is not None:
            self.slot.write(effect.match)  # not counted: the next save tries again
            self.queue.append(act.Saved(STATS_KEY, problem))
            return
        self.queue.append(act.Saved(self.slot.key, None, stats=effect.stats))

    # ------------------------------------------------------------------ drawing
    def changed(self, by_input: bool) -> None:
        """Draw now or at the next frame (``DrawSchedule``); ``html[data-drawing]`` says a drawing is due.
        While taps are taken, their drawing (and the frame it asks for) waits for the last tap."""
        now, ask = self.schedule.change(by_input)
        if ask and self.tapping:
            self.outbox["again"] = True  # web/draw.js asks for the frame, with the tap's drawing
        elif ask:
            window.requestAnimationFrame(self._frame)
        if now and self.tapping:
            self.tap_drawing_due = True
        elif now:
            self.draw()
        elif self.schedule.dirty and not self.tapping:
            window.document.documentElement.setAttribute("data-drawing", "")

    def frame(self, _time: object = None) -> None:
        now, ask = self.schedule.frame()
        if ask:
            window.requestAnimationFrame(self._frame)
        if now:
            self.draw()

    def draw(self) -> None:
        """One drawing, with what goes with it; ``web/draw.js`` clears ``html[data-drawing]``."""
        focus, self.focus = self.focus, []
        outbox, self.outbox = self.outbox, {}
        if self.answer_due:
            outbox["answered"], self.answer_due = True, False
        try:
            batch = self.drawer.batch(self.state, focus, self.kept_panel, outbox)
            if batch is not None:
                window.pasur.draw.frame(batch)
            else:
                window.document.documentElement.removeAttribute("data-drawing")
        except Exception as error:
            if self.drawn:
                raise
            failed_start(error)  # the game's start failed, perhaps for what was stored: it says what to do
            return
        self.drawn = True

    def send_outbox(self) -> None:
        """What goes with a drawing, sent with none (nothing changed, or the drawing is due at the next
        frame): ``drawing`` says whether one is due."""
        outbox, self.outbox = self.outbox, {}
        if self.answer_due and not self.schedule.dirty:
            outbox["answered"], self.answer_due = True, False
        window.pasur.draw.frame(json.dumps({**outbox, "drawing": self.schedule.dirty}, separators=(",", ":")))


def failed_start(error: Exception) -> None:
    """The start-up error for a failure of the game's first drawing (``web/boot.js`` adds the remedies
    that fit: "Start without the saved game" when there is one), never a traceback on screen."""
    window.console.warn(f"the first drawing failed: {type(error).__name__}: {error}")
    window.pasur.startFailed(f"{type(error).__name__}: {error}")
