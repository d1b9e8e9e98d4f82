"""What a stranger tries to keep people from playing, each in a real browser: holding every id a
table's code names while its host reloads, and connections that knock once and then fall silent,
filling the host's places. The host's table opens all the same and a friend sits down."""

from __future__ import annotations

import pytest
from online.people import Stranger, at_table, code_of, first_id, join, open_table, person, saved_moves, take_turns
from playwright.sync_api import Browser, expect

from driver import open_page

pytestmark = pytest.mark.usefixtures("signalling")

# Takes each of ``ids`` as soon as it is free, and keeps it.
HOLD = """(ids) => { window.__held = [];
  const take = (id) => new Promise((resolve) => { const peer = new Peer(id, window.__options);
    peer.on("open", () => resolve(peer));
    peer.on("error", () => { peer.destroy(); setTimeout(() => resolve(null), 20); });
  });
  ids.forEach(async (id) => { let peer = null; while (!peer) peer = await take(id); window.__held.push(id); });
}"""


def test_a_stranger_who_knows_the_code_and_holds_every_id_it_names_cannot_stop_the_table(
        browser: Browser, site_url: str) -> None:
    (host_context, host, host_guard), (friend_context, friend, friend_guard), link = at_table(browser, site_url)
    take_turns([host, friend], lambda: saved_moves(host) >= 3, host)
    code = code_of(link)  # read aloud, or guessed: the stranger holds the ids a code alone names
    named = [f"pasur-{code}", *(f"pasur-{code}-{slot}" for slot in (1, 2, 3))]
    stranger = Stranger(browser, site_url)
    stranger.page.evaluate(HOLD, named)
    host.close()  # the host's page goes (a reload, a tab closed) ...
    stranger.page.wait_for_function("window.__held.length === 4")
    host = host_context.new_page()
    host.on("pageerror", lambda error: host_guard.problems.append(f"page error: {error}"))
    open_page(host, f"{site_url}?lang=en&speed=instant")  # ... and comes back: its table opens under its own ids
    expect(host.locator("#online-status:not([data-route])")).to_have_count(0)
    before = saved_moves(host)
    take_turns([host, friend], lambda: saved_moves(host) >= before + 4, host)
    assert first_id(link) not in named
    assert not host_guard.problems and not friend_guard.problems, host_guard.problems + friend_guard.problems
    for context in (host_context, friend_context, stranger.context):
        context.close()


def test_connections_that_knock_once_and_fall_silent_keep_no_friend_out(browser: Browser, site_url: str) -> None:
    host_context, host, host_guard = person(browser)
    link = open_table(host, site_url, {"setup-players": "2", "name-0": "Ana", "kind-1": "friend"})
    strangers = [Stranger(browser, site_url) for _ in range(7)]  # seven ids, two connections each: the host's places
    for stranger in strangers:
        for _ in range(2):
            conn = stranger.connect(first_id(link))
            stranger.wait_open(conn)
            stranger.knock(conn, link)  # a knock that proves the link's pass, and then nothing
            stranger.wait_heard(conn, "proof")
    friend_context, friend, friend_guard = person(browser, 360, 740)
    join(friend, link, "Mina")  # the friend gets in, and sits down
    expect(host.locator("#lobby")).to_contain_text("Everyone is seated")
    host.click("#table-start")
    expect(friend.locator("html")).to_have_attribute("data-phase", "play")
    closed = sum(stranger.page.evaluate("window.__conns.filter((c) => c.closed).length") for stranger in strangers)
    assert closed >= 3  # silent connections were let go (the friend's place among them)
    assert not host_guard.problems and not friend_guard.problems, host_guard.problems + friend_guard.problems
    for context in (host_context, friend_context, *(stranger.context for stranger in strangers)):
        context.close()
