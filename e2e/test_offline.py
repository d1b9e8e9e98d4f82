"""The installable, offline game: the service worker, updates, two tabs, and the statistics.

Each test here serves the site from its own server (its own origin, so its own service worker
and storage), which it can stop or switch to another build.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from playwright.sync_api import Page, expect

from driver import answer_capture_choice, open_page, play_to_end, saved_game, tap_card, wait_for_moves, wait_ready
from serve import SiteServer

WASM = "/vendor/pyodide/pyodide.asm.wasm"


def test_manifest_is_complete(page: Page, guard: object, site_url: str) -> None:
    open_page(page, site_url)
    href = page.get_attribute('link[rel="manifest"]', "href")
    assert href
    manifest = page.evaluate("href => fetch(href).then(r => r.json())", href)
    assert manifest["display"] == "standalone" and manifest["start_url"] and manifest["theme_color"]
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        base = page.evaluate("href => new URL(href, location.href).href", href)
        status = page.evaluate("([src, base]) => fetch(new URL(src, base)).then(r => r.status)", [icon["src"], base])
        assert status == 200, icon["src"]


def test_first_visit_then_offline_reload_and_new_tab(page: Page, guard: object,
                                                     own_server: tuple[SiteServer, str]) -> None:
    server, url = own_server
    open_page(page, f"{url}?speed=instant")
    page.wait_for_selector("html[data-offline-ready]", state="attached")
    # The worker fetched every asset, and nothing was downloaded twice.
    assert WASM in {path for path, _ in server.requests}
    assert server.sent_twice() == []
    cache = page.evaluate("caches.keys()")
    assert cache == [f"pasur-{page.get_attribute('html', 'data-build')}"]

    server.shutdown()
    server.server_close()
    page.context.set_offline(True)
    page.reload()
    wait_ready(page)
    page.click("#start")
    page.wait_for_selector('html[data-phase="play"]')
    play_to_end(page, stop_at="deal-end")
    assert page.get_attribute("html", "data-phase") == "deal-end"
    first_deal = saved_game(page)

    other = page.context.new_page()
    other.bring_to_front()  # a tab in the background has its timers slowed down
    other.goto(f"{url}?speed=instant")
    wait_ready(other)
    assert "is back" in other.inner_text("#notices")  # the same game, from this device's save
    other.click("#next-deal")
    play_to_end(other, stop_at="deal-end")
    assert len(saved_game(other).deal_results) == len(first_deal.deal_results) + 1
    other.close()


def test_a_slow_new_game_panel_does_not_make_a_file_come_twice(
        page: Page, guard: object, own_server: tuple[SiteServer, str]) -> None:
    """Python starts at once and the start-up's files are preloaded once the panel is drawn: when
    the panel's own file comes late, what Python has asked for meanwhile is not asked for again."""
    server, url = own_server
    panel = server.hold("/web/setup.json")  # the panel waits for this file
    wasm = server.hold(WASM)  # and Python's largest file is under way meanwhile
    with page.expect_request(lambda request: request.url.endswith(WASM)):
        page.goto(f"{url}?speed=instant&lang=en", wait_until="commit")
    panel.set()
    expect(page.locator("#start")).to_be_visible()
    page.wait_for_selector("head > link[rel=modulepreload]", state="attached")  # the preloads are made
    wasm.set()
    page.wait_for_selector("html[data-offline-ready]", state="attached")
    wait_ready(page)
    asked = Counter(path.partition("?")[0] for path, _ in server.requests)
    assert asked["/pyscript.toml"] == 1 and asked[WASM] == 1
    assert [path for path, count in asked.items() if count > 1] == []


