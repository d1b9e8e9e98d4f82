"""Playing the page like a person: clicks only, with the engine deciding which card to try."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Error, Frame, Page, ViewportSize

from pasur import Game

READY = "html[data-ready], html[data-error]"
PHONE: ViewportSize = {"width": 360, "height": 740}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
WAIT_HUMAN = """() => {
  const h = document.documentElement;
  if (h.hasAttribute('data-drawing')) return false;  // a change is still to be drawn
  if (h.dataset.phase !== 'play') return true;
  if (!document.getElementById('handoff').hidden) return true;
  return !!document.querySelector('#hand [data-card]:not([disabled])');
}"""


MATCH_KEY = "pasur.match"
EMBED_MATCH_KEY = "pasur.embed.match"  # a frame with game parameters saves under this + "?" + them:
RULES_PAGE_GAME_KEY = EMBED_MATCH_KEY + "?players=2&preset=seeds&target=11&ai=easy"  # web/examples/rules.html
Where = Page | Frame  # a whole page, or the game inside an iframe


@contextmanager
def start_watched(page: Page) -> Iterator[list[str]]:
    """What goes wrong while ``page`` (and its frames) start, to be named if a start fails: requests
    with no answer, console errors."""
    failed: list[str] = []
    record = lambda request: failed.append(f"{request.url} ({request.failure})")  # noqa: E731
    said = lambda message: failed.append(f"console: {message.text}") if message.type == "error" else None  # noqa: E731
    page.context.on("requestfailed", record)
    page.on("console", said)
    try:
        yield failed
    finally:
        page.context.remove_listener("requestfailed", record)
        page.remove_listener("console", said)


def open_page(page: Page, url: str) -> None:
    with start_watched(page) as failed:
        page.goto(url)
        wait_ready(page, failed)


def take_up(page: Page, site_url: str, saved: str, lang: str = "en") -> None:
    """A saved match (``saved``: a save's text) taken up: stored as the site keeps it, then the page
    opened on it, ready for its human."""
    page.goto(f"{site_url}?lang={lang}")
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [MATCH_KEY, saved])
    open_page(page, f"{site_url}?lang={lang}&speed=instant")
    page.wait_for_function(WAIT_HUMAN)


def forget_games(page: Page, site_url: str) -> None:
    """The site's storage emptied with no game running in the page: a game left playing (the
    computer's move on its way) would save itself again after a clear, and the same link opened
    next would take that game up. The page leaves the site first (DevTools then clears it)."""
    page.goto("about:blank")
    parts = urlsplit(site_url)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Storage.clearDataForOrigin", {"origin": f"{parts.scheme}://{parts.netloc}",
                                            "storageTypes": "local_storage"})
    cdp.detach()


# Playwright's own waits for a selector (and its expect()) look again after 20, 50, 100 and 100 ms,
# then every 500 ms (Playwright 1.65's retryWithProgressAndBackoff): a page ready 0.3 s or more into
# such a wait is seen a quarter of a second late on average. wait_for looks every POLL_MS, from the
# page (with the browser's own timer, which Playwright keeps aside from a test's clock).
POLL_MS = 20
FOUND = """([selector, visible]) => {
  const e = document.querySelector(selector);
  if (!e || !visible) return !!e;
  const box = e.getBoundingClientRect();
  return e.checkVisibility() && getComputedStyle(e).visibility === 'visible' && box.width > 0 && box.height > 0;
}"""


def wait_for(page: Where, selector: str, visible: bool = True, timeout: float | None = None) -> None:
    """Wait until ``selector`` matches an element: a visible one, as Playwright's ``wait_for_selector``
    has it (a box of some size, not hidden by its style), or any with ``visible=False``."""
    page.wait_for_function(FOUND, arg=[selector, visible], polling=POLL_MS, timeout=timeout)


def wait_ready(page: Where, failed: list[str] | None = None) -> None:
    wait_for(page, READY, visible=False, timeout=90_000)
    if page.get_attribute("html", "data-error") is not None:
        detail = page.locator(".py-error").all_inner_texts() or [page.inner_text("#startup-error-detail")]
        raise AssertionError(f"the start-up failed: {page.inner_text('#startup-error')}\n"
                             f"its error: {' | '.join(detail)[:2000]}\n"
                             f"failed requests and console errors: {failed if failed is not None else 'not recorded'}")


def hold_clock(page: Page) -> None:
    """Stop the page's clock (Playwright's, installed before the page loaded with
    ``page.clock.install()``): from now on the page's timers fire only when the test moves the
    clock on (``page.clock.run_for``). The clock first jumps a second ahead, firing what falls due
    meanwhile: call it when nothing is to happen within a second (the player's turn, a pause)."""
    for _ in range(10):
        try:
            page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 1)  # seconds, as Playwright takes them
            return
        except Error as error:  # that second was over before the clock got the order
            if "past" not in str(error):
                raise
    raise AssertionError("the page's clock could not be stopped")


