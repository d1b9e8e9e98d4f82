"""The page starts: the address, what is stored (each value read safely, and set aside with a notice
when it cannot be read), the listeners, then the first action (``Started``). Browser only."""

from __future__ import annotations

from typing import Any

from pyscript import document, window  # type: ignore[import-not-found]

from ..i18n import DEFAULT_LANGUAGE, language_of
from ..model import actions as act
from ..model.daily import DailyBook
from ..model.params import AI_LEVELS, parse_params
from ..model.savegame import read_settings
from ..model.state import Words
from ..model.stats import Stats
from ..model.storage import (
    DAILY_KEY,
    FRIEND_KEY,
    SETTINGS_KEY,
    STATS_KEY,
    Loaded,
    Slot,
    Storage,
    match_key,
    read_stored,
    set_aside_asked,
)
from ..model.update import initial_state
from ..model.visiting import read_kept
from .dom import found
from .events import bind, read_form, today
from .runtime import Runtime

__all__ = ["start"]


def start() -> Runtime:
    params = parse_params(str(window.location.search), AI_LEVELS)
    storage = Storage(lambda: window.localStorage)
    slot = Slot(storage, match_key(params))
    window.pasur.saveKey = slot.key  # for web/boot.js: the save a failed start may set aside
    set_aside_asked(storage)  # before anything reads it
    problem = storage.probe()
    # Storage turned off (a frame sandboxed without allow-same-origin, a setting): said once, here.
    notices: list[Words] = [("notice_no_storage", {})] if problem == "disabled" else []
    settings: dict[str, Any] = read_stored(storage, SETTINGS_KEY, read_settings, {}, notices)
    stats = read_stored(storage, STATS_KEY, Stats.from_json, Stats(), notices)
    daily = read_stored(storage, DAILY_KEY, DailyBook.from_json, DailyBook(), notices)
    lang = language_of(getattr(window.pasur, "language", None)) or DEFAULT_LANGUAGE  # chosen by web/boot.js
    address = window.URL.new(str(window.location.href))
    address.search, address.hash = "", ""
    state = initial_state(params, settings, lang, stats, daily, problem, notices, str(address.href))
    runtime = Runtime(state, storage, slot)
    runtime.listeners = bind(runtime)
    runtime.kept_panel = found(document.getElementById("setup-players"))
    window.pasur.ready = True
    waiting = document.getElementById("setup-loading")
    if found(waiting):
        waiting.textContent = ""  # its line stays: the panel does not move
    pending = getattr(window.pasur, "pending", None)
    window.pasur.pending = None
    pending = str(pending) if pending is not None and found(pending) else ""
    loaded = slot.load() if params.demo is None and params.demo_error is None else Loaded(None)
    runtime.dispatch(act.Started(loaded, pending, read_form() if pending == "start" else None, today(),
                                 read_kept(storage.get(FRIEND_KEY)) if params.join is not None else ()))
    return runtime
