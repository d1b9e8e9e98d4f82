"""The page benchmark: how fast the game opens and plays in headless Chromium, measured against a
bare PyScript + Pyodide "hello" page built from the same pinned packages, in the same run.

    python tools/bench_page.py [--runs 5] [--out bench-results]

It builds both sites, serves each from its own origin and measures, over ``--runs`` runs:
first paint and first contentful paint; the time until the start panel accepts a click and until
Python is ready; the time until the first card can be played; cold (a fresh profile: empty
caches, no service worker) and warm (a persistent profile, second visit); the bytes and requests
of a cold visit and any file sent twice; and the computer's time per move in the page for each
level. It writes ``page.json`` and ``page.md`` (the table) and prints the table. It asserts
nothing: timings on shared machines are noisy, so it reports minimum, median and maximum.
"""

from __future__ import annotations

import argparse
import json
import platform
import shutil
import statistics
import sys
import tempfile
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
from serve import SiteServer, serve_in_thread  # noqa: E402

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


def build_bare(out: Path, site: Path) -> None:
    """The reference page: PyScript and Pyodide from the same vendored files, printing hello."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    shutil.copytree(site / "vendor", out / "vendor")
    (out / "index.html").write_text(BARE_PAGE, encoding="utf-8")
    (out / "pyscript.toml").write_text('interpreter = "./vendor/pyodide/pyodide.mjs"\n', encoding="utf-8")


def sent(server: SiteServer, folder: Path, since: int = 0) -> dict[str, Any]:
    """Requests, bytes sent (files answered 200) and files sent more than once."""
    full = server.sent_in_full(since)

    def size(path: str) -> int:
        file = folder / path.lstrip("/")
        if file.is_dir():
            file = file / "index.html"
        return file.stat().st_size if file.exists() else 0

    own = sum(size(path) for path in set(full) if not path.startswith("/vendor/"))
    return {"requests": len(server.requests) - since, "bytes": sum(size(path) for path in full), "own_bytes": own,
            "sent_twice": server.sent_twice(since)}


def load(page: Page, url: str, until: str, timeout: float = 120_000) -> dict[str, float]:
    page.goto(url)
    page.wait_for_function(f"() => window.__marks && '{until}' in window.__marks", timeout=timeout)
    if until != "ready":
        page.wait_for_function("() => 'ready' in window.__marks", timeout=timeout)
    marks: dict[str, float] = page.evaluate("window.__marks")
    for entry in page.evaluate("performance.getEntriesByType('paint').map(e => [e.name, e.startTime])"):
        marks[str(entry[0])] = float(entry[1])
    return marks


class Bench:
    def __init__(self, pw: Playwright, runs: int, ours: tuple[SiteServer, str, Path],
                 bare: tuple[SiteServer, str, Path]) -> None:
        self.pw = pw
        self.runs = runs
        self.sites = {"ours": ours, "bare": bare}
        self.browser: Browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        self.results: dict[str, Any] = {"runs": {}}

    def targets(self, name: str) -> list[tuple[str, str, str]]:
        """(label, query, mark to wait for) of each measured load of one site."""
        if name == "bare":
            return [("start", "", "ready")]
        return [("start", "?lang=en", "start"), ("card", "?lang=en&players=2&seed=1&speed=instant", "card")]

    def cold(self, name: str) -> None:
        server, url, folder = self.sites[name]
        for label, query, until in self.targets(name):
            samples = []
            for run in range(self.runs):
                context = self.browser.new_context()
                context.add_init_script(MARKS)
                page = context.new_page()
                since = len(server.requests)
                marks = load(page, url + query, until)
                if run == 0 and label == "start":
                    page.wait_for_timeout(1500)  # let a service worker finish storing what it fetches
                    self.results.setdefault("transfer", {})[name] = sent(server, folder, since)
                samples.append(marks)
                context.close()
            self.results["runs"][f"{name} {label} cold"] = samples

    def warm(self, name: str) -> None:
        _, url, _ = self.sites[name]
        with tempfile.TemporaryDirectory() as profile:
            def context() -> BrowserContext:
                ctx = self.pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                ctx.add_init_script(MARKS)
                return ctx

            first = context()  # the first visit fills the caches (and installs the service worker)
            page = first.new_page()
            load(page, url + "?lang=en", "ready")
            page.wait_for_timeout(2000)
            first.close()
            for label, query, until in self.targets(name):
                samples = []
                for _ in range(self.runs):
                    ctx = context()
                    samples.append(load(ctx.new_page(), url + query, until))
                    ctx.close()
                self.results["runs"][f"{name} {label} warm"] = samples

    def ai_times(self, moves_per_level: int) -> None:
        """Play human moves until each level has made enough computer moves; keep their times."""
        _, url, _ = self.sites["ours"]
        times: dict[str, list[float]] = {}
        for level in LEVELS:
            context = self.browser.new_context()
            page = context.new_page()
            seed = 1
            collected: list[float] = []
            while len(collected) < moves_per_level:
                page.goto(f"{url}?lang=en&players=2&seed={seed}&speed=instant&ai={level}")
                page.wait_for_selector("html[data-ready]", timeout=120_000)
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
        _, url, _ = self.sites["ours"]
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
    summary: dict[str, Any] = {}
    for key, samples in results["runs"].items():
        row = {}
        for mark in ("first-paint", "first-contentful-paint", "start", "ready", "card"):
            values = [sample[mark] for sample in samples if mark in sample]
            if values:
                row[mark] = spread(values)
        summary[key] = row
    ratios = {}
    for mode in ("cold", "warm"):
        ours = summary.get(f"ours start {mode}", {}).get("start", {}).get("median")
        bare = summary.get(f"bare start {mode}", {}).get("ready", {}).get("median")
        if ours and bare:
            ratios[mode] = ours / bare
    summary["start_ratio_to_bare"] = ratios
    summary["ai_ms"] = {level: {"median": statistics.median(ms), "p95": percentile(ms, 0.95), "worst": max(ms),
                                "moves": len(ms)} for level, ms in results.get("ai_ms", {}).items()}
    summary["coach_ms"] = {kind: {"runs": len(rows), "median": statistics.median(r[0] for r in rows),
                                  "worst": max(r[0] for r in rows), "longest_step": max(r[1] for r in rows)}
                           for kind, rows in results.get("coach_ms", {}).items() if rows}
    return summary


def table(results: dict[str, Any], summary: dict[str, Any]) -> str:
    def cell(value: dict[str, float] | None) -> str:
        if not value:
            return "-"
        return f"{value['min']:.0f} / {value['median']:.0f} / {value['max']:.0f}"

    lines = ["| page | visit | first paint | first contentful paint | start panel accepts a click | Python ready |"
             " first card playable |", "| --- | --- | --- | --- | --- | --- | --- |"] if results["runs"] else []
    for key, row in summary.items():
        if not key.startswith(("ours", "bare")):
            continue
        site, label, mode = key.split()
        page = "game" if site == "ours" else "bare PyScript hello"
        what = {"start": "setup", "card": "game from URL"}[label] if site == "ours" else "hello"
        start = row.get("start") if site == "ours" else row.get("ready")
        lines.append(f"| {page}: {what} | {mode} | {cell(row.get('first-paint'))} |"
                     f" {cell(row.get('first-contentful-paint'))} | {cell(start)} | {cell(row.get('ready'))} |"
                     f" {cell(row.get('card'))} |")
    if results["runs"]:
        lines.append("")
        lines.append("Times in ms from navigation, min / median / max.")
    ratios = summary["start_ratio_to_bare"]
    if ratios:
        lines.append("Start panel accepts a click, median, as a share of the bare page's time to Python ready: "
                     + ", ".join(f"{mode} {ratio:.2f}x" for mode, ratio in ratios.items()) + ".")
    transfer = results.get("transfer", {})
    for name, info in transfer.items():
        label = "game" if name == "ours" else "bare page"
        lines.append(f"Cold visit, {label}: {info['requests']} requests, {info['bytes'] / 1e6:.2f} MB sent, "
                     f"sent twice: {', '.join(info['sent_twice']) or 'nothing'}.")
    if "ours" in transfer and "bare" in transfer:
        extra = transfer["ours"]["bytes"] - transfer["bare"]["bytes"]
        lines.append(f"The game sends {extra / 1e3:+,.1f} kB more than the bare page; its own files (not under "
                     f"vendor/) are {transfer['ours']['own_bytes'] / 1e3:,.1f} kB of what it sends.")
    if summary["ai_ms"]:
        lines.append("")
        lines.append("| computer level | moves | median ms | 95th percentile ms | worst ms |")
        lines.append("| --- | --- | --- | --- | --- |")
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
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--ai-moves", type=int, default=30, help="computer moves timed per level")
    parser.add_argument("--reviews", type=int, default=3, help="deals played and reviewed (the first is a daily deal)")
    parser.add_argument("--only-coach", action="store_true", help="measure the review and the daily deal only")
    parser.add_argument("--out", type=Path, default=ROOT / "bench-results")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    site = ROOT / "site"
    build(site)
    bare_folder = args.out / "bare-site"
    build_bare(bare_folder, site)
    ours_server, ours_url = serve_in_thread(site)
    bare_server, bare_url = serve_in_thread(bare_folder)
    started = time.time()
    with sync_playwright() as pw:
        bench = Bench(pw, args.runs, (ours_server, ours_url, site), (bare_server, bare_url, bare_folder))
        try:
            if not args.only_coach:
                for name in ("bare", "ours"):
                    bench.cold(name)
                    bench.warm(name)
                bench.ai_times(args.ai_moves)
            bench.coach_times(args.reviews)
        finally:
            bench.close()
    results = bench.results
    results["machine"] = {"cpus": __import__("os").cpu_count(), "platform": platform.platform(),
                          "python": platform.python_version(), "date": time.strftime("%Y-%m-%d"),
                          "seconds": round(time.time() - started)}
    results["summary"] = summarize(results)
    text = table(results, results["summary"])
    (args.out / "page.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    (args.out / "page.md").write_text(text + "\n", encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
