"""People at a table between friends, for the browser tests: each player in a browser context of their
own (their own storage), every move a click; and a stranger's page that speaks to a table by hand
(``Stranger``), as anyone who has read the code could."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Browser, BrowserContext, Page, expect
from signalling import start

from driver import Guard, open_page, taken, tap_card
from pasur_web.model.handshake import knock_pass, table_id

CARD = re.compile(r"\b(?:10|[2-9AJQK])[CDHS]\b")
PLAYABLE = "#hand [data-card]:not([disabled])"
WAIT_MS = 60_000
# Keeps every message a friend's page receives (web/peers.js's events), for the checks.
RECEIVED = """(() => {
  window.__received = [];
  let real;
  Object.defineProperty(window.pasur ??= {}, "peers", { configurable: true, get() { return real; }, set(value) {
    const seek = value.seek;
    value.seek = (code, first, heard) => seek(code, first, (kind, peer, text) => {
      if (kind === "message") window.__received.push(text);
      heard(kind, peer, text);
    });
    real = value;
  } });
})();"""

Person = tuple[BrowserContext, Page, Guard]
ROOT = Path(__file__).resolve().parents[2]


class Signalling:
    """The signalling server of the built site (its port and path from site/online.json), which a test
    may stop and start again (an outage)."""

    def __init__(self) -> None:
        settings = json.loads((ROOT / "site" / "online.json").read_text(encoding="utf-8"))["signalling"]
        self.port, self.path = int(settings["port"]), str(settings["path"])
        self.server: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        if self.server is None:
            self.server = start(self.port, self.path)

    def stop(self) -> None:
        """The server goes away at once, as in an outage (it keeps its open sockets on a polite stop)."""
        if self.server is not None:
            self.server.kill()
            self.server.wait(timeout=10)
            self.server = None


def person(browser: Browser, width: int = 1280, height: int = 800) -> Person:
    """A player with a browser of their own, watched for errors like every test's page."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    guard = Guard()
    page.on("console", guard.console)
    page.on("pageerror", lambda error: guard.problems.append(f"page error: {error}"))
    context.on("request", guard.request)
    page.add_init_script(RECEIVED)
    return context, page, guard


def open_table(page: Page, site_url: str, form: dict[str, str], speed: str = "instant") -> str:
    """The host chooses the game in the new-game panel, then "Play a friend": the table's link."""
    open_page(page, f"{site_url}?lang=en&speed={speed}")
    for field, value in form.items():
        if field.startswith(("setup-players", "setup-mode", "setup-fixed", "kind-")):
            page.select_option(f"#{field}", value)
        else:
            page.fill(f"#{field}", value)
    page.click("#play-friend")
    expect(page.locator("#table-link")).to_be_visible()
    link = page.get_attribute("#table-link", "href")
    assert link and "?join=" in link and "&key=" in link
    return link


def code_of(link: str) -> str:
    """A table's code, from its link (``?join=CODE&key=KEY&pass=PASS``)."""
    query = parse_qs(urlsplit(link).query)
    return query["join"][0]


def pass_of_link(link: str) -> str:
    """A table's pass, from its link."""
    return parse_qs(urlsplit(link).query)["pass"][0]


def first_id(link: str) -> str:
    """The table's first id on the signalling server, as anyone with its link can make it."""
    return table_id(code_of(link), pass_of_link(link))


def join(page: Page, link: str, name: str, speed: str = "instant") -> None:
    """A friend opens the link: who invites, to what; then the name, and Join."""
    open_page(page, f"{link}&lang=en&speed={speed}")
    expect(page.locator("#join-invite")).to_contain_text("invites you to play")
    page.fill("#join-name", name)
    page.click("#join")
    expect(page.locator("#lobby")).to_contain_text("waiting for the host")


def at_table(browser: Browser, site_url: str, form: dict[str, str] | None = None,
             speed: str = "instant") -> tuple[Person, Person, str]:
    """A host (1280×800, named Ana) and a friend (360×740, Mina) at a table, the game started; and the
    table's link."""
    host, friend = person(browser), person(browser, 360, 740)
    link = open_table(host[1], site_url, {"name-0": "Ana", "kind-1": "friend", **(form or {})}, speed)
    join(friend[1], link, "Mina", speed)
    expect(host[1].locator("#lobby")).to_contain_text("Everyone is seated")
    host[1].click("#table-start")
    expect(friend[1].locator("html")).to_have_attribute("data-phase", "play")
    return host, friend, link


