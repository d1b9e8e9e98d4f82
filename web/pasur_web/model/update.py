"""``update(state, action)``: the one place where the page's state changes. It returns the new state
and the effects the browser's runtime must carry out (``effects.py``); nothing here touches the
browser, so every path is tested in CPython.

The table's actions are in ``play.py``, new games in ``games.py``, the panels in ``panels.py``;
this module sends each action where it belongs, and starts the page (``Started``) and the demos.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pasur import Move, Rules
from pasur.moves import capture_options

from . import actions as act
from . import effects as fx
from .daily import DailyBook
from .games import (
    asks_first,
    daily_link_game,
    drop_game_params,
    game_action,
    resume,
    start_daily,
    start_demo_deal,
    start_from_params,
    type_target,
    wrong_target,
)
from .handshake import new_code, new_secret
from .online import online_action, open_table, publish, resume_table, shown_seats, visit
from .online_state import Hosting
from .panels import panel_action
from .params import SPEEDS, Params
from .play import Result, table_action, with_tip
from .reach import REACH_NEWS, reach_action
from .state import CaptureDemo, DealDemo, DemoError, Notice, NoticeKind, State, View, Words
from .stats import Stats
from .storage import DAILY_KEY, SETTINGS_KEY, start_action

__all__ = ["Reads", "initial_state", "param_notices", "reads_first", "update"]

_TABLE = (act.PickCard, act.PlayCard, act.PickCapture, act.ShowHint, act.Tipped, act.Computer)
_GAMES = (act.StartGame, act.StartDaily, act.Leave, act.AnswerLink)
_ONLINE = (act.Message, act.Link, act.StandIn, act.FreeSeat, act.Say, act.Join, act.Rename)
_ONLINE_PRESSES = (act.Press.START_TABLE, act.Press.COPY_LINK, act.Press.SHARE_LINK, act.Press.LEAVE_TABLE,
                   act.Press.PLAY_HERE, act.Press.COVERED_SEEN)
_GAME_PRESSES = frozenset({act.Press.START_GUIDE, act.Press.NEW_GAME, act.Press.BACK_TO_GAME, act.Press.PLAY_AGAIN})


def param_notices(params: Params) -> tuple[Notice, ...]:
    """Every URL parameter that was ignored, and why."""
    notices = []
    for notice in params.notices:
        values: dict[str, object] = {"param": notice.param, "value": notice.value, "default": notice.default}
        if notice.kind == "bad":
            values["reason"] = (notice.reason, {})
            notices.append(Notice(("notice_param", values), NoticeKind.PARAM))
        else:
            notices.append(Notice((f"notice_param_{notice.kind}", values), NoticeKind.PARAM))
    return tuple(notices)


def initial_state(params: Params, settings: Mapping[str, Any], lang: str,
                  stats: Stats | None = None, daily: DailyBook | None = None, storage: str | None = None,
                  set_aside: Sequence[Words] = (), address: str = "https://example.org/pasur/") -> State:
    """The page before anything is shown: the address, the stored settings and values, and the
    notices of stored values that could not be read (``set_aside``). ``lang``: the page's language,
    which web/boot.js chooses before Python starts (the address's, the saved setting, the browser's)."""
    speed = params.speed or settings.get("speed", "normal")
    notices = param_notices(params) + tuple(Notice(words, NoticeKind.START) for words in set_aside)
    return State(params=params, settings=dict(settings), lang=lang, speed=speed if speed in SPEEDS else "normal",
                 notices=notices, stats=stats or Stats(), daily=daily or DailyBook(), storage=storage,
                 address=address)


def _started(state: State, action: act.Started) -> Result:
    """Python is ready: a demo, the saved game, the address's game, or the new-game panel; then what
    was pressed while it loaded."""
    params = state.params
    if params.demo is not None or params.demo_error is not None:
        return _start_demo(state)
    loaded = action.loaded
    if loaded.problem is not None:
        key = "notice_unreadable_save" if loaded.aside is not None else "notice_unreadable_save_kept"
        words: Words = (key, {"reason": loaded.problem, "name": loaded.aside or ""})
        state = replace(state, notices=(*state.notices, Notice(words, NoticeKind.START)))
    if params.join is not None:  # a friend's link: the name first, unless this browser sat there before
        if params.key is None or params.table_pass is None:  # a link cut short (or an old one): the host
            # cannot be told from anyone else, nor the table found
            notice = Notice(("join_no_key", {"code": params.join.upper()}), NoticeKind.JOIN)
            return replace(state, view=View.JOIN, notices=(*state.notices, notice)), []
        return visit(state, params.join, params.key, params.table_pass, action.friends)
    same = loaded.match is not None and loaded.match.link == params.link()
    todo = start_action(params.start_now, params.embed, loaded.match,
                        same_game=same or daily_link_game(params, loaded.match, action.today))
    if todo == "resume" and loaded.match is not None:
        state, effects = resume(state, loaded.match)
        if loaded.match.table_code is not None:
            state, more = resume_table(state)
            effects += more
        return state, effects + (drop_game_params(state) if params.start_now else [])
    if todo == "ask" and loaded.match is not None:
        return replace(state, view=View.SETUP, asking=loaded.match), [fx.Focus("#resume-saved")]
    if todo == "start":
        return start_from_params(state, action.today)
    state = replace(state, view=View.SETUP)
    if action.pending == "start" and action.form is not None:
        return _route(state, act.StartGame(action.form))  # (a friend's seat: the table opens)
    if action.pending == "daily-start":
        return start_daily(state, action.today)
    if action.pending:
        return game_action(state, act.Press.START_GUIDE)
    return state, []


def _start_demo(state: State) -> Result:
    params = state.params
    if params.demo_error is not None:
        key, values = params.demo_error
        return replace(state, view=View.DEMO, demo=DemoError(key, values)), []
    if params.demo == "capture":
        assert params.demo_card is not None  # checked with the parameters (params.py)
        rules = Rules.preset(params.preset)
        table = tuple(params.demo_table)
        moves = sorted((Move(params.demo_card, option) for option in capture_options(params.demo_card, table, rules)),
                       key=lambda move: (len(move.captured), sorted(move.captured)))
        return replace(state, view=View.DEMO, demo=CaptureDemo(params.demo_card, table, rules, tuple(moves))), []
    return start_demo_deal(state)


def _demo(state: State, action: act.DemoStep) -> Result:
    demo = state.demo
    if isinstance(demo, CaptureDemo) and demo.moves:
        if action.step in (act.DemoControl.PREV, act.DemoControl.NEXT):
            current = (demo.current + (1 if action.step is act.DemoControl.NEXT else -1)) % len(demo.moves)
            return replace(state, demo=replace(demo, current=current)), [fx.Focus(f"#demo-{action.step.value}")]
        if action.step is act.DemoControl.PICK and 0 <= action.index < len(demo.moves):
            return replace(state, demo=replace(demo, current=action.index)), []
    if not isinstance(demo, DealDemo):
        return state, []
    if action.step is act.DemoControl.PAUSE:
        return replace(state, demo=replace(demo, paused=not demo.paused)), [fx.Focus("#demo-pause")]
    if action.step is act.DemoControl.STEP:
        return replace(state, demo=DealDemo(paused=True, steps=demo.steps + 1)), []
    if action.step is act.DemoControl.USED:
        return replace(state, demo=replace(demo, steps=max(0, demo.steps - 1))), []
    if action.step is act.DemoControl.AGAIN and state.match is not None:
        return start_demo_deal(state)
    return state, []


def _route(state: State, action: act.Action) -> Result:
    if isinstance(action, act.StartGame | act.OpenTable) and (refused := wrong_target(action.form)):
        return state, refused
    if isinstance(action, act.TypeTarget):
        return type_target(state, action)
    if isinstance(action, act.OpenTable):
        return open_table(state, action.form, action.code, action.secret, action.seed)
    if isinstance(action, act.Link) and action.status in REACH_NEWS:
        return reach_action(state, action)
    if isinstance(action, act.StartGame) and any(value == "friend" for value in action.form.values()):
        return open_table(state, action.form, new_code(), new_secret())  # Start opens the table
    if isinstance(action, _ONLINE) or action in _ONLINE_PRESSES:
        return online_action(state, action)
    press = action if isinstance(action, act.Press) else None
    if isinstance(action, _TABLE) or press in act.TABLE_PRESSES:
        return table_action(state, action)
    if isinstance(action, _GAMES) or press in _GAME_PRESSES:
        return game_action(state, action)
    if isinstance(action, act.Started):
        return _started(state, action)
    if isinstance(action, act.DemoStep):
        return _demo(state, action)
    return panel_action(state, action)


def _public(state: State) -> object:
    """What a host's table shows its friends: when it changes, they are sent it."""
    online, match = state.online, state.match
    if not isinstance(online, Hosting) or match is None:
        return None
    behind = [name for name, guest in online.guests.items()
              if guest.seat is not None and guest.events_sent[0] != match.id]
    return match, shown_seats(match, online), online.messages, online.started, behind


