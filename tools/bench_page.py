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
compressed) and files sent twice, and times the computer's moves in the page for each level.

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
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from build import build  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright  # noqa: E402

from pasur import Game  # noqa: E402
from serve import SiteServer, SwitchableHandler  # noqa: E402

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
BARE_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Hello</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="./vendor/pyscript/core.css">
<script type="module" src="./vendor/pyscript/core.js"></script>
</head>
<body>
<p id="out">Loading…</p>
<script type="py" config="./pyscript.toml">
from pyscript import document
document.getElementById("out").textContent = "Hello from Python"
document.documentElement.setAttribute("data-ready", "")
</script>
</body>
</html>
"""
LEVELS = ("easy", "medium", "hard")
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
LABELS = {"setup": "setup panel, Start pressed", "url": "game from URL", "saved": "saved game",
          "embed": "embedded game", "hello": "bare PyScript hello"}
NETWORKS = {"local": None, "mobile": (20e6, 0.040)}  # bits per second down, round trip in seconds


def build_bare(out: Path, site: Path) -> None:
    """The reference page: PyScript and Pyodide from the same vendored files, printing hello."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    shutil.copytree(site / "vendor", out / "vendor")
    # Pyodide's own standard library, as Pyodide ships it (the game has its own, tools/precompile.mjs).
    stdlib = "python_stdlib.zip"
    shutil.copy2(ROOT / "node_modules" / "pyodide" / stdlib, out / "vendor" / "pyodide" / stdlib)
    (out / "index.html").write_text(BARE_PAGE, encoding="utf-8")
    (out / "pyscript.toml").write_text('interpreter = "./vendor/pyodide/pyodide.mjs"\n', encoding="utf-8")


class Link:
    """One network link: responses wait a round trip, then share its bandwidth."""

    def __init__(self, bits_per_second: float, round_trip: float) -> None:
        self.rate = bits_per_second / 8
        self.round_trip = round_trip
        self.lock = threading.Lock()
        self.free_at = 0.0

    def wait_for(self, size: int) -> None:
        with self.lock:
            now = time.monotonic()
            self.free_at = max(now, self.free_at) + size / self.rate
            delay = self.free_at - now
        time.sleep(delay)


class CountingWriter:
    """The response stream of one request: counts the bytes sent, through the link if any."""

    def __init__(self, raw: Any, link: Link | None) -> None:
        self.raw = raw
        self.link = link
        self.count = 0

    def write(self, data: bytes) -> int:
        view = memoryview(data)
        for start in range(0, len(view), 16384):
            piece = view[start:start + 16384]
            if self.link:
                self.link.wait_for(len(piece))
            self.raw.write(piece)
            self.count += len(piece)
        return len(data)

    def flush(self) -> None:
        self.raw.flush()


class BenchServer(SiteServer):
    link: Link | None
    sent_bytes: list[tuple[str, int]]  # (path, bytes sent: headers and body)


class BenchHandler(SwitchableHandler):
    def handle_one_request(self) -> None:
        server = self.server
        assert isinstance(server, BenchServer)
        writer = CountingWriter(self.wfile, server.link)
        self.wfile = writer  # type: ignore[assignment]
        if server.link:
            # The request's way there and the answer's first byte's way back.
            self.rfile.peek(1)  # type: ignore[attr-defined]
            time.sleep(server.link.round_trip)
        try:
            super().handle_one_request()
        finally:
            self.wfile = writer.raw
        if getattr(self, "path", None):
            server.sent_bytes.append((self.path.partition("?")[0], writer.count))


