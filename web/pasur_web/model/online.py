"""A game between friends, each on their own device: the host's page runs the game (``Match``); a
friend's page shows what its seat may see (``seat_board.SeatBoard``) and sends its moves. Each
message is checked (``wire.py``); the host refuses anything else with a reason, changing nothing.

The host opens a table (a short code and a link) and waits in the lobby; friends join it (a name,
and a token their browser keeps, to take their seat back after a reload); the host starts. A
friend who is away keeps the seat; the host may let the computer play it until they are back.
"""

from __future__ import annotations

import random
import string
from collections.abc import Mapping
from dataclasses import replace

from pasur import IllegalMoveError
from pasur.events import MoveRecord
from pasur.safejson import dumps

from . import actions as act
from . import effects as fx
from . import wire
from .games import drop_game_params, show_setup
from .match import Match
from .play import Result, after_change, play
from .seat_board import SeatBoard
from .seats import FRIEND, YOU_WORDS, Seat, clean_name
from .setup_form import read_setup
from .state import Notice, Online, State, Table
from .storage import FRIEND_KEY

__all__ = ["CODE_CHARS", "STAND_IN", "join", "new_code", "new_token", "online_action", "open_table", "resume_table",
           "seat_message", "shown_seats"]

CODE_CHARS = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: a code read aloud or typed stays right
STAND_IN = "medium"  # the computer level that plays for a friend who is away, when the host says so


def new_code(rng: random.Random | None = None) -> str:
    return "".join((rng or random.SystemRandom()).choice(CODE_CHARS) for _ in range(6))


def new_token() -> str:
    return "".join(random.SystemRandom().choice(string.ascii_lowercase + string.digits) for _ in range(24))


def shown_seats(match: Match, online: Online) -> tuple[tuple[str, str, str], ...]:
    """Who sits where: each seat's name, what it is (host, friend, computer), and whether the friend
    playing it is "here", "away", or "waiting" (no one has taken the seat yet)."""
    out = []
    for seat, info in enumerate(match.seats):
        if seat in online.stand_ins:
            out.append((info.name, "computer", "away"))
        elif not info.friend:
            out.append((info.name, "host" if info.human else "computer", "here"))
        else:
            status = "waiting" if seat not in match.tokens else "here" if seat in online.here.values() else "away"
            out.append((info.name, "friend", status))
    return tuple(out)


def seat_message(state: State, seat: int, since: int) -> str:
    """The ``state`` message for the friend at ``seat``: what that seat may see, events from ``since``."""
    assert state.match is not None and state.online is not None
    online = state.online
    return wire.seat_state(state.match, seat, since, shown_seats(state.match, online), online.started, online.said)


def _send(peer: str | None, data: dict[str, object]) -> fx.Effect:
    return fx.Send(peer, wire.json_text(data))


# ---------------------------------------------------------------------- the host
def open_table(state: State, form: Mapping[str, str | bool], code: str) -> Result:
    """The host opens a table for the game the new-game panel describes (one seat a friend's at least)."""
    new = read_setup(form, state.params.ai, state.cat.t, YOU_WORDS, friends=True)
    match = Match.start(new.players, new.rules, new.seats, state.params.seed)
    match = replace(match, table=code, started=False)
    state = replace(state, view="lobby", match=match, table=Table(), online=Online("host", code), leaving=False)
    return state, [fx.StopComputer(), fx.OpenTable(code), fx.SaveMatch(match)]


def _hello(state: State, online: Online, match: Match, peer: str, data: Mapping[str, object]) -> Result:
    """A friend sits down: at the seat its token holds, else at the first free friend's seat."""
    token = str(data["token"])
    seat = next((seat for seat, held in match.tokens.items() if held == token), None)
    if seat is None:
        free = [seat for seat, info in enumerate(match.seats) if info.friend and seat not in match.tokens]
        if not free:
            return state, [_send(peer, {"t": "refused", "why": "the table is full"})]
        seat = free[0]
        name = clean_name(data["name"], match.seats[seat].name)
        seats = tuple(Seat(name, FRIEND) if index == seat else info for index, info in enumerate(match.seats))
        match = replace(match, seats=seats, tokens={**match.tokens, seat: token})
    if seat in online.stand_ins:  # back: the seat is theirs again
        seats = tuple(replace(info, kind=FRIEND) if index == seat else info for index, info in enumerate(match.seats))
        match = replace(match, seats=seats)
        online = replace(online, stand_ins={key: level for key, level in online.stand_ins.items() if key != seat})
    here = {key: value for key, value in online.here.items() if value != seat}  # an older connection goes
    online = replace(online, here={**here, peer: seat})
    welcome = _send(peer, {"t": "welcome", "seat": seat, "code": online.code})
    state = replace(state, match=match, online=online)
    if not online.started:
        return state, [welcome, fx.SaveMatch(match), fx.Publish(peer)]
    state, effects = after_change(state)
    return state, [welcome, *effects, fx.Publish(peer)]


