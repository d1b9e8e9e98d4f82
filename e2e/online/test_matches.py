"""Friends play whole matches to the standard target (62), as people do: each in a browser of their
own, every move a click, every deal's end seen on every page (its score sheet, the same scores)
before the host deals the next. Every message a friend's page receives is checked to hold no card
that seat may not see."""

from __future__ import annotations

from pathlib import Path

import pytest
from online.people import (
    at_table,
    every_page_shows_the_deal_end,
    hidden_cards_sent,
    join,
    open_table,
    person,
    phase,
    scores,
    shot,
    take_turns,
)
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.usefixtures("signalling")


def test_two_friends_play_a_whole_match_at_normal_speed(browser: Browser, site_url: str, artifacts: Path) -> None:
    (host_context, host, host_guard), (friend_context, friend, friend_guard), _ = at_table(browser, site_url,
                                                                                          speed="normal")
    expect(friend.locator("#opponents")).to_contain_text("Ana")  # the host's own name
    deals: list[list[str]] = []

    def deal_end() -> None:
        every_page_shows_the_deal_end([host, friend])
        if not deals:  # the first: the screenshots of a deal's end, and the friend's review of its moves
            shot(friend, artifacts / "online-deal-end-360.png")
            shot(host, artifacts / "online-deal-end-1280.png")
            friend.click("#review-open")
            expect(friend.locator("[data-review-moment]").first).to_be_visible()
            friend.click("#review-close")
        deals.append(scores(host))

    take_turns([host, friend], lambda: phase(host) == "match-end", host, deal_end=deal_end)
    assert len(deals) >= 1 and max(int(score) for score in scores(host)) >= 62
    expect(friend.locator("html")).to_have_attribute("data-phase", "match-end")
    expect(friend.locator("#host-rematch")).to_contain_text("Ana")
    assert scores(friend) == scores(host)
    shot(host, artifacts / "online-match-end-1280.png")
    shot(friend, artifacts / "online-match-end-360.png")
    assert hidden_cards_sent(friend) == []
    # Play again: the same table and friends, new cards; the friend's page follows the host's.
    host.click("#play-again")
    expect(friend.locator("html")).to_have_attribute("data-phase", "play")
    expect(friend.locator("#log li[data-kind='move']")).to_have_count(0)  # a log of its own
    assert not host_guard.problems and not friend_guard.problems, host_guard.problems + friend_guard.problems
    host_context.close()
    friend_context.close()


def test_the_host_a_friend_and_the_computer_play_a_whole_match(browser: Browser, site_url: str) -> None:
    (host_context, host, host_guard), (friend_context, friend, guard) = person(browser), person(browser, 360, 740)
    link = open_table(host, site_url, {"setup-players": "3", "name-0": "Ana", "kind-1": "friend"})
    join(friend, link, "Mina")
    host.click("#table-start")
    expect(friend.locator("#opponents")).to_contain_text("Dariush")  # the computer's seat, by its name
    ends: list[list[str]] = []
    take_turns([host, friend], lambda: phase(host) == "match-end", host,
               deal_end=lambda: ends.append(every_page_shows_the_deal_end([host, friend])))
    expect(friend.locator("html")).to_have_attribute("data-phase", "match-end")
    assert ends and scores(friend) == scores(host) and hidden_cards_sent(friend) == []
    assert not host_guard.problems and not guard.problems, host_guard.problems + guard.problems
    host_context.close()
    friend_context.close()


def test_four_browsers_play_a_whole_match_in_teams(browser: Browser, site_url: str, artifacts: Path) -> None:
    people = [person(browser)] + [person(browser, 360, 740) for _ in range(3)]
    host = people[0][1]
    link = open_table(host, site_url, {"setup-players": "4", "name-0": "Ana", "kind-1": "friend", "kind-2": "friend",
                                       "kind-3": "friend"})
    for index, (_, page, _) in enumerate(people[1:], start=1):
        join(page, link, f"Friend {index}")
    expect(host.locator("#lobby")).to_contain_text("Everyone is seated")
    host.click("#table-start")
    pages = [page for _, page, _ in people]
    for page in pages:
        expect(page.locator("html")).to_have_attribute("data-phase", "play")
    pages[2].screenshot(path=str(artifacts / "online-four-360.png"))
    assert "Partner" in pages[1].inner_text("#opponents")  # each friend sees its partner across the table
    ends: list[list[str]] = []
    take_turns(pages, lambda: all(phase(page) == "match-end" for page in pages), host,
               deal_end=lambda: ends.append(every_page_shows_the_deal_end(pages)))
    assert ends and len({tuple(scores(page)) for page in pages}) == 1
    for _, _, guard in people:
        assert not guard.problems, guard.problems
    for page in pages[1:]:
        assert hidden_cards_sent(page) == []
    for context, _, _ in people:
        context.close()
