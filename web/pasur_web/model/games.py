"""Starting and leaving games: the new-game panel, a game from the address, the guided deal, the
daily deal, a saved game taken up again, and the question a link asks when a game is in progress."""

from __future__ import annotations

from dataclasses import replace

from pasur import Rules
from pasur.daily import OPPONENT, daily_game, parse_day

from ..i18n import LTR_ISOLATE, POP_ISOLATE, Words
from . import actions as act
from . import effects as fx
from .match import Match, Phase
from .online_state import Visiting
from .params import Params
from .play import Result, after_change
from .seats import HUMAN, YOU_WORDS, Seat, default_seats
from .setup_form import FormValues, read_setup, read_target
from .state import DealDemo, Notice, NoticeKind, State, Turn, View
from .storage import DAILY_KEY
from .visiting import forget_seat

__all__ = ["asks_first", "begin", "daily_link_game", "drop_game_params", "game_action", "resume", "show_setup",
           "start_daily"]


_OF_A_GAME = (NoticeKind.RESUMED, NoticeKind.EDITED, NoticeKind.TAB, NoticeKind.DAILY)  # they go with their game


def _without(notices: tuple[Notice, ...], *kinds: NoticeKind) -> tuple[Notice, ...]:
    return tuple(notice for notice in notices if notice.kind not in kinds)


def drop_game_params(state: State) -> list[fx.Effect]:
    """The game parameters leave the address, so that a reload resumes the game. A frame keeps them:
    they name its own save (``storage.match_key``)."""
    params = state.params
    if params.embed:
        return []
    keep = tuple((key, value) for key, value in (("lang", params.lang), ("speed", params.speed)) if value)
    return [fx.Address(keep)]


def begin(state: State, match: Match, guide: bool = False) -> Result:
    """``match`` on the board, from its first move: what was said about the game before goes."""
    turn = Turn(guide=guide, explain=state.demo is not None)
    notices = _without(state.notices, *_OF_A_GAME) + _daily_notice(match)
    closing: list[fx.Effect] = [fx.CloseTable()] if state.online is not None else []
    state = replace(state, view=View.GAME, match=match, turn=turn, settings_panel=None, leaving=False,
                    asking=None, review=None, notices=notices, shared="", shared_text="",
                    online=None)
    return after_change(state, [*closing, fx.StopComputer()])


def _daily_notice(match: Match) -> tuple[Notice, ...]:
    """What a daily deal in play counts for: the counted attempt has no Hint and no Undo; a practice
    attempt is not counted. Said when it starts and when it is taken up again."""
    if match.daily is None or match.over:
        return ()
    date = LTR_ISOLATE + match.daily + POP_ISOLATE  # kept left to right in a right-to-left language
    words = ("daily_counted_notice" if match.counted_daily else "daily_practice_notice", {"date": date})
    return (Notice(words, NoticeKind.DAILY, ident="daily-notice"),)


def asks_first(state: State, action: act.Action) -> bool:
    """Whether ``action``, which starts a game, must first be told of a game in progress that another
    tab saved (``Behind``), since the new game would replace it: in a tab with no game of its own,
    until the page has said so (its notice offers to continue that game here; a new game started
    after that replaces it, as the player was told)."""
    starts = isinstance(action, act.StartGame | act.StartDaily | act.OpenTable) or action is act.Press.START_GUIDE
    return (starts and state.match is None and state.demo is None and state.online is None
            and not any(notice.kind == NoticeKind.TAB for notice in state.notices))


def daily_link_game(params: Params, saved: Match | None, today: str) -> bool:
    """Whether the address's daily deal (``?daily``, ``?daily=YYYY-MM-DD``) is the daily deal saved:
    the link then takes it up again, as it was (its counted attempt stays counted)."""
    return params.daily is not None and saved is not None and saved.daily == (params.daily or today)


