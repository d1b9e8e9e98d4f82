"""How long a move between friends takes to show on the other player's screen, and how many bytes it
costs: the host at 1280x800, the friend at 360x740, the WebRTC data channel between them. Three ways:

- ``local``: two contexts of one browser, the site and the signalling server on this machine;
- ``direct``: two homes behind cone NATs on the small internet of tools/internet.py, one Chromium in
  each, reaching each other through STUN (case 1 of e2e/online/test_internet.py);
- ``relay``: the friend's home behind a symmetric NAT, the game through coturn (case 2).

On the small internet each router holds what it sends out 40 ms (``tc netem``): a message from one
home to the other takes 40 ms more, a round trip 80 ms (through the relay, the same: the relay is on
the public side). Run it in a network and mount namespace of its own, as the tests are
(``./dev bench-online`` does):

    unshare -nm tools/netns.sh python tools/bench_online.py [--moves 40] [--ways local,direct,relay]

For each move: the time from the player's pointerdown on a card to the moment the other page shows
that move (``#last-move[data-move]`` changes there), and for a friend's move, to the moment the
friend's own page shows it (the host sends it back); every page's clock read as Date.now() (one
machine, one clock, whatever namespace a browser runs in). Bytes: every message each page received, per move. Writes
``online.json`` and prints the median, the 95th percentile and the maximum; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import world  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402
from signalling import start  # noqa: E402

from serve import serve_in_thread  # noqa: E402

# On every page: when the player presses a card, when a move shows, and what the page received.
WATCH = """
window.__pressed = []; window.__shown = []; window.__bytes = 0;
addEventListener("pointerdown", (event) => {  // a card, a capture option or Play: the press that plays
  if (event.target.closest("#hand [data-card], #capture-choice [data-capture], #play-card")) {
    window.__pressed.push(Date.now());
  }
}, true);
new MutationObserver(() => {
  const last = document.getElementById("last-move");
  const move = last && last.dataset.move;
  if (move && move !== window.__lastShown) { window.__lastShown = move; window.__shown.push([Date.now(), move]); }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-move"], childList: true});
let real;
Object.defineProperty(window.pasur ??= {}, "peers", {configurable: true, get() { return real; }, set(value) {
  for (const name of ["listen", "seek"]) {
    const start = value[name];
    value[name] = (code, heard) => start(code, (kind, peer, text) => {
      if (kind === "message") window.__bytes += new TextEncoder().encode(text).length;
      heard(kind, peer, text);
    });
  }
  real = value;
}});
"""
PLAYABLE = "#hand [data-card]:not([disabled])"
LOOKED_AT = """c => !!document.querySelector(`#hand [data-card="${c}"].selected, #capture-choice [data-capture]`)"""


def player(browser: Browser, width: int, height: int) -> Page:
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    page.add_init_script(WATCH)
    return page


def seat_both(host_browser: Browser, friend_browser: Browser, url: str) -> tuple[Page, Page]:
    host, friend = player(host_browser, 1280, 800), player(friend_browser, 360, 740)
    host.goto(url + "?lang=en&speed=instant")
    host.wait_for_selector("html[data-ready]")
    host.select_option("#kind-1", "friend")
    host.fill("#setup-target", "62")
    host.click("#play-friend")
    link = host.get_attribute("#table-link", "href")
    friend.goto(f"{link}&lang=en&speed=instant")
    friend.wait_for_selector("html[data-ready]")
    friend.fill("#join-name", "Mina")
    friend.click("#join")
    host.wait_for_selector("#table-start")
    host.wait_for_function("() => document.getElementById('lobby').innerText.includes('Everyone is seated')")
    host.click("#table-start")
    friend.wait_for_selector("html[data-phase=play]")
    return host, friend


def one_move(mover: Page, other: Page) -> tuple[float, float] | None:
    """The mover plays its first playable card (and capture): how long until the other page shows it,
    and until the mover's own page does (a friend's page shows its move once the host sent it back)."""
    card = mover.locator(PLAYABLE)
    if not card.count():
        return None
    seen = [page.evaluate("window.__shown.length") for page in (other, mover)]
    name = card.first.get_attribute("data-card")
    card.first.click()  # the first tap shows what the card would take (or opens the capture choice)
    mover.wait_for_function(LOOKED_AT, arg=name)
    choice = mover.locator("#capture-choice:not([hidden]) [data-capture]")
    if choice.count():
        choice.first.click()
    else:
        mover.locator(f'#hand [data-card="{name}"]').click()  # the second plays it
    for page, count in zip((other, mover), seen, strict=True):
        page.wait_for_function("n => window.__shown.length > n", arg=count, timeout=30_000)
    pressed = mover.evaluate("window.__pressed[window.__pressed.length - 1]")
    shown = [page.evaluate("window.__shown[window.__shown.length - 1][0]") for page in (other, mover)]
    return float(shown[0] - pressed), float(shown[1] - pressed)


def figures(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"median": round(statistics.median(ordered), 1),
            "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 1),
            "max": round(ordered[-1], 1), "n": len(ordered)}


def play(host: Page, friend: Page, moves: int) -> dict[str, Any]:
    results: dict[str, list[float]] = {"friend_to_host": [], "host_to_friend": [], "friend_own": []}
    made = 0
    while made < moves:
        if host.locator("#next-deal").is_visible():
            host.click("#next-deal")
        for mover, other, key in ((host, friend, "host_to_friend"), (friend, host, "friend_to_host")):
            took = one_move(mover, other)
            if took is not None:
                results[key].append(took[0])
                if mover is friend:
                    results["friend_own"].append(took[1])
                made += 1
        if host.get_attribute("html", "data-phase") == "match-end":
            break
    received = {"host": host.evaluate("window.__bytes"), "friend": friend.evaluate("window.__bytes")}
    route = friend.get_attribute("#online-status", "data-route") if friend.locator("#online-status").count() else None
    return {**{key: figures(values) for key, values in results.items() if values}, "route": route,
            "bytes_per_move": {who: round(total / max(1, made)) for who, total in received.items()}, "moves": made}


def measure_local(site: Path, moves: int) -> dict[str, Any]:
    settings = json.loads((site / "online.json").read_text(encoding="utf-8"))["signalling"]
    server_process = start(int(settings["port"]), str(settings["path"]))
    server, url = serve_in_thread(site)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=[
                *CHROMIUM_ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns"])
            result = play(*seat_both(browser, browser, url), moves)
            browser.close()
    finally:
        server.shutdown()
        server_process.terminate()
    return result


def measure_across(site: Path, moves: int, nat_b: str, delay: int) -> dict[str, Any]:
    """Two homes on the small internet, their routers' NATs ``cone`` and ``nat_b``, ``delay`` ms each."""
    with world.world(nat_b, site) as here, sync_playwright() as playwright:
        here.internet.delay(delay)
        browsers = [world.home_browser(playwright, home) for home in ("a", "b")]
        result = play(*seat_both(browsers[0], browsers[1], world.SITE), moves)
        for browser in browsers:
            browser.close()
    return {**result, "router_delay_ms": delay}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--ways", default="local,direct,relay", help="local, direct, relay (comma-separated)")
    parser.add_argument("--delay", type=int, default=40, help="each router's delay on the small internet, ms")
    parser.add_argument("--out", type=Path, default=ROOT / "bench-results")
    args = parser.parse_args()
    ways = [way.strip() for way in args.ways.split(",") if way.strip()]
    unknown = set(ways) - {"local", "direct", "relay"}
    if unknown:
        parser.error(f"--ways takes local, direct and relay, not {', '.join(sorted(unknown))}")
    results: dict[str, Any] = {}
    for way in ways:
        if way == "local":
            results[way] = measure_local(args.site, args.moves)
        else:
            results[way] = measure_across(args.site, args.moves, "cone" if way == "direct" else "symmetric",
                                          args.delay)
        shown = results[way]
        print(f"== {way} (the page says: {shown['route']})")
        for key in ("friend_to_host", "host_to_friend", "friend_own"):
            if key in shown:
                print(f"{key.replace('_', ' ')}: median {shown[key]['median']} ms, p95 {shown[key]['p95']} ms, "
                      f"max {shown[key]['max']} ms ({shown[key]['n']} moves)")
        print(f"bytes received per move: host {shown['bytes_per_move']['host']}, "
              f"friend {shown['bytes_per_move']['friend']}", flush=True)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "online.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