def phase(page: Page) -> str:
    return page.get_attribute("html", "data-phase") or ""


def scores(page: Page) -> list[str]:
    return [page.inner_text(f'[data-side-score="{side}"]') for side in range(page.locator("[data-side-score]").count())]


def saved_moves(page: Page) -> int:
    text = page.evaluate("localStorage.getItem('pasur.match')")
    return len(json.loads(json.loads(text)["game"])["moves"])


def every_page_shows_the_deal_end(pages: list[Page]) -> list[str]:
    """Each page shows the finished deal's score sheet, and the same scores: those scores."""
    for page in pages:
        expect(page.locator("html")).to_have_attribute("data-phase", "deal-end")
        expect(page.locator("#sheet .score-sheet").first).to_be_visible()
    assert len({tuple(scores(page)) for page in pages}) == 1, [scores(page) for page in pages]
    return scores(pages[0])


# Every animation that ends has ended (the score sheet faded in, the cards landed).
SETTLED = """() => document.getAnimations().every(
  (a) => a.effect.getComputedTiming().iterations === Infinity || a.playState !== 'running')"""


def shot(page: Page, path: Path) -> None:
    """A screenshot of ``page`` once what moves on it has come to rest."""
    page.wait_for_function(SETTLED)
    page.screenshot(path=str(path))


def take_turns(pages: list[Page], done: Callable[[], bool], host: Page, steps: int = 3_000,
               deal_end: Callable[[], None] | None = None) -> int:
    """Whoever may play plays a card by clicks (the first capture offered, when there is a choice);
    at a deal's end ``deal_end`` checks the pages, then the host deals the next deal. The moves made."""
    moves = 0
    for _ in range(steps):
        if done():
            return moves
        acted = False
        if host.locator("#next-deal").is_visible():
            if deal_end is not None:
                deal_end()
            host.click("#next-deal")
            acted = True
        for page in pages:
            card = page.locator(PLAYABLE)
            if not card.count():
                continue
            tap_card(page, card.first.get_attribute("data-card"))
            choice = page.locator("#capture-choice:not([hidden]) [data-capture]")
            if choice.count():
                choice.first.click()
                taken(page, held=False)
            moves += 1
            acted = True
        if not acted:  # a move on its way to the host and back, or the computer thinking: look again shortly
            pages[0].wait_for_timeout(100)
    raise AssertionError("the game did not get there")


def hidden_cards_sent(page: Page) -> list[str]:
    """Cards in the messages a friend's page received that it may not see: any card that is not in
    its hand, on the table, in a pile, or in a public event (a move, the cards left at a deal's end).
    The seat's review of its moves is left out: it speaks of a deal that is over, every card of which
    was played in sight, and it comes when the next deal is dealt already (a view of other cards)."""
    problems = []
    for text in page.evaluate("window.__received"):
        data = json.loads(text)
        if data.get("t") != "state":
            continue
        view = data["view"]
        assert not {"hands", "stock", "deck", "seed"} & (set(view) | set(data)), "a hidden part of the game was sent"
        seen = set(view["hand"]) | set(view["table"]) | {card for pile in view["piles"] for card in pile}
        seen |= set(CARD.findall(json.dumps(data["events"])))
        rest = {key: value for key, value in data.items() if key != "reviews"}
        problems += [card for card in CARD.findall(json.dumps(rest)) if card not in seen]
    return problems


