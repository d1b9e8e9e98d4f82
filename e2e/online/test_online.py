"""Playing friends, as people do it: each player in a browser of their own (a separate context: its
own storage), the host opening a table from the new-game panel, friends following its link, every
move a click. Every message a friend's page receives is checked to hold no card that seat may not
see; a forged client's moves change nothing at the host."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from driver import Guard, open_page, taken, tap_card

CARD = re.compile(r"\b(?:10|[2-9AJQK])[CDHS]\b")
# Keeps every message a friend's page receives from the host (web/peers.js's events), for the checks.
RECEIVED = """(() => {
  window.__received = [];
  let real;
  Object.defineProperty(window, "pasurPeers", { configurable: true, get() { return real; }, set(value) {
    const join = value.join;
    value.join = (code, heard) => join(code, (kind, peer, text) => {
      if (kind === "message") window.__received.push(text);
      heard(kind, peer, text);
    });
    real = value;
  } });
})();"""
PLAYABLE = "#hand [data-card]:not([disabled])"


def person(browser: Browser, width: int = 1280, height: int = 800) -> tuple[BrowserContext, Page, Guard]:
    """A player with a browser of their own, watched for errors like every test's page."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    guard = Guard()
    page.on("console", guard.console)
    page.on("pageerror", lambda error: guard.problems.append(f"page error: {error}"))
    context.on("request", guard.request)
    page.add_init_script(RECEIVED)
    return context, page, guard


def open_table(page: Page, site_url: str, form: dict[str, str]) -> str:
    """The host chooses the game in the new-game panel, then "Play a friend": the table's link."""
    open_page(page, f"{site_url}?lang=en&speed=instant")
    for field, value in form.items():
        if field.startswith(("setup-players", "setup-mode", "setup-fixed", "kind-")):
            page.select_option(f"#{field}", value)
        else:
            page.fill(f"#{field}", value)
    page.click("#play-friend")
    expect(page.locator("#table-link")).to_be_visible()
    link = page.get_attribute("#table-link", "href")
    assert link and "?join=" in link
    return link


def join(page: Page, link: str, name: str) -> None:
    open_page(page, link + "&lang=en&speed=instant")
    page.fill("#join-name", name)
    page.click("#join")
    expect(page.locator("#lobby")).to_contain_text("waiting for the host")


def hidden_cards_sent(page: Page) -> list[str]:
    """Cards in the messages a friend's page received that it may not see: any card that is not in
    its hand, on the table, in a pile, or in a public event (a move, the cards left at a deal's end).
    The seat's review of its moves is left out: it speaks of a deal that is over, every card of which
    was played in sight, and it comes when the next deal is dealt already (a view of other cards)."""
    problems = []
    for text in page.evaluate("window.__received"):
        data = json.loads(text)
        if data.get("t") != "state":
            continue
        view = data["view"]
        assert not {"hands", "stock", "deck"} & (set(view) | set(data)), "a hidden part of the game was sent"
        seen = set(view["hand"]) | set(view["table"]) | {card for pile in view["piles"] for card in pile}
        seen |= set(CARD.findall(json.dumps(data["events"])))
        rest = {key: value for key, value in data.items() if key != "reviews"}
        problems += [card for card in CARD.findall(json.dumps(rest)) if card not in seen]
    return problems


def take_turns(pages: list[Page], done: Callable[[], bool], host: Page, steps: int = 400) -> int:
    """Whoever may play plays a card by clicks (the first capture offered, when there is a choice);
    the host deals the next deal. The number of moves made."""
    moves = 0
    for _ in range(steps):
        if done():
            return moves
        acted = False
        if host.locator("#next-deal").is_visible():
            host.click("#next-deal")
            acted = True
        for page in pages:
            card = page.locator(PLAYABLE)
            if not card.count():
                continue
            tap_card(page, card.first.get_attribute("data-card"))
            choice = page.locator("#capture-choice:not([hidden]) [data-capture]")
            if choice.count():
                choice.first.click()
                taken(page, held=False)
            moves += 1
            acted = True
        if not acted:  # the last move is still on its way to the host and back: look again shortly
            pages[0].wait_for_timeout(100)
    raise AssertionError("the game did not get there")


