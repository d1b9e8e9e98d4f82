"""A table between friends from opening to closing, as people use it: Start with a seat nobody has
taken, a friend who joins late, leaves and comes back, a second tab, the host closing the table, a
link to no table, the quick messages on a phone, and a table that cannot be opened."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from online.people import (
    PLAYABLE,
    RECEIVED,
    Signalling,
    at_table,
    hidden_cards_sent,
    join,
    open_table,
    person,
    phase,
    saved_moves,
    shot,
    take_turns,
)
from playwright.sync_api import Browser, expect

from driver import answer_capture_choice, open_page, tap_card

pytestmark = pytest.mark.usefixtures("signalling")


def test_start_with_a_free_seat_then_a_friend_joins_late(browser: Browser, site_url: str, artifacts: Path) -> None:
    host_context, host, host_guard = person(browser, 360, 740)
    friend_context, friend, friend_guard = person(browser, 360, 740)
    open_page(host, f"{site_url}?lang=en&speed=instant")
    host.fill("#name-0", "Ana")
    host.select_option("#kind-1", "friend")
    host.click("#start")  # the main Start button opens the table (a friend's seat is not played by the computer)
    expect(host.locator("#table-link")).to_be_visible()
    host.click("#table-start")  # nobody has joined yet
    expect(host.locator("html")).to_have_attribute("data-phase", "play")
    expect(host.locator('#opponents [data-presence="free"]')).to_be_visible()  # said on the seat
    take_turns([host], lambda: saved_moves(host) >= 4, host)  # the computer plays the free seat
    host.click(".table-invite > summary")  # the link, in reach during the game
    link = host.get_attribute("#table-link", "href")
    host.screenshot(path=str(artifacts / "online-invite-360.png"))
    host.click(".table-invite > summary")
    assert link is not None
    open_page(friend, f"{link}&lang=en&speed=instant")
    expect(friend.locator("#join-invite")).to_contain_text("Ana invites you to a game in progress")
    friend.fill("#join-name", "Mina")
    friend.click("#join")
    expect(friend.locator("html")).to_have_attribute("data-phase", "play")
    expect(host.locator('#opponents [data-presence="free"]')).to_have_count(0)
    expect(host.locator("#opponents")).to_contain_text("Mina")
    # The seat's moves so far were the computer's, not Mina's: her page says so.
    expect(friend.locator("#covered")).to_contain_text("Until you sat down, the computer played for you")
    expect(friend.locator("#covered")).to_be_in_viewport()
    shot(friend, artifacts / "online-late-join-covered-360.png")
    friend.click("#covered .notice-close")
    expect(friend.locator("#covered")).to_have_count(0)
    take_turns([host, friend], lambda: phase(host) != "play", host)
    assert not host_guard.problems and not friend_guard.problems, host_guard.problems + friend_guard.problems
    host_context.close()
    friend_context.close()


def test_a_friend_who_leaves_and_comes_back_is_told_what_the_computer_played(browser: Browser, site_url: str) -> None:
    (host_context, host, _), (friend_context, friend, _), _ = at_table(browser, site_url, {"setup-fixed": "1"})
    take_turns([host, friend], lambda: saved_moves(host) >= 5, host)
    take_turns([host], lambda: host.get_attribute("html", "data-turn") == "1", host)
    address = friend.url
    friend.close()  # the friend's page goes away mid-deal, on its turn
    expect(host.locator('#opponents [data-presence="away"]')).to_be_visible()
    expect(host.locator("#turn-status")).to_contain_text("Mina to play, and away")
    host.click('#opponents [data-action="stand-in"]')  # the host lets the computer play for Mina
    expect(host.locator('#opponents [data-presence="stood-in"]')).to_be_visible()
    before = saved_moves(host)
    take_turns([host], lambda: saved_moves(host) >= before + 3, host)
    again = friend_context.new_page()
    again.add_init_script(RECEIVED)
    open_page(again, address)  # the same browser: no name asked, the same seat
    expect(again.locator("#covered")).to_contain_text("While you were away, the computer played for you")
    expect(host.locator("#opponents [data-presence]")).to_have_count(0)
    assert again.inner_text("#me-info .name") == "Mina"
    again.click("#covered .notice-close")
    expect(again.locator("#covered")).to_have_count(0)
    take_turns([host, again], lambda: phase(host) == "match-end", host)
    expect(again.locator("html")).to_have_attribute("data-phase", "match-end")
    assert hidden_cards_sent(again) == []
    host_context.close()
    friend_context.close()


def test_a_second_tab_takes_the_seat_and_the_first_says_so(browser: Browser, site_url: str) -> None:
    (host_context, host, _), (friend_context, first, _), _ = at_table(browser, site_url, {"setup-fixed": "1"})
    second = friend_context.new_page()
    open_page(second, first.url)
    expect(second.locator("html")).to_have_attribute("data-phase", "play")
    expect(first.locator("#table-ended")).to_contain_text("another tab")
    expect(first.locator("#hand [data-card]:not([disabled])")).to_have_count(0)
    first.click("#table-ended [data-action='play-here']")  # the first tab takes it back
    expect(second.locator("#table-ended")).to_contain_text("another tab")
    expect(first.locator("#table-ended")).to_have_count(0)
    take_turns([host, first], lambda: saved_moves(host) >= 4, host)
    host_context.close()
    friend_context.close()


def test_the_host_closes_the_table_while_a_friend_waits(browser: Browser, site_url: str) -> None:
    host_context, host, _ = person(browser)
    friend_context, friend, guard = person(browser, 360, 740)
    link = open_table(host, site_url, {"name-0": "Ana", "kind-1": "friend"})
    join(friend, link, "Mina")
    host.click("#table-leave")  # "Close the table"
    expect(friend.locator("#table-ended")).to_contain_text("Ana closed the table.")
    expect(friend.locator("#online-status")).to_have_count(0)  # not "trying again" for ever
    friend.click("#table-leave")
    expect(friend.locator("html")).to_have_attribute("data-phase", "setup")
    assert not guard.problems, guard.problems
    host_context.close()
    friend_context.close()


def test_a_link_to_a_table_that_is_not_open_says_it_was_not_found(browser: Browser, site_url: str) -> None:
    context, page, guard = person(browser)
    key, table_pass = "A" * 43, "B" * 22  # a well-formed link of a table no page holds
    open_page(page, f"{site_url}?join=zzzzzz&key={key}&pass={table_pass}&lang=en&speed=instant")
    notice = page.locator("#notices .notice").filter(has_text="No table is open under the code ZZZZZZ")
    expect(notice).to_be_visible()
    expect(page.locator("#join-name")).to_be_visible()  # the name form again: Join looks once more
    page.fill("#join-name", "Ann")
    page.click("#join")
    expect(page.locator("#notices .notice").filter(has_text="No table is open")).to_have_count(1)
    expect(page.locator("#join-name")).to_be_visible()
    assert not guard.problems, guard.problems
    context.close()


def test_quick_messages_on_a_phone_neither_overlap_nor_move_the_table(browser: Browser, site_url: str,
                                                                       artifacts: Path) -> None:
    host_context, host, _ = person(browser)
    friend_context, friend, _ = person(browser, 360, 740)
    link = open_table(host, site_url, {"name-0": "Ana", "kind-1": "friend"})
    join(friend, link, "Mina")
    host.click("#table-start")
    expect(friend.locator("html")).to_have_attribute("data-phase", "play")
    table = friend.locator("#table").bounding_box()
    friend.click(".quick > summary")
    buttons = [friend.locator(".quick [data-what]").nth(index).bounding_box() for index in range(6)]
    assert all(box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360 for box in buttons)
    for index, one in enumerate(buttons):  # no two overlap
        for other in buttons[index + 1:]:
            assert one is not None and other is not None
            assert (one["x"] + one["width"] <= other["x"] or other["x"] + other["width"] <= one["x"]
                    or one["y"] + one["height"] <= other["y"] or other["y"] + other["height"] <= one["y"])
    friend.screenshot(path=str(artifacts / "online-quick-360.png"))
    friend.click(".quick [data-what='wait']")  # "One moment…"
    expect(friend.locator(".quick [data-what]").first).to_be_hidden()  # the menu closes
    said = host.locator("#online .said")
    expect(said).to_contain_text("Mina: One moment…")
    expect(friend.locator("#online .said")).to_contain_text("One moment…")
    assert friend.locator("#table").bounding_box() == table  # the table keeps its place and size
    friend.evaluate("document.getAnimations().filter((a) => a.animationName === 'said-fade')"
                    ".forEach((a) => a.finish())")
    expect(friend.locator("#online .said")).to_be_hidden()  # it fades on its own
    host_context.close()
    friend_context.close()


# A box as [left, top, right, bottom].
BOX = "n => { const r = n.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"


def test_a_quick_message_on_a_phone_sits_at_the_table_s_edge_clear_of_the_turn_line(
        browser: Browser, site_url: str, artifacts: Path) -> None:
    """A friend's "Good luck!" covered "Your turn: play a card" on a phone: it shows across the
    table's bottom edge, above the last move and the turn line, in the window."""
    (host_context, host, _), (friend_context, friend, _), _ = at_table(browser, site_url)
    turn = friend.locator("#turn-status")
    expect(turn).to_have_text(re.compile("Your turn: play a card|Ana to play"))
    if turn.inner_text() == "Ana to play":  # the friend's turn, once the host has played
        host.locator(PLAYABLE).first.wait_for()
        card = host.locator(PLAYABLE).first.get_attribute("data-card") or ""
        tap_card(host, card)
        answer_capture_choice(host, card)
    expect(turn).to_have_text("Your turn: play a card")
    host.click(".quick > summary")
    host.click(".quick [data-what='good_luck']")
    for page, width in ((friend, 360), (host, 1280)):  # (the host's page shows what it said too)
        said = page.locator("#online .said")
        expect(said).to_have_text("Ana: Good luck!")
        page.evaluate("document.getAnimations().filter((a) => a.animationName === 'said-fade')"
                      ".forEach((a) => { a.pause(); a.currentTime = 2000; })")  # (shown in full)
        expect(said).to_be_visible()
        expect(said).to_be_in_viewport(ratio=1)
        shot(page, artifacts / f"online-said-turn-{width}.png")
        bubble, status, table = (page.locator(where).evaluate(BOX) for where in ("#online .said", "#status", "#table"))
        assert bubble[3] <= status[1], (width, bubble, status)  # the last move and whose turn, below it
        assert bubble[1] < table[3] < bubble[3], (width, bubble, table)  # across the table's edge
    host_context.close()
    friend_context.close()


