"""Saving as the page does it: the match after every change, the statistics once per match, the
settings; a write that fails is said at once; a tab that another tab has overtaken is told so.

Browser only (the decisions are in ``saves.py`` and ``storage.py``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pyscript import document  # type: ignore[import-not-found]

from .chrome import add_notice, remove_notices
from .dom import found
from .i18n import Catalog
from .params import Params
from .saves import read_json
from .session import Match
from .sounds import keep_sound_setting
from .stats import Stats
from .storage import SETTINGS_KEY, STATS_KEY, Loaded, Slot, browser_storage, match_key

__all__ = ["Keeper"]


class Keeper:
    """Everything the page stores, for one tab."""

    def __init__(self, params: Params, cat: Callable[[], Catalog]) -> None:
        self.store = browser_storage()
        self.slot = Slot(self.store, match_key(params))
        self.cat = cat  # the page's catalog now (it changes with the language)
        self.problem = self.store.probe()  # storage full or turned off from the start
        self.write_problems: dict[str, str] = {}  # key -> why its last write failed

    # ------------------------------------------------------------------ settings and statistics
    def settings(self) -> dict[str, Any]:
        raw = self.store.get(SETTINGS_KEY)
        try:
            data = read_json(raw) if raw else {}
        except ValueError:  # set aside (web/boot.js does it first, and says so)
            self.store.remove(SETTINGS_KEY)
            self.store.set(SETTINGS_KEY + ".unreadable", raw or "")
            data = {}
        return data if isinstance(data, dict) else {}

    def save_settings(self, settings: dict[str, Any]) -> None:
        self.write(SETTINGS_KEY, json.dumps(keep_sound_setting(settings, self.store.get(SETTINGS_KEY))))

    def stats(self) -> Stats:
        return Stats.from_json(self.store.get(STATS_KEY))

    def reset_stats(self) -> None:
        self.store.remove(STATS_KEY)

    # ------------------------------------------------------------------ the match
    def load(self) -> Loaded:
        return self.slot.load()

    def forget(self) -> None:
        """The finished match is put away: a reload shows the new-game panel."""
        self.store.remove(self.slot.key)

    def save(self, match: Match) -> bool:
        """Save ``match``, and count it in the statistics once it is over. False when another tab
        saved since (this tab is then behind and must not move)."""
        result = self.slot.write(match)
        if result == "stale":
            return False
        self.report(self.slot.key, None if result == "saved" else result)
        if result != "saved" or not match.game.over or match.counted:
            return True
        stats = self.stats()
        if match.count_into(stats):
            if self.write(STATS_KEY, stats.to_json()):
                again = self.slot.write(match)  # remember that it was counted
                self.report(self.slot.key, None if again in ("saved", "stale") else again)
            else:
                match.counted = False  # counted at the next save that works
        return True

    def newer(self, match: Match) -> Match | None:
        """The game another tab saved since this tab last saved, if any."""
        return self.slot.newer(match)

    # ------------------------------------------------------------------ writes that fail
    def write(self, key: str, value: str) -> bool:
        problem = self.store.set(key, value)
        self.report(key, problem)
        return problem is None

    def report(self, key: str, problem: str | None) -> None:
        """One notice while any write fails, saying why; it goes when every failed key is stored again.
        Storage turned off from the start is not reported again: the page said so as it started."""
        if problem is None:
            self.write_problems.pop(key, None)
        elif not (problem == "disabled" and self.problem == "disabled"):
            self.write_problems[key] = problem
        notice = document.getElementById("save-error")
        if not self.write_problems:
            if found(notice):
                notice.remove()
            return
        text = self.cat().t("notice_save_" + next(iter(self.write_problems.values())))
        if found(notice):
            notice.querySelector("span").textContent = text
        else:
            add_notice(self.cat(), text, classes="save-error", ident="save-error")

    def tab_notice(self, other: Match, same: bool) -> None:
        """Another tab played: say which game, and offer to continue it here."""
        remove_notices(".tab-notice")
        cat = self.cat()
        add_notice(cat, cat.t("notice_other_tab_same" if same else "notice_other_tab_new", names=other.names()),
                   action=("adopt", cat.t("notice_take_over")), classes="tab-notice")
