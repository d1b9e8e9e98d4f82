"""Starting from a memory snapshot of the interpreter (web/interpreter.js).

The first visit starts the ordinary way and stores a snapshot in the offline cache; later visits
restore it. Every test checks which way the page started (html[data-boot]) and that the game
can be played; none measures time.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import ROOT
from playwright.sync_api import Page

from driver import (
    WAIT_HUMAN,
    Guard,
    open_page,
    reload_offline_without_server,
    saved_game,
    tap_card,
    wait_for_moves,
    wait_ready,
)
from serve import SiteServer, serve_in_thread

# Rewrites the stored snapshot (see web/interpreter.js for its layout), keeping the file's own
# SHA-256 right unless the damage is to the bytes themselves.
DAMAGE = """async (kind) => {
  const root = document.documentElement;
  const cache = await caches.open("pasur-" + root.dataset.build);
  const address = new URL("./snapshot/" + root.dataset.snapshotKey + ".bin", location.href).href;
  const bytes = new Uint8Array(await (await cache.match(address)).arrayBuffer());
  const length = new DataView(bytes.buffer).getUint32(4, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + length)));
  let body = bytes.slice(8 + length);
  const blocks = Math.ceil(header.total / header.block);
  const pyodideStart = Math.ceil(blocks / 8);  // the first block (Pyodide's header) is always stored
  if (kind === "flipped bytes") {
    body[body.length >> 1] ^= 0xff;
  } else if (kind === "truncated") {
    body = body.slice(0, body.length >> 1);
  } else if (kind === "another game build") {
    header.key = "0123456789abcdef";
  } else if (kind === "another Pyodide build") {
    body[pyodideStart + 16] ^= 0xff;  // Pyodide's build id, bytes 16-47 of its snapshot
  } else if (kind === "not restorable") {
    body.fill(0x7b, pyodideStart + 48, pyodideStart + 64);  // Pyodide's own JSON header, now "{{{{…"
  } else {
    throw new Error("unknown damage " + kind);
  }
  if (kind !== "flipped bytes" && kind !== "truncated") {
    const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
    header.sha256 = Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
  }
  const text = new TextEncoder().encode(JSON.stringify(header));
  const start = new Uint32Array([new DataView(bytes.buffer).getUint32(0, true), text.length]);
  await cache.put(address, new Response(new Blob([start, text, body])));
}"""
STORED = "html[data-snapshot='saved']"


def boot(page: Page) -> str:
    """How the page started; and that its Python runs without WebAssembly stack switching (JSPI),
    which the page hides from Pyodide (web/interpreter.js)."""
    assert page.evaluate("globalThis.pasurInterpreter.stackSwitching") is False
    return page.get_attribute("html", "data-boot") or ""


def first_visit(page: Page, url: str) -> None:
    """An ordinary start that stores a snapshot for the next ones."""
    open_page(page, url)
    assert boot(page) == "plain"
    page.wait_for_selector(STORED, state="attached", timeout=60_000)


def visit(page: Page, url: str, expected: str, answer: str = "") -> None:
    """Open ``url`` and check which way the page started. A link with game parameters opened while
    a game is saved asks first: ``answer`` is the button to press (#start-linked, #resume-saved)."""
    page.goto(url)
    wait_ready(page)
    assert boot(page) == expected
    if answer:
        page.click(answer)
        page.wait_for_selector('html[data-phase="play"]')


def cards(page: Page, where: str) -> list[str]:
    return sorted(page.locator(f"{where} [data-card]").evaluate_all("n => n.map(x => x.dataset.card)"))


def play_a_card(page: Page) -> None:
    """Play the hand's first card that has a single move as a person would, and wait until the
    computers have answered (their moves saved) and the hand can be played again."""
    page.wait_for_function(WAIT_HUMAN)
    game = saved_game(page)
    move = next(m for m in game.legal_moves() if len(game.moves_for_card(m.card)) == 1)
    tap_card(page, move.card)
    wait_for_moves(page, len(game.history) + 1)
    page.wait_for_function(WAIT_HUMAN)


def saved_match(page: Page) -> dict[str, object]:
    match: dict[str, object] = json.loads(page.evaluate("localStorage.getItem('pasur.match')"))
    return match


def test_warm_start_uses_the_snapshot_and_the_game_plays(page: Page, guard: object, site_url: str) -> None:
    first_visit(page, f"{site_url}?lang=en")
    visit(page, f"{site_url}?lang=en", "snapshot")
    assert page.evaluate("performance.getEntriesByName('pasur:snapshot-read').length") == 1
    assert page.get_attribute("html", "data-phase") == "setup"
    page.click("#start")
    page.wait_for_selector('html[data-phase="play"]')
    assert page.locator("#hand [data-card]").count() == 4
    play_a_card(page)


def test_a_damaged_snapshot_means_an_ordinary_start_and_a_new_snapshot(page: Page, guard: object,
                                                                         site_url: str) -> None:
    first_visit(page, f"{site_url}?lang=en&players=2&seed=3&speed=instant")
    for kind in ("flipped bytes", "truncated", "another game build", "another Pyodide build", "not restorable"):
        page.evaluate(DAMAGE, kind)
        visit(page, f"{site_url}?lang=en&speed=instant", "plain")
        assert page.get_attribute("html", "data-phase") == "play", kind  # the saved game is back
        play_a_card(page)
        page.wait_for_selector(STORED, state="attached", timeout=60_000)
    visit(page, f"{site_url}?lang=en&speed=instant", "snapshot")
    play_a_card(page)


def test_unseeded_games_differ_and_a_seeded_game_is_the_same_with_the_snapshot(page: Page, guard: object,
                                                                              site_url: str) -> None:
    seeded = f"{site_url}?lang=en&players=2&seed=5&speed=instant"
    first_visit(page, seeded)
    deal = (cards(page, "#hand"), cards(page, "#table"))
    play_a_card(page)
    plain_game = saved_game(page).to_json()

    # The same link again would take up its game: with no game saved it starts it anew.
    page.evaluate("localStorage.removeItem('pasur.match')")
    visit(page, seeded, "snapshot")
    assert (cards(page, "#hand"), cards(page, "#table")) == deal
    play_a_card(page)
    assert saved_game(page).to_json() == plain_game

    seen = []
    for _ in range(2):
        page.evaluate("localStorage.removeItem('pasur.match')")
        visit(page, f"{site_url}?lang=en&players=2&speed=instant", "snapshot")
        seen.append((saved_game(page).seed, saved_match(page)["id"], cards(page, "#hand") + cards(page, "#table")))
    (seed_a, id_a, deal_a), (seed_b, id_b, deal_b) = seen
    assert seed_a != seed_b and deal_a != deal_b
    assert id_a != id_b  # drawn from `random`, which the snapshot froze: seeded again after it


def test_language_address_and_saved_game_are_read_after_the_restore(page: Page, guard: object,
                                                                    site_url: str) -> None:
    first_visit(page, f"{site_url}?lang=en")
    visit(page, f"{site_url}?lang=fa&players=3&seed=9&speed=instant", "snapshot")
    assert page.get_attribute("html", "data-lang") == "fa" and page.get_attribute("html", "dir") == "rtl"
    catalog = page.evaluate("fetch('web/texts/fa.json').then(r => r.json())")
    assert page.inner_text("#new-game") == catalog["new_game"]
    game = saved_game(page)
    assert (game.players, game.seed) == (3, 9)
    play_a_card(page)
    moves = saved_game(page).to_json()

    page.evaluate("localStorage.setItem('pasur.settings', JSON.stringify({lang: 'fr'}))")
    visit(page, site_url, "snapshot")
    assert page.get_attribute("html", "data-lang") == "fr"
    assert saved_game(page).to_json() == moves
    assert page.get_attribute("html", "data-phase") == "play"
    assert cards(page, "#hand")  # the resumed hand is on screen


def test_a_new_release_keeps_the_snapshot_made_from_the_same_files(page: Page, guard: object,
                                                                    own_server: tuple[SiteServer, str],
                                                                    first_build: Path, second_build: Path) -> None:
    server, url = own_server
    server.folder = first_build  # both releases are built from the sources of now
    first_visit(page, f"{url}?lang=en")
    page.wait_for_selector("html[data-offline-ready]", state="attached")
    old_build = page.get_attribute("html", "data-build")
    key = page.get_attribute("html", "data-snapshot-key")
    server.folder = second_build  # the same files apart from the build id
    visit(page, f"{url}?lang=en", "snapshot")
    page.wait_for_selector("#update-banner:not([hidden])")
    page.click("#update-reload")
    page.wait_for_function("b => document.documentElement.dataset.build && document.documentElement.dataset.build"
                           " !== b", arg=old_build, timeout=60_000)
    wait_ready(page)
    assert page.get_attribute("html", "data-snapshot-key") == key
    assert boot(page) == "snapshot"
    page.click("#start")
    page.wait_for_selector('html[data-phase="play"]')


# What goes wrong in the offline copy of a file other than the snapshot (the entry in the build's cache).
SPOIL = """async ([path, kind]) => {
  const cache = await caches.open("pasur-" + document.documentElement.dataset.build);
  const address = new URL(path, location.href).href;
  const old = await cache.match(address);
  if (!old) throw new Error("not cached: " + path);
  if (kind === "missing") await cache.delete(address);
  else await cache.put(address, new Response('throw new Error("damaged");', {headers: old.headers}));
}"""


@pytest.mark.parametrize(("path", "kind"), [("vendor/pyodide/pyodide.asm.mjs", "damaged"), ("app.zip", "missing")],
                         ids=["pyodide-damaged", "app-zip-missing"])
def test_a_start_that_fails_offline_for_another_file_keeps_the_snapshot(page: Page, guard: Guard,
                                                                        own_server: tuple[SiteServer, str],
                                                                        path: str, kind: str) -> None:
    server, url = own_server
    first_visit(page, f"{url}?lang=en")
    page.wait_for_selector("html[data-offline-ready]", state="attached")
    page.evaluate(SPOIL, [path, kind])
    port = server.server_address[1]
    reload_offline_without_server(page, server, guard)
    # Online again: the file comes from the network, and the snapshot is still there.
    page.context.set_offline(False)
    again, _ = serve_in_thread(ROOT / "site", port)
    try:
        page.goto(f"{url}?lang=en")
        page.wait_for_selector("html[data-ready], html[data-error]", timeout=90_000)
        assert page.get_attribute("html", "data-error") is None, page.inner_text("#startup-error")
        guard.expect_errors = False
        assert boot(page) == "snapshot"
        page.click("#start")
        page.wait_for_selector('html[data-phase="play"]')
        play_a_card(page)
    finally:
        again.shutdown()
        again.server_close()