def resume(state: State, match: Match, notice: bool = True) -> Result:
    """A saved game on the board again: say which (when ``notice``), and whether its save was edited."""
    notices = _without(state.notices, *_OF_A_GAME)
    if notice:
        if match.over:  # its score sheet says how it ended
            words: Words = ("notice_resumed_over", {"names": match.names()})
        else:  # the deal on the table (a finished deal while its score sheet is up: said to be over)
            key = "notice_resumed_deal_end" if match.phase == Phase.DEAL_END else "notice_resumed"
            words = (key, {"names": match.names(), "deal": match.board.deal_number + 1, "moves": match.moves})
        notices += (Notice(words, NoticeKind.RESUMED),)
    if match.edited:
        notices += (Notice(("notice_edited", {}), NoticeKind.EDITED),)
    notices += _daily_notice(match)
    state = replace(state, view=View.GAME, match=match, turn=Turn(), asking=None, leaving=False, review=None,
                    notices=notices)
    return after_change(state, [fx.StopComputer()])


def show_setup(state: State, forget_finished: bool = False) -> Result:
    """The new-game panel, over the match in progress if any ("Back to the game" returns to it); a
    finished match is put away (``forget_finished``: its save too, so a reload shows the panel)."""
    effects: list[fx.Effect] = [fx.StopComputer()]
    match = state.match
    if forget_finished and match is not None and match.over and state.demo is None:
        effects.append(fx.ForgetMatch())
        match = None
    turn = replace(state.turn, choosing=None, preview=None, thinking=False, hinting=False)
    effects.append(fx.Focus("#setup-players"))
    return replace(state, view=View.SETUP, match=match, turn=turn, leaving=False, review=None), effects


def _leave_finished_table(state: State) -> Result:
    """A friend leaves the table once the match is over: this browser forgets the seat, and the
    host's next match goes on without this page."""
    forget = [forget_seat(state.online)] if isinstance(state.online, Visiting) else []
    state = replace(state, online=None, match=None, params=replace(state.params, join=None))
    state, effects = show_setup(state)
    return state, [fx.CloseTable(), *forget, *drop_game_params(state), *effects]


def _new_game(state: State, players: int, rules: Rules, seats: tuple[Seat, ...], seed: int | None,
              guide: bool = False) -> Result:
    return begin(state, Match.start(players, rules, seats, seed), guide)


def start_daily(state: State, today: str, day: str | None = None) -> Result:
    """The daily deal of ``day`` (today's when None): the first attempt of today's (or yesterday's)
    deal is counted, any other is practice."""
    chosen = parse_day(day or today)
    book, practice = state.daily.begin(chosen.isoformat(), parse_day(today))
    started: list[fx.Effect] = [fx.Store(DAILY_KEY, book.to_json())] if book is not state.daily else []
    t = state.cat.t
    seats = (Seat(t("you"), HUMAN), Seat(t("default_name_1"), OPPONENT))
    match = Match.of(daily_game(chosen), seats, daily=chosen.isoformat(), practice=practice)
    state, effects = begin(replace(state, daily=book), match)
    effects[:0] = started
    if chosen.isoformat() not in book.computer:
        effects.append(fx.PlayDuplicate(chosen.isoformat()))
    return state, effects


def start_from_params(state: State, today: str) -> Result:
    """The game the address describes (``?players=3&seed=7``, ``?daily``)."""
    params = state.params
    if params.daily is not None:
        state, effects = start_daily(state, today, params.daily or None)
    else:
        rules = Rules.preset(params.preset, **({"target": params.target} if params.target else {}))
        seats = default_seats(params.players, params.ai, state.cat.t)
        state, effects = _new_game(state, params.players, rules, seats, params.seed)
    match = state.match
    if match is not None:  # the link that started it: opened again, it resumes this game
        match = replace(match, link=params.link())
        state = replace(state, match=match)
        effects = [replace(effect, match=match) if isinstance(effect, fx.SaveMatch) else effect for effect in effects]
    return state, effects + drop_game_params(state)


