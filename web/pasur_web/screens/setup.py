"""The way to a new game: the new-game panel (drawn by ``web/setup.js``, from the catalog and the
engine's presets), the question a link asks when a game is in progress, and "Leave this game?"."""

from __future__ import annotations

import datetime
import functools
from typing import Any

from pasur.rules import PRESETS

from ..i18n import PERSIAN_DIGITS, Catalog
from ..model.match import Match
from ..model.params import Params, setup_config
from ..model.setup_form import FIXED_DEALS
from ..model.state import State
from .html import Node, h
from .words import listing

__all__ = ["PANEL_COUNTS", "catalog_texts", "leave", "setup_panel"]


def setup_panel(state: State, today: datetime.date | None = None) -> tuple[Node | None, tuple[dict[str, str],
                                                                                         dict[str, Any]] | None]:
    """What the ``#setup`` section shows: the question a link with game parameters asks about the
    saved game (``today``: the date, UTC, for a daily deal's link), or the new-game panel's texts
    and choices for ``web/setup.js``."""
    cat = state.cat
    saved = state.asking
    if saved is not None:
        t = cat.t
        key: str | None = None
        new, values = "resume_choice_new", {}
        daily = state.params.daily
        if daily is not None and today is not None:  # the link's game is a daily deal: which, and whether it counts
            day = daily or today.isoformat()
            counts = state.daily.would_count(day, today)
            key, new = "resume_choice_daily" if counts else "resume_choice_daily_practice", "resume_choice_new_daily"
            values = {"date": cat.isolate(day)}
        node = h("div", "resume-choice", id="resume-choice", children=[
            h("h2", text=t("resume_choice_title")),
            *_saved_and_link(state, saved, key, values), _counted_attempt(saved, cat),
            h("div", "resume-actions", children=[
                h("button", "primary", text=t("resume_choice_resume"), id="resume-saved", type="button"),
                h("button", "secondary", text=t(new), id="start-linked", type="button")])])
        return node, None
    params = state.params
    return None, _panel(cat, (params.players, params.preset, params.target, params.ai), state.storage)


def _saved_and_link(state: State, saved: Match, key: str | None, values: dict[str, str]) -> list[Node]:
    """The game in progress and the game the link would start: one sentence for a daily deal (which
    says whether the attempt counts), else a paragraph each."""
    cat, game = state.cat, saved.board
    names, deal = listing(saved.names(), cat), game.deal_number + 1
    if key is not None:
        return [h("p", text=cat.t(key, names=names, deal=deal, moves=saved.moves, **values))]
    return [h("p", text=cat.t("resume_choice_saved", names=names, deal=deal, moves=saved.moves,
                              game=_game_words(cat, game.players, game.rules.target))),
            h("p", text=cat.t("resume_choice_link", game=_link_words(state)))]


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
    config = {**setup_config(chosen), "lang": cat.lang, "storage_note": note}
    return catalog_texts(cat), config


# The counted texts the new-game panel shows, with each count it shows them with.
PANEL_COUNTS = {"players_n": (2, 3, 4), "seat_n": (1, 2, 3, 4), "player_n": (1,), "length_deals": FIXED_DEALS[1:]}


@functools.cache
def catalog_texts(cat: Catalog) -> dict[str, str]:
    """Every text of the catalog as the page shows it (for the scripts that draw without Python);
    the new-game panel's counted texts with each of their counts ("players_n/3"), in the catalog's
    plural forms and digits; and the page's own digits ("digits", when they are not Latin), for a
    number the panel shows. ``web/setup.js`` only looks texts up (the build writes the same for its
    first drawing, before Python: tools/build.py)."""
    texts = {key: cat.t(key) for key in cat.fallback}
    texts.update({f"{key}/{n}": cat.t(key, n=n) for key, counts in PANEL_COUNTS.items() for n in counts})
    if cat.native_digits:
        texts["digits"] = PERSIAN_DIGITS
    return texts


def _counted_attempt(match: Match | None, cat: Catalog) -> Node | None:
    """What another game would cost a daily deal's counted attempt in progress: it would not count."""
    if match is None or not match.counted_daily or match.daily is None or match.board.over:
        return None
    return h("p", "daily-warning", id="daily-warning", text=cat.t("daily_leave_warning", date=cat.isolate(match.daily)))


def leave(state: State) -> list[Node] | None:
    """Asked before a match in progress is left."""
    if not state.leaving:
        return None
    t = state.cat.t
    return [h("div", "panel", children=[
        h("h2", text=t("leave_title"), id="leave-title"), h("p", text=t("leave_text")),
        _counted_attempt(state.match, state.cat),
        h("div", "sheet-actions", children=[
            h("button", "primary", text=t("leave_confirm"), id="leave-confirm", type="button"),
            h("button", "secondary", text=t("leave_cancel"), id="leave-cancel", type="button")])])]
