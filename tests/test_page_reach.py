"""Which way a game between friends goes, on screen (model/reach.py, screens/reach.py): web/reach.js's
news ("direct", "relay", "noroute") as ``Link`` actions, shown as ``#online-status[data-route]`` in
the lobby and during the game, at the host's page and at a friend's, in every language."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date

from test_page_online import Table

from pasur_web.i18n import LANGUAGES
from pasur_web.model import actions as act
from pasur_web.model.state import State
from pasur_web.model.update import update
from pasur_web.screens.html import Node, find_all, text_of
from pasur_web.screens.online import lobby, online_bar


def status(nodes: Sequence[Node | None] | None) -> tuple[str | None, str]:
    """The connection's line: its data-route and its text ((None, "") when there is none)."""
    found = find_all(("div", (), tuple(node for node in nodes or [] if node is not None)), id="online-status")
    if not found:
        return None, ""
    return dict(found[0][1]).get("data-route"), text_of(found[0])


def opened() -> Table:
    """A host whose table is open (web/peers.js said so) and a friend seated at it."""
    table = Table()
    table.host, _ = update(table.host, act.Link(None, "open"))
    return table


def lobby_status(state: State) -> tuple[str | None, str]:
    return status(lobby(state))


def test_a_friend_reached_directly_or_through_the_relay_is_said_so_on_both_pages() -> None:
    table = opened()
    assert lobby_status(table.friend) == (None, "")  # connected, the way not read yet: nothing to say
    table.friend, effects = update(table.friend, act.Link(None, "direct"))
    assert effects == []
    assert lobby_status(table.friend) == ("direct", "Connected directly: the game goes straight between your devices.")
    table.host, _ = update(table.host, act.Link("p1", "relay"))
    route, text = lobby_status(table.host)
    assert route == "relay" and text.startswith("Connected through the relay server")
    table.start()
    assert status(online_bar(table.friend))[0] == "direct"  # during the game too
    assert status(online_bar(table.host))[0] == "relay"


def test_the_host_shows_the_relay_while_any_friend_at_the_table_goes_through_it() -> None:
    table = opened()
    table.host, _ = update(table.host, act.Link("p1", "direct"))
    table.host, _ = update(table.host, act.Link("gone", "relay"))  # a connection that is not at the table
    assert lobby_status(table.host)[0] == "direct"
    table.host, _ = update(table.host, act.Link("p1", "relay"))  # ICE moved to another pair
    assert lobby_status(table.host)[0] == "relay"
    table.host, _ = update(table.host, act.Link("p1", "lost"))  # the friend is away: no way to show
    assert lobby_status(table.host) == (None, "")


def test_a_friend_with_no_way_to_the_host_is_told_what_the_host_can_do_until_a_way_is_found() -> None:
    table = opened()
    table.friend, _ = update(table.friend, act.Link(None, "lost"))
    table.friend, effects = update(table.friend, act.Link(None, "noroute"))
    assert effects == []
    route, text = lobby_status(table.friend)
    assert route == "none" and "cannot be reached from here" in text and "same Wi-Fi" in text and "TURN" in text
    # Trying again (web/peers.js) says the connection is lost, then connecting: the message stays.
    for news in ("lost", "connecting"):
        table.friend, _ = update(table.friend, act.Link(None, news))
        assert lobby_status(table.friend)[0] == "none"
    table.friend, _ = update(table.friend, act.Link(None, "connected"))
    table.friend, _ = update(table.friend, act.Link(None, "relay"))  # in at last, through the relay
    assert lobby_status(table.friend)[0] == "relay"


def test_the_host_is_told_a_friend_cannot_reach_the_table_and_keeps_it() -> None:
    table = opened()
    before = table.host
    table.host, effects = update(table.host, act.Link("p2", "noroute"))
    assert effects == []
    route, text = lobby_status(table.host)
    assert route == "none" and text.startswith("A friend's page cannot reach this table") and "same Wi-Fi" in text
    assert table.host.match == before.match and table.host.online is not None and before.online is not None
    assert (table.host.online.code, table.host.online.here) == (before.online.code, before.online.here)
    table.host, _ = update(table.host, act.Link("p1", "direct"))  # a friend got in: the way is said
    assert lobby_status(table.host)[0] == "direct"


def test_the_words_are_there_in_every_language() -> None:
    table = opened()
    table.friend, _ = update(table.friend, act.Link(None, "lost"))
    table.friend, _ = update(table.friend, act.Link(None, "noroute"))
    table.host, _ = update(table.host, act.Link("p1", "relay"))
    seen = set()
    for lang in LANGUAGES:
        friend, host = replace(table.friend, lang=lang), replace(table.host, lang=lang)
        texts = (lobby_status(friend)[1], lobby_status(host)[1])
        assert all(texts) and not any("reach_" in text for text in texts), (lang, texts)
        seen.add(texts)
    assert len(seen) == len(LANGUAGES)  # each language its own words


def test_the_connection_is_said_once_in_the_page_during_the_game() -> None:
    from pasur_web.screens.page import page

    table = opened()
    table.start()
    table.friend, _ = update(table.friend, act.Link(None, "direct"))
    assert table.friend.online is not None
    for state in (table.friend, replace(table.friend, online=replace(table.friend.online, status="lost"))):
        frame = page(state, date(2026, 12, 6), ("", 0, "", None))
        found = [name for name, (_, children) in frame.parts.items()
                 if children and find_all(("div", (), tuple(children)), id="online-status")]
        assert found == ["online"], found  # the game's bar only, not the lobby's panel under it too
