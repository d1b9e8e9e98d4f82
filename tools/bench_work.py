"""What the page computes, timed from outside the game (tools/bench_page.py runs it): a computer's move
for each level at speed=instant; a computer's move at the normal speed in a 4-player game (at most
1.5 s is the aim); a move review; the daily duplicate deal. The game has no hook for these: an init
script watches the page (WATCH), in a browser context that has visited the game once; each figure
comes with the longest main-thread task meanwhile (the browser's long tasks)."""

from __future__ import annotations

import itertools
import json
import statistics
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page

from pasur import Game

LEVELS = ("easy", "medium", "hard")
# A computer move at speed=instant, from html[data-turn] naming a computer seat (seat 0 is the human)
# to the next change of #last-move[data-move]; a move review, from the click on #review-open to
# #review[data-done]; the daily duplicate deal, from the first write of the day's entry in
# localStorage["pasur.daily"] (the counted attempt begins, the computer's deal starts) to the write
# that holds the computer's points; the guided deal's tip, from html[data-turn] naming the player (seat 0)
# to the tip on screen (#guide-text [data-tip]). Each with the longest main-thread task that started meanwhile
# (long tasks, which the browser reports from 50 ms; 0 when there was none). ``shown`` is when each
# move appeared on screen.
WATCH = """
window.__work = { ai: [], review: [], duplicate: [], tip: [], shown: [] };
(() => {
  const work = window.__work;
  const tasks = [];
  try {
    new PerformanceObserver((list) => { for (const entry of list.getEntries()) tasks.push(entry); })
      .observe({ type: 'longtask', buffered: true });
  } catch (error) { /* no long task timing */ }
  const longest = (from, to) => Math.max(0, ...tasks.filter((t) => t.startTime >= from && t.startTime < to)
                                                   .map((t) => t.duration));
  const done = (kind, from) => { const to = performance.now(); work[kind].push([to - from, from, to]); };
  work.longest = longest;
  let turnFrom = null, lastMove = null, reviewFrom = null, dailyFrom = null, tipFrom = null;
  new MutationObserver(() => {
    const root = document.documentElement;
    const move = document.querySelector('#last-move')?.getAttribute('data-move') || null;
    if (move !== lastMove) {
      lastMove = move;
      if (move) work.shown.push(performance.now());
      if (turnFrom !== null && move) { done('ai', turnFrom); turnFrom = null; }
    }
    const turn = root.getAttribute('data-turn');
    if (turnFrom === null && turn && turn !== '0' && root.dataset.phase === 'play') turnFrom = performance.now();
    const playing = turn === '0' && root.dataset.phase === 'play';
    if (!playing) tipFrom = null;
    else if (tipFrom === null && !document.querySelector('#guide-text [data-tip]')) tipFrom = performance.now();
    if (tipFrom > 0 && document.querySelector('#guide-text [data-tip]')) { done('tip', tipFrom); tipFrom = -1; }
    if (reviewFrom !== null && document.querySelector('#review[data-done]')) {
      done('review', reviewFrom);
      reviewFrom = null;
    }
  }).observe(document, { subtree: true, childList: true, attributes: true,
                         attributeFilter: ['data-turn', 'data-move', 'data-done', 'data-phase'] });
  document.addEventListener('click', (event) => {
    if (event.target.closest && event.target.closest('#review-open')) reviewFrom = performance.now();
  }, true);
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    setItem.call(this, key, value);
    if (key !== 'pasur.daily') return;
    const book = JSON.parse(value);
    const day = document.documentElement.getAttribute('data-daily') || Object.keys(book.days || {}).sort().pop();
    if (dailyFrom === null && !(day in (book.computer || {}))) dailyFrom = performance.now();
    else if (dailyFrom !== null && day in (book.computer || {})) { done('duplicate', dailyFrom); dailyFrom = null; }
  };
})();
"""
# [milliseconds, longest task in milliseconds] of each computation of a kind.
TIMES = "(kind) => window.__work[kind].map(([ms, from, to]) => [ms, window.__work.longest(from, to)])"
LOOKED_AT = """c => !document.querySelector(`#hand [data-card="${c}"]`) || !!document.querySelector(
    `#hand [data-card="${c}"].selected, #capture-choice [data-capture]`)"""
PLAYED_OR_ASKED = """c => !!document.querySelector('#capture-choice [data-capture]')
    || !document.querySelector(`#hand [data-card="${c}"]`)"""
HUMAN_OR_OVER = ("() => document.documentElement.dataset.phase !== 'play'"
                 " || document.querySelector('#hand [data-card]:not([disabled])')")


