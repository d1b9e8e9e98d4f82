"""The page benchmark: how fast the game opens and plays in headless Chromium, measured against a
bare PyScript + Pyodide "hello" page built from the same pinned packages, in the same run.

    python tools/bench_page.py [--runs 5] [--networks local,mobile] [--ai-moves 30] [--out bench-results]

It builds both sites and serves each from its own origin (tools/serve.py, which gzips text,
scripts and WebAssembly as most static hosts do). For each network setting it makes ``--runs``
rounds; each round loads, one after the other, the bare page and the game started each way a game
starts: from the setup panel (Start pressed as soon as it accepts a click), from URL parameters,
from a saved game, and embedded (``embed=1``), first cold (a fresh browser context: empty caches, no
service worker) then warm (the browser restarted on a persistent profile that visited once, so
the game has its service worker and its snapshot of the interpreter). It records, from
navigation: first paint and first contentful paint, when the start panel accepts a click, when
Python is ready, when the first card can be played, and which way the interpreter started
(html[data-boot]). Each game load is compared with the bare page's load of the same round; the
tables give the median of those ratios. It also counts the bytes sent on a first visit (as sent,
compressed) and files sent twice, and times what the page computes (tools/bench_work.py): a
computer's move for each level, a computer's move at the normal speed in a 4-player game, a move
review, the daily duplicate deal.

Network settings: ``local`` is 127.0.0.1 as it is; ``mobile`` is a typical mobile connection,
20 Mbit/s down and 40 ms round trip, emulated by the server (each response waits one round trip
and every byte goes through one 20 Mbit/s link per site). Chromium's own emulation (DevTools'
Network.emulateNetworkConditions) is not used: it does not slow down what a service worker
fetches, which is most of what the game fetches.

It writes ``page.json`` and ``page.md`` (the tables) and prints the tables. It asserts nothing:
timings on shared machines are noisy, so it reports minimum, median and maximum.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import bench_work  # noqa: E402
from bench_net import BenchServer, Link, build_bare, serve  # noqa: E402
from bench_report import NETWORKS, summarize, table  # noqa: E402
from build import build  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright  # noqa: E402

# Marks taken inside the page (performance.now(), ms since navigation start) as the DOM changes.
MARKS = """
window.__marks = {};
(() => {
  const mark = (name) => { if (!(name in window.__marks)) window.__marks[name] = performance.now(); };
  const check = () => {
    const root = document.documentElement;
    if (!root) return;
    if (root.hasAttribute('data-ready')) mark('ready');
    const start = document.querySelector('#start');
    if (start && !start.disabled && start.offsetParent !== null) mark('start');
    if (document.querySelector('#hand [data-card]:not([disabled])')) mark('card');
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true});
  check();
})();
"""
# Every saved game, the embedded ones included (saved under "pasur.embed.match?<their parameters>").
CLEAR = ("Object.keys(localStorage).filter((key) => key === 'pasur.match' || key.startsWith('pasur.embed.match'))"
         ".forEach((key) => localStorage.removeItem(key));")
# (label, query, what the load waits for, whether Start is pressed) of each way a game starts.
GAME_STARTS = (
    ("setup", "?lang=en&speed=instant", "card", True),
    ("url", "?lang=en&players=2&seed=1&speed=instant", "card", False),
    ("saved", "?lang=en&speed=instant", "card", False),
    ("embed", "?embed=1&lang=en&players=2&seed=1&speed=instant", "card", False),
)


def load(page: Page, url: str, until: str, press_start: bool, timeout: float = 180_000) -> dict[str, Any]:
    page.goto(url)
    if press_start:
        page.click("#start", timeout=timeout)
    page.wait_for_function(f"() => window.__marks && '{until}' in window.__marks", timeout=timeout)
    if until != "ready":
        page.wait_for_function("() => 'ready' in window.__marks", timeout=timeout)
    marks: dict[str, Any] = page.evaluate("window.__marks")
    for entry in page.evaluate("performance.getEntriesByType('paint').map(e => [e.name, e.startTime])"):
        marks[str(entry[0])] = float(entry[1])
    marks["boot"] = page.get_attribute("html", "data-boot")
    return marks


class Bench:
    def __init__(self, pw: Playwright, runs: int, ours: tuple[BenchServer, str], bare: tuple[BenchServer, str],
                 profiles: Path) -> None:
        self.pw = pw
        self.runs = runs
        self.ours = ours
        self.bare = bare
        self.profiles = profiles
        self.browser: Browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        self.saved_game = ""
        self.results: dict[str, Any] = {"runs": {}, "transfer": {}}

    def targets(self) -> list[tuple[str, str, str, str, bool]]:
        """(site, label, url, mark waited for, Start pressed) of each load of one round."""
        _, bare_url = self.bare
        _, ours_url = self.ours
        return [("bare", "hello", bare_url, "ready", False)] + [
            ("ours", label, ours_url + query, until, press) for label, query, until, press in GAME_STARTS]

    def prepare(self, context: BrowserContext, label: str) -> None:
        context.add_init_script(MARKS)
        if label == "saved":
            context.add_init_script(f"localStorage.setItem('pasur.match', {json.dumps(self.saved_game)});")
        else:
            context.add_init_script(CLEAR)

    def persistent(self, name: str) -> BrowserContext:
        return self.pw.chromium.launch_persistent_context(self.profiles / name, executable_path=CHROMIUM,
                                                          args=CHROMIUM_ARGS)

    def first_visits(self, network: str) -> None:
        """A saved game to resume, the bytes of a first visit, and the warm profiles' first visit."""
        for site, (server, url) in (("bare", self.bare), ("ours", self.ours)):
            context = self.browser.new_context()
            page = context.new_page()
            since, since_requests = len(server.sent_bytes), len(server.requests)
            started = time.monotonic()
            page.goto(url + ("?lang=en&players=2&seed=1&speed=instant" if site == "ours" else ""))
            page.wait_for_selector("html[data-ready]", timeout=180_000)
            if site == "ours":
                page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=300_000)
                self.saved_game = page.evaluate("localStorage.getItem('pasur.match')")
            else:
                page.wait_for_timeout(2000)
            self.results["transfer"][f"{site} {network}"] = {
                "requests": len(server.sent_bytes) - since,
                "bytes": sum(size for _, size in server.sent_bytes[since:]),
                "sent_twice": server.sent_twice(since_requests),
                "seconds": round(time.monotonic() - started, 1)}
            context.close()
            profile = self.profiles / f"{site}-{network}"
            if profile.exists():
                shutil.rmtree(profile)
            context = self.persistent(f"{site}-{network}")
            page = context.new_page()
            page.goto(url + "?lang=en")
            page.wait_for_selector("html[data-ready]", timeout=180_000)
            if site == "ours":
                page.wait_for_selector("html[data-snapshot='saved']", state="attached", timeout=120_000)
                page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=300_000)
            else:
                page.wait_for_timeout(2000)
            context.close()

    def round(self, network: str, mode: str) -> None:
        for site, label, url, until, press in self.targets():
            if mode == "cold":
                context = self.browser.new_context()
            else:
                context = self.persistent(f"{site}-{network}")
            self.prepare(context, label)
            page = context.new_page()
            sample = load(page, url, until, press)
            context.close()
            self.results["runs"].setdefault(f"{site} {label} {mode} {network}", []).append(sample)

    def measure(self, network: str) -> None:
        link = NETWORKS[network]
        for server, _ in (self.ours, self.bare):
            server.link = Link(*link) if link else None
        try:
            self.first_visits(network)
            for _ in range(self.runs):
                self.round(network, "cold")
                self.round(network, "warm")
        finally:
            for server, _ in (self.ours, self.bare):
                server.link = None

    def close(self) -> None:
        self.browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--networks", default="local,mobile", help="comma-separated: " + ", ".join(NETWORKS))
    parser.add_argument("--ai-moves", type=int, default=30, help="computer moves timed per level (0: none)")
    parser.add_argument("--reviews", type=int, default=3, help="deals played and reviewed (the first is a daily deal)")
    parser.add_argument("--only-coach", action="store_true", help="measure the review and the daily deal only")
    parser.add_argument("--out", type=Path, default=ROOT / "bench-results")
    args = parser.parse_args()
    networks = [name for name in args.networks.split(",") if name]
    unknown = set(networks) - set(NETWORKS)
    if unknown:
        parser.error(f"--networks: unknown {', '.join(sorted(unknown))}; choose from {', '.join(NETWORKS)}")
    args.out.mkdir(parents=True, exist_ok=True)
    site = ROOT / "site"
    build(site)
    bare_folder = args.out / "bare-site"
    build_bare(bare_folder, site)
    ours, bare = serve(site), serve(bare_folder)
    started = time.time()
    with sync_playwright() as pw, tempfile.TemporaryDirectory() as profiles:
        bench = Bench(pw, args.runs, ours, bare, Path(profiles))
        try:
            if not args.only_coach:
                for network in networks:
                    bench.measure(network)
                if args.ai_moves:
                    bench.results.update(bench_work.ai_times(bench.browser, bench.ours[1], args.ai_moves))
                    bench.results["normal_move_ms"] = bench_work.pace(bench.browser, bench.ours[1], 4)
            bench.results["coach_ms"] = bench_work.coach_times(bench.browser, bench.ours[1], args.reviews)
        finally:
            bench.close()
    results = bench.results
    results["machine"] = {"cpus": os.cpu_count(), "platform": platform.platform(),
                          "python": platform.python_version(), "date": time.strftime("%Y-%m-%d"),
                          "seconds": round(time.time() - started), "load_average": os.getloadavg()}
    results["summary"] = summarize(results)
    text = table(results, results["summary"])
    (args.out / "page.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    (args.out / "page.md").write_text(text + "\n", encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