def phase(page: Page) -> str:
    return page.get_attribute("html", "data-phase") or ""


def saved_moves(page: Page) -> int:
    text = page.evaluate("localStorage.getItem('pasur.match')")
    return len(json.loads(json.loads(text)["game"])["moves"])


@pytest.mark.usefixtures("signalling")
def test_two_friends_play_a_whole_match(browser: Browser, site_url: str, artifacts: Any) -> None:
    host_context, host, host_guard = person(browser)
    friend_context, friend, friend_guard = person(browser, 360, 740)
    link = open_table(host, site_url, {"name-0": "Ana", "kind-1": "friend", "setup-target": "11"})
    host.screenshot(path=str(artifacts / "online-table-1280.png"))
    join(friend, link, "Mina")
    friend.screenshot(path=str(artifacts / "online-join-360.png"))
    expect(host.locator("#lobby")).to_contain_text("Everyone is seated")
    expect(host.locator("#lobby")).to_contain_text("Mina")
    host.click("#table-start")
    expect(friend.locator("html")).to_have_attribute("data-phase", "play")
    expect(friend.locator("#opponents")).to_contain_text("Ana")
    take_turns([host, friend], lambda: phase(host) in ("deal-end", "match-end"), host)  # the first deal played
    expect(friend.locator("#review-open")).to_be_visible()
    # The friend's review of its own moves, made by the host's page from what the friend's seat saw.
    friend.click("#review-open")
    expect(friend.locator("[data-review-moment]").first).to_be_visible()
    expect(friend.locator("#review-progress")).to_have_count(0)
    friend.screenshot(path=str(artifacts / "online-friend-review-360.png"))
    friend.click("#review-close")
    take_turns([host, friend], lambda: phase(host) == "match-end", host)
    expect(friend.locator("html")).to_have_attribute("data-phase", "match-end")
    host.screenshot(path=str(artifacts / "online-match-end-1280.png"))
    friend.screenshot(path=str(artifacts / "online-match-end-360.png"))
    assert [host.inner_text(f'[data-side-score="{side}"]') for side in (0, 1)] == [
        friend.inner_text(f'[data-side-score="{side}"]') for side in (0, 1)]
    assert hidden_cards_sent(friend) == []
    # Play again: the same table and friends, new cards; the friend's page follows the host's.
    expect(friend.locator("#host-rematch")).to_contain_text("Ana")
    expect(friend.locator("#play-again")).to_have_count(0)
    host.click("#play-again")
    expect(friend.locator("html")).to_have_attribute("data-phase", "play")
    expect(friend.locator("#opponents")).to_contain_text("Ana")
    expect(friend.locator("#log li[data-kind='move']")).to_have_count(0)  # a log of its own
    take_turns([host, friend], lambda: saved_moves(host) >= 4, host)
    assert not host_guard.problems and not friend_guard.problems, host_guard.problems + friend_guard.problems
    host_context.close()
    friend_context.close()


@pytest.mark.usefixtures("signalling")
def test_four_browsers_play_a_team_deal(browser: Browser, site_url: str, artifacts: Any) -> None:
    people = [person(browser)] + [person(browser, 360, 740) for _ in range(3)]
    host = people[0][1]
    link = open_table(host, site_url, {"setup-players": "4", "name-0": "Ana", "kind-1": "friend", "kind-2": "friend",
                                       "kind-3": "friend", "setup-fixed": "1"})
    for index, (_, page, _) in enumerate(people[1:], start=1):
        join(page, link, f"Friend {index}")
    expect(host.locator("#lobby")).to_contain_text("Everyone is seated")
    host.click("#table-start")
    pages = [page for _, page, _ in people]
    for page in pages:
        expect(page.locator("html")).to_have_attribute("data-phase", "play")
    pages[2].screenshot(path=str(artifacts / "online-four-360.png"))
    take_turns(pages, lambda: all(phase(page) == "match-end" for page in pages), host)
    # Each friend sees its partner across the table, as in a local team game.
    assert "Partner" in pages[1].inner_text("#opponents")
    for _, _, guard in people:
        assert not guard.problems, guard.problems
    for page in pages[1:]:
        assert hidden_cards_sent(page) == []
    for context, _, _ in people:
        context.close()