def play_a_card(page: Page) -> bool:
    """Wait for the player's turn and play the first legal move by clicks (a first click on a card
    shows what it takes, a second plays it); False once the deal is over."""
    page.wait_for_function(HUMAN_OR_OVER, timeout=60_000)
    if page.get_attribute("html", "data-phase") != "play":
        return False
    game = Game.from_json(json.loads(page.evaluate("localStorage.getItem('pasur.match')"))["game"])
    play_card(page, str(game.legal_moves()[0].card))
    return True


def play_card(page: Page, card: str, captured: str = "") -> None:
    """Play ``card`` by clicks, with the capture ``captured`` (a ``data-capture`` value; "": the first)."""
    here = page.locator(f'#hand [data-card="{card}"]')
    here.click()
    page.wait_for_function(LOOKED_AT, arg=card, timeout=60_000)
    if page.locator(f'#hand [data-card="{card}"].selected').count():
        here.click()
    page.wait_for_function(PLAYED_OR_ASKED, arg=card, timeout=60_000)
    if page.locator("#capture-choice [data-capture]").count():
        option = f'#capture-choice [data-capture="{captured}"]' if captured else "#capture-choice [data-capture]"
        page.locator(option).first.click()
    page.wait_for_function("c => !document.querySelector(`#hand [data-card=\"${c}\"]`)", arg=card, timeout=60_000)


