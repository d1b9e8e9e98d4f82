"""The panels around the game: settings and statistics, the rules, the move review, notices, the
daily deal's result and share, what storage and other tabs report, and the Escape key."""

from __future__ import annotations

from dataclasses import replace

from pasur.daily import deal_points
from pasur.rules import PRESETS

from ..i18n import LANGUAGES
from . import actions as act
from . import effects as fx
from .daily import DailyBook, daily_link
from .games import drop_game_params, resume
from .params import SPEEDS
from .play import Result, finish_daily, table_action
from .review_panel import escape, review_action, reviewed
from .savegame import Partly, read_settings, settings_text
from .state import Notice, NoticeKind, SettingsPanel, State, Turn, View
from .stats import Stats, counting
from .storage import DAILY_KEY, SETTINGS_KEY, STATS_KEY, match_key

__all__ = ["panel_action"]

_REVIEW_PRESSES = frozenset({act.Press.CLOSE_REVIEW, act.Press.REVIEW_ALL, act.Press.REVIEW_KEY})


def _change_setting(state: State, action: act.ChangeSetting) -> Result:
    name, value, checked = action.name.removeprefix("settings-"), action.value, action.checked
    settings = dict(state.settings)
    effects: list[fx.Effect] = []
    if name == "speed" and value in SPEEDS:
        settings["speed"] = value
        state = replace(state, speed=value)
    elif name in ("hints", "undo"):
        settings[name] = checked
    elif name == "quick":
        settings["quick_play"] = checked
    elif name == "four":
        settings["four_colour"] = checked
    elif name in ("lang", "digits"):
        # Only the words change: the game, the setup being filled in and the focus stay.
        settings["lang" if name == "lang" else "persian_digits"] = value if name == "lang" else checked
        if name == "lang" and state.params.lang is not None:  # the player's choice now beats the address's
            state = replace(state, params=replace(state.params, lang=None))
            if state.params.demo is None and state.params.demo_error is None:
                effects += drop_game_params(state)
        state = replace(state, lang=str(settings.get("lang", state.lang)))
        effects.append(fx.Focus("#" + action.name))
    else:
        return state, []
    # ``state.settings`` were read again just before (``update.reads_first``): the sound switch in them
    # is as web/sound.js last stored it, which this write keeps.
    return replace(state, settings=settings), [*effects, fx.Store(SETTINGS_KEY, settings_text(settings))]


def _saved(state: State, action: act.Saved) -> Result:
    """What a write did: a failure is said at once (``#save-error``) and goes when a write works; so
    does the notice that an unreadable value is kept in place (a write works once it is set aside)."""
    failing = {key: problem for key, problem in state.failing.items() if key != action.key}
    if action.result is not None and not (action.result == "disabled" and state.storage == "disabled"):
        failing[action.key] = action.result
    state = replace(state, failing=failing)
    if action.result is None:
        kept = "notice_unreadable_save_kept" if action.key == match_key(state.params) else "notice_set_aside_kept"
        state = replace(state, notices=tuple(notice for notice in state.notices if notice.words[0] != kept or (
            kept == "notice_set_aside_kept" and notice.words[1].get("name") != action.key)))
    match = state.match
    if action.stats is not None:
        state = replace(state, stats=action.stats)
        if match is not None and match.over:
            state = replace(state, match=replace(match, counted=True))
    if action.result is None and state.turn.behind and action.stats is None and action.key not in (
            STATS_KEY, DAILY_KEY):  # a game started here replaced the other tab's
        notices = tuple(notice for notice in state.notices if notice.kind != NoticeKind.TAB)
        state = replace(state, turn=Turn(guide=state.turn.guide), notices=notices)
    return state, []


def _behind(state: State, newer: act.Behind) -> Result:
    """Another tab saved a game: this tab is behind; it says so, and offers to continue that one here.
    A friend's page at a table saves nothing and is not behind (its host may be a tab beside it)."""
    if state.online is not None and not state.online.host:
        return state, []
    notices = tuple(notice for notice in state.notices if notice.kind != NoticeKind.TAB)
    match, other = state.match, newer.newer
    if other is not None and match is None and not other.over:  # this tab has no game of its own
        # (the same words after each of that game's moves: said once, not again at every move)
        words = ("notice_other_tab_setup", {"names": other.names()})
        notices += (Notice(words, NoticeKind.TAB, ("adopt", "notice_take_up")),)
    elif other is not None and match is not None:
        same = other.id == match.id
        words = ("notice_other_tab_same" if same else "notice_other_tab_new", {"names": other.names()})
        notices += (Notice(words, NoticeKind.TAB, ("adopt", "notice_take_over")),)
    if match is None or state.demo is not None:
        return replace(state, notices=notices), []
    return replace(state, notices=notices, turn=Turn(behind=True)), [fx.StopComputer()]


def _stored(state: State, action: act.Stored) -> Result:
    """What storage holds now, from another tab or read again: this tab follows it (what cannot be read
    is left as this tab has it; its next write sets it aside when it must)."""
    try:
        if action.key == SETTINGS_KEY:
            settings = {**state.settings, **read_settings(action.text)}
            speed, lang = settings.get("speed"), settings.get("lang")
            speed = speed if state.params.speed is None and speed in SPEEDS else state.speed
            lang = lang if state.params.lang is None and lang in LANGUAGES else state.lang
            return replace(state, settings=settings, speed=str(speed), lang=str(lang)), []
        if action.key == DAILY_KEY:
            return replace(state, daily=state.daily.merged(DailyBook.from_json(action.text))), []
        if action.key == STATS_KEY:
            return replace(state, stats=Stats.from_json(action.text)), []
    except Partly as partly:  # what could be read of it
        if isinstance(partly.value, DailyBook):
            return replace(state, daily=state.daily.merged(partly.value)), []
        return (replace(state, stats=partly.value), []) if isinstance(partly.value, Stats) else (state, [])
    except ValueError:
        return state, []
    return state, []


