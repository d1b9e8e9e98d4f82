"""Which way a game between friends goes, on screen (model/reach.py, screens/reach.py): web/reach.js's
news ("direct", "relay", "noroute") as ``Link`` actions, shown as ``#online-status[data-route]`` in
the lobby and during the game, at the host's page and at a friend's, in every language."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date

from online_net import Net

from pasur_web.i18n import LANGUAGES
from pasur_web.model import actions as act
from pasur_web.model.online_state import Hosting, Visiting, VisitStatus
from pasur_web.model.state import State
from pasur_web.screens.html import Node, find_all, text_of
from pasur_web.screens.online import lobby, online_bar
from pasur_web.screens.page import NOTHING_ANNOUNCED, page


def status(nodes: Sequence[Node | None] | None) -> tuple[str | None, str]:
    """The connection's line: its data-route and its text ((None, "") when there is none)."""
    found = find_all(("div", (), tuple(node for node in nodes or [] if node is not None)), id="online-status")
    if not found:
        return None, ""
    return dict(found[0][1]).get("data-route"), text_of(found[0])


def opened() -> tuple[Net, str]:
    """A host whose table is open and a friend seated at it (the friend page's slot "0"): the host's name
    of the friend's connection."""
    net = Net.open()
    net.join("mina", "Mina")
    return net, net.conns[0].guest


def lobby_status(state: State) -> tuple[str | None, str]:
    return status(lobby(state))


def test_a_friend_reached_directly_or_through_the_relay_is_said_so_on_both_pages() -> None:
    net, guest = opened()
    assert lobby_status(net.friends["mina"]) == (None, "")  # connected, the way not read yet: nothing to say
    assert net.act_friend("mina", act.Link("0", "direct")) == []
    assert lobby_status(net.friends["mina"]) == (
        "direct", "Connected directly: the game goes straight between your devices.")
    net.act_host(act.Link(guest, "relay"))
    route, text = lobby_status(net.host)
    assert route == "relay" and text.startswith("Connected through the relay server")
    net.act_host(act.Press.START_TABLE)
    assert status(online_bar(net.friends["mina"]))[0] == "direct"  # during the game too
    assert status(online_bar(net.host))[0] == "relay"


def test_the_host_shows_the_relay_while_any_friend_at_the_table_goes_through_it() -> None:
    net, guest = opened()
    net.act_host(act.Link(guest, "direct"))
    net.act_host(act.Link("gone/dc_0", "relay"))  # a connection that is not at the table
    assert lobby_status(net.host)[0] == "direct"
    net.act_host(act.Link(guest, "relay"))  # ICE moved to another pair
    assert lobby_status(net.host)[0] == "relay"
    net.cut("mina")  # the friend is away: no way to show
    assert lobby_status(net.host) == (None, "")


def test_a_friend_with_no_way_to_the_host_is_told_what_the_host_can_do_until_a_way_is_found() -> None:
    net, _ = opened()
    net.cut("mina")
    assert net.act_friend("mina", act.Link("1", "noroute")) == []
    route, text = lobby_status(net.friends["mina"])
    assert route == "none" and "cannot be reached from here" in text and "same Wi-Fi" in text and "TURN" in text
    net.act_friend("mina", act.Link(None, "connecting"))  # looked for again: the message stays
    assert lobby_status(net.friends["mina"])[0] == "none"
    net.connect("mina", "1")  # in at last, through the relay
    net.act_friend("mina", act.Link("1", "relay"))
    assert lobby_status(net.friends["mina"])[0] == "relay"


def test_the_host_is_told_a_friend_cannot_reach_the_table_and_keeps_it() -> None:
    net, guest = opened()
    before = net.host
    assert net.act_host(act.Link("p2/dc_9", "noroute")) == []
    route, text = lobby_status(net.host)
    assert route == "none" and text.startswith("A friend's page cannot reach this table") and "same Wi-Fi" in text
    assert net.host.match == before.match and isinstance(net.host.online, Hosting)
    assert isinstance(before.online, Hosting) and net.host.online.guests == before.online.guests
    net.act_host(act.Link(guest, "direct"))  # a friend got in: the way is said
    assert lobby_status(net.host)[0] == "direct"


def test_the_words_are_there_in_every_language() -> None:
    net, _ = opened()
    net.cut("mina")
    net.act_friend("mina", act.Link("0", "noroute"))
    net.connect("mina")
    net.act_host(act.Link(net.conns[-1].guest, "relay"))
    friend = net.friends["mina"]
    assert isinstance(friend.online, Visiting)
    friend = replace(friend, online=replace(friend.online, host_slot=None, status=VisitStatus.LOST))
    seen = set()
    for lang in LANGUAGES:
        texts = (lobby_status(replace(friend, lang=lang))[1], lobby_status(replace(net.host, lang=lang))[1])
        assert all(texts) and not any("reach_" in text for text in texts), (lang, texts)
        seen.add(texts)
    assert len(seen) == len(LANGUAGES)  # each language its own words


def test_the_connection_is_said_once_in_the_page_during_the_game() -> None:
    net, _ = opened()
    net.act_host(act.Press.START_TABLE)
    net.act_friend("mina", act.Link("0", "direct"))
    friend = net.friends["mina"]
    assert isinstance(friend.online, Visiting)
    for state in (friend, replace(friend, online=replace(friend.online, status=VisitStatus.LOST, host_slot=None))):
        frame = page(state, date(2026, 12, 6), NOTHING_ANNOUNCED)
        found = [name for name, (_, children) in frame.parts.items()
                 if children and find_all(("div", (), tuple(children)), id="online-status")]
        assert found == ["online"], found  # the game's bar only, not the lobby's panel under it too
