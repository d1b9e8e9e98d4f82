"""The way to a new game: the new-game panel (drawn by ``web/setup.js``, from the catalog and the
engine's presets), the question a link asks when a game is in progress, and "Leave this game?"."""

from __future__ import annotations

import functools
from typing import Any

from pasur.rules import PRESETS

from ..i18n import Catalog
from ..model.params import Params, setup_config
from ..model.state import State
from .html import Node, h

__all__ = ["catalog_texts", "leave", "setup_panel"]


def setup_panel(state: State) -> tuple[Node | None, tuple[dict[str, str], dict[str, Any]] | None]:
    """What the ``#setup`` section shows: the question a link with game parameters asks about the
    saved game, or the new-game panel's texts and choices for ``web/setup.js``."""
    cat = state.cat
    saved = state.asking
    if saved is not None:
        t = cat.t
        node = h("div", "resume-choice", id="resume-choice", children=[
            h("h2", text=t("resume_choice_title")),
            h("p", text=t("resume_choice_saved", names=cat.listing(saved.names()), deal=saved.game.deal_number + 1,
                          moves=saved.moves, game=_game_words(cat, saved.game.players, saved.game.rules.target))),
            h("p", text=t("resume_choice_link", game=_link_words(state))),
            h("div", "resume-actions", children=[
                h("button", "primary", text=t("resume_choice_resume"), id="resume-saved", type="button"),
                h("button", "secondary", text=t("resume_choice_new"), id="start-linked", type="button")])])
        return node, None
    params = state.params
    return None, _panel(cat, (params.players, params.preset, params.target, params.ai), state.storage)


def _game_words(cat: Catalog, players: int, target: int) -> str:
    return cat.listing([cat.t("players_n", n=players), cat.t("target_short", n=target)])


def _link_words(state: State) -> str:
    """The game the link would start, in words: "3 players, Classic Persian, to 51"."""
    params, cat = state.params, state.cat
    if params.daily is not None:
        return cat.t("daily_title", date=cat.isolate(params.daily or cat.t("link_today")))
    target = params.target or PRESETS[params.preset].target
    return cat.listing([cat.t("players_n", n=params.players), cat.t(f"preset_{params.preset}"),
                        cat.t("target_short", n=target)])


@functools.lru_cache(maxsize=8)
def _panel(cat: Catalog, defaults: tuple[int, str, int | None, str],
           storage: str | None) -> tuple[dict[str, str], dict[str, Any]]:
    """The texts and choices of the panel (the same object while they stay the same)."""
    players, preset, target, ai = defaults
    chosen = Params(players=players, preset=preset, target=target, ai=ai)
    note = cat.t("setup_storage_" + storage) if storage is not None else ""
    config = {**setup_config(chosen), "native_digits": cat.native_digits, "lang": cat.lang, "storage_note": note}
    return catalog_texts(cat), config


@functools.cache
def catalog_texts(cat: Catalog) -> dict[str, str]:
    """Every text of the catalog (for the scripts that draw without Python)."""
    return {key: cat.t(key) for key in cat.fallback}


def leave(state: State) -> list[Node] | None:
    """Asked before a match in progress is left."""
    if not state.leaving:
        return None
    t = state.cat.t
    return [h("div", "panel", children=[
        h("h2", text=t("leave_title"), id="leave-title"), h("p", text=t("leave_text")),
        h("div", "sheet-actions", children=[
            h("button", "primary", text=t("leave_confirm"), id="leave-confirm", type="button"),
            h("button", "secondary", text=t("leave_cancel"), id="leave-cancel", type="button")])])]
