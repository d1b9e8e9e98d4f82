"""How quickly the page answers a tap, as a player on a slow phone feels it: Chromium's CPU slowed
down (DevTools' CPU throttling, 4x by default) at 360x740 with touch, a game against the computer
at normal speed, and every tap on a hand card or a capture option timed by the Event Timing API
(the duration from the input to the next paint after its handlers: the figure behind INP).

    python tools/bench_tap.py [--site site] [--other OLD_SITE] [--taps 40] [--slowdown 4] [--paces 0,300]
                              [--out bench-results]

Each pace is measured on its own: 0 taps as soon as a card can be played (mostly while the
computer's card is still flying, and the second tap that plays a card looked at right after the
first: no person taps that fast), 300 waits that many milliseconds first (about when the
computer's card has landed, and a quick player's second tap). Each tap's interaction is the
longest of its events (pointerdown, pointerup, click); the taps on
the buttons between deals are left out (``other_taps`` counts them). It reports
the median, the 95th percentile and the maximum, in milliseconds, for the site and, with
``--other``, for another build of the game measured in the same run (an older build, to compare);
with each, the 95th percentiles of the handlers' time and of the input delay (the wait before the
handlers ran: the page was busy when the tap came), and the same figures by what the tap did
(``by_kind``: a card looked at, a card played, a capture chosen). ``drawn`` gives, for the same
taps, the time from the tap to the paint of the game's whole drawing of it (the card played
flying, the capture choice open), which can come a frame after the paint that answers the tap.
``crossings`` gives, for a build that counts them (``window.pasur.draw.crossings``), how many calls went
between the page's scripts and the game's Python from each tap to the end of its answer.
Writes ``tap.json`` and prints the figures; asserts nothing (timings on shared machines vary).
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

from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from playwright.sync_api import Page, sync_playwright  # noqa: E402

from serve import serve_in_thread  # noqa: E402

# Every interaction's events, as the Event Timing API reports them (durations rounded to 8 ms),
# each marked with whether it was a tap on a hand card or a capture option (the taps measured; the
# buttons between deals are tapped to go on, not counted). That is read as the event comes (by the
# event's time, which is the entry's start): once the entry is reported, a card played has left the page.
WATCH = """
window.__taps = [];
const tapped = new Map();
let what = "";
for (const kind of ["pointerdown", "pointerup", "click"]) {
  addEventListener(kind, (event) => {
    const card = event.target && event.target.closest
      && event.target.closest("#hand [data-card], #capture-choice [data-capture]");
    // What the tap does, as seen when it starts: a capture chosen, a card looked at or played.
    if (kind === "pointerdown") {
      what = !card ? "" : card.hasAttribute("data-capture") ? "choice"
        : card.classList.contains("selected") ? "play" : "look";
    }
    tapped.set(kind + " " + event.timeStamp, card ? what : "");
  }, true);
}
// When the game's own drawing of a tap on a card is on screen: the frame after the first one that
// starts with no drawing due (html[data-drawing]) and no tap's answer left (.pressed), from the tap.
window.__drawn = [];
addEventListener("click", (event) => {
  if (!what || !event.target.closest("#hand [data-card], #capture-choice [data-capture]")) return;
  const kind = what, start = event.timeStamp, root = document.documentElement;
  const check = () => requestAnimationFrame(() => {
    if (root.hasAttribute("data-drawing") || document.querySelector(".pressed")) return check();
    requestAnimationFrame((painted) => window.__drawn.push([kind, painted - start]));
  });
  check();
}, true);
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.interactionId) window.__taps.push([entry.interactionId, entry.name, entry.duration,
      entry.processingEnd - entry.processingStart, tapped.get(entry.name + " " + entry.startTime) || "",
      entry.processingStart - entry.startTime]);
  }
}).observe({type: "event", durationThreshold: 16, buffered: true});
"""
PLAYABLE = "#hand [data-card]:not([disabled])"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def tap_once(page: Page, pace: int = 0) -> bool:
    """Tap a playable card (and a capture option when a choice opens), ``pace`` ms after it can be;
    False when no card is playable."""
    page.wait_for_function("s => !document.documentElement.hasAttribute('data-drawing') && "
                           "(!!document.querySelector(s) || !!document.querySelector('#next-deal, #play-again'))",
                           arg=PLAYABLE, timeout=60_000)
    if pace:
        page.wait_for_timeout(pace)
    for button in ("#next-deal", "#play-again"):
        if page.locator(button).count():
            page.locator(button).tap()
            return button == "#next-deal"
    page.locator(PLAYABLE).first.tap()
    choice = page.locator("#capture-choice:not([hidden]) [data-capture]")
    page.wait_for_timeout(max(50, pace))
    if choice.count():
        choice.first.tap()
    return True


def measure(site: Path, taps: int, slowdown: float, pace: int = 0) -> dict[str, Any]:
    server, url = serve_in_thread(site)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
            page = context.new_page()
            page.add_init_script(WATCH)
            page.goto(f"{url}?players=2&seed=11&speed=normal&lang=en")
            page.wait_for_selector("html[data-ready]", timeout=120_000)
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
            done = 0
            while done < taps and tap_once(page, pace):
                done += 1
            page.wait_for_timeout(500)
            entries = page.evaluate("window.__taps")
            drawn = page.evaluate("window.__drawn")
            crossings = page.evaluate("window.pasur.draw.crossings ? window.pasur.draw.crossings().taps : null")
            browser.close()
    finally:
        server.shutdown()
    out = summary(entries)
    out["drawn"] = drawn_figures(drawn)
    if crossings is not None:  # (a build that counts them)
        out["crossings"] = {"taps": len(crossings), "max": max(crossings, default=0),
                            "counts": {str(n): crossings.count(n) for n in sorted(set(crossings))}}
    return out


def drawn_figures(drawn: list[list[Any]]) -> dict[str, Any]:
    """From a tap to the paint of the game's drawing of it (which, where a tap is answered first,
    comes after the paint that answers it): median and 95th percentile, overall and by kind."""
    def figures(values: list[float]) -> dict[str, float]:
        return {"p50_ms": round(statistics.median(values), 1), "p95_ms": round(percentile(values, 0.95), 1)}
    if not drawn:
        return {}
    out: dict[str, Any] = figures([ms for _, ms in drawn])
    for kind in sorted({kind for kind, _ in drawn}):
        out[kind] = figures([ms for each, ms in drawn if each == kind])
    return out


def summary(entries: list[list[Any]]) -> dict[str, Any]:
    """The figures of the taps on cards: each tap's longest event (its duration, handlers' time and
    input delay, the wait before its handlers ran), overall and by what the tap did."""
    taps: dict[int, dict[str, Any]] = {}
    kinds = {entry[0]: entry[4] for entry in entries if entry[4]}
    for ident, _name, duration, processing, _kind, delay in entries:
        if ident in kinds and duration >= taps.get(ident, {}).get("ms", -1.0):
            taps[ident] = {"ms": duration, "handlers": processing, "delay": delay, "kind": kinds[ident]}
    if not taps:
        return {"taps": 0}

    def figures(chosen: list[dict[str, Any]]) -> dict[str, Any]:
        durations = [tap["ms"] for tap in chosen]
        return {"taps": len(chosen), "p50_ms": statistics.median(durations), "p95_ms": percentile(durations, 0.95),
                "max_ms": max(durations),
                "handlers_p95_ms": round(percentile([tap["handlers"] for tap in chosen], 0.95), 1),
                "input_delay_p95_ms": round(percentile([tap["delay"] for tap in chosen], 0.95), 1)}

    out = figures(list(taps.values()))
    out["other_taps"] = len({entry[0] for entry in entries} - set(kinds))
    out["by_kind"] = {kind: figures([tap for tap in taps.values() if tap["kind"] == kind])
                      for kind in sorted({tap["kind"] for tap in taps.values()})}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--other", type=Path, help="another build of the site, measured in the same run")
    parser.add_argument("--taps", type=int, default=40)
    parser.add_argument("--slowdown", type=float, default=4.0)
    parser.add_argument("--paces", default="0,300", help="ms between a card becoming playable and the tap")
    parser.add_argument("--out", type=Path, default=ROOT / "bench-results")
    args = parser.parse_args()
    results: dict[str, Any] = {"slowdown": args.slowdown, "by_pace": {}}
    for pace in (int(value) for value in args.paces.split(",")):
        runs = {"site": measure(args.site, args.taps, args.slowdown, pace)}
        if args.other:
            runs["other"] = measure(args.other, args.taps, args.slowdown, pace)
        results["by_pace"][str(pace)] = runs
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "tap.json").write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
