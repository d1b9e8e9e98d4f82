"""A game between friends, each on their own device: the host's page runs the game (``hosting.py``);
a friend's page shows what its seat may see and sends its moves (``visiting.py``). Who is who is
proven on every connection (``handshake.py``); each message is checked (``wire.py``).

The host opens a table (a short code and a link carrying the host's public key) and waits in the
lobby; friends join it (a name, and a token their browser keeps, from which the key of their seat is
made, to take it back after a reload); the host starts. A friend who is away keeps the seat; the
host may let the computer play it until they are back, or free it for someone else.
"""

from __future__ import annotations

from dataclasses import replace

from . import actions as act
from . import effects as fx
from .games import drop_game_params, show_setup
from .hosting import host_action, open_table, publish, resume_table, shown_seats, to_guest
from .online_state import Hosting, Visiting, VisitStatus
from .play import Result
from .state import State, View
from .visiting import connect, forget_seat, join, to_host, visit, visiting_action

__all__ = ["farewell", "online_action", "open_table", "publish", "resume_table", "shown_seats", "visit"]


def farewell(state: State) -> list[fx.Effect]:
    """This page leaves its table: a host tells every friend's page that the table is closed first."""
    online = state.online
    if online is None:
        return []
    if isinstance(online, Visiting):
        return [fx.CloseTable()]
    byes = [to_guest(name, {"t": "bye", "why": "closed"}) for name, guest in online.guests.items() if guest.proven]
    return [*byes, fx.CloseTable()]


def _leave(state: State) -> Result:
    """Before the game, the host closes the table (its match goes) or a friend leaves it, or their
    link's name form (this browser forgets the seat); or a friend's page whose place has ended: the
    new-game panel."""
    online = state.online
    ended = isinstance(online, Visiting) and bool(online.ended)
    if state.view not in (View.LOBBY, View.JOIN) and not ended:
        return state, []
    effects = farewell(state)
    if isinstance(online, Hosting):
        effects.append(fx.ForgetMatch())
    else:
        effects += [*([forget_seat(online)] if online is not None else []), *drop_game_params(state)]
    state = replace(state, online=None, match=None, params=replace(state.params, join=None, key=None,
                                                                       table_pass=None))
    state, shown = show_setup(state)
    return state, [*effects, *shown]


def online_action(state: State, action: act.Action) -> Result:
    """An action of the table between friends."""
    online = state.online
    if action is act.Press.LEAVE_TABLE:
        return _leave(state)
    if online is None:
        return state, []
    if action in (act.Press.COPY_LINK, act.Press.SHARE_LINK) and isinstance(online, Hosting):
        share = action is act.Press.SHARE_LINK
        return replace(state, shared=""), [fx.Copy(online.link(state.address), "table_copied", share)]
    if isinstance(online, Hosting):
        return host_action(state, online, action)
    if isinstance(action, act.Say):
        return state, to_host(online, {"t": "say", "what": action.what})
    if action is act.Press.COVERED_SEEN:
        return replace(state, online=replace(online, covered=())), [fx.Focus("hand")]
    if action is act.Press.PLAY_HERE and online.ended == "moved":  # this page takes its seat back
        online = replace(online, ended="", status=VisitStatus.CONNECTING, refused="")
        return replace(state, online=online), [connect(online)]
    if isinstance(action, act.Join):
        return join(state, online, action.name, action.token)
    if isinstance(action, act.OpenTable):
        return state, []
    return visiting_action(state, online, action)
