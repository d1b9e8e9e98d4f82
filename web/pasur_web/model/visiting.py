"""A friend's page at a table between friends: it looks for the table under its ids, believes the page
that proves to be the host (``handshake.py``), then sits down with the claim to its seat, sends its
moves, and shows the match as its seat sees it (``seat_board.SeatBoard``, from ``seat_state.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pasur import PlayerView, Rules
from pasur.events import MoveRecord
from pasur.rules import side_count
from pasur.safejson import dumps
from pasur.scoring import BREAKDOWN_KEYS

from . import actions as act
from . import effects as fx
from . import wire
from .handshake import KEY, TOKEN, claim, knock_pass, proven, seat_key, table_id
from .match import Match, Phase
from .online_state import Invite, Kept, SeatShown, Visiting, VisitStatus
from .params import TABLE_CODE
from .play import Result
from .savegame import read_json
from .seat_board import SeatBoard
from .seat_state import event_from, results_of, reviews_of, view_from
from .seats import FRIEND, MAX_NAME, Seat, clean_name
from .sounds import sounds_after
from .state import Notice, NoticeKind, State, Turn, View

__all__ = ["connect", "forget_seat", "join", "kept_tables", "read_kept", "to_host", "visit", "visiting_action"]

_KINDS = ("host", "friend", "computer")
_RESULT_KEYS = set(BREAKDOWN_KEYS)
_STATUSES = ("here", "away", "stood-in", "waiting", "free")
# What the table's own news (web/peers.js, no connection named) make of a friend's page's status.
_TABLE_NEWS = {status.value: status for status in (VisitStatus.CONNECTING, VisitStatus.UNREACHABLE, VisitStatus.BUSY)}


MAX_KEPT = 20  # the most tables a browser keeps its seat at (the oldest goes first)
_KEPT_FIELDS = ("code", "key", "name", "token", "seated")


def _kept_entry(data: object) -> Kept | None:
    if not isinstance(data, dict) or set(data) != set(_KEPT_FIELDS):
        return None
    code, key, name, token, seated = (data[field] for field in _KEPT_FIELDS)
    if not (isinstance(code, str) and TABLE_CODE.fullmatch(code) and isinstance(key, str) and KEY.fullmatch(key)
            and isinstance(token, str) and TOKEN.fullmatch(token) and type(seated) is bool):
        return None
    return Kept(code, key, clean_name(name, ""), token, seated)


def read_kept(text: str | None) -> tuple[Kept, ...]:
    """The tables this browser sits at, as its storage keeps them (``{"tables": [...]}``, the latest
    last; an older browser kept one table as a lone entry): each that can be read (one that cannot is
    left out: at that table the player is asked their name again, and sits down anew)."""
    try:
        data = read_json(text or "null")
    except ValueError:
        return ()
    entries = data.get("tables") if isinstance(data, dict) and set(data) == {"tables"} else [data]
    found = [_kept_entry(entry) for entry in (entries if isinstance(entries, list) else [])[-MAX_KEPT:]]
    return tuple(entry for entry in found if entry is not None)


def kept_tables(text: str | None, code: str, key: str, entry: Kept | None) -> str | None:
    """What storage keeps once this browser's seat at the table (``code``, ``key``) is ``entry`` (None:
    forgotten), beside its seats at other tables: the latest last, at most ``MAX_KEPT`` (None: none)."""
    others = [kept for kept in read_kept(text) if (kept.code, kept.key) != (code, key)]
    tables = [*others, *([entry] if entry is not None else [])][-MAX_KEPT:]
    if not tables:
        return None
    return dumps({"tables": [{field: getattr(kept, field) for field in _KEPT_FIELDS} for kept in tables]})


def _kept(online: Visiting) -> fx.Effect:
    return fx.KeepSeat(online.code, online.key, Kept(online.code, online.key, online.name, online.token,
                                                      online.seated))


def forget_seat(online: Visiting) -> fx.Effect:
    """This browser's seat at the table of ``online`` is forgotten (its other tables' are kept)."""
    return fx.KeepSeat(online.code, online.key, None)


def to_host(online: Visiting, data: Mapping[str, Any]) -> list[fx.Effect]:
    """``data`` sent to the host, once a page has proved to be it (before, nothing is sent)."""
    if online.host_slot is None:
        return []
    return [fx.Send(online.host_slot, wire.json_text(data))]


def _hello(online: Visiting) -> list[fx.Effect]:
    """Sit down: claim the seat with the host's challenge (and give its key the first time)."""
    seat = seat_key(online.token, online.code, online.key)
    data: dict[str, object] = {"t": "hello", "name": online.name, "claim": claim(seat, online.challenge)}
    if not online.seated:
        data["key"] = seat
    return to_host(online, data)