_PLAYS = (act.PickCard, act.PlayCard, act.PickCapture)
# What these actions decide from is read again first: another tab may have stored it since.
_STORED_FIRST = {act.ChangeSetting: SETTINGS_KEY, act.StartDaily: DAILY_KEY, act.AnswerLink: DAILY_KEY,
                 act.DuplicatePlayed: DAILY_KEY}


@dataclass(frozen=True)
class Reads:
    """What storage holds that ``action`` must be taken with (``act.Fresh``)."""

    newer: bool = False  # a game another tab saved since this tab's: this tab must not play on
    elsewhere: bool = False  # another tab's game in progress, which a game started here would replace
    key: str | None = None  # a stored value the action decides from


def reads_first(state: State, action: act.Action) -> Reads | None:
    """What the runtime reads just before ``action`` and gives to ``update`` with it (``act.Fresh``)."""
    match = state.match
    plays = (isinstance(action, _PLAYS) or action is act.Press.UNDO
             or (isinstance(action, act.Computer) and action.step == act.Step.PLAY))
    newer = plays and match is not None and state.demo is None and not state.turn.behind and state.online is None
    key = _STORED_FIRST.get(type(action))
    if plays and key is None and match is not None and match.daily is not None and not match.practice:
        key = DAILY_KEY  # the move that ends a counted daily deal stores its result with what is stored now
    if newer or asks_first(state, action) or key is not None:
        return Reads(newer, asks_first(state, action), key)
    return None


def _fresh(state: State, action: act.Fresh) -> Result:
    """A game another tab saved stops this one (it says so); one in progress there is said before a
    game here replaces it; else the action is taken with what is stored now."""
    if action.newer is not None:
        return update(state, act.Behind(action.newer))
    if action.elsewhere is not None:
        state, effects = update(state, act.Behind(action.elsewhere))
        return state, [fx.Focus('#notices .tab-notice [data-action="adopt"]'), *effects]
    if action.stored is not None:
        state, _ = update(state, action.stored)
    return update(state, action.action)


def update(state: State, action: act.Action) -> Result:
    """The state after ``action``, and what the page must do about it. At a table between friends,
    the host's page sends each friend the position again whenever what they are shown changed."""
    if isinstance(action, act.Fresh):
        return _fresh(state, action)
    before = _public(state)
    state, effects = _route(state, action)
    after = _public(state)
    if after is not None and after != before:
        state, published = publish(state)
        effects = [*effects, *published]
    state, tipping = with_tip(state)
    return state, effects + tipping