# ---------------------------------------------------------------------- a stranger who read the code
PEERJS = """async ([site, options]) => {
  if (!window.Peer) await new Promise((resolve, reject) => { const s = document.createElement("script");
    s.src = site + "vendor/peerjs/peerjs.min.js"; s.onload = resolve; s.onerror = reject;
    document.head.appendChild(s); });
  const settings = await (await fetch(site + "online.json")).json();
  window.__options = Object.assign({ host: location.hostname, port: settings.signalling.port,
    path: settings.signalling.path, key: settings.signalling.key, config: { iceServers: [] } }, options || {});
}"""
# A connection to one of a table's ids, of any serialization; what it hears is kept.
CONNECT = """([id, kind]) => new Promise((resolve) => {
  const make = () => {
    if (window.__peer && window.__peer.open) return Promise.resolve(window.__peer);
    return new Promise((ok) => { const raw = new Peer(window.__options); window.__peer = raw;
      raw.on("open", () => ok(raw)); });
  };
  make().then((peer) => {
    if (!peer._serializers[kind]) {  // any name it likes, said in its offer
      const Raw = peer._serializers.raw;
      peer._serializers[kind] = class extends Raw {
        constructor(a, b, c) { super(a, b, c); this.serialization = kind; } };
    }
    const conn = peer.connect(id, { reliable: true, serialization: kind });
    window.__conns = window.__conns || [];
    const index = window.__conns.push({ conn: conn, heard: [], open: false, closed: false }) - 1;
    conn.on("open", () => { window.__conns[index].open = true; });
    conn.on("close", () => { window.__conns[index].closed = true; });
    conn.on("data", (data) => window.__conns[index].heard.push(String(data)));
    resolve(index);
  });
})"""


class Stranger:
    """A page of the site driven by hand: its own PeerJS connections to a table, its own messages."""

    def __init__(self, browser: Browser, site_url: str, options: dict[str, Any] | None = None) -> None:
        self.context = browser.new_context()
        self.context.set_default_timeout(WAIT_MS)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(site_url + "web/examples/rules.html")  # any page of the site: the stranger writes its own
        self.page.evaluate(PEERJS, [site_url, options or {}])

    def connect(self, table: str, kind: str = "raw") -> int:
        """A connection to the table's id ``table`` (``first_id``, or another id); its index."""
        return int(self.page.evaluate(CONNECT, [table, kind]))

    def opened(self, index: int) -> bool:
        return bool(self.page.evaluate("i => window.__conns[i].open", index))

    def wait_open(self, index: int) -> None:
        self.page.wait_for_function("i => window.__conns[i].open", arg=index)

    def wait_closed(self, index: int) -> None:
        self.page.wait_for_function("i => window.__conns[i].closed", arg=index)

    def send(self, index: int, *texts: str) -> None:
        self.page.evaluate("([i, texts]) => texts.forEach((text) => window.__conns[i].conn.send(text))",
                           [index, list(texts)])

    def heard(self, index: int) -> list[dict[str, Any]]:
        return [json.loads(text) for text in self.page.evaluate("i => window.__conns[i].heard", index)]

    def wait_heard(self, index: int, kind: str, count: int = 1) -> list[dict[str, Any]]:
        self.page.wait_for_function("([i, kind, n]) => window.__conns[i].heard.filter((text) => "
                                    "JSON.parse(text).t === kind).length >= n", arg=[index, kind, count])
        return [data for data in self.heard(index) if data["t"] == kind]

    def knock(self, index: int, link: str) -> None:
        """Knock as a friend's page that holds the table's ``link`` does (the pass proven)."""
        me = str(self.page.evaluate("window.__peer.id"))
        proof = knock_pass(pass_of_link(link), code_of(link), me, "K" * 22)
        self.send(index, json.dumps({"t": "knock", "nonce": "K" * 22, "pass": proof}))

    def sit(self, index: int, link: str, name: str, key: str) -> dict[str, Any]:
        """Knock, then claim a seat with ``key`` (64 hex digits), as a friend's page would: the answer."""
        self.knock(index, link)
        challenge = self.wait_heard(index, "proof")[-1]["nonce"]
        said = hmac.new(key.encode(), f"pasur-claim|{challenge}".encode(), hashlib.sha256).hexdigest()
        before = len([data for data in self.heard(index) if data["t"] in ("welcome", "refused")])
        self.send(index, json.dumps({"t": "hello", "name": name, "claim": said, "key": key}))
        self.page.wait_for_function("([i, n]) => window.__conns[i].heard.filter((text) => "
                                    "['welcome', 'refused'].includes(JSON.parse(text).t)).length > n",
                                    arg=[index, before])
        return [data for data in self.heard(index) if data["t"] in ("welcome", "refused")][-1]

    def close(self) -> None:
        self.context.close()
