"""A game between friends on screen: the host's table (its code, link and QR code, who is seated, the
Start button), a friend's join form (who invites, to what) and waiting room, and during the game the
quick messages, the seats nobody plays, the link for a friend who comes late, and the connection's
state. Who is away is said on the seat itself too (``players.py``)."""

from __future__ import annotations

import functools

from ..model.hosting import shown_seats
from ..model.online_state import Hosting, Online, SeatShown, TableStatus, Visiting, VisitStatus, in_touch
from ..model.seats import MAX_NAME
from ..model.state import State
from ..model.wire import QUICK
from .html import Node, h, svg
from .reach import reach_status
from .words import name_of

__all__ = ["join_form", "lobby", "online_bar", "presence", "qr_code", "seat_actions", "seats_shown"]


@functools.lru_cache(maxsize=4)
def qr_code(text: str) -> Node:
    """``text`` as a QR code (segno works out the modules; each dark run of a row is one stroke)."""
    import segno  # only a host opening a table needs it

    rows = segno.make(text, error="m").matrix
    size = len(rows) + 8  # a quiet zone of 4 modules around it
    path = []
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                path.append(f"M{start + 4} {y + 4.5}h{x - start}")
            x += 1
    return svg("svg", (("class", "qr"), ("viewBox", f"0 0 {size} {size}"), ("role", "img")), [
        svg("rect", (("width", str(size)), ("height", str(size)), ("fill", "#fff"))),
        svg("path", (("d", "".join(path)), ("stroke", "#000"), ("stroke-width", "1")))])


def seats_shown(state: State) -> tuple[SeatShown, ...]:
    """Who sits where, as this page knows it: the host's own reckoning, or what the host said."""
    online, match = state.online, state.match
    if isinstance(online, Hosting):
        return shown_seats(match, online) if match is not None else ()
    return online.seats if online is not None else ()


def presence(state: State, seat: int) -> str | None:
    """How a seat stands, said on the seat: "away", "stood-in" (the computer plays it), "free", or, on
    a friend's page that lost the host, "reconnecting" on the host's seat; None: there, playing."""
    online, seats = state.online, seats_shown(state)
    if seat >= len(seats):
        return None
    kind, status = seats[seat][1], seats[seat][2]
    if isinstance(online, Visiting) and kind == "host" and online.status in (VisitStatus.LOST, VisitStatus.CONNECTING):
        return "reconnecting"
    return status if status in ("away", "stood-in", "free") else None


def _status(state: State, online: Online) -> Node | None:
    if isinstance(online, Visiting) and online.ended:
        return None
    reach = reach_status(state, online)  # which way the game goes, or that there is none
    if reach is not None or in_touch(online):
        return reach
    return h("p", "muted online-status", id="online-status", role="status",
             text=state.cat.t(f"online_status_{online.status}"))


def _seats(seats: tuple[SeatShown, ...], state: State) -> Node:
    t, host = state.cat.t, isinstance(state.online, Hosting)
    return h("ul", "table-seats", children=[
        h("li", f"seat-{status}", data_seat=seat, children=[
            h("span", "name", text=name if status not in ("waiting", "free") else t("seat_n", n=seat + 1)),
            h("span", "badge", text=t(f"seat_{kind}" if status == "here" else f"seat_{status.replace('-', '_')}")),
            _free_button(state, seat, name) if host and kind == "friend" and status != "waiting" else None])
        for seat, (name, kind, status) in enumerate(seats)])


def _free_button(state: State, seat: int, name: str) -> Node:
    return h("button", "secondary small", type="button", data_action="free-seat", data_seat=seat,
             text=state.cat.t("free_seat", name=name))


def _invite_words(state: State, online: Visiting) -> str | None:
    """Who invites, and to what: "Ana invites you to play: 2 players, to 62."."""
    invite, cat = online.invite, state.cat
    if invite is None:
        return None
    rules = invite.rules
    goal = cat.t("deals_short", n=rules.fixed_deals) if rules.fixed_deals else cat.t("target_short", n=rules.target)
    game = cat.listing([cat.t("players_n", n=invite.players), goal])
    return cat.t("join_invite_started" if invite.started else "join_invite", host=invite.host or "?", game=game)


def _ended(state: State, online: Visiting) -> list[Node | None]:
    """Why this page's place at the table ended, and what the player can do now."""
    host = online.invite.host if online.invite is not None else ""
    words = h("p", "notice", id="table-ended", role="alert", data_ended=online.ended,
              text=state.cat.t(f"bye_{online.ended}", host=host or "?"))
    play_here = h("button", "primary", type="button", data_action="play-here", text=state.cat.t("play_here")) if (
        online.ended == "moved") else None
    return [words, h("div", "sheet-actions", children=[play_here, _leave_button(state.cat.t("table_leave"))])]


def _visitor_lobby(state: State, online: Visiting) -> list[Node | None]:
    t = state.cat.t
    invite = _invite_words(state, online)
    if online.ended:
        return [h("h2", text=t("join_title", code=online.code.upper())), *_ended(state, online)]
    seated = online.status == "connected" and bool(online.seats)  # "Seated" once the host has answered
    return [h("h2", text=t("join_title", code=online.code.upper())),
            h("p", "join-invite", text=invite) if invite else None, _seats(online.seats, state),
            h("p", text=t("join_waiting")) if seated else None, _status(state, online),
            h("p", "notice", text=t("online_refused", why=online.refused)) if online.refused else None,
            _leave_button(t("table_leave"))]