def test_new_build_is_offered_and_taken(page: Page, guard: object, own_server: tuple[SiteServer, str],
                                        second_build: Path) -> None:
    server, url = own_server
    open_page(page, f"{url}?players=2&seed=11&speed=instant")
    page.wait_for_selector("html[data-offline-ready]", state="attached")
    old_build = page.get_attribute("html", "data-build")
    card = page.locator("#hand [data-card]").first.get_attribute("data-card")
    tap_card(page, card)
    answer_capture_choice(page, str(card))
    wait_for_moves(page, 1)
    moves = len(saved_game(page).history)
    served_before = len(server.requests)

    server.folder = second_build  # a new release is deployed
    new_build = json.loads((second_build / "build.json").read_text())
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "data-build") == old_build  # still the old release, whole
    page.wait_for_selector("#update-banner:not([hidden])")
    # Files that did not change came from the old cache, not the network.
    assert WASM not in [path for path, _ in server.requests[served_before:]]
    page.click("#update-reload")
    page.wait_for_function("b => document.documentElement.dataset.build && document.documentElement.dataset.build"
                           " !== b", arg=old_build, timeout=60_000)
    wait_ready(page)
    build = page.get_attribute("html", "data-build")
    assert build and build != old_build
    assert page.evaluate("caches.keys()") == ["pasur-" + build]
    assert page.evaluate("fetch('build.json').then(r => r.json())") == new_build
    assert len(saved_game(page).history) >= moves  # the game in progress came through the update
    assert page.get_attribute("html", "data-phase") == "play"


def test_two_tabs_say_which_game_is_kept(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?players=2&seed=21&speed=instant")
    other = page.context.new_page()
    other.bring_to_front()
    other.goto(f"{site_url}?speed=instant")
    wait_ready(other)
    assert saved_game(other).to_json() == saved_game(page).to_json()
    card = other.locator("#hand [data-card]:not([disabled])").first.get_attribute("data-card")
    assert card
    tap_card(other, card)
    answer_capture_choice(other, card)
    wait_for_moves(other, 2)
    page.wait_for_selector("#notices .tab-notice")
    assert "another tab" in page.inner_text("#notices .tab-notice")
    page.click('#notices .tab-notice [data-action="adopt"]')
    page.wait_for_function("n => document.querySelectorAll('#log li[data-kind=\"move\"]').length >= n", arg=2)
    assert saved_game(page).to_json() == saved_game(other).to_json()
    other.close()


def test_statistics_count_each_match_once_and_reset(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?players=2&target=11&seed=4&speed=instant")
    play_to_end(page)
    game = saved_game(page)
    page.reload()
    wait_ready(page)  # the finished match comes back; it must not be counted again
    page.click("#show-stats")
    row = page.locator("#stats-table tbody tr")
    assert row.count() == 1
    assert row.locator("td").nth(0).inner_text() == "2"
    assert row.locator('[data-stat="played"]').inner_text() == "1"
    assert row.locator('[data-stat="won"]').inner_text() == ("1" if game.winner == 0 else "0")
    surs = sum(1 for record in game.history if record.sur and record.seat == 0)
    assert row.locator('[data-stat="surs"]').inner_text() == str(surs)
    page.click('[data-action="reset-stats"]')
    page.click('[data-action="reset-stats-confirm"]')
    assert page.locator("#stats-table").count() == 0
    assert page.evaluate("localStorage.getItem('pasur.stats')") is None


# Wraps the worker's SHA-256, recording the size of each thing it digests (in self.digested).
COUNT_DIGESTS = """() => {
  self.digested = [];
  const digest = crypto.subtle.digest.bind(crypto.subtle);
  crypto.subtle.digest = (name, data) => { self.digested.push(data.byteLength); return digest(name, data); };
}"""


def test_a_start_from_the_offline_copy_checks_only_the_pages_own_files(
        page: Page, guard: object, own_server: tuple[SiteServer, str]) -> None:
    """Each file was checked as it was stored: served again, only the page and its scripts, styles
    and texts are checked again (0.4 MB), never Pyodide, PyScript or the zips (15 MB)."""
    _, url = own_server
    open_page(page, f"{url}?speed=instant&lang=en")
    page.wait_for_selector("html[data-offline-ready]", state="attached")
    [worker] = page.context.service_workers
    worker.evaluate(COUNT_DIGESTS)
    page.reload()
    wait_ready(page)
    page.click("#start")
    page.wait_for_selector('html[data-phase="play"]')
    digested = worker.evaluate("self.digested")
    site = own_server[0].folder
    own = [path for path in site.rglob("*") if path.is_file() and path.suffix != ".zip"
           and not path.relative_to(site).as_posix().startswith(("vendor/pyodide/", "vendor/pyscript/"))]
    assert (site / "index.html").stat().st_size in digested  # the same worker, whose digests were counted
    assert sum(digested) <= sum(path.stat().st_size for path in own) < 1_000_000
    assert (site / WASM.lstrip("/")).stat().st_size not in digested