def warm_context(browser: Browser, url: str) -> BrowserContext:
    """A fresh context that has visited the game once (its service worker and its snapshot are
    stored, as for a player's later visits), and watches the computation (WATCH)."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{url}?lang=en")
    page.wait_for_selector("html[data-snapshot='saved']", state="attached", timeout=180_000)
    page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=300_000)
    page.close()
    context.add_init_script(WATCH)
    return context


def ai_times(browser: Browser, url: str, moves_per_level: int) -> dict[str, Any]:
    """Play human moves until each level has made enough computer moves; their times (from the
    computer's turn to its move on screen) and the longest main-thread task of each."""
    times: dict[str, list[float]] = {}
    longest: dict[str, list[float]] = {}
    for level in LEVELS:
        context = warm_context(browser, url)
        page = context.new_page()
        seed = 1
        collected: list[list[float]] = []
        while len(collected) < moves_per_level:
            page.goto(f"{url}?lang=en&players=2&seed={seed}&speed=instant&ai={level}")
            page.wait_for_selector("html[data-ready]", timeout=180_000)
            for _ in range(60):
                if not play_a_card(page):
                    break
                page.wait_for_function("() => document.documentElement.dataset.phase !== 'play'"
                                       " || document.documentElement.dataset.turn === '0'", timeout=60_000)
                if len(collected) + len(page.evaluate("window.__work.ai")) >= moves_per_level:
                    break
            collected += page.evaluate(TIMES, "ai")
            seed += 1
        times[level] = [ms for ms, _ in collected[:moves_per_level]]
        longest[level] = [block for _, block in collected[:moves_per_level]]
        context.close()
    return {"ai_ms": times, "ai_longest_task_ms": longest}


def pace(browser: Browser, url: str, rounds: int) -> list[float]:
    """At the normal speed, in a 4-player game, the time from each move on screen (#last-move) to
    the next computer's: a computer move (a pause, the search, the move shown, then played) is
    meant to take at most 1.5 s."""
    context = warm_context(browser, url)
    page = context.new_page()
    page.goto(f"{url}?lang=en&players=4&seed=8&speed=normal")
    page.wait_for_selector("html[data-ready]", timeout=180_000)
    gaps: list[float] = []
    for _ in range(rounds):
        page.wait_for_function(HUMAN_OR_OVER, timeout=60_000)
        if page.get_attribute("html", "data-phase") != "play":
            break
        page.evaluate("window.__work.shown = []")
        play_a_card(page)
        page.wait_for_function("() => window.__work.shown.length >= 4", timeout=60_000)
        shown = page.evaluate("window.__work.shown.slice(0, 4)")  # the player's move, then the 3 computers'
        gaps += [later - earlier for earlier, later in itertools.pairwise(shown)]
    context.close()
    return gaps


def coach_times(browser: Browser, url: str, deals: int) -> dict[str, list[list[float]]]:
    """Play deals by clicks, then time the move review of each (and one daily duplicate deal): the
    whole computation, and the longest main-thread task meanwhile (the page answers between its steps)."""
    found: dict[str, list[list[float]]] = {"review": [], "duplicate": [], "tip": []}
    for seed in range(1, deals + 1):
        context = warm_context(browser, url)
        page = context.new_page()
        # Today's deal: the first attempt of a day's deal is the one whose duplicate deal the page plays and
        # stores as it starts (a date neither today nor yesterday is practice: its entry is never begun).
        query = "daily" if seed == 1 else f"players=2&seed={seed}&ai=medium"
        page.goto(f"{url}?lang=en&speed=instant&{query}")
        page.wait_for_selector("html[data-ready]", timeout=120_000)
        while play_a_card(page):
            pass
        if seed == 1:
            page.wait_for_function("() => window.__work.duplicate.length > 0", timeout=300_000)
        page.click("#review-open")
        page.wait_for_function("() => window.__work.review.length > 0", timeout=300_000)
        for kind in found:
            found[kind] += page.evaluate(TIMES, kind)
        context.close()
    found["tip"] += guided_tips(browser, url)
    return found


def guided_tips(browser: Browser, url: str) -> list[list[float]]:
    """A guided deal played by clicks, its tip followed at each turn: each tip's time."""
    context = warm_context(browser, url)
    page = context.new_page()
    page.goto(f"{url}?lang=en&speed=instant")
    page.wait_for_selector("html[data-ready]", timeout=120_000)
    page.click("#guide-start")
    while True:
        page.wait_for_function(HUMAN_OR_OVER, timeout=60_000)
        if page.get_attribute("html", "data-phase") != "play":
            break
        page.wait_for_selector("#guide-text [data-tip]", timeout=120_000)
        card, _, captured = (page.get_attribute("#guide-text [data-tip]", "data-tip") or "").partition(":")
        play_card(page, card, captured)
    times: list[list[float]] = page.evaluate(TIMES, "tip")
    context.close()
    return times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def summarize(results: dict[str, Any]) -> dict[str, Any]:
    longest = results.get("ai_longest_task_ms", {})
    normal = results.get("normal_move_ms", [])
    return {
        "ai_ms": {level: {"median": statistics.median(ms), "p95": percentile(ms, 0.95), "worst": max(ms),
                          "moves": len(ms), "longest_task": max(longest.get(level) or [0])}
                  for level, ms in results.get("ai_ms", {}).items() if ms},
        "normal_move_ms": {"moves": len(normal), "median": statistics.median(normal), "worst": max(normal),
                           "within_1500": sum(1 for ms in normal if ms <= 1500)} if normal else {},
        "coach_ms": {kind: {"runs": len(rows), "median": statistics.median(r[0] for r in rows),
                            "worst": max(r[0] for r in rows), "longest_task": max(r[1] for r in rows)}
                     for kind, rows in results.get("coach_ms", {}).items() if rows},
    }


def table(summary: dict[str, Any]) -> list[str]:
    def task(ms: float) -> str:
        return f"{ms:.0f}" if ms else "none"

    lines: list[str] = []
    if summary.get("ai_ms"):
        lines += ["", "A computer move at speed=instant, from its turn to its move on screen:", "",
                  "| computer level | moves | median ms | 95th percentile ms | worst ms | longest task, ms |",
                  "| --- | --- | --- | --- | --- | --- |"]
        for level, row in summary["ai_ms"].items():
            lines.append(f"| {level} | {row['moves']} | {row['median']:.1f} | {row['p95']:.1f} | {row['worst']:.1f} |"
                         f" {task(row['longest_task'])} |")
    normal = summary.get("normal_move_ms")
    if normal:
        lines += ["", f"A computer move at the normal speed (4 players, from the move before it on screen to "
                  f"its own): median {normal['median']:.0f} ms, worst {normal['worst']:.0f} ms; "
                  f"{normal['within_1500']} of {normal['moves']} within 1.5 s."]
    if summary.get("coach_ms"):
        lines += ["", "| computation | runs | median ms | worst ms | longest task, ms |",
                  "| --- | --- | --- | --- | --- |"]
        names = {"review": "move review of a 2-player deal", "duplicate": "daily duplicate deal",
                 "tip": "the guided deal's tip"}
        for kind, row in summary["coach_ms"].items():
            lines.append(f"| {names[kind]} | {row['runs']} | {row['median']:.0f} | {row['worst']:.0f} |"
                         f" {task(row['longest_task'])} |")
    if summary.get("ai_ms") or summary.get("coach_ms"):
        lines += ["", "Longest task: the longest main-thread task meanwhile, as the browser reports long tasks "
                  "(from 50 ms); none: no task of 50 ms or more."]
    return lines
