"""The page around the game: language and static texts, notices, the embed's link, and the
small panels of the setup screen (the question a link asks, the note when nothing can be saved).

Browser only.
"""

from __future__ import annotations

from pyscript import document, window  # type: ignore[import-not-found]

from .dom import attr, byid, clear, el, found
from .i18n import Catalog
from .params import Params
from .session import Match

__all__ = ["add_notice", "apply_language", "drop_game_params", "mark_ready", "remove_notices", "resumed",
           "show_full_game_link", "show_param_notices", "show_resume_choice", "show_storage_note"]


def apply_language(cat: Catalog) -> None:
    root = document.documentElement
    root.setAttribute("lang", cat.lang)
    root.setAttribute("data-lang", cat.lang)
    root.setAttribute("dir", cat.direction)
    document.title = cat.t("title")
    for node in document.querySelectorAll("[data-i18n]"):
        node.textContent = cat.t(attr(node, "data-i18n"))
    for node in document.querySelectorAll("[data-i18n-label]"):
        node.setAttribute("aria-label", cat.t(attr(node, "data-i18n-label")))


def add_notice(cat: Catalog, text: str, action: tuple[str, str] | None = None, classes: str = "",
               ident: str | None = None) -> None:
    """A notice under the top bar, with an optional action button and a close button."""
    extra = [] if action is None else [el("button", "secondary", text=action[1], type="button",
                                          data_action=action[0])]
    byid("notices").appendChild(el("p", f"notice {classes}".strip(), id=ident, children=[
        el("span", text=text), *extra,
        el("button", "notice-close", text="×", type="button", data_action="dismiss", aria_label=cat.t("dismiss")),
    ]))


def remove_notices(selector: str) -> None:
    for old in document.querySelectorAll(f"#notices {selector}"):
        old.remove()


def show_param_notices(params: Params, cat: Catalog) -> None:
    """Every URL parameter that was ignored, and why (all notices are redrawn in the language)."""
    clear(byid("notices"))
    for notice in params.notices:
        if notice.kind == "bad":
            text = cat.t("notice_param", param=notice.param, value=notice.value, reason=cat.t(notice.reason),
                         default=notice.default)
        else:
            text = cat.t(f"notice_param_{notice.kind}", param=notice.param, value=notice.value,
                         default=notice.default)
        add_notice(cat, text)


def show_full_game_link() -> None:
    """In a frame: a link that opens the full game in a new tab (the frame never navigates)."""
    link = byid("full-game")
    link.setAttribute("href", "./")  # never built from the address, which a link can make point off-site
    link.hidden = False


def show_resume_choice(cat: Catalog, saved: Match, players: int) -> None:
    """The question asked when a link would replace a game in progress: resume it, or start anew."""
    t = cat.t
    clear(byid("setup"), el("div", "resume-choice", id="resume-choice", children=[
        el("h2", text=t("resume_choice_title")),
        el("p", text=t("resume_choice_text", names=saved.names(), deal=saved.game.deal_number + 1,
                       moves=len(saved.game.history), players=players)),
        el("div", "resume-actions", children=[
            el("button", "primary", text=t("resume_choice_resume"), id="resume-saved", type="button"),
            el("button", "secondary", text=t("resume_choice_new"), id="start-linked", type="button"),
        ]),
    ]))


def show_storage_note(cat: Catalog, problem: str | None) -> None:
    """When nothing can be stored, the setup panel says that a game will not be kept."""
    old = document.getElementById("storage-note")
    if found(old):
        old.remove()
    title = document.querySelector("#setup h2")
    if problem is not None and found(title):
        title.after(el("p", "notice storage-note", id="storage-note", text=cat.t("setup_storage_" + problem)))


def mark_ready() -> None:
    """Python is ready: the loading panel goes, and the page says so (``html[data-ready]``)."""
    byid("loading").hidden = True
    window.pasurReady = True
    waiting = document.getElementById("setup-loading")
    if found(waiting):
        waiting.remove()
    document.documentElement.setAttribute("data-ready", "")


def drop_game_params(params: Params) -> None:
    """Drop the game parameters from the address, so that a reload resumes this game. A frame keeps
    them: they name its own save (``storage.match_key``)."""
    if params.embed:
        return
    keep = [f"{key}={value}" for key, value in (("lang", params.lang), ("speed", params.speed)) if value]
    window.history.replaceState(None, "", str(window.location.pathname) + ("?" + "&".join(keep) if keep else ""))


def resumed(cat: Catalog, match: Match, notice: bool) -> None:
    """A saved game came back: say which (when ``notice``), and whether its save was edited."""
    remove_notices(".tab-notice")
    if notice:
        game = match.game
        add_notice(cat, cat.t("notice_resumed", names=match.names(), deal=game.deal_number + 1,
                              moves=len(game.history)))
    if match.edited:
        add_notice(cat, cat.t("notice_edited"))
