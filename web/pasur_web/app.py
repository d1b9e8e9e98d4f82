"""The page: builds the screens from the match state and binds events once on stable containers.

Browser only (PyScript on Pyodide). The rules are in ``pasur``; the match flow is in
``session``; this module turns state into DOM and clicks into moves.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Any

from pyodide.ffi import create_proxy  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from pasur import Card, IllegalMoveError, Move, Rules
from pasur.ai import HardPlayer, MediumPlayer
from pasur.cards import RANKS
from pasur.rules import PRESETS
from pasur.scoring import BREAKDOWN_KEYS

from .card_view import back_nodes, face_nodes
from .dom import attr, byid, clear, el, found
from .explain import Reason, explain_move
from .i18n import LANGUAGES, Catalog, load_catalog, pick_language
from .params import AI_LEVELS, SETUP_OPTIONS, SPEEDS, Params, parse_params, setup_config
from .session import Match, Seat, clean_name
from .sounds import keep_sound_setting, play_sounds, sounds_after
from .stats import Stats

SETTINGS_KEY = "pasur.settings"
MATCH_KEY = "pasur.match"
EMBED_MATCH_KEY = "pasur.embed.match"  # a game embedded in another site keeps its own save
STATS_KEY = "pasur.stats"
DELAYS = {"slow": 1.4, "normal": 0.8, "fast": 0.35, "instant": 0.0}
YOU_WORDS = frozenset(load_catalog(lang).t("you") for lang in LANGUAGES)  # the default name of the human seat


ARROWS = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1, "Home": 0, "End": 0}
STEP_SECONDS = 0.025  # the longest the search runs before letting the browser paint and react


async def think(player: Any, view: Any) -> Move:
    """The player's move; a searching player works in small steps so the page stays responsive."""
    if not hasattr(player, "search"):
        return player.choose(view)  # type: ignore[no-any-return]
    search = player.search(view)
    last = time.perf_counter()
    for _ in search:
        if time.perf_counter() - last > STEP_SECONDS:
            await asyncio.sleep(0)
            last = time.perf_counter()
    return search.best()  # type: ignore[no-any-return]


def _storage_get(key: str) -> str | None:
    try:
        value = window.localStorage.getItem(key)
    except Exception:  # storage can be disabled (private modes, sandboxed iframes)
        return None
    return str(value) if found(value) else None


def _storage_remove(key: str) -> None:
    with contextlib.suppress(Exception):
        window.localStorage.removeItem(key)


def _storage_set(key: str, value: str) -> None:
    with contextlib.suppress(Exception):  # full or disabled storage must not stop the game
        window.localStorage.setItem(key, value)


