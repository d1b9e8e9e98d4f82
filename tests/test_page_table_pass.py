"""A table no stranger can block, in CPython: a code alone opens nothing (the link's pass names the
table's ids and every knock proves it), a friend's seat is kept for each table this browser sits at,
a seated connection is admitted by the host's page (web/peers.js then lets it be silent), and a
signalling server that turns a page away is said to be busy, not out of reach."""

from __future__ import annotations

import json

from online_net import CODE, FIRST, KEY, LINK, TODAY, Net, knock

from pasur_web.model import actions as act
from pasur_web.model import effects as fx
from pasur_web.model.handshake import pass_of, public_of, table_id
from pasur_web.model.online_state import Kept, TableStatus, Visiting, VisitStatus
from pasur_web.model.params import parse_params
from pasur_web.model.state import State, View
from pasur_web.model.storage import FRIEND_KEY, Loaded
from pasur_web.model.update import initial_state, update
from pasur_web.model.visiting import MAX_KEPT, kept_tables, read_kept
from pasur_web.screens.html import Node, text_of
from pasur_web.screens.online import join_form, lobby, online_bar


def words(nodes: list[Node | None] | None) -> str:
    """What a person reads in a screen's nodes."""
    return " ".join(text_of(node) for node in nodes or [] if node is not None)


def sent_by_host(effects: list[fx.Effect]) -> list[str]:
    return [json.loads(effect.text)["t"] for effect in effects if isinstance(effect, fx.Send)]


# ---------------------------------------------------------------------- a code alone opens nothing
def test_a_link_with_the_code_and_key_but_no_pass_connects_to_nothing() -> None:
    for query in (f"?join={CODE}&key={KEY}", f"?join={CODE}&key={KEY}&pass=short"):
        state = initial_state(parse_params(query + "&lang=en"), {}, "en")
        state, effects = update(state, act.Started(Loaded(None), today=TODAY))
        assert state.view == View.JOIN and state.online is None
        assert not any(isinstance(effect, fx.Connect) for effect in effects)
        assert any(notice.words[0] == "join_no_key" for notice in state.notices)


def test_the_table_s_ids_are_made_from_its_pass_so_a_code_names_none_of_them() -> None:
    net = Net.open()
    assert net.hosting.link("https://example.org/") == f"https://example.org/{LINK}"
    assert FIRST.startswith(f"pasur-{CODE}-") and f"pasur-{CODE}" != FIRST
    other_pass = pass_of("22" * 32, CODE)  # another host's table under the same code
    assert table_id(CODE, other_pass) != FIRST
    effects = net.visit("mina")
    assert fx.Connect(CODE, FIRST) in effects  # the friend looks where the host listens


def test_a_knock_that_does_not_prove_the_pass_hears_nothing_at_all() -> None:
    net = Net.open()
    guest = "eve-peer/dc_1"
    forged = (json.dumps({"t": "knock", "nonce": "E" * 22}),  # a challenge alone: all a code gives
              knock("eve-peer", "E" * 22, table_pass="A" * 22),  # another pass
              knock("mina-peer", "E" * 22))  # Mina's proof, relayed from another page
    for text in forged:
        net.act_host(act.Link(guest, "connected", "H" * 22))
        effects = net.act_host(act.Message(guest, text))
        assert effects == [fx.Drop(guest)], text  # no proof, no invitation: nothing that says a table is here
        net.act_host(act.Link(guest, "lost"))
    net.act_host(act.Link(guest, "connected", "H" * 22))
    assert sent_by_host(net.act_host(act.Message(guest, knock("eve-peer", "E" * 22)))) == ["proof", "table"]


def test_a_friend_seated_by_the_host_is_admitted_and_a_knock_alone_is_not() -> None:
    net = Net.open()
    net.visit("mina")
    net.connect("mina")
    guest = net.conns[-1].guest
    assert fx.Admit(guest) not in net.effects.get("host", [])  # knocked: proven, not seated
    effects = net.act_friend("mina", act.Join("Mina", "ab" * 16))
    assert effects  # the hello goes to the host, which seats the connection
    assert net.visiting("mina").seated
    assert fx.Admit(guest) in net.effects["host"]


# ---------------------------------------------------------------------- a seat kept at each table
def table_link(secret: str, code: str) -> str:
    return f"?join={code}&key={public_of(secret)}&pass={pass_of(secret, code)}&speed=instant&lang=en"


def visit(query: str, stored: dict[str, str | None]) -> tuple[State, list[fx.Effect]]:
    """A friend's page opens a table's link, with what this browser's storage keeps."""
    state = initial_state(parse_params(query), {}, "en")
    return update(state, act.Started(Loaded(None), today=TODAY, friends=read_kept(stored.get(FRIEND_KEY))))


