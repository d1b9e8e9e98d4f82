"""The page's controller: events are bound once, and every change flows one way:
event → action → update (``ui.py``) → save (``saving.py``) → screen (``screen.py``) → draw
(``draw.py``) → focus (``focus.py``) → the computer's turn (``turns.py``).

Browser only (PyScript on Pyodide). The rules are in ``pasur``; the match in ``session.py``.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from pyodide.ffi import create_proxy  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from pasur import Rules
from pasur.rules import PRESETS

from . import chrome, focus, settings_view, setup_view
from . import ui as act
from .coach_view import Coach
from .dom import attr, byid, found
from .draw import Drawer, set_phase
from .host import Demo
from .i18n import Catalog, load_catalog, pick_language
from .motion import FLIGHT_MS, Mark, mark_of, plan
from .params import AI_LEVELS, SPEEDS, Params, parse_params
from .rules_view import close_rules
from .saves import start_action
from .saving import Keeper
from .screen import YOU_WORDS, screen
from .session import Match, Seat
from .setup_form import default_seats, read_setup
from .sounds import play_sounds, sounds_after
from .turns_host import ComputerSeats
from .ui import UiState, update


class App:
    def __init__(self) -> None:
        self.params: Params = parse_params(str(window.location.search), AI_LEVELS)
        self.keeper = Keeper(self.params, lambda: self.cat)
        self.settings = self.keeper.settings()
        browser = [str(lang) for lang in (window.navigator.languages or [])]
        lang = pick_language(self.params.lang or self.settings.get("lang"), browser)
        self.cat: Catalog = load_catalog(lang, bool(self.settings.get("persian_digits", True)))
        speed = self.params.speed or self.settings.get("speed", "normal")
        self.speed = speed if speed in SPEEDS else "normal"
        self.match: Match | None = None
        self.ui = UiState()
        self.drawer = Drawer()
        self.demo: Demo | None = None  # a rule demo shown instead of a game (demo.py)
        self.in_setup = False  # the new-game panel is open (over a match in progress, if any)
        self.asking: Match | None = None  # the saved game a link with game parameters would replace
        self.panel = settings_view.SettingsPanel(self)
        self.setup = setup_view.SetupScreen(self)
        self.spoken: tuple[str, int, str, int | None] = ("", 0, "", None)  # what was last announced
        self.computer = ComputerSeats(self)
        self.shown: Mark | None = None  # what the last drawn screen showed, for the cards' motion
        self.coach = Coach(self)  # the move review and the daily deal
        self._proxies: list[Any] = []

    # ------------------------------------------------------------------ start-up
    def start(self) -> None:
        root = document.documentElement
        root.classList.toggle("four-colour", bool(self.settings.get("four_colour")))
        for node, kind, handler in ((document.body, "click", self.on_click), (document, "keydown", self.on_key),
                                    (byid("settings"), "change", self.panel.change),
                                    (window, "storage", self.on_storage)):
            self._proxies.append(create_proxy(handler))
            node.addEventListener(kind, self._proxies[-1])
        chrome.apply_language(self.cat)
        chrome.show_param_notices(self.params, self.cat)
        if self.params.embed:
            chrome.show_full_game_link()
        if self.params.demo is not None or self.params.demo_error is not None:
            from .demo import start_demo

            root.classList.add("demo")
            start_demo(self)
        else:
            self.open_saved_or_link()
        chrome.mark_ready()
        pending, window.pasurPending = getattr(window, "pasurPending", None), None
        if found(pending) and self.match is None and self.demo is None:
            # Start or the guided deal was pressed while Python was loading: do it now.
            starts = {"start": self.start_from_setup, "daily-start": self.coach.start_today}
            starts.get(str(pending), self.start_guide)()

    def open_saved_or_link(self) -> None:
        """On start: the saved game, the address's game, or a question when both are there."""
        loaded = self.keeper.load()
        if loaded.problem is not None:
            chrome.add_notice(self.cat, self.cat.t("notice_unreadable_save", reason=loaded.problem))
        action = start_action(self.params.start_now, self.params.embed, loaded.match)
        if action == "resume" and loaded.match is not None:
            self.resume(loaded.match)
        elif action == "ask" and loaded.match is not None:
            self.asking = loaded.match
            self.setup.draw()
            set_phase("setup")
            byid("resume-saved").focus()
        elif action == "start":
            self.start_from_params()
        else:
            self.setup.show(keep_panel=True)

    def resume(self, match: Match, notice: bool = True) -> None:
        self.computer.stop()
        self.match, self.in_setup, self.asking, self.ui = match, False, None, UiState()
        chrome.resumed(self.cat, match, notice)
        self.after_change()

    def answer_link(self, resume: bool) -> None:
        """The player chose between the saved game and the address's new game."""
        saved, self.asking = self.asking, None
        self.resume(saved) if resume and saved is not None else self.start_from_params()
        chrome.drop_game_params(self.params)

    # ------------------------------------------------------------------ events
    def buttons(self) -> dict[str, Any]:
        """What each button of the page does, by id or by data-action."""
        return {
            "start": self.start_from_setup, "new-game": self.setup.ask, "back-to-game": self.setup.back,
            "resume-saved": lambda: self.answer_link(True), "start-linked": lambda: self.answer_link(False),
            "play-again": lambda: self.setup.show(forget_finished=True),
            "leave-confirm": lambda: self.setup.show(leaving=True), "leave-cancel": self.setup.keep_playing,
            "next-deal": lambda: self.dispatch(act.NextDeal()), "handoff-ready": lambda: self.dispatch(act.Reveal()),
            "capture-cancel": lambda: self.dispatch(act.CancelChoice()),
            "guide-stop": lambda: self.dispatch(act.StopGuide()), "undo": self.undo,
            "hint": lambda: asyncio.ensure_future(self.computer.hint()), "guide-start": self.start_guide,
            "settings-button": self.panel.open, "settings-close": self.panel.close,
            "show-stats": lambda: self.panel.open("#stats h3"),
            "rules-button": self.open_rules, "rules-close": close_rules,
            "adopt": self.adopt_saved, "install": lambda: window.pasurInstall.prompt(),
            "reset-stats": lambda: self.panel.reset(None), "reset-stats-confirm": lambda: self.panel.reset(True),
            "reset-stats-cancel": lambda: self.panel.reset(False),
        }

    def on_click(self, event: Any) -> None:
        target = event.target
        card = target.closest("#hand [data-card]")
        option = target.closest("#capture-choice [data-capture]")
        button = target.closest("button")
        if found(card):
            self.dispatch(act.PickCard(attr(card, "data-card")))
        elif found(option):
            self.dispatch(act.PickCapture(attr(option, "data-capture")))
        elif found(button):
            ident, action = str(button.id or ""), attr(button, "data-action")
            if action in ("dismiss", "adopt"):
                button.closest(".notice").remove()
            handler = self.buttons().get(ident) or self.buttons().get(action)
            if handler is not None:
                handler()
            elif self.coach.on_click(ident, action, button):
                return
            elif self.demo is not None:
                self.demo.on_click(ident, action, attr(button, "data-index"))

    def on_key(self, event: Any) -> None:
        key = str(event.key)
        if key in focus.ARROWS and focus.move_focus(event.target, key, self.cat.rtl):
            event.preventDefault()
        elif key != "Escape":
            return
        elif self.coach.is_open:
            self.coach.back() if self.coach.position is not None else self.coach.close()
        elif not byid("rules").hidden:
            close_rules()
        elif self.setup.leaving:
            self.setup.keep_playing()
        elif self.in_setup and self.match is not None:
            self.setup.back()
        elif self.ui.choosing is not None:
            self.dispatch(act.CancelChoice())
        elif not byid("settings").hidden:
            self.panel.close()

    def on_storage(self, event: Any) -> None:
        """Another tab saved a game: this tab is behind; say so, and offer to continue that one here."""
        if str(event.key or "") != self.keeper.slot.key or not found(event.newValue) or self.demo is not None:
            return
        if self.match is not None:
            self.check_behind()
            return
        try:
            self.keeper.tab_notice(Match.from_json(str(event.newValue)), same=False)
        except ValueError:
            return

    def check_behind(self) -> bool:
        """Whether another tab saved since this one: then this tab shows it, plays nothing, and offers
        to continue the newer game."""
        match = self.match
        newer = None if match is None or self.demo is not None else self.keeper.newer(match)
        if match is None or newer is None:
            return self.ui.behind
        self.keeper.tab_notice(newer, same=newer.id == match.id)
        if not self.ui.behind:
            self.ui = UiState(behind=True)
            self.render()
        return True

    def adopt_saved(self) -> None:
        match = self.keeper.load().match
        if match is not None:
            self.resume(match, notice=False)

    # ------------------------------------------------------------------ the flow
    def dispatch(self, action: act.Action) -> None:
        plays = isinstance(action, act.PickCard | act.PickCapture | act.Play | act.Undo)
        if self.match is None or (plays and self.check_behind()):
            return
        before = (len(self.match.game.history), self.match.phase, self.match.viewer)
        self.ui = update(self.match, self.ui, action)
        if len(self.match.game.history) > before[0]:
            play_sounds(window, sounds_after(self.match.game))
        elif isinstance(action, act.NextDeal):
            play_sounds(window, "deal")
        if (len(self.match.game.history), self.match.phase, self.match.viewer) == before:
            self.render()  # only the page's state changed: nothing to save
            if self.ui.choosing is not None:
                byid("capture-choice").querySelector("[data-capture]").focus()
            elif isinstance(action, act.CancelChoice):
                focus.focus_hand()
            return
        self.after_change()

    def undo(self) -> None:
        """Take back the player's last move: the computer's turn under way stops first."""
        if self.match is None or not self.settings.get("undo", True) or self.match.undo_point() is None:
            return
        self.computer.stop()
        self.dispatch(act.Undo())

    def after_change(self) -> None:
        match = self.match
        if match is not None and self.demo is None and not self.keeper.save(match):
            self.check_behind()
        elif self.ui.behind:
            self.ui = UiState(guide=self.ui.guide)  # a game started here replaced the other tab's
            chrome.remove_notices(".tab-notice")
        self.render()
        self.computer.kick()
        if match is not None and match.is_viewer_turn():
            focus.focus_hand()

    def render(self) -> None:
        match = self.match
        if match is None or self.in_setup:
            return
        kept = focus.focus_key()
        shown = screen(match, self.ui, self.cat, hints=bool(self.settings.get("hints", True)),
                       demo=self.demo is not None, spoken=self.spoken, undo=bool(self.settings.get("undo", True)))
        mover: Any = getattr(window, "pasurMotion", None)  # web/motion.js
        if found(mover):
            mover.measure()
        self.drawer.draw(shown, self.cat, demo=self.demo is not None)
        motion = plan(match, self.ui, self.shown, FLIGHT_MS.get(self.speed, 0))
        self.shown = mark_of(match, self.ui)
        if found(mover):
            mover.animate(json.dumps(motion.to_js(self.cat.t("log_sur"))))
        self.spoken = shown.announcement[0]
        self.coach.after_render()
        focus.restore_focus(kept, match.is_viewer_turn())

    # ------------------------------------------------------------------ new games and the new-game panel
    def begin(self, players: int, rules: Rules, seats: list[Seat], seed: int | None, guide: bool = False,
              daily: str | None = None, practice: bool = False) -> None:
        self.computer.stop()
        self.in_setup = False
        self.match = Match.start(players, rules, seats, seed)
        self.match.daily, self.match.practice = daily, practice
        self.ui = UiState(guide=guide, explain=self.demo is not None)
        byid("settings").hidden = True
        self.after_change()

    def start_from_params(self) -> None:
        p = self.params
        if p.daily is not None:
            self.coach.start(p.daily) if p.daily else self.coach.start_today()
            chrome.drop_game_params(self.params)
            return
        rules = Rules.preset(p.preset, **({"target": p.target} if p.target else {}))
        self.begin(p.players, rules, default_seats(p.players, p.ai, self.cat.t), p.seed)
        chrome.drop_game_params(self.params)

    def start_from_setup(self) -> None:
        new = read_setup(setup_view.read_form(), self.params.ai, self.cat.t, YOU_WORDS)
        self.begin(new.players, new.rules, new.seats, self.params.seed)

    def start_guide(self) -> None:
        """A two-player deal against the easy computer, with a tip before each move and the reason after."""
        self.begin(2, Rules(), [Seat(self.cat.t("you"), "human"), Seat(self.cat.t("default_name_1"), "easy")],
                   self.params.seed, guide=True)

    # ------------------------------------------------------------------ rules and settings
    def open_rules(self) -> None:
        from .rules_view import open_rules

        preset = document.getElementById("setup-preset")
        chosen = PRESETS.get(str(preset.value) if found(preset) else "", PRESETS[self.params.preset])
        open_rules(self.cat, self.match.game.rules if self.match is not None and not self.in_setup else chosen)

    def relabel(self, chosen: bool) -> None:
        """The language (``chosen``) or its digits changed: every word on the page, nothing else."""
        if chosen and self.params.lang is not None:
            self.params.lang = None  # the player's choice now beats the address's
            if self.params.demo is None and self.params.demo_error is None:
                chrome.drop_game_params(self.params)
        digits = bool(self.settings.get("persian_digits", True))
        self.cat = load_catalog(self.settings.get("lang", self.cat.lang), digits)
        chrome.apply_language(self.cat)
        chrome.show_param_notices(self.params, self.cat)
        if self.demo is not None:
            self.demo.render()
        elif self.match is None or self.in_setup:
            self.setup.draw()
        else:
            self.render()

    def show_demo(self, demo: Demo) -> None:
        """A rule demo instead of a game (``host.DemoHost``)."""
        self.demo = demo


def start() -> App:
    app = App()
    app.start()
    return app
