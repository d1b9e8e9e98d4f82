"""Friends in two homes, each behind its router's NAT, on a small internet made of network namespaces
(tools/internet.py, tools/world.py): the site, the signalling server, coturn and its credentials on
the public side; one Chromium in each home (two contexts of one browser would share a network).
Each case plays one whole deal by clicks, the host in home a, the friend in home b.

1. Both routers keep a port per source (cone): the pages reach each other directly, through the
   addresses STUN found (a server-reflexive pair, each end at the other router's address).
2. Home b's router picks a new port for every destination (symmetric): the relay carries the game.
3. The same with coturn stopped: the friend's page says it cannot reach the host within 20 s of its
   clock, the host's that a friend cannot reach the table; the table stays open, and once the relay
   is back the friend gets in and the deal is played.
4. Each page's first TURN credential has expired: coturn refuses it (401), the page asks for a fresh
   one, and the relay carries the game.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import internet as net
import pytest
import world as w
from chromium import evidence_folder
from online.people import RECEIVED, code_of, hidden_cards_sent, join, open_table, phase, take_turns
from playwright.sync_api import Page, Playwright, expect

from driver import Guard, open_page

ONE_DEAL = {"name-0": "Ana", "kind-1": "friend", "setup-fixed": "1"}


@pytest.fixture(scope="module")
def world() -> Iterator[w.World]:
    try:
        net.check_isolated()
    except RuntimeError as why:
        pytest.skip(str(why))
    with w.world("cone") as made:
        yield made


@pytest.fixture
def homes(playwright: Playwright, world: w.World) -> Iterator[tuple[Page, Page, list[Guard]]]:
    """The host's page in home a (1280×800) and the friend's in home b (360×740), each browser its own."""
    browsers = [w.home_browser(playwright, home, evidence_folder()) for home in net.HOMES]
    pages, guards = [], []
    for browser, size in zip(browsers, ((1280, 800), (360, 740)), strict=True):
        context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        context.set_default_timeout(60_000)
        page = context.new_page()
        guard = Guard()
        guard.origins = (f"http://{net.PUBLIC}:",)  # the site, its signalling server and credentials
        page.on("console", guard.console)
        page.on("pageerror", lambda error, guard=guard: guard.problems.append(f"page error: {error}"))
        context.on("request", guard.request)
        page.add_init_script(RECEIVED)
        pages.append(page)
        guards.append(guard)
    yield pages[0], pages[1], guards
    for browser in browsers:
        browser.close()


def seated(host: Page, friend: Page) -> str:
    """The host opens a one-deal table, the friend follows its link: the link."""
    link = open_table(host, w.SITE, ONE_DEAL)
    join(friend, link, "Mina")
    expect(host.locator("#lobby")).to_contain_text("Everyone is seated")
    return link


def play_the_deal(host: Page, friend: Page, guards: list[Guard], shot: Path | None = None) -> None:
    host.click("#table-start")
    expect(friend.locator("html")).to_have_attribute("data-phase", "play")
    if shot is not None:
        friend.locator("#online-status").scroll_into_view_if_needed()
        friend.screenshot(path=str(shot))
    take_turns([host, friend], lambda: phase(host) == "match-end", host)
    expect(friend.locator("html")).to_have_attribute("data-phase", "match-end")
    assert [host.inner_text(f'[data-side-score="{side}"]') for side in (0, 1)] == [
        friend.inner_text(f'[data-side-score="{side}"]') for side in (0, 1)]
    assert hidden_cards_sent(friend) == []
    problems = [problem for guard in guards for problem in guard.problems]
    assert not problems, problems


def connected(host: Page, friend: Page, route: str, words: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Both pages seated at a one-deal table say they are connected that way (``route``): the way each
    read, from its RTCPeerConnection's selected candidate pair."""
    seated(host, friend)
    for page in (host, friend):
        expect(page.locator("#online-status")).to_have_attribute("data-route", route)
    expect(friend.locator("#online-status")).to_contain_text(words)
    last = "pasur.reach.seen[pasur.reach.seen.length - 1]"
    found: list[dict[str, Any]] = [page.evaluate(last) for page in (host, friend)]
    assert [item["route"] for item in found] == [route, route], found
    return found[0], found[1]


