"""The settings panel (speed, language, cards, hints, Undo, offline, install) with the statistics and
the daily deals played on this device."""

from __future__ import annotations

import datetime

from ..i18n import LANGUAGES, Catalog, load_catalog
from ..model.daily import DailyBook
from ..model.params import SPEEDS
from ..model.state import SettingsPanel, State
from ..model.stats import FIELDS, Stats
from .html import Node, h

__all__ = ["daily_section", "settings_body", "stats_section"]


def stats_section(cat: Catalog, stats: Stats, confirm_reset: bool) -> Node:
    t = cat.t
    rows = stats.table()
    children: list[Node] = [h("h3", text=t("stats"), tabindex="-1")]
    if not rows:
        children.append(h("p", "muted", text=t("stats_none")))
        return h("section", "stats-section", id="stats", children=children)
    head = h("tr", children=[h("th", text=t(key), scope="col") for key in (
        "players", "preset", *(f"stats_{key}" for key in FIELDS))])
    body = [h("tr", children=[h("td", text=cat.num(players)), h("td", text=t(f"preset_{preset}")),
                              *(h("td", text=cat.num(row[key]), data_stat=key) for key in FIELDS)])
            for players, preset, row in rows]
    children.append(h("div", "table-scroll", children=[h("table", "score-sheet stats", id="stats-table", children=[
        h("thead", children=[head]), h("tbody", children=body)])]))
    if confirm_reset:
        children.append(h("p", "confirm", children=[
            h("span", text=t("stats_reset_sure")),
            h("button", "primary", text=t("stats_reset_yes"), type="button", data_action="reset-stats-confirm"),
            h("button", "secondary", text=t("cancel"), type="button", data_action="reset-stats-cancel")]))
    else:
        children.append(h("button", "secondary", text=t("stats_reset"), type="button", data_action="reset-stats"))
    return h("section", "stats-section", id="stats", children=children)


def daily_section(cat: Catalog, book: DailyBook, today: datetime.date) -> Node | None:
    """The daily deals played on this device: how many, the streak, the latest results."""
    t = cat.t
    results = book.results()
    if not results:
        return None
    head = h("tr", children=[h("th", text=t(key), scope="col")
                             for key in ("daily_date", "daily_you", "daily_computer", "daily_difference")])
    rows = [h("tr", children=[
        h("td", text=cat.isolate(day)), h("td", text=cat.num(mine)),
        h("td", text="" if computer is None else cat.num(computer)),
        h("td", text="" if computer is None else cat.signed(mine - computer))]) for day, mine, computer in results[:10]]
    return h("section", "stats-section", id="daily-stats", children=[
        h("h3", text=t("daily_stats")),
        h("p", text=f"{t('daily_played', n=len(results))} · {t('daily_streak', n=book.streak(today))}"),
        h("p", "muted", text=t("daily_what_counts")),
        h("div", "table-scroll", children=[h("table", "score-sheet stats", children=[
            h("thead", children=[head]), h("tbody", children=rows)])])])


def settings_body(state: State, today: datetime.date) -> list[Node]:
    cat, settings = state.cat, state.settings
    t = cat.t
    speed = h("select", id="settings-speed", children=[
        h("option", text=t(f"speed_{name}"), value=name, selected=name == state.speed) for name in SPEEDS])
    lang = h("select", id="settings-lang", children=[
        h("option", text=load_catalog(code).t("lang_name"), value=code, selected=code == cat.lang)
        for code in LANGUAGES])

    def check(ident: str, checked: bool, label: str) -> Node:
        box = h("input", id=ident, type="checkbox", checked=checked)
        return h("label", "check", children=[box, h("span", text=t(label))])

    def stored(key: str, default: bool) -> bool:
        return bool(settings.get(key, default))

    digits = [check("settings-digits", cat.native_digits, "digits_setting")] if cat.lang == "fa" else []
    extras = [h("p", "muted", id="offline-status", text=t("offline_ready" if state.offline_ready
                                                            else "offline_not_ready"))]
    if state.installable and not state.params.embed:
        extras.append(h("button", "secondary", text=t("install"), type="button", data_action="install"))
    return [h("label", "field", children=[h("span", text=t("speed")), speed]),
            h("label", "field", children=[h("span", text=t("language")), lang]),
            check("settings-four", stored("four_colour", False), "four_colour"),
            check("settings-hints", stored("hints", True), "hints_setting"),
            check("settings-undo", stored("undo", True), "undo_setting"),
            check("settings-quick", stored("quick_play", False), "quick_play_setting"),
            *digits, *extras, stats_section(cat, state.stats, state.settings_panel is SettingsPanel.ASKING_RESET),
            *[node for node in [daily_section(cat, state.daily, today)] if node is not None]]
