"""What someone who has read the code tries against a table between friends, each in a real browser:
taking the table's id while its host reloads, freezing the host with what it cannot read, a client
of their own that sends whatever it likes, a deck dealt from an address's seed, and a signalling
server that goes away mid-game. The host's game changes only by legal moves, no secret crosses, and
the game goes on."""

from __future__ import annotations

import json

import pytest
from online.people import (
    PLAYABLE,
    Signalling,
    Stranger,
    at_table,
    first_id,
    hidden_cards_sent,
    join,
    open_table,
    person,
    saved_moves,
    take_turns,
)
from playwright.sync_api import Browser, expect

from driver import open_page

pytestmark = pytest.mark.usefixtures("signalling")

# The stranger takes the table's first id the moment its host's page lets it go (it has the link), and
# answers every knock with a proof it cannot make; it keeps all it hears.
GRAB = """(id) => { window.__grab = { heard: [], taken: false };
  const once = () => new Promise((resolve) => { const peer = new Peer(id, window.__options);
    peer.on("open", () => resolve(peer));
    peer.on("error", () => { peer.destroy(); setTimeout(() => resolve(null), 20); });
  });
  (async () => { let peer = null; while (!peer) peer = await once();
    window.__grab.taken = true;
    peer.on("connection", (conn) => conn.on("data", (data) => { window.__grab.heard.push(String(data));
      conn.send(JSON.stringify({ t: "proof", nonce: "A".repeat(22), sig: "B".repeat(86) })); }));
  })();
}"""


def test_someone_who_takes_the_table_s_id_while_its_host_reloads_hears_nothing_that_matters(
        browser: Browser, site_url: str) -> None:
    (host_context, host, host_guard), (friend_context, friend, friend_guard), link = at_table(browser, site_url)
    take_turns([host, friend], lambda: saved_moves(host) >= 5, host)
    stranger = Stranger(browser, site_url)
    stranger.page.evaluate(GRAB, first_id(link))
    host.close()  # the host's page goes (a reload, a tab closed)...
    stranger.page.wait_for_function("window.__grab.taken")  # ... the stranger holds the table's first id ...
    host = host_context.new_page()
    host.on("pageerror", lambda error: host_guard.problems.append(f"page error: {error}"))
    open_page(host, f"{site_url}?lang=en&speed=instant")  # ... and the host comes back: its game, its table
    # The host's page opens its table under another of its ids (no more "Connecting to the table…";
    # the line that says which way the friend is reached may show), and the friend's page finds it there.
    expect(host.locator("#online-status:not([data-route])")).to_have_count(0)
    before = saved_moves(host)
    take_turns([host, friend], lambda: saved_moves(host) >= before + 4, host)
    heard = [json.loads(text) for text in stranger.page.evaluate("window.__grab.heard")]
    assert {data["t"] for data in heard} <= {"knock"}  # a fresh challenge, if anything, and nothing else
    assert not hidden_cards_sent(friend)
    assert not host_guard.problems and not friend_guard.problems, host_guard.problems + friend_guard.problems
    for context in (host_context, friend_context, stranger.context):
        context.close()


def test_a_stranger_cannot_freeze_or_crash_the_host(browser: Browser, site_url: str) -> None:
    (host_context, host, host_guard), (friend_context, friend, _), link = at_table(browser, site_url)
    stranger, other = Stranger(browser, site_url), Stranger(browser, site_url)
    table = first_id(link)
    binary = stranger.connect(table, "binary")  # reassembled chunks: a 50 MB message froze the host
    unknown = stranger.connect(table, "no-such-kind")  # threw on the host
    raw = stranger.connect(table)
    stranger.wait_open(raw)  # the offers came in that order: the first two were refused before it
    assert not stranger.opened(binary) and not stranger.opened(unknown)
    stranger.page.evaluate("i => window.__conns[i].conn.send('x'.repeat(50 * 1000 * 1000))", binary)  # (not open)
    stranger.send(raw, "x" * 200_000)  # too long for a friend's message: the host closes the connection
    stranger.wait_closed(raw)
    more = [stranger.connect(table) for _ in range(3)]  # one page may hold two connections
    stranger.wait_open(more[0])
    stranger.wait_open(more[1])
    other.wait_open(other.connect(table))  # another page's connection, offered after them, opens
    assert not stranger.opened(more[2])
    heap = host.evaluate("performance.memory.usedJSHeapSize")
    assert heap < 400_000_000, heap
    before = saved_moves(host)  # and the game goes on
    take_turns([host, friend], lambda: saved_moves(host) >= before + 4, host)
    assert not host_guard.problems, host_guard.problems
    for context in (host_context, friend_context, stranger.context, other.context):
        context.close()