def start_demo_deal(state: State) -> Result:
    params = state.params
    t = state.cat.t
    seats = tuple(Seat(t(f"default_name_{seat + 1}" if seat < 3 else "player_n", n=seat + 1), "medium")
                  for seat in range(params.players))
    return _new_game(replace(state, demo=DealDemo()), params.players, Rules.preset(params.preset), seats,
                     params.seed)


def _rematch(state: State) -> Result:
    """Play again, in one tap: the same players and rules, new cards (the guided deal again when
    it was one; the daily deal and a demo go to the new-game panel)."""
    match = state.match
    if match is None or not match.over or match.daily is not None or state.demo is not None:
        return show_setup(state, forget_finished=True)
    game = match.board
    online = state.online
    if online is not None and not online.host:  # between friends the host starts the next match
        return state, []
    if online is not None and match.table_code is not None:
        # The host: the same table, seats and friends, new cards; the friends' pages follow.
        again = replace(Match.start(game.players, game.rules, match.seats), table_code=match.table_code,
                        tokens=match.tokens, started=True, host_key=match.host_key, stand_ins=match.stand_ins)
        state = replace(state, match=again, turn=Turn(), review=None, view=View.GAME)
        return after_change(state, [fx.StopComputer()])
    return _new_game(state, game.players, game.rules, match.seats, None)


def type_target(state: State, action: act.TypeTarget) -> Result:
    """The panel's "Play to" typed in: a good number unsays the panel's "wrong" at once (and, once the
    field is left, is written in the page's digits: "51" shows "۵۱"); a wrong one is said once the
    field is left, not while it is being typed."""
    number = read_target(action.text)
    if number is None:
        return state, [fx.MarkTarget(True)] if action.left else []
    return state, [fx.MarkTarget(False, state.cat.num(number) if action.left else None)]


def wrong_target(form: FormValues) -> list[fx.Effect]:
    """A game asked for (Start, Play a friend) with a "Play to" that is not a whole number within the
    limits: none starts, and the panel says why, the field in focus (empty: nothing wrong)."""
    if "setup-target" not in form or read_target(form["setup-target"]) is not None:
        return []
    return [fx.MarkTarget(True), fx.Focus("#setup-target")]


def game_action(state: State, action: act.Action) -> Result:
    """The actions that start, leave or take up a game."""
    if isinstance(action, act.StartGame):
        new = read_setup(action.form, state.params.ai, state.cat.t, YOU_WORDS)
        return _new_game(state, new.players, new.rules, new.seats, state.params.seed)
    if action is act.Press.START_GUIDE:
        seats = (Seat(state.cat.t("you"), HUMAN), Seat(state.cat.t("default_name_1"), "easy"))
        return _new_game(state, 2, Rules(), seats, state.params.seed, guide=True)
    if isinstance(action, act.StartDaily):
        return start_daily(state, action.today, action.day)
    if action is act.Press.NEW_GAME:
        match = state.match
        if match is not None and match.over and state.online is not None and not state.online.host:
            return _leave_finished_table(state)
        if match is None or match.over or state.demo is not None or state.view != View.GAME:
            return show_setup(state, forget_finished=True)
        return replace(state, leaving=True), [fx.Focus("#leave-cancel")]
    if isinstance(action, act.Leave):
        if not action.confirmed:
            return replace(state, leaving=False), [fx.Focus("#new-game")]
        return show_setup(state)
    if action is act.Press.PLAY_AGAIN:
        return _rematch(state)
    if action is act.Press.BACK_TO_GAME:
        if state.match is None or state.view != View.SETUP:
            return state, []
        return replace(state, view=View.GAME), [fx.RunComputer(), fx.Focus("hand")]
    if isinstance(action, act.AnswerLink):
        saved = state.asking
        state = replace(state, asking=None)
        if action.resume and saved is not None:
            state, effects = resume(state, saved)
            return state, effects + drop_game_params(state)
        return start_from_params(state, action.today)
    return state, []