def phase(page: Where) -> str:
    return page.get_attribute("html", "data-phase") or ""


def saved_game(page: Where, key: str = MATCH_KEY) -> Game:
    """The page's own save, loaded (and so fully checked and replayed) by the CPython engine."""
    text = page.evaluate("key => localStorage.getItem(key)", key)
    return Game.from_json(json.loads(text)["game"])


def shown_scores(page: Page, sides: int) -> list[int]:
    return [int(page.inner_text(f'[data-side-score="{side}"]')) for side in range(sides)]


@dataclass
class Played:
    choices: int = 0
    deals_seen: int = 0
    moves: list[str] = field(default_factory=list)


def wait_for_moves(page: Where, count: int, key: str = MATCH_KEY) -> None:
    """Wait until the page's saved game holds at least ``count`` moves."""
    page.wait_for_function(
        "([n, key]) => { const s = localStorage.getItem(key);"
        " return s && JSON.parse(JSON.parse(s).game).moves.length >= n"
        " && !document.documentElement.hasAttribute('data-drawing'); }",
        arg=[count, key],
    )


LOOKED_AT = """c => !document.querySelector(`#hand [data-card="${c}"]`) || !!document.querySelector(
    `#hand [data-card="${c}"].selected, #capture-choice [data-capture]`)"""


def tap_card(page: Where, card: object, touch: bool = False, held: bool = False) -> None:
    """Play ``card`` as a person does: the first tap shows what it would take (or opens the capture
    choice), a second tap on it plays it. With the setting to play on the first tap, one is enough.
    ``held``: the page's clock is the test's (``hold_clock``)."""
    card = str(card)
    locator = page.locator(f'#hand [data-card="{card}"]')
    locator.tap() if touch else locator.click()
    taken(page, held)
    page.wait_for_function(LOOKED_AT, arg=card)
    if page.locator(f'#hand [data-card="{card}"].selected').count():
        locator.tap() if touch else locator.click()
        taken(page, held)


TAKEN = "() => !document.querySelector('.pressed')"


def taken(page: Where, held: bool) -> None:
    """The page takes a tap on a card or a capture option once the frame that answers it (the card
    lifted, the option pressed) is painted; its answer goes when the game has drawn it. Wait for
    that, as a person sees the card go before tapping again. With the page's clock held, the clock
    is moved on by that frame (and the timer after it) instead."""
    if not held:
        page.wait_for_function(TAKEN)
    elif isinstance(page, Page):
        page.clock.run_for(20)


def settle(page: Page, frames: int = 100) -> None:
    """With the page's clock held: move it on a frame at a time until the page has drawn all it has
    to draw (the page's tasks run meanwhile and may ask for more frames)."""
    for _ in range(frames):
        if not page.evaluate("document.documentElement.hasAttribute('data-drawing')"):
            return
        page.clock.run_for(16)
    raise AssertionError(f"the page still had a drawing due after {frames} frames")


