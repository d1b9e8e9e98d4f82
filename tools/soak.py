"""The soak: many deals in one page, to see whether the page's memory or its DOM grows as it plays.

    python tools/soak.py [--deals 24] [--every 3] [--players 2] [--ai medium] [--out bench-results]

It serves the built site (``site/``, as ``./dev bench-soak`` builds it) on 127.0.0.1 and opens one
page of headless Chromium at ``speed=instant`` with a match long enough never to end
(``target=1000``), then plays deal after deal by clicking like a person (``e2e/driver.py``: each
card clicked, each capture chosen, "Next deal" pressed). Before the first deal and after every
``--every`` deals it collects the garbage (DevTools' ``HeapProfiler.collectGarbage``, so that what
is left is what the page keeps) and records:

- the DOM: DevTools' ``Performance.getMetrics`` "Nodes" (every node the renderer holds, detached
  ones included) and ``document.getElementsByTagName('*').length`` (the elements in the page);
  also the event listeners and documents DevTools counts;
- the JavaScript heap: ``JSHeapUsedSize`` and ``JSHeapTotalSize`` (``Performance.getMetrics``);
- Pyodide's memory: the size of the WebAssembly memory, found by an init script as Pyodide
  instantiates it (the page keeps no handle on Pyodide that a script could reach).

It writes ``soak.json`` (every sample) and ``soak.md`` (the table, and the growth from the first
sample after a deal to the last) and prints the table. It asserts nothing; ``./dev bench-soak`` runs
it. Its browser keeps its log and crash dumps in ``artifacts/soak-browser`` (tools/chromium.py).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "e2e"))

from chromium import WASM_MEMORIES, evidence  # noqa: E402
from playwright.sync_api import CDPSession, Page, sync_playwright  # noqa: E402

from driver import open_page, phase, play_to_end  # noqa: E402
from serve import serve_in_thread  # noqa: E402

PAGE_FIGURES = """() => ({
  elements: document.getElementsByTagName('*').length,
  wasm: Array.from(window.__wasmMemories || [], (memory) => memory.buffer.byteLength).reduce((a, b) => a + b, 0),
  moves: JSON.parse(JSON.parse(localStorage.getItem('pasur.match')).game).moves.length,
})"""
METRICS = ("Nodes", "JSHeapUsedSize", "JSHeapTotalSize", "JSEventListeners", "Documents", "LayoutObjects")
MB = 1 << 20


def sample(page: Page, cdp: CDPSession, deals: int, started: float) -> dict[str, Any]:
    cdp.send("HeapProfiler.collectGarbage")
    metrics = {item["name"]: item["value"] for item in cdp.send("Performance.getMetrics")["metrics"]}
    figures = page.evaluate(PAGE_FIGURES)
    return {"deals": deals, "seconds": round(time.monotonic() - started, 1),
            **{name: metrics.get(name) for name in METRICS}, **figures}


def play(page: Page, url: str, deals: int, every: int, players: int, ai: str) -> list[dict[str, Any]]:
    """Play ``deals`` deals in ``page`` (its context with WASM_MEMORIES), a sample before the first and
    after every ``every`` deals (and the last), each printed as it is taken."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    open_page(page, f"{url}?lang=en&speed=instant&players={players}&ai={ai}&target=1000&seed=1")
    started = time.monotonic()
    samples = [sample(page, cdp, 0, started)]
    print(row(samples[-1]), flush=True)
    for deal in range(1, deals + 1):
        play_to_end(page, stop_at="deal-end")
        if phase(page) == "match-end":
            page.click("#play-again")
            page.click("#start")
        else:
            page.click("#next-deal")
        page.wait_for_selector('html[data-phase="play"]')
        if deal % every == 0 or deal == deals:
            samples.append(sample(page, cdp, deal, started))
            print(row(samples[-1]), flush=True)
    return samples


def soak(url: str, deals: int, every: int, players: int, ai: str) -> list[dict[str, Any]]:
    with sync_playwright() as pw:
        browser = pw.chromium.launch(**evidence(ROOT / "artifacts" / "soak-browser"))
        context = browser.new_context()
        context.set_default_timeout(120_000)
        context.add_init_script(WASM_MEMORIES)
        samples = play(context.new_page(), url, deals, every, players, ai)
        browser.close()
    return samples


HEADER = ("| deals | seconds | moves played | Nodes (DevTools) | elements in the page | JS heap used MB |"
          " JS heap total MB | WebAssembly MB | event listeners | documents |\n"
          "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")


def row(item: dict[str, Any]) -> str:
    return (f"| {item['deals']} | {item['seconds']:.0f} | {item['moves']} | {item['Nodes']:.0f} | {item['elements']} |"
            f" {item['JSHeapUsedSize'] / MB:.1f} | {item['JSHeapTotalSize'] / MB:.1f} | {item['wasm'] / MB:.1f} |"
            f" {item['JSEventListeners']:.0f} | {item['Documents']:.0f} |")


def report(samples: list[dict[str, Any]], meta: dict[str, Any]) -> str:
    lines = [f"Soak: {meta['deals']} deals of {meta['players']} players against {meta['ai']} in one page "
             f"(speed=instant, played by clicks), {meta['date']}, {meta['cpus']} CPUs, load average "
             f"{meta['load_average'][0]:.1f} at the end; garbage collected before each sample.", "", HEADER]
    lines += [row(item) for item in samples]
    if len(samples) >= 3:
        first, last = samples[1], samples[-1]  # from after the first deals: the start-up is over by then
        span = last["deals"] - first["deals"]
        lines += ["", f"From deal {first['deals']} to deal {last['deals']} ({span} deals): "
                  f"Nodes {last['Nodes'] - first['Nodes']:+.0f}, elements {last['elements'] - first['elements']:+d}, "
                  f"JS heap used {(last['JSHeapUsedSize'] - first['JSHeapUsedSize']) / MB:+.1f} MB, "
                  f"WebAssembly {(last['wasm'] - first['wasm']) / MB:+.1f} MB, "
                  f"event listeners {last['JSEventListeners'] - first['JSEventListeners']:+.0f}."]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=24, help="deals played (at least 20)")
    parser.add_argument("--every", type=int, default=3, help="a sample after every N deals")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--ai", default="medium")
    parser.add_argument("--out", type=Path, default=ROOT / "bench-results")
    args = parser.parse_args()
    if args.deals < 20:
        parser.error("--deals: at least 20")
    args.out.mkdir(parents=True, exist_ok=True)
    if not (ROOT / "site" / "index.html").exists():
        parser.error("site/ is not built: run ./dev bench-soak (or python tools/build.py)")
    server, url = serve_in_thread(ROOT / "site")
    started = time.time()
    try:
        print(HEADER)
        samples = soak(url, args.deals, args.every, args.players, args.ai)
    finally:
        server.shutdown()
    meta = {"deals": args.deals, "players": args.players, "ai": args.ai, "date": time.strftime("%Y-%m-%d"),
            "cpus": os.cpu_count(), "platform": platform.platform(), "seconds": round(time.time() - started),
            "load_average": os.getloadavg()}
    text = report(samples, meta)
    (args.out / "soak.json").write_text(json.dumps({"machine": meta, "samples": samples}, indent=1) + "\n",
                                        encoding="utf-8")
    (args.out / "soak.md").write_text(text + "\n", encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