def keep(stored: dict[str, str | None], effects: list[fx.Effect]) -> None:
    """The runtime's writes of the friend's seats (browser/runtime.py), on a storage of this test."""
    for effect in effects:
        if isinstance(effect, fx.KeepSeat):
            stored[FRIEND_KEY] = kept_tables(stored.get(FRIEND_KEY), effect.code, effect.key, effect.kept)


def test_a_friend_who_opened_another_table_s_link_comes_back_to_the_first_and_keeps_the_seat() -> None:
    stored: dict[str, str | None] = {}
    net = Net.open()
    net.visit("mina")
    net.connect("mina")
    keep(stored, net.act_friend("mina", act.Join("Mina", "ab" * 16)))
    keep(stored, net.effects["mina"])  # the welcome: seated at the first table
    assert net.visiting("mina").seated
    # Another table's link, in the same browser: a name, and its own token.
    other, effects = visit(table_link("33" * 32, "xyz789"), stored)
    assert other.view == View.JOIN
    other, effects = update(other, act.Join("Mina at work", "cd" * 16))
    keep(stored, effects)
    assert [entry.code for entry in read_kept(stored[FRIEND_KEY])] == [CODE, "xyz789"]
    # Back on the first table's link: seated at once, as the same player with the same token.
    back, effects = visit(f"{LINK}&speed=instant&lang=en", stored)
    online = back.online
    assert isinstance(online, Visiting) and back.view == View.LOBBY
    assert (online.name, online.token, online.seated, online.joined) == ("Mina", "ab" * 16, True, True)
    assert fx.Connect(CODE, FIRST) in effects and not any(isinstance(effect, fx.Focus) for effect in effects)


def test_a_table_that_ends_forgets_its_seat_only() -> None:
    kept = [Kept(f"abc{n:03d}".replace("0", "a").replace("1", "b"), KEY, "Mina", f"{n:032x}", True) for n in range(3)]
    text = None
    for entry in kept:
        text = kept_tables(text, entry.code, entry.key, entry)
    text = kept_tables(text, kept[1].code, KEY, None)  # the second table ended
    assert read_kept(text) == (kept[0], kept[2])
    assert kept_tables(kept_tables(None, CODE, KEY, kept[0]), kept[0].code, KEY, None) is None


def test_the_seats_kept_are_bounded_and_an_unreadable_one_is_left_out() -> None:
    text = None
    codes = [f"{a}{b}aaaa" for a in "bcdefghjkm" for b in "bcd"]  # 30 tables
    for number, code in enumerate(codes):
        text = kept_tables(text, code, KEY, Kept(code, KEY, "Mina", f"{number:032x}", True))
    assert [entry.code for entry in read_kept(text)] == codes[-MAX_KEPT:]
    assert text is not None
    broken = json.loads(text)
    broken["tables"][0]["token"] = "not hex"
    assert len(read_kept(json.dumps(broken))) == MAX_KEPT - 1
    # What an older browser kept (one table, as an object of its own) is still read.
    old = json.dumps({"code": CODE, "key": KEY, "name": "Mina", "token": "ab" * 16, "seated": True})
    assert read_kept(old) == (Kept(CODE, KEY, "Mina", "ab" * 16, True),)
    assert read_kept("{not json") == () and read_kept(None) == ()


# ---------------------------------------------------------------------- a busy server
def test_a_server_that_turns_the_host_away_is_said_busy_and_never_a_device_offline() -> None:
    net = Net.open()
    for news, status in (("busy", TableStatus.BUSY), ("held", TableStatus.HELD)):
        net.act_host(act.Link(None, news))
        assert net.hosting.status == status
        assert "offline" not in words(lobby(net.host))
    net.act_host(act.Link(None, "busy"))
    assert "busy" in words(lobby(net.host))
    net.act_host(act.Link(None, "held"))
    assert "Waiting for this table's address" in words(lobby(net.host))
    net.act_host(act.Link(None, "open"))
    assert "busy" not in words(lobby(net.host))


def test_a_server_that_turns_a_friend_away_is_said_busy() -> None:
    net = Net.open()
    net.visit("mina")
    net.act_friend("mina", act.Link(None, "busy"))
    assert net.visiting("mina").status == VisitStatus.BUSY
    assert "busy" in words(join_form(net.friends["mina"]))
    net.join("ann", "Ann")
    net.act_host(act.Press.START_TABLE)
    net.act_friend("ann", act.Link("0", "lost"))
    net.act_friend("ann", act.Link(None, "busy"))
    assert "busy" in words(online_bar(net.friends["ann"]))