def serve(folder: Path) -> tuple[BenchServer, str]:
    server = BenchServer(("127.0.0.1", 0), BenchHandler)
    server.folder = folder
    server.requests = []
    server.sent_bytes = []
    server.link = None
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


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

    def ai_times(self, moves_per_level: int) -> None:
        """Play human moves until each level has made enough computer moves; keep their times."""
        _, url = self.ours
        times: dict[str, list[float]] = {}
        for level in LEVELS:
            context = self.browser.new_context()
            page = context.new_page()
            seed = 1
            collected: list[float] = []
            while len(collected) < moves_per_level:
                page.goto(f"{url}?lang=en&players=2&seed={seed}&speed=instant&ai={level}")
                page.wait_for_selector("html[data-ready]", timeout=180_000)
                for _ in range(60):
                    if not play_a_card(page):
                        break
                    page.wait_for_function("n => window.pasurMetrics.ai.length >= n", arg=len(collected) + 1,
                                           timeout=60_000)
                    collected = [float(item.split(":")[1]) for item in page.evaluate("window.pasurMetrics.ai")]
                    if len(collected) >= moves_per_level:
                        break
                seed += 1
            times[level] = collected[:moves_per_level]
            context.close()
        self.results["ai_ms"] = times

    def coach_times(self, deals: int) -> None:
        """Play deals by clicks, then time the move review of each (and one daily duplicate deal):
        the whole computation, and its longest step without a pause (the page answers between)."""
        _, url = self.ours
        found: dict[str, list[list[float]]] = {"review": [], "duplicate": []}
        for seed in range(1, deals + 1):
            context = self.browser.new_context()
            page = context.new_page()
            query = "daily=2026-12-01" if seed == 1 else f"players=2&seed={seed}&ai=medium"
            page.goto(f"{url}?lang=en&speed=instant&{query}")
            page.wait_for_selector("html[data-ready]", timeout=120_000)
            while play_a_card(page):
                pass
            if seed == 1:
                page.wait_for_function("() => window.pasurMetrics.coach.some(m => m.startsWith('duplicate'))",
                                       timeout=300_000)
            page.click("#review-open")
            page.wait_for_selector("#review[data-done]", timeout=300_000)
            for item in page.evaluate("window.pasurMetrics.coach"):
                kind, total, longest = str(item).split(":")
                found[kind].append([float(total), float(longest)])
            context.close()
        self.results["coach_ms"] = found

    def close(self) -> None:
        self.browser.close()


def play_a_card(page: Page) -> bool:
    """Wait for the player's turn and play the first legal move by clicks; False once the deal is over."""
    page.wait_for_function(
        "() => document.documentElement.dataset.phase !== 'play'"
        " || document.querySelector('#hand [data-card]:not([disabled])')", timeout=60_000)
    if page.get_attribute("html", "data-phase") != "play":
        return False
    game = Game.from_json(json.loads(page.evaluate("localStorage.getItem('pasur.match')"))["game"])
    move = game.legal_moves()[0]
    page.click(f'#hand [data-card="{move.card}"]')
    if page.locator("#capture-choice [data-capture]").count():
        page.locator("#capture-choice [data-capture]").first.click()
    return True


def spread(values: list[float]) -> dict[str, float]:
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def summarize(results: dict[str, Any]) -> dict[str, Any]:
    """Per row: min / median / max of each mark, how many loads started from the snapshot, and
    the median over rounds of the ratio to the bare page's time to ready in the same round."""
    runs = results["runs"]
    summary: dict[str, Any] = {}
    for key, samples in runs.items():
        site, _, mode, network = key.split()
        row: dict[str, Any] = {}
        for mark in ("first-paint", "first-contentful-paint", "start", "ready", "card"):
            values = [sample[mark] for sample in samples if mark in sample]
            if values:
                row[mark] = spread(values)
        row["boots"] = {boot: sum(1 for s in samples if s.get("boot") == boot) for boot in ("snapshot", "plain")}
        bare = runs.get(f"bare hello {mode} {network}", [])
        for mark in ("start", "card"):
            pairs = [sample[mark] / reference["ready"] for sample, reference in zip(samples, bare, strict=False)
                     if mark in sample and site == "ours"]
            if pairs:
                row[f"{mark}_ratio"] = spread(pairs)
        summary[key] = row
    summary["ai_ms"] = {level: {"median": statistics.median(ms), "p95": percentile(ms, 0.95), "worst": max(ms),
                                "moves": len(ms)} for level, ms in results.get("ai_ms", {}).items()}
    summary["coach_ms"] = {kind: {"runs": len(rows), "median": statistics.median(r[0] for r in rows),
                                  "worst": max(r[0] for r in rows), "longest_step": max(r[1] for r in rows)}
                           for kind, rows in results.get("coach_ms", {}).items() if rows}
    return summary