def _escape(state: State) -> Result:
    """Escape closes what is in front: the review (or its position), the rules, the question, the
    new-game panel over a match, the capture choice, the settings."""
    if state.review is not None:
        return escape(state)
    if state.rules is not None:
        return replace(state, rules=None), [fx.Focus("#rules-button")]
    if state.leaving:
        return replace(state, leaving=False), [fx.Focus("#new-game")]
    if state.view == View.SETUP and state.match is not None:
        return replace(state, view=View.GAME), [fx.RunComputer(), fx.Focus("hand")]
    if state.turn.choosing is not None or state.turn.selected is not None:
        return table_action(state, act.Press.CANCEL_CHOICE)
    if state.settings_panel is not None:
        return replace(state, settings_panel=None), []
    return state, []


def _daily(state: State, action: act.Action) -> Result:
    match = state.match
    if isinstance(action, act.DuplicatePlayed):
        book = state.daily.with_computer(action.day, action.points)
        state = replace(state, daily=book)
        return finish_daily(state, [fx.Store(DAILY_KEY, book.to_json())])
    if isinstance(action, act.Shared):
        if action.copied:
            copied = action.text if action.copied_key == "daily_copied" else ""  # (shown: what a friend will read)
            return replace(state, shared=state.cat.t(action.copied_key), shared_text=copied), []
        notice = Notice(("daily_copy_failed", {"text": action.text}), NoticeKind.SHARE)
        return replace(state, shared="", notices=(*state.notices, notice)), []
    day = None if match is None else match.daily
    computer = None if day is None else state.daily.computer.get(day)
    if match is None or day is None or computer is None:
        return state, []
    cat = state.cat
    mine = deal_points(match.board)
    text = cat.t("daily_share_text", date=cat.isolate(day), mine=cat.num(mine), diff=cat.signed(mine - computer))
    counted = cat.t("daily_share_practice" if match.practice else "daily_share_counted")
    return state, [fx.Copy(f"{text} {counted}\n{daily_link(state.address, day)}")]  # the link: that day's cards


def panel_action(state: State, action: act.Action) -> Result:
    if isinstance(action, act.OpenSettings):
        return replace(state, settings_panel=state.settings_panel or SettingsPanel.OPEN,
                       offline_ready=action.offline_ready, installable=action.installable), [fx.Focus(action.focus)]
    if action is act.Press.CLOSE_SETTINGS:
        return replace(state, settings_panel=None), []
    if isinstance(action, act.ChangeSetting):
        return _change_setting(state, action)
    if isinstance(action, act.ResetStats):  # asked and answered in the settings panel only
        if state.settings_panel is None or (action.confirmed is not None
                                            and state.settings_panel is not SettingsPanel.ASKING_RESET):
            return state, []
        if action.confirmed is None:
            return replace(state, settings_panel=SettingsPanel.ASKING_RESET), [
                fx.Focus('[data-action="reset-stats-cancel"]')]
        erased = [fx.Store(STATS_KEY, None)] if action.confirmed else []
        stats = Stats() if action.confirmed else state.stats
        return replace(state, settings_panel=SettingsPanel.OPEN, stats=stats), [*erased, fx.Focus("#stats h3")]
    if isinstance(action, act.OpenRules):
        match = state.match
        chosen = PRESETS.get(action.preset, PRESETS[state.params.preset])
        rules = match.board.rules if match is not None and state.view == View.GAME else chosen
        return replace(state, rules=rules), [fx.Focus("#rules-title")]
    if action is act.Press.CLOSE_RULES:
        return replace(state, rules=None), [fx.Focus("#rules-button")]
    if action is act.Press.ESCAPE:
        return _escape(state)
    if isinstance(action, act.Dismiss):
        if action.notice < 0:  # the failed save's notice: it comes back with the next write that fails
            return replace(state, failing={}), []
        kept = tuple(notice for index, notice in enumerate(state.notices) if index != action.notice)
        return replace(state, notices=kept), []
    if action is act.Press.ADOPT:
        return state, [fx.ReadSaved()]
    if isinstance(action, act.Adopt):
        return resume(state, action.match, notice=False) if action.match is not None else (state, [])
    if action is act.Press.INSTALL:
        return state, [fx.PromptInstall()]
    if isinstance(action, act.OpenReview | act.ReviewMove | act.ReviewStep | act.TryAgain | act.TryMove) or (
            isinstance(action, act.Press) and action in _REVIEW_PRESSES):
        return review_action(state, action)
    if isinstance(action, act.Reviewed):
        return reviewed(state, action)
    if isinstance(action, act.Saved):
        return _saved(state, action)
    if isinstance(action, act.MatchWritten):
        counted = counting(action.stats, action.match)
        if counted is None:  # (counted meanwhile)
            return _saved(state, act.Saved(match_key(state.params), None))
        return state, [fx.CountMatch(action.match, counted)]
    if isinstance(action, act.Behind):
        return _behind(state, action)
    if isinstance(action, act.Stored):
        return _stored(state, action)
    if isinstance(action, act.DuplicatePlayed | act.Shared) or action is act.Press.SHARE:
        return _daily(state, action)
    return state, []