def _friend_plays(state: State, match: Match, seat: int, peer: str, move: str) -> Result:
    """A friend's move: checked against the game, played as the host's own moves are."""
    online = state.online
    game = match.game
    if online is None or not online.started or match.phase != "play" or game is None or game.turn != seat:
        return state, [_send(peer, {"t": "refused", "why": "it is not your turn"})]
    try:
        game.resolve(move)
    except IllegalMoveError as error:
        return state, [_send(peer, {"t": "refused", "why": str(error)[:300]})]
    state, effects = play(state, move)
    return state, [*effects, fx.Publish()]


def _from_friend(state: State, online: Online, action: act.Message) -> Result:
    match = state.match
    try:
        data = wire.read(action.text, wire.FROM_FRIEND)
    except wire.Refused as why:
        return state, [_send(action.peer, {"t": "refused", "why": str(why)})]
    seat = online.here.get(action.peer or "")
    if match is None or action.peer is None:
        return state, []
    if data["t"] == "hello":
        return _hello(state, online, match, action.peer, data)
    if seat is None:
        return state, [_send(action.peer, {"t": "refused", "why": "say hello first"})]
    if data["t"] == "play":
        return _friend_plays(state, match, seat, action.peer, str(data["move"]))
    if data["t"] == "say":
        return replace(state, online=replace(online, said=(*online.said[-4:], (seat, str(data["what"]))))), [
            fx.Publish()]
    if data["t"] == "review":
        return _review_asked(state, online, match, (seat, action.peer), data["deal"])
    return state, [_send(action.peer, {"t": "refused", "why": f"a host does not take a {data['t']} message"})]


def _review_asked(state: State, online: Online, match: Match, asker: tuple[int, str], deal: int) -> Result:
    """A friend asks for the review of its moves in the deal just played: the host's page makes it (from
    that seat's cards and the table only) and sends it with the next state."""
    seat, peer = asker
    if deal != match.reviewable_deal():
        return state, [_send(peer, {"t": "refused", "why": "only the deal just played can be reviewed"})]
    key = f"{deal}:{seat}"
    if key in match.reviews:
        return state, [fx.Publish()]
    return replace(state, online=replace(online, asked=online.asked | {key})), [fx.ComputeReview(match, deal, seat)]


def _host_action(state: State, online: Online, action: act.Action) -> Result:
    match = state.match
    if isinstance(action, act.Message):
        return _from_friend(state, online, action)
    if isinstance(action, act.Link):
        if action.peer is None:  # the table itself: open, or the signalling server cannot be reached
            return replace(state, online=replace(online, status=action.status)), []
        here = {key: value for key, value in online.here.items() if key != action.peer}
        return replace(state, online=replace(online, here=here)), [fx.Publish()]
    if action is act.Press.START_TABLE and match is not None and not online.started:
        state = replace(state, view="game", match=replace(match, started=True), online=replace(online, started=True))
        state, effects = after_change(state)
        return state, [*effects, fx.Publish()]
    if isinstance(action, act.StandIn) and match is not None and 0 <= action.seat < len(match.seats) \
            and match.seats[action.seat].friend:
        seats = tuple(replace(info, kind=STAND_IN) if index == action.seat else info
                      for index, info in enumerate(match.seats))
        online = replace(online, stand_ins={**online.stand_ins, action.seat: STAND_IN})
        state, effects = after_change(replace(state, match=replace(match, seats=seats), online=online))
        return state, [*effects, fx.Publish()]
    return state, []


def resume_table(state: State) -> Result:
    """The host's page took up its saved game at a table: the table opens again under its code (the
    friends' pages find it again, each taking back its seat)."""
    match = state.match
    if match is None or match.table is None:
        return state, []
    online = Online("host", match.table, started=match.started)
    return replace(state, view="game" if match.started else "lobby", online=online), [fx.OpenTable(match.table)]


# ---------------------------------------------------------------------- a friend
def join(state: State, code: str, name: str, token: str) -> Result:
    """A friend's page joins the table ``code`` under ``name`` (kept, with the token, so that this
    browser takes the same seat back after a reload)."""
    online = Online("friend", code, token=token, name=clean_name(name, state.cat.t("you")))
    kept = dumps({"code": code, "name": online.name, "token": token})
    notices = tuple(notice for notice in state.notices if notice.kind != "join")
    return replace(state, view="lobby", online=online, notices=notices), [fx.Store(FRIEND_KEY, kept), fx.Connect(code)]


