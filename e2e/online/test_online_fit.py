"""A game between friends keeps its table's size: a quick message said (by either player) changes
neither page's table, at 360×740 and 1280×800; each quick message is whole on its button."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import watched
from playwright.sync_api import Browser, BrowserContext, Page, expect

from driver import Guard, open_page

TABLE = "() => { const r = document.getElementById('table').getBoundingClientRect(); return [r.top, r.height]; }"


def player(browser: Browser, width: int, height: int) -> tuple[BrowserContext, Page, Guard]:
    """A player with a browser of their own, watched for errors like every test's page."""
    context = watched(browser.new_context(viewport={"width": width, "height": height}))
    guard = Guard()
    context.on("request", guard.request)
    context.on("console", guard.console)
    context.on("weberror", lambda error: guard.problems.append(f"page error: {error.error}"))
    return context, context.new_page(), guard


@pytest.mark.usefixtures("signalling")
def test_a_quick_message_changes_the_size_of_no_table(browser: Browser, site_url: str, artifacts: Any) -> None:
    host_context, host, host_guard = player(browser, 1280, 800)
    friend_context, friend, friend_guard = player(browser, 360, 740)
    open_page(host, f"{site_url}?lang=en&speed=instant")
    host.select_option("#kind-1", "friend")
    host.click("#play-friend")
    expect(host.locator("#table-link")).to_be_visible()
    link = host.get_attribute("#table-link", "href")
    assert link and "?join=" in link
    open_page(friend, link + "&lang=en&speed=instant")
    friend.fill("#join-name", "Mina")
    friend.click("#join")
    expect(host.locator("#lobby")).to_contain_text("Everyone is seated")
    host.click("#table-start")
    pages = (host, friend)
    for page in pages:
        expect(page.locator("html")).to_have_attribute("data-phase", "play")
        expect(page.locator("#online [data-action='say']").first).to_be_visible()
        # each quick message whole on its button (the row scrolls sideways on a phone)
        assert page.locator("#online .quick button").evaluate_all(
            "nodes => nodes.every(n => n.scrollWidth <= n.clientWidth + 1)"), page.viewport_size
    tables = [page.evaluate(TABLE) for page in pages]
    for sayer, what, text in ((friend, "hello", "Hello!"), (host, "well_played", "Well played!"),
                              (friend, "wait", "One moment…")):
        sayer.locator(f"#online [data-action='say'][data-what='{what}']").click()
        for page in pages:
            expect(page.locator("#online .said")).to_contain_text(text)
            assert page.evaluate(TABLE) == tables[pages.index(page)], (what, page.viewport_size)
    friend.screenshot(path=str(artifacts / "online-said-360.png"))
    host.screenshot(path=str(artifacts / "online-said-1280.png"))
    assert not host_guard.problems and not friend_guard.problems, host_guard.problems + friend_guard.problems
    host_context.close()
    friend_context.close()
