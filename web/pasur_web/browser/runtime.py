"""The page's one loop: an action goes through ``update``, the state it returns replaces the page's,
its effects are carried out, and a drawing is asked for the next animation frame.

Browser only. Actions that effects give back (a save that failed, another tab's game) are queued
and taken in order, never from inside another action's update.
"""

from __future__ import annotations

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
from ..model.storage import STATS_KEY, Slot, Storage, read_stored
from ..model.update import reads_first, update
from .draw import Drawer, Frames
from .peers import Peers
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
        self.frames = Frames()
        self.waiting: list[act.Action] = []  # taps on cards answered, to be taken once painted
        self.tap_drawn = True  # the drawing after the taps taken last was made
        self.kept_panel = False  # the new-game panel was drawn before Python was ready
        self.drawn = False  # the first drawing was made (the page is ready)
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
        elif isinstance(effect, fx.ReadSaved):
            self.queue.append(act.Adopt(self.slot.load().match))
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
        elif isinstance(effect, fx.Listen | fx.Connect | fx.Send | fx.Drop | fx.CloseTable):
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
        try:
            batch = self.drawer.batch(self.state, focus, self.kept_panel)
            if batch is not None:
                window.pasurDraw.frame(batch)
        except Exception as error:
            if self.drawn:
                raise
            failed_start(error)  # the game's start failed, perhaps for what was stored: it says what to do
            return
        self.drawn = True
        if not self.tap_drawn and not self.waiting:
            self.tap_drawn = True
            window.pasurDraw.answered()


def failed_start(error: Exception) -> None:
    """The start-up error for a failure of the game's first drawing (``web/boot.js`` adds the remedies
    that fit: "Start without the saved game" when there is one), never a traceback on screen."""
    window.console.warn(f"the first drawing failed: {type(error).__name__}: {error}")
    window.pasurStartFailed(f"{type(error).__name__}: {error}")