def visit(state: State, code: str, key: str, table_pass: str, kept: tuple[Kept, ...]) -> Result:
    """A table's link is opened: the page looks for the table at once (its host's invitation shows on
    the name form), and sits down when the player joins; at once when this browser sat there before
    (its seat at each table is kept: ``kept``)."""
    mine = next((entry for entry in kept if (entry.code, entry.key) == (code, key)), None)
    online = Visiting(code, key, table_pass)
    if mine is not None:
        online = replace(online, token=mine.token, name=mine.name, joined=True, seated=mine.seated)
    state = replace(state, view=View.LOBBY if online.joined else View.JOIN, online=online)
    return state, [connect(online), *([] if online.joined else [fx.Focus("#join-name")])]


def connect(online: Visiting) -> fx.Effect:
    """Look for the table under its ids."""
    return fx.Connect(online.code, table_id(online.code, online.table_pass))


def join(state: State, online: Visiting, name: str, token: str) -> Result:
    """The player sits down under ``name`` (kept with this browser's token, so that it takes the
    same seat back after a reload)."""
    online = replace(online, joined=True, name=clean_name(name, state.cat.t("you")), token=online.token or token,
                     refused="", ended="")
    notices = tuple(notice for notice in state.notices if notice.kind != NoticeKind.JOIN)
    effects: list[fx.Effect] = [_kept(online), *_hello(online)]
    if online.status in (VisitStatus.MISSING, VisitStatus.ENDED):  # looked for again
        online = replace(online, status=VisitStatus.CONNECTING)
        effects.append(connect(online))
    return replace(state, view=View.LOBBY, online=online, notices=notices), effects


def _proof(state: State, online: Visiting, slot: str, data: Mapping[str, Any]) -> Result:
    """A table's id answered: it is the host only if it signed this page's challenge with the link's key."""
    knock = online.knocks.get(slot)
    if data["t"] != "proof" or knock is None or not proven(online.key, online.code, online.me, knock,
                                                             data["nonce"], data["sig"]):
        return state, [fx.Drop(slot)]
    others = [fx.Drop(other) for other in online.knocks if other != slot]
    online = replace(online, host_slot=slot, challenge=str(data["nonce"]), knocks={}, status=VisitStatus.CONNECTED,
                     move_pending=False)
    return replace(state, online=online), [*others, *(_hello(online) if online.joined else [])]


def _invite(online: Visiting, data: Mapping[str, Any]) -> Visiting:
    try:
        rules = Rules.from_dict(data["rules"])
    except ValueError:
        return online
    return replace(online, invite=Invite(clean_name(data["host"], "")[:MAX_NAME], data["players"], rules,
                                         data["started"]))


def _shown(data: object) -> tuple[SeatShown, ...]:
    items = data if isinstance(data, list) else []
    return tuple((clean_name(item[0], str(index + 1)), item[1], item[2]) for index, item in enumerate(items)
                 if isinstance(item, list) and len(item) == 3 and item[1] in _KINDS and item[2] in _STATUSES)


def _sane(view: PlayerView, results: list[list[dict[str, int]]], pending: int | None, over: bool) -> None:
    """What a friend's page draws must hold together (a host's page may be anyone's): the seat, the
    sides, the counts, and a score sheet shown only for a deal that has results."""
    players, sides = view.players, view.sides
    if not (2 <= players <= 4 and 0 <= view.seat < players and sides == side_count(players, view.rules)
            and len(view.hand_sizes) == players and len(view.piles) == len(view.surs) == len(view.scores) == sides
            and (view.turn is None or 0 <= view.turn < players) and 0 <= view.leader < players
            and all(len(deal) == sides and all(set(side) >= _RESULT_KEYS for side in deal) for deal in results)
            and (pending is None or 0 <= pending < len(results)) and (results or not over)):
        raise wire.Refused("the position sent does not hold together")