def test_a_table_that_cannot_be_reached_says_so_plainly(browser: Browser, site_url: str,
                                                         signalling: Signalling) -> None:
    context, page, _ = person(browser, 360, 740)
    signalling.stop()
    try:
        open_page(page, f"{site_url}?lang=en&speed=instant")
        page.select_option("#kind-1", "friend")
        page.click("#play-friend")
        expect(page.locator("#lobby h2")).to_have_text("A table cannot be opened now")
        expect(page.locator("#table-link")).to_have_count(0)  # no code nor link for a table nobody can reach
    finally:
        signalling.start()
    expect(page.locator("#table-link")).to_be_visible()  # and it opens once the server is back
    context.close()


def test_the_hosts_lobby_at_1280_shows_start_and_seats_in_line(browser: Browser, site_url: str,
                                                                artifacts: Path) -> None:
    host_context, host, _ = person(browser)  # 1280×800
    friend_context, friend, _ = person(browser, 360, 740)
    link = open_table(host, site_url, {"setup-players": "4", "name-0": "Ana", "kind-1": "friend"})
    join(friend, link, "Mina")
    expect(host.locator("#lobby")).to_contain_text("Everyone is seated")
    shot(host, artifacts / "lobby-host-1280.png")
    shot(friend, artifacts / "lobby-friend-360.png")  # the same seats on a phone
    start = host.locator("#table-start").bounding_box()
    assert start is not None and host.evaluate("window.scrollY") == 0
    assert start["y"] >= 0 and start["y"] + start["height"] <= 800, start  # all of it above the fold
    rows = host.locator(".table-seats li")
    expect(rows).to_have_count(4)
    badges = [box for n in range(4) if (box := rows.nth(n).locator(".badge").bounding_box()) is not None]
    names = [box for n in range(4) if (box := rows.nth(n).locator(".name").bounding_box()) is not None]
    assert len(badges) == len(names) == 4
    assert max(b["height"] for b in badges) - min(b["height"] for b in badges) < 1, badges  # "host", "here"...
    assert max(b["x"] for b in badges) - min(b["x"] for b in badges) < 1, badges  # one under the other
    for badge, name in zip(badges, names, strict=True):  # each badge on its name's line
        assert abs(badge["y"] + badge["height"] / 2 - (name["y"] + name["height"] / 2)) < 2, (badge, name)
    host_context.close()
    friend_context.close()


# Whether an element shows all its text: nothing cut at its end ("…") or below it.
WHOLE = "node => node.scrollWidth <= node.clientWidth + 0.5 && node.scrollHeight <= node.clientHeight + 0.5"


def test_on_a_phone_the_connection_line_of_the_game_is_said_whole(browser: Browser, site_url: str,
                                                                   artifacts: Path) -> None:
    (host_context, host, _), (friend_context, friend, _), _ = at_table(browser, site_url)
    status = friend.locator("#online #online-status")
    expect(status).to_have_attribute("data-route", "direct")
    expect(status).to_be_visible()
    expect(status).to_contain_text("Connected directly")
    shot(friend, artifacts / "online-status-360.png")
    assert status.evaluate(WHOLE), status.evaluate("node => [node.scrollWidth, node.clientWidth]")
    assert host.locator("#online #online-status").evaluate(WHOLE)
    host_context.close()
    friend_context.close()
