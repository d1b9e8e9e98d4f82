"""A game between friends on screen: the host's table (its code, link and QR code, who is seated, the
Start button), a friend's join form and waiting room, and during the game the quick messages, who is
away and the connection's state."""

from __future__ import annotations

import functools

from ..model.online import shown_seats
from ..model.seats import MAX_NAME
from ..model.state import Online, State
from ..model.wire import QUICK
from .html import Node, h, svg
from .reach import reach_status

__all__ = ["join_form", "lobby", "online_bar", "qr_code"]


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


def _status(state: State, online: Online) -> Node | None:
    reach = reach_status(state, online)  # which way the game goes, or that there is none
    if reach is not None:
        return reach
    if online.status in ("open", "connected"):
        return None
    return h("p", "muted online-status", id="online-status", role="status",
             text=state.cat.t(f"online_status_{online.status}"))


def _lobby_status(state: State, online: Online) -> Node | None:
    """The connection's line in the lobby, while it is shown (in the game, the game's bar has it: one
    #online-status in the page)."""
    return _status(state, online) if state.view == "lobby" else None


def _seats(seats: tuple[tuple[str, str, str], ...], state: State) -> Node:
    t = state.cat.t
    return h("ul", "table-seats", children=[
        h("li", f"seat-{status}", data_seat=seat, children=[
            h("span", "name", text=name if status != "waiting" else t("seat_n", n=seat + 1)),
            h("span", "badge", text=t(f"seat_{kind}" if status == "here" else f"seat_{status}"))])
        for seat, (name, kind, status) in enumerate(seats)])


def lobby(state: State) -> list[Node | None]:
    """The table before its host starts the game."""
    online, t = state.online, state.cat.t
    if online is None:
        return []
    if not online.host:  # "Seated" once the host has answered; till then, only how the connection goes
        seated = online.status in ("open", "connected") and bool(online.seats)
        return [h("h2", text=t("join_title", code=online.code.upper())), _seats(online.seats, state),
                h("p", text=t("join_waiting")) if seated else None, _lobby_status(state, online),
                h("p", "notice", text=t("online_refused", why=online.refused)) if online.refused else None,
                _leave_button(t("table_leave"))]
    seats = shown_seats(state.match, online) if state.match is not None else ()
    waiting = [t("seat_n", n=seat + 1) for seat, (_, _, status) in enumerate(seats) if status == "waiting"]
    link = online.link(state.address)
    return [
        h("h2", text=t("table_code", code=online.code.upper())),
        h("p", text=t("table_link_help")),
        h("p", "table-link", children=[h("a", id="table-link", href=link, text=link)]),
        h("div", "sheet-actions", children=[
            h("button", "secondary", id="table-copy", type="button", text=t("table_copy")),
            h("button", "secondary", id="table-share", type="button", text=t("table_share"))]),
        h("div", "table-qr", aria_label=t("table_qr_label"), role="group", children=[qr_code(link)]),
        _seats(seats, state),
        h("p", "muted", role="status", text=t("table_waiting", names=state.cat.listing(waiting)) if waiting
          else t("table_ready")),
        _lobby_status(state, online),
        h("div", "sheet-actions", children=[
            h("button", "primary", id="table-start", type="button", data_action="table-start", text=t("table_start")),
            _leave_button(t("table_close"))]),
    ]


def _leave_button(text: str) -> Node:
    return h("button", "secondary", id="table-leave", type="button", data_action="table-leave", text=text)


def join_form(state: State) -> list[Node | None]:
    """A friend's link: their name, then Join."""
    t = state.cat.t
    code = state.params.join or ""
    return [h("h2", text=t("join_title", code=code.upper())),
            h("label", "field", children=[
                h("span", text=t("join_name")),
                h("input", id="join-name", type="text", maxlength=MAX_NAME, autocomplete="nickname")]),
            h("div", "sheet-actions", children=[
                h("button", "primary", id="join", type="button", text=t("join_button")),
                _leave_button(t("join_decline"))])]


def online_bar(state: State) -> list[Node | None] | None:
    """During the game: the quick messages, the latest said, who is away (the host may let the
    computer play for them), and the connection when it is not well."""
    online, match, cat = state.online, state.match, state.cat
    if online is None or match is None:
        return None
    t = cat.t
    said = [h("li", text=t("said", name=match.seats[seat].name if seat < len(match.seats) else "?",
                           text=t(f"say_{what}"))) for seat, what in online.said[-3:]]
    seats = shown_seats(match, online) if online.host else online.seats
    away: list[Node | None] = []
    for seat, (name, kind, status) in enumerate(seats):
        if status != "away":
            continue
        if kind == "computer":
            away.append(h("p", "seat-away", text=t("stood_in", name=name)))
            continue
        button = (h("button", "secondary", type="button", data_action="stand-in", data_seat=seat,
                    text=t("stand_in", name=name)) if online.host else None)
        away.append(h("p", "seat-away", children=[h("span", text=t("friend_away", name=name)), button]))
    return [_status(state, online), *away,
            h("ul", "said", aria_live="polite", children=said) if said else None,
            h("div", "quick", role="group", aria_label=t("say_label"), children=[
                h("button", "secondary", type="button", data_action="say", data_what=what, text=t(f"say_{what}"))
                for what in QUICK])]