def table(results: dict[str, Any], summary: dict[str, Any]) -> str:
    def cell(value: dict[str, float] | None, digits: int = 0) -> str:
        if not value:
            return "-"
        return f"{value['min']:.{digits}f} / {value['median']:.{digits}f} / {value['max']:.{digits}f}"

    def ratio(value: dict[str, float] | None) -> str:
        return f"{value['median']:.2f}x" if value else "-"

    lines: list[str] = []
    for network in NETWORKS:
        rows = [(key, row) for key, row in summary.items() if key.endswith(f" {network}")]
        if not rows:
            continue
        link = NETWORKS[network]
        lines += ["", f"### {network}: " + (f"{link[0] / 1e6:.0f} Mbit/s, {link[1] * 1000:.0f} ms round trip"
                                             if link else "127.0.0.1, no emulation"), "",
                  "| page | visit | first contentful paint | start panel accepts a click | Python ready |"
                  " first card playable | card / bare ready | start / bare ready | snapshot starts |",
                  "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
        for key, row in rows:
            site, label, mode, _ = key.split()
            boots = row["boots"]
            started = f"{boots['snapshot']} of {boots['snapshot'] + boots['plain']}" if site == "ours" else "-"
            lines.append(f"| {LABELS[label]} | {mode} | {cell(row.get('first-contentful-paint'))} |"
                         f" {cell(row.get('start'))} | {cell(row.get('ready'))} | {cell(row.get('card'))} |"
                         f" {ratio(row.get('card_ratio'))} | {ratio(row.get('start_ratio'))} | {started} |")
    lines += ["", "Times in ms from navigation, min / median / max. Ratios: median over rounds of the game's time "
              "divided by the bare page's time to Python ready in the same round."]
    transfer = results.get("transfer", {})
    for network in NETWORKS:
        ours, bare = transfer.get(f"ours {network}"), transfer.get(f"bare {network}")
        if ours and bare:
            lines.append(f"First visit ({network}), as sent (gzip where the server compresses): game "
                         f"{ours['bytes'] / 1e6:.2f} MB in {ours['requests']} requests, bare page "
                         f"{bare['bytes'] / 1e6:.2f} MB in {bare['requests']} requests: "
                         f"{ours['bytes'] / bare['bytes'] - 1:+.1%}; sent twice: "
                         f"{', '.join(ours['sent_twice'] + bare['sent_twice']) or 'nothing'}.")
    if summary["ai_ms"]:
        lines += ["", "| computer level | moves | median ms | 95th percentile ms | worst ms |",
                  "| --- | --- | --- | --- | --- |"]
        for level, row in summary["ai_ms"].items():
            lines.append(f"| {level} | {row['moves']} | {row['median']:.1f} | {row['p95']:.1f} | {row['worst']:.1f} |")
    if summary.get("coach_ms"):
        lines.append("")
        lines.append("| computation | runs | median ms | worst ms | longest step without a pause, ms |")
        lines.append("| --- | --- | --- | --- | --- |")
        names = {"review": "move review of a 2-player deal", "duplicate": "daily duplicate deal"}
        for kind, row in summary["coach_ms"].items():
            lines.append(f"| {names[kind]} | {row['runs']} | {row['median']:.0f} | {row['worst']:.0f} |"
                         f" {row['longest_step']:.0f} |")
    return "\n".join(lines).strip()


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
                    bench.ai_times(args.ai_moves)
            bench.coach_times(args.reviews)
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