def test_behind_two_cone_nats_friends_reach_each_other_directly(world: w.World, homes: Any, artifacts: Any) -> None:
    host, friend, guards = homes
    world.internet.nat("b", "cone")
    at_host, at_friend = connected(host, friend, "direct", "Connected directly")
    # Each page reached the other at the other router's public address, as STUN found it: a pair of
    # server-reflexive candidates (a remote one may first be learnt from the checks: peer-reflexive).
    assert (at_friend["address"], at_host["address"]) == (net.WAN["a"], net.WAN["b"]), (at_host, at_friend)
    assert at_host["local"] == at_friend["local"] == "srflx", (at_host, at_friend)
    assert {at_host["remote"], at_friend["remote"]} <= {"srflx", "prflx"}, (at_host, at_friend)
    friend.screenshot(path=str(artifacts / "internet-direct-360.png"))
    play_the_deal(host, friend, guards)


def test_behind_a_symmetric_nat_the_relay_carries_the_game(world: w.World, homes: Any, artifacts: Any) -> None:
    host, friend, guards = homes
    world.internet.nat("b", "symmetric")
    at_host, at_friend = connected(host, friend, "relay", "through the relay server")
    for end in (at_host, at_friend):  # one end of the pair at least is coturn's relay
        assert "relay" in (end["local"], end["remote"]), end
    host.screenshot(path=str(artifacts / "internet-relay-1280.png"))
    play_the_deal(host, friend, guards, artifacts / "internet-relay-game-360.png")
    assert "ALLOCATE processed, success" in world.turn_log()


def test_with_no_relay_the_friend_is_told_within_20_s_and_the_host_loses_nothing(
        world: w.World, homes: Any, artifacts: Any) -> None:
    host, friend, guards = homes
    world.internet.nat("b", "symmetric")
    world.stop_turn()
    try:
        friend.clock.install()  # the 20 s are the page's own: moved on by the test, not waited for
        link = open_table(host, w.SITE, ONE_DEAL)
        saved = host.evaluate("localStorage.getItem('pasur.match')")
        open_page(friend, link + "&lang=en&speed=instant")
        friend.fill("#join-name", "Mina")
        friend.click("#join")
        friend.wait_for_function("() => pasur.reach.answered() > 0")  # the host's page answered: ICE is trying
        friend.clock.run_for(20_000)
        status = friend.locator("#online-status")
        expect(status).to_have_attribute("data-route", "none")
        expect(status).to_contain_text("cannot be reached from here")
        expect(status).to_contain_text("same Wi-Fi")
        friend.screenshot(path=str(artifacts / "internet-no-route-360.png"))
        # The host's page says it too, and keeps its table: the link, the seat, the saved game.
        expect(host.locator("#online-status")).to_have_attribute("data-route", "none")
        expect(host.locator("#online-status")).to_contain_text("A friend's page cannot reach this table")
        host.screenshot(path=str(artifacts / "internet-no-route-1280.png"))
        expect(host.locator("#table-link")).to_have_attribute("href", link)
        expect(host.locator('.table-seats [data-seat="1"]')).to_have_class(re.compile("seat-waiting"))
        assert host.evaluate("localStorage.getItem('pasur.match')") == saved
        assert json.loads(saved)["table"]["code"] == code_of(link)
    finally:
        world.start_turn()
    # The relay is back: the friend's page, still trying, gets in; the game is played through it.
    expect(friend.locator("#online-status")).to_have_attribute("data-route", "relay")
    expect(host.locator("#lobby")).to_contain_text("Everyone is seated")
    play_the_deal(host, friend, guards)


def test_an_expired_turn_credential_is_refused_and_a_fresh_one_asked_for(
        world: w.World, homes: Any) -> None:
    host, friend, guards = homes
    world.internet.nat("b", "symmetric")
    world.credentials.stale, world.credentials.answered = 2, 0  # each page's first one has run out
    world.credentials.handed.clear()
    try:
        connected(host, friend, "relay", "through the relay server")
        stale, fresh = world.credentials.handed[:2], world.credentials.handed[2:]
        assert len(fresh) >= 2, world.credentials.handed  # each page asked again
        log = world.turn_log()
        for username in stale:
            assert re.search(rf"user <{re.escape(username)}>: .*error 401", log), (username, log[-3000:])
        assert any(f"username=<{username}>" in log for username in fresh)  # the relay took a fresh one
        play_the_deal(host, friend, guards)
    finally:
        world.credentials.stale = 0