def answer_capture_choice(page: Where, card: str, capture: str | None = None, held: bool = False) -> None:
    """After ``card`` is clicked or pressed: wait until the page has either played it or asked which
    capture, and answer the question with ``capture`` (a ``data-capture`` value) or the first option.
    ``held``: the page's clock is the test's (``hold_clock``)."""
    page.wait_for_function("""c => !!document.querySelector('#capture-choice [data-capture]')
        || !document.querySelector(`#hand [data-card="${c}"]`)""", arg=card)
    if page.locator("#capture-choice [data-capture]").count():
        option = f'#capture-choice [data-capture="{capture}"]' if capture else "#capture-choice [data-capture]"
        page.locator(option).first.click()
        taken(page, held)


def play_one_card(page: Where) -> None:
    """Play the first legal move of the human's hand by clicks."""
    wait_for(page, "#hand [data-card]:not([disabled])")
    game = saved_game(page)
    move = game.legal_moves()[0]
    tap_card(page, move.card)
    answer_capture_choice(page, str(move.card), ",".join(str(c) for c in move.sorted_captured()))
    wait_for_moves(page, len(game.history) + 1)


def play_to_end(page: Where, max_steps: int = 2000, on_choice: object = None, stop_at: str = "match-end",
                key: str = MATCH_KEY, on_turn: object = None, until: object = None) -> Played:
    """Play every human turn by clicking until the match is over (or the deal, with ``stop_at``, or
    as soon as ``until(played)`` is true); ``on_turn(page, game)`` looks at each human turn before
    its card is clicked."""
    played = Played()
    for _ in range(max_steps):
        page.wait_for_function(WAIT_HUMAN)
        current = phase(page)
        if current in ("match-end", stop_at) or (callable(until) and until(played)):
            return played
        if current == "deal-end":
            played.deals_seen += 1
            page.click("#next-deal")
            continue
        if page.get_attribute("#handoff", "hidden") is None:  # (it shows once the move's cards have landed)
            page.click("#handoff-ready")
            continue
        game = saved_game(page, key)
        seat = game.turn
        assert seat is not None and page.get_attribute("html", "data-turn") == str(seat)
        if callable(on_turn):
            on_turn(page, game)
        moves = game.legal_moves()
        by_card: dict[str, int] = {}
        for move in moves:
            by_card[str(move.card)] = by_card.get(str(move.card), 0) + 1
        # Prefer a card with several captures, so the choice panel gets exercised.
        card = max(by_card, key=lambda text: by_card[text])
        before = len(game.history)
        tap_card(page, card)
        if by_card[card] == 1:
            wait_for_moves(page, before + 1, key)
        else:
            page.locator("#capture-choice [data-capture]").first.wait_for()  # (no handle: it would keep the node)
            options = page.locator("#capture-choice [data-capture]")
            assert options.count() == by_card[card]
            if callable(on_choice):
                on_choice(page)
            options.nth(options.count() - 1).click()
            wait_for_moves(page, before + 1, key)
            played.choices += 1
    raise AssertionError("the match did not end")


class Guard:
    """Collects everything that must fail a test."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.expect_errors = False  # set by a test that makes the start-up fail on purpose
        self.expected: list[str] = []  # console errors a test causes on purpose (a part of their text)
        self.origins: tuple[str, ...] = ("http://127.0.0.1:",)  # where the page's requests may go

    def console(self, message: Any) -> None:
        expected = self.expect_errors or any(part in message.text for part in self.expected)
        if message.type == "error" and not expected:
            self.problems.append(f"console error: {message.text}")

    def request(self, request: Any) -> None:
        url = request.url
        if not url.startswith((*self.origins, "data:", "blob:")):
            self.problems.append(f"request off {', '.join(self.origins)}: {url}")


def reload_offline_without_server(page: Page, server: Any, guard: Guard) -> None:
    """Stop the site's server, take the browser offline and reload: a start that fails on purpose
    (``guard`` expects its errors) shows the start-up error."""
    server.shutdown()
    server.server_close()
    page.context.set_offline(True)
    guard.expect_errors = True
    page.reload()
    wait_for(page, "html[data-error]", visible=False, timeout=90_000)