def _state(state: State, online: Visiting, data: Mapping[str, Any]) -> Result:
    """The host's ``state``: the match as this seat sees it, rebuilt from its view and the events."""
    match = state.match
    ident = data["id"][:32]  # another match's (a rematch's) events start anew
    kept = match.seen.events if match is not None and match.seen is not None and match.id == ident else ()
    since = data["since"]
    if since > len(kept):
        raise wire.Refused("a state that does not follow the last one")
    events = [*kept[:since], *(event_from(item) for item in data["events"])]
    deal = data["view"].get("deal_number")
    view = view_from(data["view"], [event for event in events if isinstance(event, MoveRecord) and event.deal == deal])
    winner, results, pending = data["winner"], results_of(data["deal_results"]), data["pending_sheet"]
    _sane(view, results, pending, data["over"])
    board = SeatBoard.of(view, events, results, data["over"],
                         winner if isinstance(winner, int) and 0 <= winner < view.sides else None)
    shown = _shown(data["seats"])
    seats = tuple(Seat(name, "human" if index == view.seat else FRIEND) for index, (name, _, _) in enumerate(shown))
    fresh = Match.seen_by(board, seats, pending_sheet=pending, id=ident, reviews=reviews_of(data["reviews"]))
    messages = tuple((item[0], item[1], item[2]) for item in data["said"] if isinstance(item, list) and len(item) == 3
                     and type(item[0]) is int and type(item[1]) is int and 0 <= item[1] < view.players
                     and item[2] in wire.QUICK)
    online = replace(online, seats=shown, since=len(events), messages=messages, move_pending=False)
    same = match is not None and match.id == fresh.id
    turn = state.turn if same else Turn()
    state = replace(state, view=View.GAME if data["started"] else View.LOBBY, match=fresh, online=online,
                    turn=replace(turn, preview=None))
    effects: list[fx.Effect] = [fx.Focus("hand")] if fresh.is_viewer_turn() else []
    if same and match is not None and fresh.moves == match.moves + 1:  # a move: the sounds a local game makes
        effects.append(fx.Sound(sounds_after(fresh.board)))
    elif same and match is not None and match.phase == Phase.DEAL_END and fresh.phase == Phase.PLAY:
        effects.append(fx.Sound(("deal",)))
    return state, effects


def _bye(state: State, online: Visiting, why: str) -> Result:
    """The host ended this page's place: the table closed, the seat freed, or taken by another page of
    this browser (which keeps it). This page stops looking for the table, and says why."""
    online = replace(online, ended=why, status=VisitStatus.ENDED, host_slot=None, knocks={}, move_pending=False)
    kept = [] if why == "moved" else [forget_seat(online)]
    return replace(state, online=online), [fx.CloseTable(), *kept]


def _from_host(state: State, online: Visiting, slot: str, text: str) -> Result:
    if slot != online.host_slot:
        if online.host_slot is not None:
            return state, [fx.Drop(slot)]
        try:
            return _proof(state, online, slot, wire.read(text, wire.FROM_HOST))
        except wire.Refused:
            return state, [fx.Drop(slot)]
    try:
        data = wire.read(text, wire.FROM_HOST)
        kind = data["t"]
        if kind == "state":
            return _state(state, online, data)
    except (wire.Refused, ValueError, TypeError, KeyError, IndexError, AttributeError) as why:
        # Out of step with the host, or not readable: ask for the whole position again.
        online = replace(online, refused=str(why)[:300], since=0)
        return replace(state, online=online, match=None), _hello(online) if online.joined else []
    if kind == "table":
        return replace(state, online=_invite(online, data)), []
    if kind == "welcome":
        welcomed = replace(online, seated=True, covered=tuple(data["covered"]), covered_first=not online.seated,
                           refused="")
        return replace(state, online=welcomed), [] if online.seated else [_kept(welcomed)]
    if kind == "refused":
        return replace(state, online=replace(online, refused=data["why"], move_pending=False)), []
    if kind == "bye":
        return _bye(state, online, data["why"])
    return state, []


def visiting_action(state: State, online: Visiting, action: act.Action) -> Result:
    if isinstance(action, act.Message):
        return _from_host(state, online, action.peer or "", action.text)
    if not isinstance(action, act.Link) or online.ended:
        return state, []
    slot = action.peer
    if slot is not None and action.status == "connected":  # one of the table's ids answers: knock
        online = replace(online, knocks={**online.knocks, slot: action.nonce}, me=action.me)
        proof = knock_pass(online.table_pass, online.code, action.me, action.nonce)
        return replace(state, online=online), [fx.Send(slot, wire.json_text({"t": "knock", "nonce": action.nonce,
                                                                             "pass": proof}))]
    if slot is not None and action.status == "lost":
        if slot != online.host_slot:
            knocks = {key: value for key, value in online.knocks.items() if key != slot}
            return replace(state, online=replace(online, knocks=knocks)), []
        lost = replace(online, host_slot=None, challenge="", status=VisitStatus.LOST, move_pending=False)
        return replace(state, online=lost), []
    if slot is None and action.status == "missing" and online.host_slot is None:  # no table open under this code
        notice = Notice(("join_missing", {"code": online.code.upper()}), NoticeKind.JOIN)
        state = replace(state, view=View.JOIN, online=replace(online, status=VisitStatus.MISSING, joined=False),
                        notices=(*state.notices, notice))
        return state, [fx.Focus("#join-name")]
    if slot is None and online.host_slot is None and action.status in _TABLE_NEWS:
        return replace(state, online=replace(online, status=_TABLE_NEWS[action.status])), []
    return state, []
