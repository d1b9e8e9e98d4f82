"""The page always starts: hostile stored values, a damaged offline copy, a sandboxed frame, an
embedding page that posts messages while the game loads, and a start-up error that says what to do.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Frame, Page, Route, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from driver import (
    EMBED_MATCH_KEY,
    Guard,
    answer_capture_choice,
    open_page,
    reload_offline_without_server,
    tap_card,
    wait_for_moves,
    wait_ready,
)
from serve import SiteServer

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
DEEP = "[" * 10_000 + "]" * 10_000
HUGE = '{"lang": "en", "pad": "' + "x" * 3_000_000 + '"}'


def plant(page: Page, key: str, value: str) -> None:
    """Put ``value`` in localStorage before the page's first script runs (on the first load only)."""
    page.add_init_script(
        "(([key, value]) => { if (sessionStorage.getItem('planted')) return;"
        " sessionStorage.setItem('planted', '1'); localStorage.setItem(key, value); })"
        f"({json.dumps([key, value])});"
    )


def host_page(page: Page, url: str, html: str) -> None:
    """Serve ``html`` at ``url`` (on the test server's origin) as a page that embeds the game."""
    page.route(url, lambda route: route.fulfill(status=200, content_type="text/html", body=html))


def game_frame(page: Page) -> Frame:
    handle = page.wait_for_selector("iframe")
    frame = handle.content_frame() if handle else None
    assert frame is not None
    return frame


@pytest.mark.parametrize(("key", "value"), [
    ("pasur.settings", DEEP), ("pasur.stats", DEEP), ("pasur.match", DEEP), ("pasur.embed.match", DEEP),
    ("pasur.settings", HUGE), ("pasur.stats", HUGE), ("pasur.match", HUGE), ("pasur.embed.match", HUGE),
], ids=["settings-deep", "stats-deep", "match-deep", "embed-match-deep", "settings-huge", "stats-huge", "match-huge",
        "embed-match-huge"])
def test_stored_values_that_cannot_be_read_are_set_aside(page: Page, guard: object, site_url: str,
                                                          key: str, value: str) -> None:
    plant(page, key, value)
    embed = "&embed=1" if key == "pasur.embed.match" else ""
    open_page(page, f"{site_url}?lang=en&speed=instant{embed}")
    assert page.is_visible("#start") and page.is_enabled("#start")
    notice = page.locator("#notices .notice", has_text=f"{key}.unreadable")
    assert notice.is_visible()
    kept = page.evaluate("key => [localStorage.getItem(key), localStorage.getItem(key + '.unreadable')]", key)
    assert kept[0] is None and kept[1] == value  # set aside, not lost
    page.click("#settings-button")  # the settings show the statistics
    assert page.is_visible("#settings") and page.locator("#settings h3").count() >= 1
    page.click("#settings-close")
    page.click("#start")
    page.wait_for_selector('html[data-phase="play"]')
    assert page.is_visible("#hand [data-card]")


def corrupt(page: Page, paths: list[str]) -> None:
    """Replace cached entries of the offline copy with other bytes, through the Cache Storage API."""
    page.evaluate("""async (paths) => {
      const cache = await caches.open('pasur-' + document.documentElement.dataset.build);
      for (const path of paths) {
        const address = new URL(path, location.href).href;
        const old = await cache.match(address);
        if (!old) throw new Error('not cached: ' + path);
        await cache.put(address, new Response('throw new Error("damaged");', {headers: old.headers}));
      }
    }""", paths)


# The first bytes of each path's entry in the offline copy (null for an entry missing).
CACHED_HEADS = """async (paths) => {
  const cache = await caches.open('pasur-' + document.documentElement.dataset.build);
  const heads = [];
  for (const path of paths) {
    const response = await cache.match(new URL(path, location.href).href);
    heads.push(response ? Array.from(new Uint8Array(await response.arrayBuffer()).slice(0, 64)) : null);
  }
  return heads;
}"""


def built_heads(paths: list[str]) -> list[list[int]]:
    """The first bytes of each file as the build wrote it."""
    return [list((SITE / path).read_bytes()[:64]) for path in paths]


def cached_copies_match(page: Page, paths: list[str]) -> bool:
    """Whether each cached entry starts with the same bytes as the file the build wrote."""
    return bool(page.evaluate(CACHED_HEADS, paths) == built_heads(paths))


def wait_cached_copies_match(page: Page, paths: list[str]) -> None:
    """Until each cached entry starts with the same bytes as the file the build wrote."""
    page.wait_for_function(f"""async ([paths, want]) =>
      JSON.stringify(await ({CACHED_HEADS})(paths)) === JSON.stringify(want)""",
                           arg=[paths, built_heads(paths)])


