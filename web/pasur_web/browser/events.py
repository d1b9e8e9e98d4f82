"""The page's inputs as actions: one click router reading ``data-action`` (and the card, capture or
index the element carries), the keys, the settings' changes and other tabs' saves; bound once."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pyodide.ffi import create_proxy  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from ..model import actions as act
from ..model.handshake import new_code, new_secret, new_seed, new_token
from ..model.review_panel import replay_key, swipe
from ..model.savegame import match_from_json
from ..model.storage import DAILY_KEY, SETTINGS_KEY, STATS_KEY
from .dom import attr, found
from .taps import close_menus

if TYPE_CHECKING:
    from .runtime import Runtime

__all__ = ["bind", "read_form", "today"]

KEYS = ("ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown", "Home", "End")
Route = Callable[[Any, "Runtime"], act.Action | None]


def today() -> str:
    return datetime.datetime.now(datetime.UTC).date().isoformat()


def read_form() -> dict[str, str | bool]:
    """Every field of the new-game panel by id: text for fields and lists, true or false for boxes."""
    return {str(node.id): bool(node.checked) if str(node.type) == "checkbox" else str(node.value)
            for node in document.querySelectorAll("#setup input[id], #setup select[id]")}


def _number(text: str) -> int | None:
    return int(text) if text.isdigit() and len(text) < 6 else None


def _settings(focus: str) -> Route:
    def route(_node: Any, _runtime: Runtime) -> act.Action:
        root = document.documentElement
        return act.OpenSettings(focus, root.hasAttribute("data-offline-ready"), root.hasAttribute("data-installable"))
    return route


def _rules(_node: Any, _runtime: Runtime) -> act.Action:
    preset = document.getElementById("setup-preset")
    return act.OpenRules(str(preset.value) if found(preset) else "")


def _dismiss(node: Any, _runtime: Runtime) -> act.Action | None:
    which = attr(node, "data-notice")
    number = _number(which)
    return act.Dismiss(-1) if which == "save-error" else act.Dismiss(number) if number is not None else None


def _index(node: Any, _runtime: Runtime) -> act.Action | None:
    number = _number(attr(node, "data-index"))
    return None if number is None else act.ReviewMove(number)


def _try(node: Any, _runtime: Runtime) -> act.Action | None:
    number = _number(attr(node, "data-index"))
    return None if number is None else act.TryAgain(number)


def _seat(node: Any, _runtime: Runtime) -> act.Action | None:
    return act.OpenReview(_number(attr(node, "data-review-seat")))


def _join(_runtime: Runtime) -> act.Action | None:
    """A friend's name typed on a table's link: join it (with a new token, should this browser have none)."""
    field = document.getElementById("join-name")
    return act.Join(str(field.value), new_token()) if found(field) else None


def _seat_of(node: Any, kind: type[act.StandIn] | type[act.FreeSeat]) -> act.Action | None:
    seat = _number(attr(node, "data-seat"))
    return None if seat is None else kind(seat)


def _fixed(action: act.Action) -> Route:
    return lambda _node, _runtime: action


# What a click on an element with this data-action does (a Press names the rest: Press(data-action)).
ROUTES: dict[str, Route] = {
    "start": lambda _node, _: act.StartGame(read_form()),
    "daily-start": lambda _node, _: act.StartDaily(today()),
    "leave-confirm": _fixed(act.Leave(True)), "leave-cancel": _fixed(act.Leave(False)),
    "resume-saved": lambda _node, _: act.AnswerLink(True, today()),
    "start-linked": lambda _node, _: act.AnswerLink(False, today()),
    "settings-button": _settings("#settings-speed"), "show-stats": _settings("#stats h3"),
    "rules-button": _rules, "dismiss": _dismiss,
    "reset-stats": _fixed(act.ResetStats(None)), "reset-stats-confirm": _fixed(act.ResetStats(True)),
    "reset-stats-cancel": _fixed(act.ResetStats(False)),
    "review-open": _fixed(act.OpenReview()), "review-back": _fixed(act.ReviewMove(None)),
    "review-move": _index, "review-seat": _seat, "review-try": _try,
    "review-try-card": lambda node, _: act.TryMove(attr(node, "data-card")),
    **{f"review-{to}": _fixed(act.ReviewStep(to)) for to in ("first", "prev", "next", "last")},
    "review-try-capture": lambda node, _: act.TryMove("", attr(node, "data-capture")),
    **{f"demo-{step.value}": _fixed(act.DemoStep(step))  # (a capture picked and a step used say more)
       for step in set(act.DemoControl) - {act.DemoControl.PICK, act.DemoControl.USED}},
    "demo-pick": lambda node, _: act.DemoStep(act.DemoControl.PICK, _number(attr(node, "data-index")) or 0),
    "play-friend": lambda _node, _: act.OpenTable(read_form(), new_code(), new_secret(), new_seed()),
    "join": lambda _node, runtime: _join(runtime),
    "stand-in": lambda node, _: _seat_of(node, act.StandIn),
    "free-seat": lambda node, _: _seat_of(node, act.FreeSeat),
    "say": lambda node, _: act.Say(attr(node, "data-what")),
}
PRESSES = {press.value: press for press in act.Press}
def bind(runtime: Runtime) -> list[Any]:
    """Listen to the page once; returns the listeners (kept alive for the page's life)."""
    def on_click(event: Any) -> None:
        node = event.target.closest("[data-action]")
        if runtime.state.online is not None:
            close_menus(event.target, node)
        if not found(node) or node.disabled:
            return
        name = attr(node, "data-action")
        route = ROUTES.get(name)
        action = PRESSES.get(name) if route is None else route(node, runtime)
        if action is not None:
            runtime.dispatch(action, by_input=True)

    def on_key(event: Any) -> None:
        key = str(event.key)
        step = replay_key(runtime.state, key)
        if step is not None:
            event.preventDefault()
            runtime.dispatch(step, by_input=True)
        elif key in KEYS and window.pasur.draw.moveFocus(event.target, key, runtime.state.cat.rtl):
            event.preventDefault()
        elif key == "Escape":
            close_menus(None, None)
            runtime.dispatch(act.Press.ESCAPE, by_input=True)
        elif key == "Enter" and str(event.target.id or "") == "join-name":
            joining = _join(runtime)
            if joining is not None:
                runtime.dispatch(joining, by_input=True)

    def on_change(event: Any) -> None:
        target = event.target
        runtime.dispatch(act.ChangeSetting(str(target.id or ""), str(target.value),
                                           bool(getattr(target, "checked", False))), by_input=True)

    def on_target(event: Any) -> None:
        """The new-game panel's "Play to", typed in (an input) or left (a change)."""
        if str(event.target.id or "") == "setup-target":
            runtime.dispatch(act.TypeTarget(str(event.target.value), str(event.type) == "change"), by_input=True)

    def on_name(event: Any) -> None:
        """The host's name, typed in the table's lobby."""
        if str(event.target.id or "") == "host-name":
            runtime.dispatch(act.Rename(str(event.target.value)), by_input=True)

    def on_storage(event: Any) -> None:
        """Another tab stored its settings, statistics or daily results: this tab follows them. Another
        tab saved a game: this tab is behind; it says so, and offers to continue that one."""
        state, key = runtime.state, str(event.key or "")
        if key in (SETTINGS_KEY, STATS_KEY, DAILY_KEY):
            runtime.dispatch(act.Stored(key, str(event.newValue) if found(event.newValue) else None))
            return
        if key != runtime.slot.key or not found(event.newValue) or state.demo is not None:
            return
        match = state.match
        if match is not None:
            newer = runtime.slot.newer(match)
            if newer is not None:
                runtime.dispatch(act.Behind(newer))
            return
        try:
            runtime.dispatch(act.Behind(match_from_json(str(event.newValue))))
        except ValueError:
            return

    touched: list[float] = []

    def on_touch_start(event: Any) -> None:
        touch = event.changedTouches.item(0)
        touched[:] = [float(touch.clientX), float(touch.clientY)] if event.touches.length == 1 else []

    def on_touch_end(event: Any) -> None:
        """A swipe across the replay of a reviewed deal moves it one move."""
        if len(touched) != 2:
            return
        touch = event.changedTouches.item(0)
        step = swipe(runtime.state, float(touch.clientX) - touched[0], float(touch.clientY) - touched[1])
        touched.clear()
        if step is not None:
            runtime.dispatch(step, by_input=True)

    def on_drop(event: Any) -> None:
        """A card of the hand dragged onto the table (``web/motion.js``): played at once."""
        runtime.dispatch(act.PlayCard(str(event.detail)), by_input=True)

    listeners = []
    for node, kind, handler in ((document.body, "click", on_click), (document, "keydown", on_key),
                                (document, "pasur-drop", on_drop), (document, "touchstart", on_touch_start),
                                (document, "touchend", on_touch_end),
                                (document.getElementById("settings"), "change", on_change),
                                (document.getElementById("lobby"), "change", on_name),
                                (document.getElementById("setup"), "change", on_target),
                                (document.getElementById("setup"), "input", on_target),
                                (window, "storage", on_storage)):
        listeners.append(create_proxy(handler))
        node.addEventListener(kind, listeners[-1])
    return listeners