Person = tuple[BrowserContext, Page]


def one_deal_table(browser: Browser, site_url: str) -> tuple[Person, Person, str]:
    """A host (1280×800) and a friend (360×740) seated at a one-deal table, the game started."""
    host_context, host, _ = person(browser)
    friend_context, friend, _ = person(browser, 360, 740)
    link = open_table(host, site_url, {"name-0": "Ana", "kind-1": "friend", "setup-fixed": "1"})
    join(friend, link, "Mina")
    host.click("#table-start")
    return (host_context, host), (friend_context, friend), link


@pytest.mark.usefixtures("signalling")
def test_a_friend_who_leaves_and_comes_back_by_the_link_takes_the_seat_back(browser: Browser, site_url: str) -> None:
    (host_context, host), (friend_context, friend), link = one_deal_table(browser, site_url)
    expect(friend.locator("html")).to_have_attribute("data-phase", "play")
    take_turns([host, friend], lambda: saved_moves(host) >= 6, host)
    friend.close()  # the friend's page goes away mid-deal
    expect(host.locator("#online")).to_contain_text("Mina is away")
    again = friend_context.new_page()
    again.add_init_script(RECEIVED)
    open_page(again, link + "&lang=en&speed=instant")  # the same browser: no name asked, the same seat
    expect(again.locator("html")).to_have_attribute("data-phase", "play")
    expect(host.locator("#online")).not_to_contain_text("Mina is away")
    assert again.inner_text("#me-info .name") == "Mina"
    take_turns([host, again], lambda: phase(host) == "match-end", host)
    expect(again.locator("html")).to_have_attribute("data-phase", "match-end")
    assert hidden_cards_sent(again) == []
    host_context.close()
    friend_context.close()


@pytest.mark.usefixtures("signalling")
def test_the_host_reloads_mid_deal_and_the_match_goes_on(browser: Browser, site_url: str) -> None:
    (host_context, host), (friend_context, friend), _ = one_deal_table(browser, site_url)
    take_turns([host, friend], lambda: saved_moves(host) >= 5, host)
    before = saved_moves(host)
    host.reload()
    host.wait_for_selector("html[data-ready]")
    expect(host.locator("html")).to_have_attribute("data-phase", "play")
    # The friend's page finds the table again on its own, and the game goes on where it was.
    expect(friend.locator("#online-status")).to_have_attribute("data-route", "direct", timeout=60_000)
    assert saved_moves(host) == before
    take_turns([host, friend], lambda: phase(host) == "match-end", host)
    expect(friend.locator("html")).to_have_attribute("data-phase", "match-end")
    host_context.close()
    friend_context.close()


# A client that is not the game's page: it joins the table by hand and sends whatever it likes.
FORGER = """async ([code, site]) => {
  await new Promise((resolve, reject) => { const s = document.createElement("script");
    s.src = site + "vendor/peerjs/peerjs.min.js"; s.onload = resolve; s.onerror = reject;
    document.head.appendChild(s); });
  const settings = await (await fetch(site + "online.json")).json();
  const peer = new Peer({ host: location.hostname, port: settings.signalling.port, path: settings.signalling.path,
                          key: settings.signalling.key, config: { iceServers: [] } });
  await new Promise((resolve) => peer.on("open", resolve));
  const conn = peer.connect("pasur-" + code, { reliable: true, serialization: "raw" });
  window.__answers = [];
  conn.on("data", (data) => window.__answers.push(String(data)));
  await new Promise((resolve) => conn.on("open", resolve));
  window.__forge = (text) => conn.send(text);
}"""


