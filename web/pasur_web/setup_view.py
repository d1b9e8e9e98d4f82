"""The new-game screen: the panel (drawn by web/setup.js), "Leave this game?", and the form's
values read for ``setup_form.read_setup``. Browser only.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from pyscript import document, window  # type: ignore[import-not-found]

from .chrome import show_resume_choice, show_storage_note
from .dom import byid, clear, el, found
from .draw import set_phase
from .focus import focus_hand
from .i18n import Catalog
from .params import Params, setup_config
from .session import Match
from .setup_form import FormValues

if TYPE_CHECKING:
    from .app import App

__all__ = ["SetupScreen", "close_leave", "draw_panel", "open_leave", "read_form", "show_panel"]


def draw_panel(cat: Catalog, params: Params, asking: Match | None, problem: str | None) -> None:
    """The panel, drawn by setup.js as before Python was ready (or the question a link asks)."""
    if asking is not None:
        show_resume_choice(cat, asking, params.players)
        return
    texts = {key: cat.t(key) for key in cat.fallback}
    config = {**setup_config(params), "native_digits": cat.native_digits}
    window.pasurSetup.render(json.dumps(texts), json.dumps(config))
    show_storage_note(cat, problem)


def show_panel(cat: Catalog, problem: str | None, over_a_match: bool) -> None:
    """The new-game screen in front: nothing of a match shows, "Back to the game" when there is one."""
    show_storage_note(cat, problem)
    set_phase("setup")
    document.documentElement.removeAttribute("data-daily")
    for box in ("sheet", "handoff", "capture-choice", "guide", "review"):
        byid(box).hidden = True
    clear(byid("scoreboard"))
    byid("back-to-game").hidden = not over_a_match
    if not byid("setup").contains(document.activeElement):
        byid("setup-players").focus()


def read_form() -> FormValues:
    """Every field of the panel by id: text for fields and lists, true or false for boxes."""
    return {str(node.id): bool(node.checked) if str(node.type) == "checkbox" else str(node.value)
            for node in document.querySelectorAll("#setup input[id], #setup select[id]")}


def open_leave(cat: Catalog) -> None:
    """Ask before a match in progress is left."""
    t = cat.t
    clear(byid("leave"), el("div", "panel", children=[
        el("h2", text=t("leave_title"), id="leave-title"), el("p", text=t("leave_text")),
        el("div", "sheet-actions", children=[
            el("button", "primary", text=t("leave_confirm"), id="leave-confirm", type="button"),
            el("button", "secondary", text=t("leave_cancel"), id="leave-cancel", type="button")])]))
    byid("leave").hidden = False
    byid("leave-cancel").focus()


def close_leave(back: bool) -> None:
    byid("leave").hidden = True
    clear(byid("leave"))
    if back:
        byid("new-game").focus()




class SetupScreen:
    """The way to a new game: "Leave this game?", the panel over the match in progress, and back."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.leaving = False  # "Leave this game?" is asked

    def ask(self) -> None:
        """New game: a match in progress is only left once the player says so."""
        match = self.app.match
        if match is None or match.game.over or self.app.demo is not None:
            self.show(forget_finished=True)
            return
        self.leaving = True
        open_leave(self.app.cat)

    def keep_playing(self) -> None:
        self.leaving = False
        close_leave(back=True)

    def show(self, keep_panel: bool = False, forget_finished: bool = False, leaving: bool = False) -> None:
        """The new-game panel, over the match in progress if any ("Back to the game" returns to it).

        ``keep_panel`` keeps the panel drawn before Python was ready; ``forget_finished`` puts a
        finished match away (its save too: a reload shows the panel); ``leaving`` closes "Leave
        this game?"."""
        app = self.app
        if forget_finished and app.match is not None and app.match.game.over and app.demo is None:
            app.keeper.forget()
            app.match = None
        if leaving:
            self.leaving = False
            close_leave(back=False)
        app.computer.stop()
        app.in_setup = True
        if not (keep_panel and found(document.getElementById("setup-players"))):
            self.draw()
        show_panel(app.cat, app.keeper.problem, over_a_match=app.match is not None)

    def back(self) -> None:
        """Close the new-game panel and return to the match in progress, as it was."""
        app = self.app
        if app.match is not None:
            app.in_setup = False
            app.render()
            app.computer.kick()
            focus_hand()

    def draw(self) -> None:
        app = self.app
        draw_panel(app.cat, app.params, app.asking, app.keeper.problem)
