"""The host's page at a table between friends: it opens the table, answers each friend's connection
with its proof (``handshake.py``), seats friends by the claim to their seat, plays their moves once
checked against the game and the position they were made in, and sends each seated friend what its
seat may see (``publish``). Anything else is refused with a reason, and changes nothing."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pasur import IllegalMoveError

from . import actions as act
from . import effects as fx
from . import wire
from .handshake import claims, knocks, pass_of, proof, public_of, table_id
from .match import Match, Phase, review_key
from .online_state import Guest, Hosting, SeatShown, TableStatus, say
from .play import Result, after_change, play
from .seat_state import seat_state
from .seats import FRIEND, HUMAN, YOU_WORDS, Seat, clean_name
from .setup_form import read_setup
from .state import State, Turn, View
from .wire import json_text

__all__ = ["host_action", "open_table", "publish", "resume_table", "shown_seats", "to_guest"]
# What the table's own news (web/peers.js, no connection named) make of the host's table's status.
_TABLE_NEWS = {status.value: status for status in TableStatus}


def to_guest(guest: str, data: Mapping[str, Any]) -> fx.Effect:
    return fx.Send(guest, wire.json_text(data))


def open_table(state: State, form: Mapping[str, str | bool], code: str, secret: str,
               seed: int | None = None) -> Result:
    """The host opens a table for the game the new-game panel describes (one friend's seat at least),
    dealt from ``seed``, made at random by the page (None: the engine's own fresh randomness), never
    from the address's seed, which anyone may know."""
    new = read_setup(form, state.params.ai, state.cat.t, YOU_WORDS, friends=True)
    match = replace(Match.start(new.players, new.rules, new.seats, seed), table_code=code, started=False,
                    host_key=secret)
    hosting = Hosting(code, public_of(secret), pass_of(secret, code))
    state = replace(state, view=View.LOBBY, match=match, turn=Turn(), online=hosting, leaving=False)
    return state, [fx.StopComputer(), _listen(hosting), fx.SaveMatch(match)]


def _listen(hosting: Hosting) -> fx.Effect:
    return fx.Listen(hosting.code, table_id(hosting.code, hosting.table_pass))


def resume_table(state: State) -> Result:
    """The host's page took up its saved game at a table: the table opens again under its code and
    key (the friends' pages find it again, each claiming its seat back)."""
    match = state.match
    if match is None or match.table_code is None or match.host_key is None:
        return state, []
    code, secret = match.table_code, match.host_key
    hosting = Hosting(code, public_of(secret), pass_of(secret, code), started=match.started)
    view = View.GAME if match.started else View.LOBBY
    return replace(state, view=view, online=hosting), [_listen(hosting)]


def shown_seats(match: Match, hosting: Hosting) -> tuple[SeatShown, ...]:
    """Who sits where: each seat's name, what it is, and how it stands (``online_state.SeatShown``)."""
    out: list[SeatShown] = []
    for seat, info in enumerate(match.seats):
        if not info.friend:
            out.append((info.name, "host" if info.human else "computer", "here"))
        elif seat not in match.tokens:
            out.append((info.name, "friend", "free" if hosting.started else "waiting"))
        elif hosting.holder(seat) is not None:
            out.append((info.name, "friend", "here"))
        else:
            out.append((info.name, "friend", "stood-in" if seat in match.stand_ins else "away"))
    return tuple(out)


def publish(state: State) -> Result:
    """Each seated friend gets its seat's position and the public events it has not been sent yet
    (all of them after a rematch, or on a new connection)."""
    hosting, match = state.online, state.match
    if not isinstance(hosting, Hosting) or match is None or match.position is None:
        return state, []
    seats, guests = shown_seats(match, hosting), dict(hosting.guests)
    effects: list[fx.Effect] = []
    events = len(match.position.events)
    invite = json_text(_invite(match, hosting))
    for name, guest in hosting.guests.items():
        if guest.seat is None:  # a friend on the name form: who invites, to what, as it is now
            effects += [fx.Send(name, invite)] if guest.proven else []
            continue
        since = guest.events_sent[1] if guest.events_sent[0] == match.id else 0
        effects.append(fx.Send(name, seat_state(match, guest.seat, since, seats, hosting.started, hosting.messages)))
        guests[name] = replace(guest, events_sent=(match.id, events))
    return replace(state, online=replace(hosting, guests=guests)), effects


def _invite(match: Match, hosting: Hosting) -> dict[str, object]:
    host = next((seat.name for seat in match.seats if seat.human), "")
    return {"t": "table", "host": host, "players": len(match.seats), "rules": match.board.rules.to_dict(),
            "started": hosting.started}


def _friend_of(guest: str) -> str:
    """The friend page's own name on the signalling server, from its connection's name (web/peers.js)."""
    return guest.partition("/")[0]


# ---------------------------------------------------------------------- a friend's messages
def _knocked(state: State, hosting: Hosting, match: Match, name: str, data: Mapping[str, Any]) -> Result:
    """A new connection's knock: the host's proof, then what the table is."""
    guest = hosting.guests[name]
    assert match.host_key is not None
    signature = proof(match.host_key, hosting.code, _friend_of(name), str(data["nonce"]), guest.challenge)
    hosting = replace(hosting, guests={**hosting.guests, name: replace(guest, proven=True)})
    return replace(state, online=hosting), [to_guest(name, {"t": "proof", "nonce": guest.challenge, "sig": signature}),
                                            to_guest(name, _invite(match, hosting))]


def _hello(state: State, hosting: Hosting, match: Match, name: str, data: Mapping[str, Any]) -> Result:
    """A friend sits down: at the seat it claims, or, with its seat's key, at the first free one."""
    guest = hosting.guests[name]
    claimed, key = data["claim"], data.get("key")
    seat = next((seat for seat, held in match.tokens.items() if claims(held, guest.challenge, claimed)), None)
    if guest.seat is not None and seat != guest.seat:
        return state, [to_guest(name, {"t": "refused", "why": "this connection holds a seat already"})]
    first = seat is None  # a free seat taken: the computer played it from the start, or since it was freed
    if seat is None:
        if not isinstance(key, str) or not claims(key, guest.challenge, claimed):
            return state, [to_guest(name, {"t": "refused", "why": "this seat is not yours"})]
        free = [seat for seat, info in enumerate(match.seats) if info.friend and seat not in match.tokens]
        if not free:
            return state, [to_guest(name, {"t": "refused", "why": "the table is full"})]
        seat = free[0]
        seats = tuple(Seat(clean_name(data["name"], info.name), FRIEND) if index == seat else info
                      for index, info in enumerate(match.seats))
        match = replace(match, seats=seats, tokens={**match.tokens, seat: key})
    effects: list[fx.Effect] = []
    guests = dict(hosting.guests)
    holder = hosting.holder(seat)
    if holder is not None and holder != name:  # the same browser's other page: the seat goes where it is now
        guests[holder] = replace(guests[holder], seat=None)
        effects += [to_guest(holder, {"t": "bye", "why": "moved"}), fx.Drop(holder)]
    guests[name] = replace(guest, seat=seat, events_sent=("", 0))
    left = hosting.away.get(seat, 0 if first else None)
    covered = [str(record.move) for record in match.board.history[left:] if record.seat == seat] if (
        left is not None and seat in match.stand_ins) else []
    hosting = replace(hosting, guests=guests, away={key: value for key, value in hosting.away.items() if key != seat})
    match = replace(match, stand_ins=match.stand_ins - {seat})
    effects += [fx.Admit(name), to_guest(name, {"t": "welcome", "seat": seat, "covered": covered})]
    state = replace(state, match=match, online=hosting)
    if not hosting.started:
        return state, [*effects, fx.SaveMatch(match)]
    state, more = after_change(state)
    return state, [*effects, *more]


def _friend_plays(state: State, hosting: Hosting, match: Match, name: str, data: Mapping[str, Any]) -> Result:
    """A friend's move: checked against the game and the position it was made in, then played as the
    host's own moves are."""
    seat, game = hosting.seat_of(name), match.game
    if not hosting.started or match.phase != Phase.PLAY or game is None or game.turn != seat:
        return state, [to_guest(name, {"t": "refused", "why": "it is not your turn"})]
    if data["at"] != len(game.history):
        return state, [to_guest(name, {"t": "refused", "why": "that move was made in another position"})]
    try:
        game.resolve(data["move"])
    except IllegalMoveError as error:
        return state, [to_guest(name, {"t": "refused", "why": str(error)[:wire.WHY]})]
    return play(state, data["move"])


def _review_asked(state: State, hosting: Hosting, match: Match, name: str, deal: int) -> Result:
    """A friend asks for the review of its moves in the deal just played: the host's page makes it (from
    that seat's cards and the table only) and sends it with the next state."""
    seat = hosting.seat_of(name)
    assert seat is not None
    if deal != match.reviewable_deal():
        return state, [to_guest(name, {"t": "refused", "why": "only the deal just played can be reviewed"})]
    key = review_key(deal, seat)
    if key in match.reviews:
        return state, []
    return replace(state, online=replace(hosting, asked=hosting.asked | {key})), [fx.ComputeReview(match, deal, seat)]


def _from_guest(state: State, hosting: Hosting, action: act.Message) -> Result:
    name, match = action.peer or "", state.match
    guest = hosting.guests.get(name)
    if guest is None or match is None:
        return state, []
    try:
        data = wire.read(action.text, wire.FROM_FRIEND)
    except wire.Refused as why:  # a connection that has not knocked is not a friend's page: it goes
        return state, [to_guest(name, {"t": "refused", "why": str(why)})] if guest.proven else [fx.Drop(name)]
    kind = data["t"]
    if not guest.proven:  # a knock that proves the link's pass, or the connection goes (nothing said)
        if kind == "knock" and knocks(hosting.table_pass, hosting.code, _friend_of(name), data["nonce"], data["pass"]):
            return _knocked(state, hosting, match, name, data)
        return state, [fx.Drop(name)]
    if kind == "knock":
        return state, [to_guest(name, {"t": "refused", "why": "this connection knocked already"})]
    if kind == "hello":
        return _hello(state, hosting, match, name, data)
    seat = guest.seat
    if seat is None:
        return state, [to_guest(name, {"t": "refused", "why": "say hello first"})]
    if kind == "play":
        return _friend_plays(state, hosting, match, name, data)
    if kind == "say":
        return replace(state, online=replace(hosting, messages=say(hosting.messages, seat, str(data["what"])))), []
    return _review_asked(state, hosting, match, name, data["deal"])


# ---------------------------------------------------------------------- the host's own actions
def _start(state: State, hosting: Hosting, match: Match) -> Result:
    """The host starts: a seat nobody has taken is played by the computer until a friend joins."""
    free = {seat for seat, info in enumerate(match.seats) if info.friend and seat not in match.tokens}
    match = replace(match, started=True, stand_ins=match.stand_ins | free)
    return after_change(replace(state, view=View.GAME, match=match, online=replace(hosting, started=True)))


def _seat_action(state: State, hosting: Hosting, match: Match, action: act.StandIn | act.FreeSeat) -> Result:
    """The computer plays a friend's seat while nobody is there; or the host frees a seat taken (its
    friend's page is told, and anyone may take it with the link)."""
    seat = action.seat
    if not (0 <= seat < len(match.seats) and match.seats[seat].friend):
        return state, []
    if isinstance(action, act.StandIn):
        if hosting.holder(seat) is not None:
            return state, []
        return after_change(replace(state, match=replace(match, stand_ins=match.stand_ins | {seat})))
    if seat not in match.tokens:
        return state, []
    holder, effects = hosting.holder(seat), []
    guests = dict(hosting.guests)
    if holder is not None:
        guests[holder] = replace(guests[holder], seat=None)
        effects = [to_guest(holder, {"t": "bye", "why": "freed"}), fx.Drop(holder)]
    match = replace(match, tokens={key: value for key, value in match.tokens.items() if key != seat},
                    stand_ins=match.stand_ins | {seat} if hosting.started else match.stand_ins)
    away = {**hosting.away, seat: match.moves}  # the next friend there is told what the computer played since
    state, more = after_change(replace(state, match=match, online=replace(hosting, guests=guests, away=away)))
    return state, [*effects, *more]


def host_action(state: State, hosting: Hosting, action: act.Action) -> Result:
    match = state.match
    if isinstance(action, act.Message):
        return _from_guest(state, hosting, action)
    if isinstance(action, act.Link):
        if action.peer is None:  # the table itself: open, or the signalling server cannot be reached
            if action.status in _TABLE_NEWS:
                return replace(state, online=replace(hosting, status=_TABLE_NEWS[action.status])), []
            return state, []
        if action.status == "connected" and action.peer not in hosting.guests:
            guests = {**hosting.guests, action.peer: Guest(action.nonce)}
            return replace(state, online=replace(hosting, guests=guests)), []
        if action.status == "lost" and action.peer in hosting.guests:
            seat = hosting.guests[action.peer].seat
            away = {**hosting.away, seat: match.moves} if seat is not None and match is not None else hosting.away
            guests = {key: value for key, value in hosting.guests.items() if key != action.peer}
            return replace(state, online=replace(hosting, guests=guests, away=away)), []
        return state, []
    if match is None:
        return state, []
    if action is act.Press.START_TABLE and not hosting.started:
        return _start(state, hosting, match)
    if isinstance(action, act.StandIn | act.FreeSeat):
        return _seat_action(state, hosting, match, action)
    if isinstance(action, act.Say):
        return replace(state, online=replace(hosting, messages=say(hosting.messages, match.viewer, action.what))), []
    if isinstance(action, act.Rename):  # the host's own seat: the one of this device
        seats = tuple(Seat(clean_name(action.name, info.name), HUMAN) if info.human else info for info in match.seats)
        if seats == match.seats:
            return state, []
        match = replace(match, seats=seats)
        return replace(state, match=match), [fx.SaveMatch(match)]
    return state, []
