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
from ..model.sounds import GAP, keep_sound_setting
from ..model.state import State
from ..model.stats import Stats, counting
from ..model.storage import SETTINGS_KEY, STATS_KEY, Slot, Storage
from ..model.update import update
from .draw import Drawer, Frames
from .peers import Peers
from .tasks import Tasks

__all__ = ["Runtime"]

_PLAYS = (act.PickCard, act.PlayCard, act.PickCapture)


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
        self.frames = Frames()
        self.waiting: list[act.Action] = []  # taps on cards answered, to be taken once painted
        self.tap_drawn = True  # the drawing after the taps taken last was made
        self.kept_panel = False  # the new-game panel was drawn before Python was ready
        self.listeners: list[Any] = []  # the page's event listeners, kept for its life
        self._frame = create_proxy(self.frame)
        self._take_taps = create_proxy(self.take_taps)
        self._painted = create_proxy(lambda _time=None: window.setTimeout(self._take_taps, 0))

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
        if self.state is not before or self.focus:  # (an action that changes nothing draws nothing)
            self.changed(by_input)

    def tap(self, action: act.Action, node: Any) -> None:
        """A tap on a card or a capture option: answered in this frame by the page alone (the card
        lifts: ``pasurDraw.answer``), taken once that frame is painted, in the order of the taps
        (the tap's own handler does no work of the game's, so the answer shows at once)."""
        window.pasurDraw.answer(node)
        self.waiting.append(action)
        if len(self.waiting) == 1:
            window.requestAnimationFrame(self._painted)

    def take_taps(self) -> None:
        taps, self.waiting = self.waiting, []
        if not self.frames.dirty:
            window.document.documentElement.removeAttribute("data-drawing")  # (the answer's own mark)
        self.tap_drawn = False
        for action in taps:
            self.dispatch(action, by_input=True)
        if not self.tap_drawn and not self.frames.dirty:  # nothing to draw: the answer goes now
            self.tap_drawn = True
            window.pasurDraw.answered()

    def _take(self, action: act.Action) -> None:
        state = self.state
        plays = (isinstance(action, _PLAYS) or action is act.Press.UNDO
                 or (isinstance(action, act.Computer) and action.step == "play"))
        if plays and self._behind(state):
            return
        self.state, effects = update(state, action)
        for effect in effects:
            self.carry_out(effect)

    def _behind(self, state: State) -> bool:
        """Whether another tab saved since this one: then this tab plays nothing and says so."""
        match = state.match
        if match is None or state.demo is not None or state.table.behind or state.online is not None:
            return False
        newer = self.slot.newer(match)
        if newer is None:
            return False
        self.queue.append(act.Behind(newer))
        return True

    # ------------------------------------------------------------------ effects
    def carry_out(self, effect: fx.Effect) -> None:
        if isinstance(effect, fx.SaveMatch):
            self.save(effect.match)
        elif isinstance(effect, fx.Store):
            problem = self.storage.set(effect.key, effect.text) if effect.text is not None else None
            if effect.text is None:
                self.storage.remove(effect.key)
            self.queue.append(act.Saved(effect.key, problem))
        elif isinstance(effect, fx.StoreSettings):
            settings = keep_sound_setting(dict(effect.settings), self.storage.get(SETTINGS_KEY))
            self.queue.append(act.Saved(SETTINGS_KEY, self.storage.set(SETTINGS_KEY, json.dumps(settings))))
        elif isinstance(effect, fx.ForgetMatch):
            self.slot.forget()
        elif isinstance(effect, fx.Sound):
            player = getattr(window, "pasurSound", None)
            for step, name in enumerate(effect.names):
                if player is not None:
                    player.play(name, step * GAP)
        elif isinstance(effect, fx.Focus):
            self.focus.append(effect.selector)
        elif isinstance(effect, fx.Address):
            # Built with the URL API from the whole address: its path may hold anything ("//index.html").
            url = window.URL.new(str(window.location.href))
            url.search = "?" + "&".join(f"{key}={value}" for key, value in effect.keep) if effect.keep else ""
            window.history.replaceState(None, "", url.href)
        elif isinstance(effect, fx.PromptInstall):
            prompt = getattr(window, "pasurInstall", None)
            if prompt is not None:
                prompt.prompt()
        elif isinstance(effect, fx.OpenTable | fx.Connect | fx.Send | fx.Publish | fx.CloseTable):
            self.peers.carry_out(effect)
        else:
            self.tasks.carry_out(effect)

    def save(self, match: Any) -> None:
        """Save the match, and count it in the statistics once it is over: the save that records it
        as counted goes first, so that a failed write can count it once too few, never twice."""
        result = self.slot.write(match)
        if result == "stale":
            self.queue.append(act.Behind(self.slot.newer(match)))
            return
        text = self.storage.get(STATS_KEY) if result == "saved" and match.game.over else None
        try:
            stats = Stats.from_json(text)
        except ValueError:  # kept aside, not replaced
            self.storage.set_aside(STATS_KEY, text or "")
            stats = Stats()
        counted = counting(stats, match) if result == "saved" else None
        if counted is None:
            self.queue.append(act.Saved(self.slot.key, None if result == "saved" else result))
            return
        again = self.slot.write(replace(match, counted=True))
        if again != "saved":
            self.queue.append(act.Saved(self.slot.key, None if again == "stale" else again))
            return
        problem = self.storage.set(STATS_KEY, counted.to_json())
        if problem is not None:
            self.slot.write(match)  # not counted: the next save tries again
            self.queue.append(act.Saved(STATS_KEY, problem))
            return
        self.queue.append(act.Saved(self.slot.key, None, stats=counted))

    # ------------------------------------------------------------------ drawing
    def changed(self, by_input: bool) -> None:
        """Draw now or at the next frame (``Frames``); ``html[data-drawing]`` says a drawing is due."""
        now, ask = self.frames.change(by_input)
        if ask:
            window.requestAnimationFrame(self._frame)
        if now:
            self.draw()
        elif self.frames.dirty:
            window.document.documentElement.setAttribute("data-drawing", "")

    def frame(self, _time: object = None) -> None:
        now, ask = self.frames.frame()
        if ask:
            window.requestAnimationFrame(self._frame)
        if now:
            self.draw()

    def draw(self) -> None:
        window.document.documentElement.removeAttribute("data-drawing")
        focus, self.focus = self.focus, []
        batch = self.drawer.batch(self.state, focus, self.kept_panel)
        if batch is not None:
            window.pasurDraw.frame(batch)
        if not self.tap_drawn and not self.waiting:
            self.tap_drawn = True
            window.pasurDraw.answered()
