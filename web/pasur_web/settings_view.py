"""The settings panel (speed, language, cards, hints, offline, install) and the statistics.

Browser only: it draws from the values it is given and never reads storage itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pyscript import document  # type: ignore[import-not-found]

from .dom import byid, clear, el, found
from .i18n import LANGUAGES, Catalog, load_catalog
from .params import SPEEDS
from .stats import FIELDS, Stats

if TYPE_CHECKING:
    from .app import App

__all__ = ["SettingsPanel", "SettingsShown", "close_settings", "open_settings", "stats_section"]


@dataclass(frozen=True)
class SettingsShown:
    speed: str
    settings: Mapping[str, Any]
    embed: bool
    stats: Stats
    confirm_reset: bool  # "Erase every statistic?" is asked


def stats_section(cat: Catalog, stats: Stats, confirm_reset: bool) -> Any:
    t = cat.t
    rows = stats.table()
    children: list[Any] = [el("h3", text=t("stats"))]
    if not rows:
        children.append(el("p", "muted", text=t("stats_none")))
        return el("section", "stats-section", id="stats", children=children)
    head = el("tr", children=[el("th", text=t(key), scope="col") for key in (
        "players", "preset", *(f"stats_{key}" for key in FIELDS))])
    body = [el("tr", children=[
        el("td", text=cat.num(players)),
        el("td", text=t(f"preset_{preset}")),
        *[el("td", text=cat.num(row[key]), data_stat=key) for key in FIELDS],
    ]) for players, preset, row in rows]
    children.append(el("div", "table-scroll", children=[el("table", "score-sheet stats", id="stats-table",
                       children=[el("thead", children=[head]), el("tbody", children=body)])]))
    if confirm_reset:
        children.append(el("p", "confirm", children=[
            el("span", text=t("stats_reset_sure")),
            el("button", "primary", text=t("stats_reset_yes"), type="button", data_action="reset-stats-confirm"),
            el("button", "secondary", text=t("cancel"), type="button", data_action="reset-stats-cancel"),
        ]))
    else:
        children.append(el("button", "secondary", text=t("stats_reset"), type="button", data_action="reset-stats"))
    return el("section", "stats-section", id="stats", children=children)


def open_settings(cat: Catalog, shown: SettingsShown, focus: str = "#settings-speed") -> None:
    t = cat.t
    settings = shown.settings
    speed = el("select", id="settings-speed", children=[
        el("option", text=t(f"speed_{name}"), value=name, selected=name == shown.speed) for name in SPEEDS
    ])
    lang = el("select", id="settings-lang", children=[
        el("option", text=load_catalog(code).t("lang_name"), value=code, selected=code == cat.lang)
        for code in LANGUAGES
    ])
    four = el("input", id="settings-four", type="checkbox", checked=bool(settings.get("four_colour")))
    hints = el("input", id="settings-hints", type="checkbox", checked=bool(settings.get("hints", True)))
    undo = el("input", id="settings-undo", type="checkbox", checked=bool(settings.get("undo", True)))
    digits = [] if cat.lang != "fa" else [el("label", "check", children=[
        el("input", id="settings-digits", type="checkbox", checked=cat.native_digits),
        el("span", text=t("digits_setting"))])]
    root = document.documentElement
    offline = t("offline_ready" if root.hasAttribute("data-offline-ready") else "offline_not_ready")
    extras = [el("p", "muted", id="offline-status", text=offline)]
    if root.hasAttribute("data-installable") and not shown.embed:
        extras.append(el("button", "secondary", text=t("install"), type="button", data_action="install"))
    clear(byid("settings-body"),
          el("label", "field", children=[el("span", text=t("speed")), speed]),
          el("label", "field", children=[el("span", text=t("language")), lang]),
          el("label", "check", children=[four, el("span", text=t("four_colour"))]),
          el("label", "check", children=[hints, el("span", text=t("hints_setting"))]),
          el("label", "check", children=[undo, el("span", text=t("undo_setting"))]),
          *digits, *extras, stats_section(cat, shown.stats, shown.confirm_reset))
    byid("settings").hidden = False
    target = document.querySelector(focus)
    if found(target):
        if not target.matches("button, select, input"):
            target.setAttribute("tabindex", "-1")
        target.focus()


def close_settings() -> None:
    byid("settings").hidden = True


class SettingsPanel:
    """The settings dialog of the page: opened, closed, and each change applied and kept."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.confirm_reset = False  # "Erase every statistic?" is asked

    def open(self, where: str = "#settings-speed") -> None:
        app = self.app
        shown = SettingsShown(app.speed, app.settings, app.params.embed, app.keeper.stats(), self.confirm_reset)
        open_settings(app.cat, shown, where)
        app.coach.show_daily_stats()

    def close(self) -> None:
        self.confirm_reset = False
        close_settings()

    def reset(self, confirmed: bool | None) -> None:
        """The statistics: ``None`` asks, ``True`` erases, ``False`` keeps."""
        self.confirm_reset = confirmed is None
        if confirmed:
            self.app.keeper.reset_stats()
        self.open('[data-action="reset-stats-cancel"]' if confirmed is None else "#stats h3")

    def change(self, event: Any) -> None:
        app = self.app
        ident = str(event.target.id or "")
        # A list has no "checked", a box no meaningful value: read each only where it exists.
        value, checked = str(event.target.value), bool(getattr(event.target, "checked", False))
        if ident == "settings-speed" and value in SPEEDS:
            app.speed = app.settings["speed"] = value
        elif ident in ("settings-hints", "settings-undo"):
            app.settings[ident.removeprefix("settings-")] = checked
            app.render()
        elif ident == "settings-four":
            app.settings["four_colour"] = checked
            document.documentElement.classList.toggle("four-colour", checked)
        elif ident in ("settings-lang", "settings-digits"):
            # Only the words change: the game, the setup being filled in and the focus stay.
            app.settings["lang" if ident == "settings-lang" else "persian_digits"] = (
                value if ident == "settings-lang" else checked)
            app.relabel(chosen=ident == "settings-lang")
            self.open("#" + ident)
        app.keeper.save_settings(app.settings)