def test_a_damaged_offline_copy_is_repaired_from_the_network(page: Page, guard: Guard,
                                                             own_server: tuple[SiteServer, str]) -> None:
    """A damaged script of the page is replaced as it is served; a damaged file of the start (the
    game's zip) fails the start, and the page, its copy checked, loads again by itself."""
    _, url = own_server
    open_page(page, f"{url}?speed=instant&lang=en")
    page.wait_for_selector("html[data-offline-ready]", state="attached")
    damaged = ["app.zip", "web/boot.js"]
    corrupt(page, damaged)
    assert not cached_copies_match(page, damaged)
    guard.expect_errors = True  # the damaged zip's, before the page loads again
    loads: list[str] = []
    page.on("framenavigated", lambda frame: loads.append(frame.url) if frame == page.main_frame else None)
    page.reload()
    expect(page.locator("html[data-ready]")).to_be_attached(timeout=90_000)
    assert len(loads) == 2 and not page.is_visible("#startup-error")  # the damaged start, then the repaired one
    guard.expect_errors = False
    wait_ready(page)
    page.click("#start")
    page.wait_for_selector('html[data-phase="play"]')
    assert page.is_visible("#hand [data-card]")
    # The entries were repaired: the worker stores each copy once the page has it, in the background.
    wait_cached_copies_match(page, damaged)


def site_with_app_zip(folder: Path, content: bytes, seconds_on: int) -> Path:
    """A copy of the site (files linked, not copied) whose app.zip holds ``content``, dated
    ``seconds_on`` seconds from now: a copy dated later is one the server says changed to a browser
    that asks (If-Modified-Since, to the second), however soon after the other it was written."""
    shutil.copytree(SITE, folder, copy_function=lambda src, dst: Path(dst).symlink_to(src))
    (folder / "app.zip").unlink()
    (folder / "app.zip").write_bytes(content)
    later = time.time() + seconds_on
    os.utime(folder / "app.zip", (later, later))
    return folder


def page_state(page: Page) -> str:
    """Where the page is and what it shows, for a failure's message."""
    try:
        return str(page.evaluate("""() => ({url: location.href, ready: document.readyState,
      html: Object.fromEntries(Array.from(document.documentElement.attributes, (a) => [a.name, a.value])),
      controlled: Boolean(navigator.serviceWorker && navigator.serviceWorker.controller),
      loading: (document.getElementById('loading') || {}).innerText,
      error: (document.getElementById('startup-error') || {}).innerText})"""))
    except PlaywrightError as error:
        return f"unreadable ({error.message})"


def error_page_buttons(page: Page) -> list[str]:
    return page.locator("#startup-error button:visible").all_inner_texts()


def test_start_up_error_offers_to_download_the_game_again(page: Page, guard: Guard, artifacts: Path,
                                                          own_server: tuple[SiteServer, str],
                                                          tmp_path: Path) -> None:
    server, url = own_server
    open_page(page, f"{url}?speed=instant&lang=en")
    page.wait_for_selector("html[data-offline-ready]", state="attached")
    # The offline copy and the server's copy of the game's Python are both damaged.
    server.folder = site_with_app_zip(tmp_path / "broken", b"not a zip", 5)
    corrupt(page, ["app.zip"])
    guard.expect_errors = True
    page.reload()
    page.wait_for_selector("html[data-error]", timeout=90_000)
    assert page.is_visible("#startup-error") and not page.is_visible("#loading")
    assert "could not be loaded" in page.inner_text("#startup-error")
    assert error_page_buttons(page) == ["Download the game again", "Reload"]
    for width, height in ((360, 740), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(artifacts / f"startup-error-{width}x{height}.png"))
        box = page.locator("#startup-error button:visible").last.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width and box["y"] + 44 <= height

    # The server has a good copy again (written after the bad one); the browser's stays damaged.
    server.folder = site_with_app_zip(tmp_path / "repaired", (SITE / "app.zip").read_bytes(), 60)
    served = len(server.requests)
    page.get_by_role("button", name="Download the game again").click()
    try:
        page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
    except PlaywrightTimeoutError:
        raise AssertionError(f"the game did not start again: {page_state(page)}; served since the click: "
                             f"{server.requests[served:]}") from None
    guard.expect_errors = False
    assert page.get_attribute("html", "data-error") is None
    page.wait_for_selector("html[data-offline-ready]", state="attached")
    assert cached_copies_match(page, ["app.zip"])