@pytest.mark.usefixtures("signalling")
def test_a_forged_client_changes_nothing_and_is_told_why(browser: Browser, site_url: str) -> None:
    host_context, host, host_guard = person(browser)
    friend_context, friend, _ = person(browser, 360, 740)
    link = open_table(host, site_url, {"setup-players": "3", "name-0": "Ana", "kind-1": "friend", "kind-2": "friend",
                                       "setup-fixed": "1"})
    join(friend, link, "Mina")
    forger_context = browser.new_context()
    forger = forger_context.new_page()
    forger.goto(site_url + "web/examples/rules.html")  # any page of the site: the forger writes its own messages
    forger.evaluate(FORGER, [link.rpartition("=")[2], site_url])

    refused = "() => window.__answers.filter(text => JSON.parse(text).t === 'refused').length"

    def forge(*texts: str) -> list[dict[str, Any]]:
        """Send ``texts`` as the forger; the host's refusals of them."""
        count = forger.evaluate(refused)
        for text in texts:
            forger.evaluate("text => window.__forge(text)", text)
        forger.wait_for_function(f"n => ({refused})() >= n", arg=count + len(texts), timeout=30_000)
        answers = [json.loads(text) for text in forger.evaluate("window.__answers")]
        return [answer for answer in answers if answer["t"] == "refused"][count:]

    assert [answer["why"] for answer in forge(json.dumps({"t": "play", "move": "7C"}))] == ["say hello first"]
    forger.evaluate("text => window.__forge(text)", json.dumps({"t": "hello", "name": "Mallory",
                                                                "token": "mallory0token0x"}))  # the third seat
    expect(host.locator("#lobby")).to_contain_text("Everyone is seated")
    host.click("#table-start")
    expect(friend.locator("html")).to_have_attribute("data-phase", "play")
    assert host.get_attribute("html", "data-turn") == "0"  # the host leads: the forger's move is out of turn
    assert [answer["why"] for answer in forge(json.dumps({"t": "play", "move": "7C"}))][-1:] == ["it is not your turn"]
    take_turns([host, friend], lambda: host.get_attribute("html", "data-turn") == "2", host)  # the forger's turn
    before = host.evaluate("localStorage.getItem('pasur.match')")
    hands = json.loads(json.loads(before)["game"])["state"]["hands"]
    answers = forge(
        json.dumps({"t": "play", "move": hands[0][0]}),  # a card of another seat's hand
        "{not json",
        json.dumps({"t": "play", "move": "7C" * 1000}),  # oversized
        json.dumps({"t": "deal", "cards": "all"}),  # no such message
        json.dumps({"t": "hello", "name": "Eve", "token": "eve0token0eve0"}),  # another seat: the table is full
    )
    assert len(answers) == 5, answers
    assert "not in the hand" in answers[0]["why"] and answers[-1]["why"] == "the table is full"
    assert host.evaluate("localStorage.getItem('pasur.match')") == before  # the host's game is unchanged
    expect(friend.locator(PLAYABLE)).to_have_count(0)  # nor does the friend's page offer one, out of turn
    assert not host_guard.problems, host_guard.problems
    for context in (host_context, friend_context, forger_context):
        context.close()


@pytest.mark.usefixtures("signalling")
def test_host_and_friend_as_two_tabs_of_one_browser(browser: Browser, site_url: str) -> None:
    """Trying it out alone: the link opened in a second tab (one storage for both)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    host, friend = context.new_page(), context.new_page()
    friend.add_init_script(RECEIVED)
    link = open_table(host, site_url, {"name-0": "Ana", "kind-1": "friend"})
    join(friend, link, "Mina")
    host.click("#table-start")
    expect(friend.locator("html")).to_have_attribute("data-phase", "play")
    take_turns([host, friend], lambda: saved_moves(host) >= 8, host)
    expect(friend.locator("#notices")).not_to_contain_text("another tab")
    assert hidden_cards_sent(friend) == []
    context.close()


@pytest.mark.usefixtures("signalling")
def test_a_link_to_a_table_that_is_not_open_says_it_was_not_found(browser: Browser, site_url: str) -> None:
    context, page, guard = person(browser)
    open_page(page, f"{site_url}?join=zzzzzz&lang=en&speed=instant")  # a code no page has opened
    page.fill("#join-name", "Ann")
    page.click("#join")
    notice = page.locator("#notices .notice").filter(has_text="No table is open under the code ZZZZZZ")
    expect(notice).to_be_visible()
    expect(page.locator("#join-name")).to_be_visible()  # the name form again: Join tries once more
    assert page.locator("#online-status").count() == 0  # not "trying again" for ever
    page.click("#join")
    expect(page.locator("#notices .notice").filter(has_text="No table is open")).to_have_count(1)
    assert not guard.problems, guard.problems
    context.close()