def _state_from_host(state: State, online: Online, data: Mapping[str, object]) -> Result:
    """The host's ``state``: the match as this seat sees it, rebuilt from its view and the events."""
    match = state.match
    ident = str(data.get("id") or "friend")[:32]  # another match's (a rematch's) events start anew
    kept = match.seen.events if match is not None and match.seen is not None and match.id == ident else ()
    since, sent, view_data = data.get("since"), data.get("events"), data.get("view")
    if not isinstance(since, int) or since > len(kept) or not isinstance(sent, list) or not isinstance(view_data, dict):
        raise wire.Refused("a state that does not follow the last one")
    events = [*kept[:since], *(wire.event_text(item) for item in sent)]
    deal = view_data.get("deal_number")
    moves = [event for event in events if isinstance(event, MoveRecord) and event.deal == deal]
    view = wire.view_from(view_data, moves)
    winner, results = data.get("winner"), data.get("deal_results")
    board = SeatBoard.of(view, events, wire.results_of(results), data.get("over") is True,
                         winner if isinstance(winner, int) and 0 <= winner < view.sides else None)
    shown = tuple((clean_name(item[0], str(index + 1)), str(item[1]), str(item[2]))
                  for index, item in enumerate(_list(data.get("seats"))) if isinstance(item, list) and len(item) == 3)
    seats = tuple(Seat(name, "human" if index == view.seat else FRIEND) for index, (name, _, _) in enumerate(shown))
    pending = data.get("pending_sheet")
    fresh = Match.seen_by(board, seats, pending_sheet=pending if isinstance(pending, int) else None,
                          id=ident, reviews=wire.reviews_of(data.get("reviews")))
    said = tuple((int(item[0]), str(item[1])) for item in _list(data.get("said"))
                 if isinstance(item, list) and len(item) == 2 and isinstance(item[0], int))
    started = data.get("started") is True
    online = replace(online, seats=shown, since=len(events), status="connected", started=started, said=said,
                     sent=False)
    table = state.table if match is not None and match.id == fresh.id else Table()
    state = replace(state, view="game" if started else "lobby", match=fresh, online=online,
                    table=replace(table, preview=None))
    return state, [fx.Focus("hand")] if fresh.is_viewer_turn() else []


def _list(value: object) -> list[object]:
    return value if isinstance(value, list) else []


def _friend_action(state: State, online: Online, action: act.Action) -> Result:
    if isinstance(action, act.Link) and action.status == "missing":  # no table open under this code
        notice = Notice(("join_missing", {"code": online.code.upper()}), "join")
        state = replace(state, view="join", online=None, notices=(*state.notices, notice))
        return state, [fx.CloseTable(), fx.Focus("#join-name")]
    if isinstance(action, act.Link):
        effects: list[fx.Effect] = []
        if action.status == "connected":  # the host is reached: sit down (again)
            effects.append(_send(None, {"t": "hello", "name": online.name, "token": online.token}))
        return replace(state, online=replace(online, status=action.status, sent=False)), effects
    if not isinstance(action, act.Message):
        return state, []
    try:
        data = wire.read(action.text, wire.FROM_HOST)
        if data["t"] == "state":
            return _state_from_host(state, online, data)
    except (wire.Refused, ValueError, TypeError, KeyError, IndexError) as why:
        # Out of step with the host, or not readable: ask for the whole position again.
        online = replace(online, refused=str(why)[:300], since=0)
        return replace(state, online=online, match=None), [
            _send(None, {"t": "hello", "name": online.name, "token": online.token})]
    if data["t"] == "refused":
        return replace(state, online=replace(online, refused=str(data.get("why", ""))[:300], sent=False)), []
    return state, []


def _leave(state: State, online: Online | None) -> Result:
    """Before the game, the host closes the table (its match goes) or a friend leaves it, or their
    link's name form (this browser forgets the seat): the new-game panel."""
    if state.view not in ("lobby", "join"):
        return state, []
    effects: list[fx.Effect] = [] if online is None else [fx.CloseTable()]
    if online is not None and online.host:
        effects.append(fx.ForgetMatch())
    else:
        effects += [fx.Store(FRIEND_KEY, None), *drop_game_params(state)]
    state = replace(state, online=None, match=None, params=replace(state.params, join=None))
    state, shown = show_setup(state)
    return state, [*effects, *shown]


def online_action(state: State, action: act.Action) -> Result:
    """An action of the table between friends."""
    online = state.online
    if action is act.Press.LEAVE_TABLE:
        return _leave(state, online)
    if online is None:
        return state, []
    if isinstance(action, act.Say):
        if not online.host:
            return state, [_send(None, {"t": "say", "what": action.what})]
        seat = state.match.viewer if state.match is not None else 0
        return replace(state, online=replace(online, said=(*online.said[-4:], (seat, action.what)))), [fx.Publish()]
    if action in (act.Press.COPY_LINK, act.Press.SHARE_LINK):
        share = action is act.Press.SHARE_LINK
        return replace(state, shared=""), [fx.Copy(online.link(state.address), "table_copied", share)]
    if online.host:
        return _host_action(state, online, action)
    return _friend_action(state, online, action)