def test_offline_the_start_up_error_keeps_the_offline_copy(page: Page, guard: Guard,
                                                            own_server: tuple[SiteServer, str]) -> None:
    """Downloading the game again deletes the offline copy first: offline, it is not offered, and
    the page says to check the connection; reloading keeps the copy (online, a reload repairs it)."""
    server, url = own_server
    open_page(page, f"{url}?speed=instant&lang=en")
    page.wait_for_selector("html[data-offline-ready]", state="attached")
    cache = "pasur-" + (page.get_attribute("html", "data-build") or "")
    corrupt(page, ["app.zip"])
    reload_offline_without_server(page, server, guard)
    assert error_page_buttons(page) == ["Reload"]
    assert "Check the connection" in page.inner_text("#startup-error")
    with page.expect_navigation():
        page.get_by_role("button", name="Reload").click()
    page.wait_for_selector("html[data-error]", timeout=90_000)
    assert page.evaluate("caches.keys()") == [cache]
    assert page.evaluate("async (name) => (await (await caches.open(name)).keys()).length", cache) > 40


@pytest.mark.browser_context_args(service_workers="block")
def test_start_up_error_offers_to_set_the_saved_game_aside(page: Page, guard: Guard, site_url: str) -> None:
    open_page(page, f"{site_url}?players=2&seed=5&speed=instant&lang=en")
    saved = page.evaluate("localStorage.getItem('pasur.match')")
    assert saved
    # The game's start-up fails after Python is running (as a save the page cannot handle would).
    main = (SITE / "web" / "main.py").read_text()
    assert "APP = start()" in main

    def failing_main(route: Route) -> None:
        route.fulfill(status=200, body=main.replace("APP = start()", "raise RuntimeError('the start failed')"))

    page.route("**/web/main.py", failing_main)
    guard.expect_errors = True
    page.reload()
    page.wait_for_selector("html[data-error]", timeout=90_000)
    assert "could not start" in page.inner_text("#startup-error")
    assert "the start failed" in page.inner_text("#startup-error-detail")
    assert error_page_buttons(page) == ["Start without the saved game", "Reload"]
    page.unroute("**/web/main.py")
    page.get_by_role("button", name="Start without the saved game").click()
    wait_ready(page)
    guard.expect_errors = False
    assert page.is_visible("#start")
    kept = page.evaluate("[localStorage.getItem('pasur.match'), localStorage.getItem('pasur.match.unreadable')]")
    assert kept == [None, saved]


SANDBOXED = """<!doctype html><html lang="en"><head><title>Host</title></head><body>
<iframe src="{src}" sandbox="allow-scripts" title="Pasur" width="360" height="640"></iframe>
</body></html>"""


@pytest.mark.parametrize("query", ["", "&players=2&seed=5"])
def test_a_sandboxed_frame_starts_without_storage_and_says_so(page: Page, guard: object, site_url: str,
                                                              query: str) -> None:
    host = f"{site_url}sandbox-host.html"
    host_page(page, host, SANDBOXED.format(src=f"index.html?embed=1&lang=en&speed=instant{query}"))
    page.goto(host)
    frame = game_frame(page)
    wait_ready(frame)
    notice = frame.locator("#notices .notice", has_text="will not be saved")
    assert notice.is_visible()
    if not query:
        frame.click("#start")
    frame.wait_for_selector('html[data-phase="play"]')
    moves = frame.locator('#log li[data-kind="move"]').count()
    card = frame.locator("#hand [data-card]:not([disabled])").first.get_attribute("data-card")
    assert card
    tap_card(frame, card)
    answer_capture_choice(frame, card)
    frame.wait_for_function("n => document.querySelectorAll('#log li[data-kind=\"move\"]').length > n", arg=moves)
    assert frame.locator("#notices .notice").all_inner_texts() == [notice.inner_text()]  # said once, not twice


CHATTY = """<!doctype html><html lang="en"><head><title>Host</title>
<script src="chatty-host.js"></script></head><body>
<iframe src="index.html?embed=1&players=2&seed=3&lang=en&speed=instant" title="Pasur" width="360" height="640">
</iframe></body></html>"""
# Posts all kinds of messages to the frame until the game in it is ready.
CHATTY_SCRIPT = """addEventListener("DOMContentLoaded", () => {
  const frame = document.querySelector("iframe");
  window.posted = 0;
  const timer = setInterval(() => {
    const inner = frame.contentDocument && frame.contentDocument.documentElement;
    if (inner && inner.hasAttribute("data-ready")) { clearInterval(timer); return; }
    for (const data of [null, undefined, "hello", 42, {type: "resize"}, [1, 2, 3], "_si"]) {
      frame.contentWindow.postMessage(data, "*");
      window.posted++;
    }
  }, 10);
});"""