def test_a_forged_client_holds_one_seat_changes_nothing_and_is_told_why(browser: Browser, site_url: str) -> None:
    host_context, host, host_guard = person(browser)
    friend_context, friend, _ = person(browser, 360, 740)
    link = open_table(host, site_url, {"setup-players": "3", "name-0": "Ana", "kind-1": "friend", "kind-2": "friend",
                                       "setup-fixed": "1"})  # (whole matches: test_matches.py)
    join(friend, link, "Mina")
    forger = Stranger(browser, site_url)
    conn = forger.connect(first_id(link))
    forger.wait_open(conn)
    forger.send(conn, json.dumps({"t": "play", "move": "7C", "at": 0}))  # before its knock: not a friend's page
    forger.wait_closed(conn)
    conn = forger.connect(first_id(link))
    forger.wait_open(conn)
    assert forger.sit(conn, link, "Mallory", "1" * 64)["t"] == "welcome"  # the third seat
    assert forger.sit(conn, link, "Eve", "2" * 64)["why"] == "this connection holds a seat already"
    expect(host.locator("#lobby")).to_contain_text("Everyone is seated")
    host.click("#table-start")
    expect(friend.locator("html")).to_have_attribute("data-phase", "play")

    def refusals(*texts: str) -> list[str]:
        count, refused = len(forger.heard(conn)), len([data for data in forger.heard(conn) if data["t"] == "refused"])
        forger.send(conn, *texts)
        forger.wait_heard(conn, "refused", refused + len(texts))
        return [data["why"] for data in forger.heard(conn)[count:] if data["t"] == "refused"]

    assert refusals(json.dumps({"t": "play", "move": "7C", "at": 0})) == ["it is not your turn"]
    take_turns([host, friend], lambda: host.get_attribute("html", "data-turn") == "2", host)  # the forger's turn
    before = host.evaluate("localStorage.getItem('pasur.match')")
    game = json.loads(json.loads(before)["game"])
    hands, played = game["state"]["hands"], len(game["moves"])
    mine = hands[2][0]
    why = refusals(json.dumps({"t": "play", "move": hands[0][0], "at": played}),  # a card of another seat's hand
                   "{not json",
                   json.dumps({"t": "deal", "cards": "all"}),  # no such message
                   json.dumps({"t": "play", "move": mine, "at": played - 1}))  # made in another position
    assert "not in the hand" in why[0] and why[2].startswith("no such message") and len(why) == 4
    assert why[3] == "that move was made in another position"
    received = len(friend.evaluate("window.__received"))
    forger.send(conn, *[json.dumps({"t": "say", "what": "oops"})] * 10_000)  # a flood of quick messages
    forger.wait_closed(conn)  # the host's page shut the connection that would not stop
    assert len(friend.evaluate("window.__received")) - received < 60  # the flood was not relayed
    assert host.evaluate("localStorage.getItem('pasur.match')") == before  # the host's game is unchanged
    expect(friend.locator(PLAYABLE)).to_have_count(0)  # nor does the friend's page offer a card, out of turn
    assert not host_guard.problems, host_guard.problems
    for context in (host_context, friend_context, forger.context):
        context.close()


def test_a_signalling_outage_does_not_stop_a_game_and_a_seeded_address_deals_afresh(
        browser: Browser, site_url: str, signalling: Signalling) -> None:
    host_context, host, host_guard = person(browser)
    friend_context, friend, friend_guard = person(browser, 360, 740)
    open_page(host, f"{site_url}?players=2&seed=1234&lang=en&speed=instant")  # a seeded address's game, then
    host.click("#new-game")  # a new game at a table: the address's seed is anyone's
    host.click("[data-action='leave-confirm']")
    host.fill("#name-0", "Ana")
    host.select_option("#kind-1", "friend")
    host.click("#play-friend")
    link = host.get_attribute("#table-link", "href")
    assert link is not None
    join(friend, link, "Mina")
    host.click("#table-start")
    take_turns([host, friend], lambda: saved_moves(host) >= 3, host)
    assert json.loads(json.loads(host.evaluate("localStorage.getItem('pasur.match')"))["game"])["seed"] != 1234
    for guard in (host_guard, friend_guard):  # the browser says so each time a page tries the server again
        guard.expected.append("WebSocket connection to")
    signalling.stop()
    try:
        before = saved_moves(host)
        take_turns([host, friend], lambda: saved_moves(host) >= before + 6, host)  # the game goes on
    finally:
        signalling.start()
    # The table is open again: the line says only which way the game goes, no longer the outage.
    expect(host.locator("#online-status:not([data-route])")).to_have_count(0)
    assert hidden_cards_sent(friend) == []
    assert not host_guard.problems and not friend_guard.problems, host_guard.problems + friend_guard.problems
    host_context.close()
    friend_context.close()