class App:
    def __init__(self) -> None:
        self.params: Params = parse_params(str(window.location.search), AI_LEVELS)
        self.settings = self._load_settings()
        browser = [str(lang) for lang in (window.navigator.languages or [])]
        lang = pick_language(self.params.lang or self.settings.get("lang"), browser)
        self.cat: Catalog = load_catalog(lang, bool(self.settings.get("persian_digits", True)))
        self.speed = self.params.speed or self.settings.get("speed", "normal")
        if self.speed not in SPEEDS:
            self.speed = "normal"
        self.match: Match | None = None
        self.choosing: str | None = None
        self.preview: Move | None = None
        self.ai_task: Any = None
        self.thinking = False
        self.hint: str | None = None
        self.hinting = False
        self.hint_task: Any = None
        self.last_table: set[str] = set()
        self._proxies: list[Any] = []
        self.match_key = EMBED_MATCH_KEY if self.params.embed else MATCH_KEY
        self.demo: Any = None  # the rule demo shown instead of a game (demo.py)
        self.reasons: dict[int, list[Reason]] = {}  # move number -> why it did what it did (deal demo)
        self.confirm_reset = False
        self.announced: tuple[str, int, str, int | None] = ("", 0, "", None)
        self.guide = False  # the guided first deal: a tip before each of the player's moves
        self.in_setup = False  # the new-game panel is open (over a match in progress, if any)
        self.leaving = False  # "Leave this game?" is asked
        self.ai_generation = 0  # bumped to stop the computer-turn task of a match left behind

    # ------------------------------------------------------------------ start-up
    def start(self) -> None:
        root = document.documentElement
        self._apply_four_colour()
        self._bind()
        self._apply_language()
        self._show_notices()
        if self.params.embed:
            self._show_full_game_link()
        if self.params.demo is not None or self.params.demo_error is not None:
            from .demo import start_demo

            root.classList.add("demo")
            start_demo(self)
        elif self.params.start_now:
            self.start_from_params()
            self._forget_game_params()
        elif not self.resume():
            self.show_setup(keep_panel=True)
        byid("loading").hidden = True
        window.pasurReady = True
        waiting = document.getElementById("setup-loading")
        if found(waiting):
            waiting.remove()
        root.setAttribute("data-ready", "")
        pending = getattr(window, "pasurPending", None)
        window.pasurPending = None
        if found(pending) and self.match is None and self.demo is None:
            # Start or the guided deal was pressed while Python was loading: do it now.
            if str(pending) == "start":
                self.start_from_setup()
            elif str(pending) == "guide-start":
                self.start_guide()

    def _show_full_game_link(self) -> None:
        """In a frame: a link that opens the full game in a new tab (the frame never navigates)."""
        link = byid("full-game")
        link.setAttribute("href", str(window.location.pathname))
        link.hidden = False

    def resume(self) -> bool:
        """Bring back the saved match, if any. A save that cannot be read is set aside."""
        text = _storage_get(self.match_key)
        if not text:
            return False
        try:
            match = Match.from_json(text)
        except ValueError as error:
            _storage_set(self.match_key + ".unreadable", text)
            _storage_remove(self.match_key)
            self.add_notice(self.cat.t("notice_unreadable_save", reason=str(error)))
            return False
        self.match = match
        self.add_notice(self.resumed_text(match))
        self.after_change()
        return True

    def resumed_text(self, match: Match) -> str:
        game = match.game
        return self.cat.t("notice_resumed", names=match.names(), deal=game.deal_number + 1,
                          moves=len(game.history))

    def save(self) -> None:
        """Save the match after every change; a finished match is counted in the statistics once."""
        match = self.match
        if match is None or self.demo is not None:
            return
        if match.game.over and not match.counted:
            stats = Stats.from_json(_storage_get(STATS_KEY))
            if match.count_into(stats):
                _storage_set(STATS_KEY, stats.to_json())
        _storage_set(self.match_key, match.to_json())

    def on_storage(self, event: Any) -> None:
        """Another tab saved a game: say so, and offer to continue that one here."""
        if str(event.key or "") != self.match_key or not found(event.newValue) or self.demo is not None:
            return
        text = str(event.newValue)
        if self.match is not None and text == self.match.to_json():
            return
        try:
            other = Match.from_json(text)
        except ValueError:
            return
        same = self.match is not None and other.id == self.match.id
        for old in document.querySelectorAll("#notices .tab-notice"):
            old.remove()
        self.add_notice(self.cat.t("notice_other_tab_same" if same else "notice_other_tab_new",
                                   names=other.names()),
                        action=("adopt", self.cat.t("notice_take_over")), classes="tab-notice")

    def adopt_saved(self) -> None:
        text = _storage_get(self.match_key)
        try:
            match = Match.from_json(text or "")
        except ValueError:
            return
        self.stop_ai()
        self.in_setup = False
        self.match = match
        self.choosing = None
        self.preview = None
        self.last_table = set()
        self.after_change()

    def _forget_game_params(self) -> None:
        """Drop the game parameters from the address, so that a reload resumes this game."""
        keep = [f"{key}={value}" for key, value in (("lang", self.params.lang), ("speed", self.params.speed),
                                                     ("embed", "1" if self.params.embed else None)) if value]
        address = str(window.location.pathname) + ("?" + "&".join(keep) if keep else "")
        with contextlib.suppress(Exception):
            window.history.replaceState(None, "", address)

    def add_notice(self, text: str, action: tuple[str, str] | None = None, classes: str = "") -> None:
        extra = [] if action is None else [el("button", "secondary", text=action[1], type="button",
                                              data_action=action[0])]
        byid("notices").appendChild(el("p", f"notice {classes}".strip(), children=[
            el("span", text=text), *extra,
            el("button", "notice-close", text="×", type="button", data_action="dismiss",
               aria_label=self.cat.t("dismiss")),
        ]))

    def _load_settings(self) -> dict[str, Any]:
        raw = _storage_get(SETTINGS_KEY)
        try:
            data = json.loads(raw) if raw else {}
        except ValueError:
            data = {}
        return data if isinstance(data, dict) else {}

    def _save_settings(self) -> None:
        _storage_set(SETTINGS_KEY, json.dumps(keep_sound_setting(self.settings, _storage_get(SETTINGS_KEY))))

    def _bind(self) -> None:
        def on(node: Any, kind: str, handler: Any) -> None:
            proxy = create_proxy(handler)
            self._proxies.append(proxy)
            node.addEventListener(kind, proxy)

        on(document.body, "click", self.on_click)
        on(byid("settings"), "change", self.on_settings_change)
        on(document, "keydown", self.on_key)
        on(window, "storage", self.on_storage)

    def _apply_language(self) -> None:
        root = document.documentElement
        root.setAttribute("lang", self.cat.lang)
        root.setAttribute("data-lang", self.cat.lang)
        root.setAttribute("dir", self.cat.direction)
        self._static_texts()

    def _static_texts(self) -> None:
        t = self.cat.t
        document.title = t("title")
        for node in document.querySelectorAll("[data-i18n]"):
            node.textContent = t(attr(node, "data-i18n"))
        for node in document.querySelectorAll("[data-i18n-label]"):
            node.setAttribute("aria-label", t(attr(node, "data-i18n-label")))

    def _show_notices(self) -> None:
        clear(byid("notices"))
        for notice in self.params.notices:
            if notice.kind == "bad":
                text = self.cat.t("notice_param", param=notice.param, value=notice.value,
                                  reason=self.cat.t(notice.reason), default=notice.default)
            else:
                text = self.cat.t(f"notice_param_{notice.kind}", param=notice.param, value=notice.value,
                                  default=notice.default)
            self.add_notice(text)

    # ------------------------------------------------------------------ events
    def on_click(self, event: Any) -> None:
        target = event.target
        card = target.closest("#hand [data-card]")
        if found(card):
            self.on_hand_card(attr(card, "data-card"))
            return
        option = target.closest("#capture-choice [data-capture]")
        if found(option):
            self.on_capture(attr(option, "data-capture"))
            return
        button = target.closest("button")
        if not found(button):
            return
        ident = str(button.id or "")
        action = attr(button, "data-action")
        if ident == "start":
            self.start_from_setup()
        elif ident == "new-game":
            self.ask_new_game()
        elif ident == "play-again":
            self.forget_finished_match()
            self.show_setup()
        elif ident == "leave-confirm":
            self.close_leave()
            self.show_setup()
        elif ident == "leave-cancel":
            self.close_leave(back=True)
        elif ident == "back-to-game":
            self.back_to_game()
        elif ident == "next-deal" and self.match is not None:
            self.guide = False  # the guided deal is over
            self.match.next_deal()
            play_sounds(window, "deal")
            self.after_change()
        elif ident == "handoff-ready" and self.match is not None:
            self.match.reveal()
            self.after_change()
        elif ident == "capture-cancel":
            self.choosing = None
            self.render()
            self._focus_hand()
        elif ident == "hint":
            self.hint_task = asyncio.ensure_future(self.show_hint())
        elif ident == "settings-button":
            self.open_settings()
        elif ident == "rules-button":
            self.open_rules()
        elif ident == "rules-close":
            self.close_rules()
        elif ident == "guide-start":
            self.start_guide()
        elif ident == "guide-stop":
            self.guide = False
            self.hint = None
            self.render()
        elif ident == "show-stats":
            self.open_settings("#stats h3")
        elif ident == "settings-close":
            self.close_settings()
        elif action in ("dismiss", "adopt"):
            box = button.closest(".notice")
            if found(box):
                box.remove()
            if action == "adopt":
                self.adopt_saved()
        elif action == "install":
            prompt = getattr(window, "pasurInstall", None)
            if found(prompt):
                prompt.prompt()
        elif action == "reset-stats":
            self.confirm_reset = True
            self.open_settings('[data-action="reset-stats-cancel"]')
        elif action in ("reset-stats-confirm", "reset-stats-cancel"):
            if action == "reset-stats-confirm":
                _storage_remove(STATS_KEY)
            self.confirm_reset = False
            self.open_settings("#stats h3")
        elif self.demo is not None:
            self.demo.on_click(ident, action, button)

    def on_key(self, event: Any) -> None:
        key = str(event.key)
        if key in ARROWS and self._move_focus(event.target, key):
            event.preventDefault()
            return
        if key == "Escape":
            if not byid("rules").hidden:
                self.close_rules()
            elif self.leaving:
                self.close_leave(back=True)
            elif self.in_setup and self.match is not None and not byid("back-to-game").hidden:
                self.back_to_game()
            elif self.choosing is not None:
                self.choosing = None
                self.render()
                self._focus_hand()
            elif not byid("settings").hidden:
                self.close_settings()

    def _move_focus(self, target: Any, key: str) -> bool:
        """Arrow keys move between the cards of the hand, and between the capture choices."""
        for group, item in (("#hand", "[data-card]:not([disabled])"), ("#capture-choice", "[data-capture]"),
                            ("#demo-options", "[data-capture]")):
            box = target.closest(group)
            if not found(box):
                continue
            items = list(box.querySelectorAll(item))
            if not items:
                return False
            index = next((i for i, node in enumerate(items) if node == target), -1)
            step = ARROWS[key]
            if self.cat.rtl and key in ("ArrowLeft", "ArrowRight"):
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

    def on_hand_card(self, text: str) -> None:
        match = self.match
        if match is None or not match.is_viewer_turn() or self.preview is not None:
            return
        options = match.ordered_options(text)
        if not options:
            return
        self.choosing = None  # another card clicked: the open choice (if any) is given up
        if len(options) == 1:
            self.play(options[0])
        else:
            self.choosing = text
            self.render()
            first = document.querySelector("#capture-choice [data-capture]")
            if found(first):
                first.focus()

    def on_capture(self, captured: str) -> None:
        if self.choosing is None or self.match is None:
            return
        move = f"{self.choosing}:{captured}"
        self.choosing = None
        self.play(move)

    def explain_next(self, move: Move | str) -> None:
        """Keep the reason for a move about to be played, for the deal demo and the guide."""
        match = self.match
        if match is None or (self.demo is None and not self.guide):
            return
        game = match.game
        try:
            resolved = game.resolve(move)
        except IllegalMoveError:
            return
        self.reasons[len(game.history)] = explain_move(resolved, game.table, game.rules, game.last_round)

    def play(self, move: Move | str) -> None:
        assert self.match is not None
        self.choosing = None
        self.explain_next(move)
        try:
            self.match.play(move)
            play_sounds(window, sounds_after(self.match.game))
        except IllegalMoveError as error:  # a stale click; the game is unchanged
            window.console.warn(str(error))
        self.after_change()

    def after_change(self) -> None:
        self.hint = None
        self.save()
        self.render()
        self.kick_ai()
        if self.match is not None and self.match.is_viewer_turn():
            self._focus_hand()

    def _focus_hand(self) -> None:
        active = document.activeElement
        if not found(active) or active == document.body or not active.isConnected or active == byid("hand"):
            first = document.querySelector("#hand [data-card]:not([disabled])")
            if found(first):
                first.focus()

    # ------------------------------------------------------------------ computer seats
    def kick_ai(self) -> None:
        if (self.ai_task is None and self.match is not None and not self.in_setup
                and self.match.is_ai_turn()):
            self.ai_task = asyncio.ensure_future(self.run_ai(self.match, self.ai_generation))

    def stop_ai(self) -> None:
        """Stop the computer's turn under way (a new game, or the new-game panel opened)."""
        self.ai_generation += 1
        task, self.ai_task = self.ai_task, None
        if task is not None:
            task.cancel()
        self.thinking = False
        self.preview = None

    async def run_ai(self, match: Match, generation: int) -> None:
        def current() -> bool:
            return self.match is match and self.ai_generation == generation

        try:
            while current() and match.is_ai_turn():
                if self.demo is not None:
                    await self.demo.wait_turn()
                    if not current():
                        return
                delay = DELAYS[self.speed]
                self.thinking = True
                self.render_status()
                await asyncio.sleep(delay * 0.5)
                if not current():
                    return
                started = time.perf_counter()
                move = await think(match.ai_player(), match.game.view(match.game.turn or 0))
                self.record_ai_time(match.seats[match.game.turn or 0].kind, time.perf_counter() - started)
                if not current():
                    return
                self.thinking = False
                if delay:
                    self.preview = move
                    self.render()
                    await asyncio.sleep(delay * 0.5)
                    self.preview = None
                    if not current():
                        return
                self.explain_next(move)
                match.play(move)
                play_sounds(window, sounds_after(match.game))
                self.save()
                self.render()
                await asyncio.sleep(0)
        finally:
            if self.ai_generation == generation:  # else a newer task owns these
                self.thinking = False
                self.preview = None
                self.ai_task = None
            if current():
                self.render()
                if match.is_viewer_turn():
                    self._focus_hand()

    @staticmethod
    def record_ai_time(level: str, seconds: float) -> None:
        """The time a computer move took, for the page benchmark (window.pasurMetrics, set by boot.js)."""
        metrics = getattr(window, "pasurMetrics", None)
        if found(metrics):
            metrics.ai.push(f"{level}:{seconds * 1000:.2f}")

    async def show_hint(self) -> None:
        match = self.match
        if match is None or not match.is_viewer_turn() or self.hinting:
            return
        self.hinting = True
        moves_before = len(match.game.history)
        self.render_hint_button()
        try:
            move = await think(HardPlayer(match.game.seed), match.game.view(match.viewer))
        finally:
            self.hinting = False
        if self.match is match and match.is_viewer_turn() and len(match.game.history) == moves_before:
            self.hint = str(move)
            self.render()

    # ------------------------------------------------------------------ new games
    def _seat_defaults(self, players: int) -> list[Seat]:
        t = self.cat.t
        return [Seat(t("you"), "human")] + [Seat(t(f"default_name_{i}"), self.params.ai) for i in range(1, players)]

    def start_from_params(self) -> None:
        p = self.params
        rules = Rules.preset(p.preset, **({"target": p.target} if p.target else {}))
        self.begin(p.players, rules, self._seat_defaults(p.players), p.seed)

    def begin(self, players: int, rules: Rules, seats: list[Seat], seed: int | None, guide: bool = False) -> None:
        self.stop_ai()
        self.in_setup = False
        self.match = Match.start(players, rules, seats, seed)
        self.guide = guide
        self.reasons = {}
        self.choosing = None
        self.preview = None
        self.last_table = set()
        byid("settings").hidden = True
        self.after_change()

    def start_guide(self) -> None:
        """A two-player deal against the easy computer, with a tip before each move and the reason after."""
        seats = [Seat(self.cat.t("you"), "human"), Seat(self.cat.t("default_name_1"), "easy")]
        self.begin(2, Rules(), seats, self.params.seed, guide=True)

    # ------------------------------------------------------------------ the rules panel
    def current_rules(self) -> Rules:
        if self.match is not None and not self.in_setup:
            return self.match.game.rules
        preset = document.getElementById("setup-preset")
        name = str(preset.value) if found(preset) else self.params.preset
        return PRESETS.get(name, PRESETS[self.params.preset])

    def open_rules(self) -> None:
        from .rules_view import render_rules

        render_rules(self, self.current_rules())
        byid("rules").hidden = False
        byid("rules-title").focus()

    def close_rules(self) -> None:
        byid("rules").hidden = True
        byid("rules-button").focus()

    def ask_new_game(self) -> None:
        """New game: a match in progress is only left once the player says so."""
        match = self.match
        if match is None or match.game.over or self.demo is not None:
            self.forget_finished_match()
            self.show_setup()
            return
        self.leaving = True
        t = self.cat.t
        box = byid("leave")
        clear(box, el("div", "panel", children=[
            el("h2", text=t("leave_title"), id="leave-title"),
            el("p", text=t("leave_text")),
            el("div", "sheet-actions", children=[
                el("button", "primary", text=t("leave_confirm"), id="leave-confirm", type="button"),
                el("button", "secondary", text=t("leave_cancel"), id="leave-cancel", type="button"),
            ]),
        ]))
        box.hidden = False
        byid("leave-cancel").focus()

    def close_leave(self, back: bool = False) -> None:
        self.leaving = False
        byid("leave").hidden = True
        clear(byid("leave"))
        if back:
            byid("new-game").focus()

    def forget_finished_match(self) -> None:
        """A finished match is put away (its save too) once the player moves on from its sheet."""
        if self.match is not None and self.match.game.over and self.demo is None:
            _storage_remove(self.match_key)
            self.match = None

    def show_setup(self, keep_panel: bool = False) -> None:
        """The new-game panel, over the match in progress if any (Back to the game returns to it);
        ``keep_panel`` keeps the panel drawn before Python was ready."""
        self.stop_ai()
        self.in_setup = True
        self.choosing = None
        self.hint = None
        if not (keep_panel and found(document.getElementById("setup-players"))):
            self.render_setup()
        self.set_phase("setup")
        for box in ("sheet", "handoff", "capture-choice", "guide"):
            byid(box).hidden = True
        clear(byid("scoreboard"))
        back = byid("back-to-game")
        back.hidden = self.match is None
        active = document.activeElement
        if not found(active) or not byid("setup").contains(active):
            byid("setup-players").focus()

    def back_to_game(self) -> None:
        """Close the new-game panel and return to the match in progress, as it was."""
        if self.match is None:
            return
        self.in_setup = False
        byid("back-to-game").hidden = True
        self.render()
        self.kick_ai()
        self._focus_hand()
        if not found(document.activeElement) or document.activeElement == document.body:
            byid("new-game").focus()

    def start_from_setup(self) -> None:
        get = byid
        players = int(str(get("setup-players").value))
        preset = str(get("setup-preset").value)
        changes: dict[str, Any] = {name: bool(get(f"opt-{name}").checked) for name in SETUP_OPTIONS}
        changes["solo4"] = players == 4 and str(get("setup-mode").value) == "solo"
        target_text = str(get("setup-target").value).strip()
        changes["target"] = int(target_text) if target_text.isdigit() and 0 < int(target_text) <= 1000 else 62
        fixed_text = str(get("setup-fixed").value).strip()
        fixed = int(fixed_text) if fixed_text.isdigit() else 0
        changes["fixed_deals"] = fixed if 0 < fixed <= 100 else None
        rules = Rules.preset(preset if preset in PRESETS else "seeds", **changes)
        defaults = self._seat_defaults(players)
        seats = []
        for seat in range(players):
            name = clean_name(str(get(f"name-{seat}").value), defaults[seat].name)
            kind = "human" if seat == 0 else str(get(f"kind-{seat}").value)
            if kind != "human" and kind not in AI_LEVELS:
                kind = defaults[seat].kind
            seats.append(Seat(name, kind))
        if sum(seat.human for seat in seats) > 1:  # pass-and-play: nobody is called "You"
            seats = [Seat(self.cat.t("player_n", n=number + 1), seat.kind) if seat.name in YOU_WORDS else seat
                     for number, seat in enumerate(seats)]
        self.begin(players, rules, seats, self.params.seed)

    # ------------------------------------------------------------------ settings
    def open_settings(self, focus: str = "#settings-speed") -> None:
        t = self.cat.t
        speed = el("select", id="settings-speed", children=[
            el("option", text=t(f"speed_{name}"), value=name, selected=name == self.speed) for name in SPEEDS
        ])
        lang = el("select", id="settings-lang", children=[
            el("option", text=load_catalog(code).t("lang_name"), value=code, selected=code == self.cat.lang)
            for code in LANGUAGES
        ])
        four = el("input", id="settings-four", type="checkbox", checked=bool(self.settings.get("four_colour")))
        hints = el("input", id="settings-hints", type="checkbox", checked=bool(self.settings.get("hints", True)))
        digits = [] if self.cat.lang != "fa" else [el("label", "check", children=[
            el("input", id="settings-digits", type="checkbox", checked=self.cat.native_digits),
            el("span", text=t("digits_setting"))])]
        body = byid("settings-body")
        root = document.documentElement
        offline = t("offline_ready" if root.hasAttribute("data-offline-ready") else "offline_not_ready")
        extras = [el("p", "muted", id="offline-status", text=offline)]
        if root.hasAttribute("data-installable") and not self.params.embed:
            extras.append(el("button", "secondary", text=t("install"), type="button", data_action="install"))
        clear(body,
              el("label", "field", children=[el("span", text=t("speed")), speed]),
              el("label", "field", children=[el("span", text=t("language")), lang]),
              el("label", "check", children=[four, el("span", text=t("four_colour"))]),
              el("label", "check", children=[hints, el("span", text=t("hints_setting"))]),
              *digits, *extras, self.stats_section())
        byid("settings").hidden = False
        target = document.querySelector(focus)
        if found(target):
            if not target.matches("button, select, input"):
                target.setAttribute("tabindex", "-1")
            target.focus()

    def close_settings(self) -> None:
        self.confirm_reset = False
        byid("settings").hidden = True

    def stats_section(self) -> Any:
        t = self.cat.t
        stats = Stats.from_json(_storage_get(STATS_KEY))
        rows = stats.table()
        children: list[Any] = [el("h3", text=t("stats"))]
        if not rows:
            children.append(el("p", "muted", text=t("stats_none")))
        else:
            head = el("tr", children=[el("th", text=t(key), scope="col") for key in (
                "players", "preset", "stats_played", "stats_won", "stats_drawn", "stats_surs")])
            body = [el("tr", children=[
                el("td", text=self.cat.num(players)),
                el("td", text=t(f"preset_{preset}")),
                *[el("td", text=self.cat.num(row[key]), data_stat=key) for key in ("played", "won", "drawn", "surs")],
            ]) for players, preset, row in rows]
            children.append(el("div", "table-scroll", children=[el("table", "score-sheet stats", id="stats-table",
                               children=[el("thead", children=[head]), el("tbody", children=body)])]))
            if self.confirm_reset:
                children.append(el("p", "confirm", children=[
                    el("span", text=t("stats_reset_sure")),
                    el("button", "primary", text=t("stats_reset_yes"), type="button",
                       data_action="reset-stats-confirm"),
                    el("button", "secondary", text=t("cancel"), type="button", data_action="reset-stats-cancel"),
                ]))
            else:
                children.append(el("button", "secondary", text=t("stats_reset"), type="button",
                                   data_action="reset-stats"))
        return el("section", "stats-section", id="stats", children=children)

    def on_settings_change(self, event: Any) -> None:
        ident = str(event.target.id or "")
        if ident == "settings-speed":
            self.speed = str(event.target.value)
            self.settings["speed"] = self.speed
        elif ident == "settings-hints":
            self.settings["hints"] = bool(event.target.checked)
            if self.match is not None:
                self.render_hand()
        elif ident == "settings-four":
            self.settings["four_colour"] = bool(event.target.checked)
            self._apply_four_colour()
        elif ident in ("settings-lang", "settings-digits"):
            # Only the words change: the game, the setup being filled in and the focus stay.
            if ident == "settings-lang":
                self.settings["lang"] = str(event.target.value)
                if self.params.lang is not None:  # the player's choice now beats the address's
                    self.params.lang = None
                    if self.params.demo is None and self.params.demo_error is None:
                        self._forget_game_params()
            else:
                self.settings["persian_digits"] = bool(event.target.checked)
            self.cat = load_catalog(self.settings.get("lang", self.cat.lang),
                                    bool(self.settings.get("persian_digits", True)))
            self._apply_language()
            self._show_notices()
            if self.demo is not None:
                self.demo.render()
            elif self.match is None or self.in_setup:
                self.render_setup()
            else:
                self.render()
            self.open_settings("#" + ident)
        self._save_settings()

    def _apply_four_colour(self) -> None:
        document.documentElement.classList.toggle("four-colour", bool(self.settings.get("four_colour")))

    # ------------------------------------------------------------------ the new-game panel (web/setup.js)
    def render_setup(self) -> None:
        """Draw the panel with setup.js, the code that drew it before Python was ready."""
        texts = {key: self.cat.t(key) for key in self.cat.fallback}
        config = {**setup_config(self.params), "native_digits": self.cat.native_digits}
        window.pasurSetup.render(json.dumps(texts), json.dumps(config))

    # ------------------------------------------------------------------ rendering: the game
    def set_phase(self, phase: str) -> None:
        root = document.documentElement
        root.setAttribute("data-phase", phase)
        turn = self.match.game.turn if self.match is not None and phase == "play" else None
        if turn is None:
            root.removeAttribute("data-turn")
        else:
            root.setAttribute("data-turn", str(turn))

    def card_node(self, card: Card, button: bool = False, **attrs: object) -> Any:
        suit = "CDHS"[card.suit]
        children = face_nodes(card)
        kind = "court" if card.rank > 10 else "ace" if card.rank == 1 else "number"
        name = self.cat.card_name(card)
        if card.rank in (1, 11, 12, 13):
            name = f"{RANKS[card.rank - 1]}, {name}"  # the letter on the card is part of its name
        if button:
            return el("button", f"card suit-{suit} {kind}", type="button", data_card=str(card), aria_label=name,
                      children=children, **attrs)
        return el("div", f"card suit-{suit} {kind}", role="img", data_card=str(card), aria_label=name,
                  children=children, **attrs)

    def capture_picture(self, move: Move, table: list[Card]) -> tuple[Any, list[Any]]:
        """The played card, and the table with the cards it takes raised (the demos, the rules)."""
        taken = set(move.captured)
        nodes = []
        for card in sorted(table):
            node = self.card_node(card, data_taken="1" if card in taken else None)
            if card in taken:
                node.classList.add("taking")
            nodes.append(node)
        played = self.card_node(move.card, data_played="1")
        played.classList.add("played")
        return played, nodes

    def back_node(self) -> Any:
        return el("div", "card back", aria_hidden="true", children=back_nodes())

    def render(self) -> None:
        match = self.match
        if match is None or self.in_setup:
            return
        focus = self._focus_key()
        self.set_phase(match.phase)
        self.render_scores()
        self.render_players()
        self.render_table()
        self.render_guide()  # before the hand: the guide's tip highlights a card in it
        self.render_hand()
        self.render_choice()
        self.render_status()
        self.render_log()
        self.render_overlays()
        self._restore_focus(focus)
        self.announce()

    # ------------------------------------------------------------------ focus and announcements
    def _focus_key(self) -> tuple[str, str] | None:
        """What has the keyboard focus, in terms that survive a re-render."""
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

    def _restore_focus(self, key: tuple[str, str] | None) -> None:
        """Put the focus back where it was, or on the nearest sensible place; never on nothing."""
        active = document.activeElement
        if found(active) and active != document.body and active.isConnected:
            return
        if key is not None and key[1]:
            again = document.querySelector(key[1])
            if found(again) and not again.disabled:
                again.focus()
                return
        if self.match is not None and self.match.is_viewer_turn():
            self._focus_hand()
        elif key is not None and key[0] == "data-card":
            byid("hand").focus()  # the hand keeps the focus while the others play

    def announce(self) -> None:
        """One message per change for screen readers: the moves since the last one, then whose turn."""
        match = self.match
        if match is None:
            return
        t = self.cat.t
        moves = [entry for entry in match.log if entry["kind"] == "move"]
        count = len(moves)
        state = (match.id, count, match.phase, match.handoff)
        if state == self.announced:
            return
        same = self.announced[0] == match.id and self.announced[1] <= count
        new = moves[self.announced[1]:] if same else moves[-1:]
        parts = [self.log_text(entry) + "." for entry in new[-4:]]
        if match.phase == "deal-end" and match.pending_sheet is not None:
            scores = ", ".join(f"{self.side_label(side)} {self.cat.num(result['total'])}"
                               for side, result in enumerate(match.game.deal_results[match.pending_sheet]))
            parts.append(t("deal_over", n=match.pending_sheet + 1) + ": " + scores + ".")
        elif match.phase == "match-end":
            game = match.game
            parts.append(t("draw") if game.winner is None else t("winner", name=self.side_label(game.winner)))
        elif match.is_viewer_turn():
            parts.append(t("your_turn") + ".")
        self.announced = state
        byid("announce").textContent = " ".join(parts)

    def side_label(self, side: int) -> str:
        assert self.match is not None
        names = [self.name_of(seat) for seat in self.match.side_seats(side)]
        return self.cat.t("team_of", a=names[0], b=names[1]) if len(names) == 2 else names[0]

    def is_you(self, seat: int) -> bool:
        """Whether ``seat`` is the one human at the table under the default name ("You"), whom the
        page addresses as "you" in every language (in pass-and-play every player has a name)."""
        match = self.match
        assert match is not None
        humans = match.human_seats()
        return humans == [seat] and match.seats[seat].name in YOU_WORDS

    def name_of(self, seat: int) -> str:
        assert self.match is not None
        return self.cat.t("you") if self.is_you(seat) else self.match.seats[seat].name

    def render_scores(self) -> None:
        assert self.match is not None
        game = self.match.game
        t = self.cat.t
        items = [
            el("span", "side-score", children=[
                el("span", "side-name", text=self.side_label(side)),
                el("strong", text=self.cat.num(score), data_side_score=side),
            ])
            for side, score in enumerate(game.scores)
        ]
        rules = game.rules
        goal = t("deals_short", n=rules.fixed_deals) if rules.fixed_deals else t("target_short", n=rules.target)
        items.append(el("span", "goal", text=goal))
        clear(byid("scoreboard"), *items)

    def seat_positions(self) -> list[int]:
        """Opponent seats in screen order (left to right across the top)."""
        assert self.match is not None
        game = self.match.game
        n = game.players
        after = [(self.match.viewer + k) % n for k in range(1, n)]
        # Counter-clockwise play: the next player sits on the right, so the row reads backwards.
        return after if game.rules.clockwise else list(reversed(after))

    def render_players(self) -> None:
        match = self.match
        assert match is not None
        game = match.game
        t = self.cat.t
        boxes = []
        for seat in self.seat_positions():
            side = game.side_of(seat)
            classes = "opponent" + (" turn" if game.turn == seat and match.phase == "play" else "")
            badges = [el("span", "badge", text=t("dealer"))] if seat == game.dealer else []
            count = len(game.hands[seat])
            boxes.append(el("div", classes, data_seat=seat, children=[
                el("div", "who", children=[el("span", "name", text=self.name_of(seat)), *badges]),
                el("div", "backs", role="img", aria_label=t("cards_n", n=count),
                   children=[self.back_node() for _ in range(count)]),
                el("div", "pile", text=self.pile_text(side)),
            ]))
        clear(byid("opponents"), *boxes)
        me = match.viewer
        badges = [el("span", "badge", text=t("dealer"))] if me == game.dealer else []
        clear(byid("me-info"), el("span", "name", text=self.name_of(me)), *badges,
              el("span", "pile", text=self.pile_text(game.side_of(me))))
        byid("me").classList.toggle("turn", game.turn == me and match.phase == "play")

    def pile_text(self, side: int) -> str:
        assert self.match is not None
        game = self.match.game
        t = self.cat.t
        return t("pile", n=len(game.piles[side])) + "\u2003" + t("surs_n", n=game.surs[side])

    def render_table(self) -> None:
        match = self.match
        assert match is not None
        game = match.game
        t = self.cat.t
        preview = self.preview
        taking = {str(c) for c in preview.captured} if preview else set()
        nodes = []
        for card in game.table:
            text = str(card)
            classes = []
            if text in taking:
                classes.append("taking")
            if text not in self.last_table:
                classes.append("enter")
            node = self.card_node(card)
            for name in classes:
                node.classList.add(name)
            nodes.append(node)
        if preview is not None:
            incoming = self.card_node(preview.card, data_incoming="1")
            incoming.classList.add("incoming")
            nodes.append(incoming)
        if not nodes:
            nodes.append(el("p", "empty", text=t("table_empty")))
        self.last_table = {str(c) for c in game.table}
        clear(byid("table"), *nodes)
        byid("table").setAttribute("aria-label", t("table"))
        info = [el("span", text=t("stock", n=game.stock_size)),
                el("span", text=t("deal_round", deal=game.deal_number + 1, round=game.round_number,
                                  rounds=game.rounds_per_deal))]
        clear(byid("table-info"), *info)

    def render_hand(self) -> None:
        match = self.match
        assert match is not None
        game = match.game
        t = self.cat.t
        hand_box = byid("hand")
        hand_box.setAttribute("aria-label", t("your_hand"))
        if match.handoff is not None:
            clear(hand_box, *[self.back_node() for _ in game.hands[match.viewer]])
            return
        playable = match.is_viewer_turn() and self.preview is None
        hinted = self.hint.partition(":")[0] if self.hint else None
        nodes = []
        for card in sorted(game.hands[match.viewer]):
            node = self.card_node(card, button=True, disabled=not playable,
                                  data_hint="1" if hinted == str(card) else None)
            if self.choosing == str(card):
                node.classList.add("chosen")
            nodes.append(node)
        clear(hand_box, *nodes)
        self.render_hint_button()

    def render_hint_button(self) -> None:
        match = self.match
        button = byid("hint")
        show = match is not None and self.settings.get("hints", True) and match.is_viewer_turn()
        button.hidden = not show
        button.disabled = self.hinting
        button.textContent = self.cat.t("hint_thinking" if self.hinting else "hint")

    def render_choice(self) -> None:
        match = self.match
        box = byid("capture-choice")
        if match is None or self.choosing is None:
            box.hidden = True
            clear(box)
            return
        t = self.cat.t
        card = Card.parse(self.choosing)
        buttons = []
        for move in match.ordered_options(self.choosing):
            taken = ",".join(str(c) for c in move.sorted_captured())
            points = match.option_points(move)
            # Named by its content: each card's name (role="img"), then the points.
            buttons.append(el("button", "option", type="button", data_capture=taken, children=[
                el("span", "mini-cards", children=[self.card_node(c) for c in move.sorted_captured()]),
                el("span", "points", text=t("points_n", n=points)),
            ]))
        clear(box,
              el("h3", text=t("choose_capture", card=self.cat.card_symbol(card))),
              el("div", "options", children=buttons),
              el("button", "secondary", text=t("cancel"), id="capture-cancel", type="button"))
        box.hidden = False

    def render_status(self) -> None:
        match = self.match
        if match is None:
            return
        t = self.cat.t
        game = match.game
        text = ""
        last = self.last_move_reasons() if self.demo is not None else None
        if last is not None:
            text = last[0] + ". " + last[1]  # a deal demo says what the last move did and why
        elif match.phase == "play" and game.turn is not None:
            name = self.name_of(game.turn)
            if match.is_viewer_turn():
                text = t("your_turn")
            elif self.thinking:
                text = t("thinking", name=name)
            else:
                text = t("turn_of", name=name)
        byid("status").textContent = text

    def last_move_reasons(self) -> tuple[str, str] | None:
        """The last move in words and why it did what it did, when its reasons were kept."""
        match = self.match
        if match is None or not match.game.history:
            return None
        reasons = self.reasons.get(len(match.game.history) - 1)
        entry = next((e for e in reversed(match.log) if e["kind"] == "move"), None)
        if not reasons or entry is None:
            return None
        return self.log_text(entry, with_sur=False), self.cat.reasons(reasons)

    def render_guide(self) -> None:
        """The guide's box: the reason for the last move, and a tip when it is the player's turn."""
        match = self.match
        box = byid("guide")
        if match is None or not self.guide:
            box.hidden = True
            return
        t = self.cat.t
        parts = []
        last = self.last_move_reasons()
        if last is not None:
            parts.append(t("guide_last", what=last[0], why=last[1]))
        if match.phase != "play":
            parts.append(t("guide_done"))
        elif match.is_viewer_turn() and self.preview is None:
            view = match.game.view(match.viewer)
            tip = MediumPlayer().choose(view)
            self.hint = str(tip)
            parts.append(t("guide_try", card=self.cat.card_symbol(tip.card),
                           why=self.cat.reasons(explain_move(tip, view.table, view.rules, view.last_round))))
        byid("guide-text").textContent = " ".join(parts)
        box.hidden = False

    def log_text(self, entry: dict[str, Any], with_sur: bool = True) -> str:
        match = self.match
        assert match is not None
        t = self.cat.t
        kind = entry["kind"]
        if kind == "move":
            name = self.name_of(entry["seat"])
            you = "_you" if self.is_you(entry["seat"]) else ""
            card = self.cat.card_symbol(Card.parse(entry["card"]))
            if entry["captured"]:
                cards = self.cat.cards_text(Card.parse(c) for c in entry["captured"])
                text = t("log_took" + you, name=name, cards=cards, card=card)
                return text + (" " + t("log_sur") if entry["sur"] and with_sur else "")
            return t("log_laid" + you, name=name, card=card)
        if kind == "leftover":
            cards = self.cat.cards_text(Card.parse(c) for c in entry["cards"])
            if entry["side"] is None:
                return t("log_leftover_none", cards=cards)
            return t("log_leftover", name=self.side_label(entry["side"]), cards=cards)
        return t("log_deal", n=entry["deal"] + 1, name=self.name_of(entry["dealer"]))

    def render_log(self) -> None:
        match = self.match
        assert match is not None
        items = []
        shown = match.log[-60:]
        number = len(match.game.history) - sum(1 for entry in shown if entry["kind"] == "move")
        for entry in shown:
            attrs: dict[str, object] = {"data_kind": entry["kind"]}
            text = self.log_text(entry)
            content: dict[str, Any] = {"text": text}
            if entry["kind"] == "move":
                attrs.update(data_seat=entry["seat"], data_move=entry["move"], data_sur="1" if entry["sur"] else None)
                reasons = self.reasons.get(number)
                number += 1
                if reasons:
                    content = {"children": [el("span", text=text),
                                            el("span", "why", text=self.cat.reasons(reasons))]}
            items.append(el("li", "sur" if entry.get("sur") else None, **content, **attrs))
        log = byid("log")
        clear(log, *items)
        log.scrollTop = log.scrollHeight

    def render_overlays(self) -> None:
        match = self.match
        assert match is not None
        t = self.cat.t
        handoff = byid("handoff")
        if match.handoff is not None and match.phase == "play":
            name = match.seats[match.handoff].name
            clear(handoff, el("div", "panel", children=[
                el("h2", text=t("handoff", name=name)),
                *self.moves_since_turn(match.handoff),
                el("p", text=t("handoff_hint")),
                el("button", "primary", text=t("handoff_ready", name=name), id="handoff-ready", type="button"),
            ]))
            handoff.hidden = False
            byid("handoff-ready").focus()
        else:
            handoff.hidden = True
            clear(handoff)
        sheet = byid("sheet")
        phase = match.phase
        if phase == "deal-end" and match.pending_sheet is not None:
            number = match.pending_sheet
            button = (el("button", "primary", text=t("demo_again"), id="demo-again", type="button",
                         data_action="demo-again") if self.demo is not None
                      else el("button", "primary", text=t("next_deal"), id="next-deal", type="button"))
            clear(sheet, el("div", "panel", children=[
                el("h2", text=t("deal_over", n=number + 1)),
                self.breakdown_table(number),
                button,
            ]))
            sheet.hidden = False
            button.focus()
        elif phase == "match-end":
            game = match.game
            title = t("draw") if game.winner is None else t("winner", name=self.side_label(game.winner))
            clear(sheet, el("div", "panel", children=[
                el("h2", text=t("match_over")),
                el("p", "winner", text=title),
                self.breakdown_table(len(game.deal_results) - 1),
                self.totals_table(),
                el("div", "sheet-actions", children=[
                    el("button", "primary", text=t("play_again"), id="play-again", type="button"),
                    el("button", "secondary", text=t("stats"), id="show-stats", type="button"),
                ]),
            ]))
            sheet.hidden = False
            byid("play-again").focus()
        else:
            sheet.hidden = True
            clear(sheet)

    def moves_since_turn(self, seat: int) -> list[Any]:
        """What was played since ``seat`` last played: shown when the device is passed to them, so
        nobody misses what a move did."""
        t = self.cat.t
        assert self.match is not None
        since: list[dict[str, Any]] = []
        for entry in reversed(self.match.log):
            if entry["kind"] == "move" and entry["seat"] == seat:
                break
            since.append(entry)
        lines = [self.log_text(entry) for entry in reversed(since[:8])]
        if not lines:
            return [el("p", text=t("handoff_none"))]
        return [el("p", "muted", text=t("handoff_last")),
                el("ul", "handoff-moves", children=[el("li", text=line) for line in lines])]

    def breakdown_table(self, number: int) -> Any:
        match = self.match
        assert match is not None
        game = match.game
        t = self.cat.t
        results = game.deal_results[number]
        totals = [sum(deal[side]["total"] for deal in game.deal_results[: number + 1]) for side in range(game.sides)]
        head = el("tr", children=[el("td")] + [
            el("th", text=self.side_label(side), scope="col") for side in range(game.sides)
        ])
        rows = []
        for key in BREAKDOWN_KEYS:
            if key == "seven_diamonds" and not game.rules.seven_diamonds_bonus:
                continue
            rows.append(el("tr", "total" if key == "total" else None, children=[
                el("th", text=t(f"score_{key}"), scope="row")] + [
                el("td", text=self.cat.num(results[side][key]), data_key=key, data_side=side)
                for side in range(game.sides)
            ]))
        rows.append(el("tr", "match", children=[el("th", text=t("score_match"), scope="row")] + [
            el("td", text=self.cat.num(totals[side])) for side in range(game.sides)
        ]))
        return el("table", "score-sheet", children=[el("thead", children=[head]), el("tbody", children=rows)])

    def totals_table(self) -> Any:
        match = self.match
        assert match is not None
        game = match.game
        t = self.cat.t
        head = el("tr", children=[el("td")] + [
            el("th", text=self.side_label(side), scope="col") for side in range(game.sides)
        ])
        rows = [
            el("tr", children=[el("th", text=t("deal_n", n=number + 1), scope="row")] + [
                el("td", text=self.cat.num(deal[side]["total"])) for side in range(game.sides)
            ])
            for number, deal in enumerate(game.deal_results)
        ]
        rows.append(el("tr", "total", children=[el("th", text=t("totals"), scope="row")] + [
            el("td", text=self.cat.num(score)) for score in game.scores
        ]))
        return el("table", "score-sheet totals", children=[el("thead", children=[head]), el("tbody", children=rows)])


def start() -> App:
    app = App()
    app.start()
    return app