def test_messages_from_the_embedding_page_do_not_stop_the_game(page: Page, guard: object, site_url: str) -> None:
    host = f"{site_url}chatty-host.html"
    host_page(page, host, CHATTY)
    page.route(f"{site_url}chatty-host.js",
               lambda route: route.fulfill(status=200, content_type="text/javascript", body=CHATTY_SCRIPT))
    page.goto(host)
    frame = game_frame(page)
    wait_ready(frame)
    assert page.evaluate("window.posted") > 0
    assert not frame.is_visible("#startup-error")
    card = frame.locator("#hand [data-card]:not([disabled])").first.get_attribute("data-card")
    assert card
    tap_card(frame, card)
    answer_capture_choice(frame, card)
    wait_for_moves(frame, 1, key=EMBED_MATCH_KEY + "?players=2&preset=seeds&seed=3&ai=medium")  # the frame's own save


def test_an_address_that_finds_none_of_the_game_s_files_says_so_at_once(page: Page, guard: Guard, site_url: str,
                                                                        artifacts: Path) -> None:
    """``index.html/`` (a trailing slash) is answered with the page by some hosts, but every file it
    names is then looked for under it and none is found: the page stayed on "Loading the game…". Its
    own HTML says at once that the game could not load, with a link to the game's own address."""
    page.route(f"{site_url}index.html/", lambda route: route.fulfill(
        status=200, content_type="text/html", body=(SITE / "index.html").read_text(encoding="utf-8")))
    guard.expect_errors = True  # (every file of the page is missing there)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{site_url}index.html/")
    said = page.locator("#no-start")
    assert said.is_visible()  # as soon as the page has loaded, without waiting for anything
    assert "Pasur could not load" in said.inner_text()
    link = page.get_by_role("link", name="Open the game at its own address")
    assert link.is_visible()
    assert page.evaluate("a => a.href", link.element_handle()) == site_url
    page.screenshot(path=str(artifacts / "startup-wrong-address-360x740.png"))
    link.click()
    wait_ready(page)
    guard.expect_errors = False
    assert page.url == site_url
    expect(page.locator("#no-start")).to_have_count(0)  # the scripts ran: the page's own note is gone
    expect(page.locator("#start")).to_be_visible()


# The wait before the page's own note shows (a CSS animation's delay), moved on to its end.
NOTE_WAITED = """() => { const wait = document.getAnimations().find(a => a.animationName === 'no-start-late');
  wait.currentTime = wait.effect.getComputedTiming().endTime; }"""


def test_a_page_whose_scripts_never_load_says_so_and_offers_to_load_it_again(page: Page, guard: Guard,
                                                                           site_url: str, artifacts: Path) -> None:
    """None of the page's scripts arrives (the style sheet does): after a while, with nothing of the
    game to say it, the page says that the game could not load and offers to load it again (its own
    address). The wait is the test's: the animation that holds the note is moved on to its end."""
    page.route("**/web/*.js", lambda route: route.abort())
    guard.expect_errors = True
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{site_url}?lang=en")
    said = page.locator("#no-start")
    expect(page.locator("#loading-text")).to_be_visible()
    assert said.is_hidden()  # not yet: scripts may be slow to come
    page.evaluate(NOTE_WAITED)
    expect(said).to_be_visible()
    assert "scripts did not arrive" in said.inner_text()
    assert page.get_by_role("link", name="Open the game at its own address").is_hidden()
    again = page.get_by_role("link", name="load the page again")
    assert page.evaluate("a => a.href", again.element_handle()) == f"{site_url}?lang=en"
    page.screenshot(path=str(artifacts / "startup-no-scripts-360x740.png"))
    page.unroute("**/web/*.js")
    again.click()
    wait_ready(page)
    guard.expect_errors = False
    expect(page.locator("#no-start")).to_have_count(0)
    expect(page.locator("#start")).to_be_visible()


@pytest.mark.fresh
@pytest.mark.browser_context_args(service_workers="block")  # (requests go to the network)
def test_a_file_of_the_start_that_fails_to_arrive_is_asked_for_again(page: Page, guard: Guard, site_url: str) -> None:
    """A network that drops a request or two: PyScript's first file is asked for again, and the game
    starts, rather than saying that its files could not be loaded."""
    asked: list[str] = []

    def drop_twice(route: Route) -> None:
        asked.append(route.request.url)
        if len(asked) <= 2:
            route.abort()
        else:
            route.continue_()

    page.route("**/vendor/pyscript/core.js", drop_twice)
    guard.expected = ["Failed to load resource", "core.js"]  # (the browser says so of each dropped request)
    open_page(page, f"{site_url}?lang=en")
    assert page.get_attribute("html", "data-error") is None
    expect(page.locator("#start")).to_be_visible()
    assert len(asked) >= 3  # dropped twice, then given