def lobby(state: State) -> list[Node | None]:
    """The table before its host starts the game."""
    online, t = state.online, state.cat.t
    if online is None:
        return []
    if isinstance(online, Visiting):
        return _visitor_lobby(state, online)
    seats = seats_shown(state)
    buttons = h("div", "sheet-actions", children=[
        h("button", "primary", id="table-start", type="button", data_action="table-start", text=t("table_start")),
        _leave_button(t("table_close"))])
    if online.status == TableStatus.UNREACHABLE:  # no code nor link for a table nobody can reach
        return [h("h2", text=t("table_cannot_open")), h("p", "notice", id="online-status", role="status",
                                                        text=t("table_unreachable")), _seats(seats, state), buttons]
    waiting = [t("seat_n", n=seat + 1) for seat, (_, _, status) in enumerate(seats) if status == "waiting"]
    mine = next((name for name, kind, _ in seats if kind == "host"), "")
    return [
        h("h2", text=t("table_code", code=online.code.upper())),
        h("label", "field", children=[h("span", text=t("host_name_label")), h(
            "input", id="host-name", type="text", maxlength=MAX_NAME, autocomplete="nickname", value=mine)]),
        h("div", "table-share", children=[h("div", children=_link(state, online, t("table_link_help"))), h(
            "div", "table-qr", aria_label=t("table_qr_label"), role="group", children=[qr_code(
                online.link(state.address))])]),
        _seats(seats, state),
        h("p", "muted", role="status", text=t("table_waiting_computer", names=state.cat.listing(waiting)) if waiting
          else t("table_ready")),
        _status(state, online), buttons]


def _link(state: State, online: Hosting, help_text: str) -> list[Node]:
    link = online.link(state.address)
    return [h("p", text=help_text), h("p", "table-link", children=[h("a", id="table-link", href=link, text=link)]),
            h("div", "sheet-actions", children=[
                h("button", "secondary", id="table-copy", type="button", text=state.cat.t("table_copy")),
                h("button", "secondary", id="table-share", type="button", text=state.cat.t("table_share"))])]


def _leave_button(text: str) -> Node:
    return h("button", "secondary", id="table-leave", type="button", data_action="table-leave", text=text)


def join_form(state: State) -> list[Node | None]:
    """A friend's link: who invites, to what; then their name, and Join."""
    t, online = state.cat.t, state.online
    code = state.params.join or ""
    if not isinstance(online, Visiting):  # a link cut short (no key): nothing to join
        return [h("h2", text=t("join_title", code=code.upper())),
                h("div", "sheet-actions", children=[_leave_button(t("join_decline"))])]
    invite = _invite_words(state, online)
    return [h("h2", text=t("join_title", code=code.upper())),
            h("p", "join-invite", id="join-invite", text=invite) if invite else _status(state, online),
            h("label", "field", children=[
                h("span", text=t("join_name")),
                h("input", id="join-name", type="text", maxlength=MAX_NAME, autocomplete="nickname")]),
            h("div", "sheet-actions", children=[
                h("button", "primary", id="join", type="button", text=t("join_button")),
                _leave_button(t("join_decline"))])]


def seat_actions(state: State, seat: int) -> list[Node]:
    """The host's buttons on a friend's seat nobody plays: let the computer play it, or free it for
    someone else (the friend's page is told)."""
    online, seats = state.online, seats_shown(state)
    if not isinstance(online, Hosting) or seat >= len(seats) or seats[seat][1] != "friend":
        return []
    name, _, status = seats[seat]
    t = state.cat.t
    buttons = [h("button", "secondary small", type="button", data_action="stand-in", data_seat=seat,
                 text=t("stand_in_short"), aria_label=t("stand_in", name=name))] if status == "away" else []
    if status in ("away", "stood-in"):
        buttons.append(h("button", "secondary small", type="button", data_action="free-seat", data_seat=seat,
                         text=t("free_seat_short"), aria_label=t("free_seat", name=name)))
    return buttons


def _invite(state: State, online: Online) -> Node | None:
    """The table's link, in reach during the game while a seat is free (the host's)."""
    if not isinstance(online, Hosting) or not any(status == "free" for _, _, status in seats_shown(state)):
        return None
    return h("details", "popover table-invite", children=[
        h("summary", "secondary", text=state.cat.t("table_invite")),
        h("div", "popover-body", children=_link(state, online, state.cat.t("table_link_help")))])


def online_bar(state: State) -> list[Node | None] | None:
    """During the game, one row of one height: the connection when it is not well, the table's link
    while a seat is free, and the quick messages; the latest one said shows over the table's edge and
    fades (each message a node of its own, so that it fades once). Who is away is said on the seats."""
    online, match, cat = state.online, state.match, state.cat
    if online is None or match is None:
        return None
    t = cat.t
    lines = [h("p", "said", data_line=f"said-{number}", role="status",
              text=t("said", name=name_of(match, seat, cat) if seat < len(match.seats) else "?", text=t(f"say_{what}")))
            for number, seat, what in online.messages[-1:]]
    ended = isinstance(online, Visiting) and bool(online.ended)
    short = None if ended else reach_status(state, online, short=True) or (None if in_touch(online) else (
        h("p", "muted online-status", id="online-status", role="status", text=t(f"online_short_{online.status}"))))
    return [*lines, short or h("span", "online-gap"), _invite(state, online),
            h("details", "popover quick", children=[
                h("summary", "secondary", text=t("say_label")),
                h("div", "popover-body", role="group", aria_label=t("say_label"), children=[
                    h("button", "secondary", type="button", data_action="say", data_what=what, text=t(f"say_{what}"))
                    for what in QUICK])])]
