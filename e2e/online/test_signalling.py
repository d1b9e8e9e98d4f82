"""Where the pages of a table meet: several signalling servers, a table's code picking one (FNV-1a of
the code, modulo their number), each holding only its own tables; and ``./dev serve --lan``, the
site and its signalling server on this machine's network address for a phone on the same Wi-Fi,
both stopped by stopping ./dev serve by its pid."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import signalling
import turn
from online.people import code_of, first_id, join, open_table, person, phase, take_turns
from playwright.sync_api import Browser, Playwright, expect

from serve import serve_in_thread

ROOT = Path(__file__).resolve().parents[2]
PORTS = (9201, 9202)
ONE_DEAL = {"name-0": "Ana", "kind-1": "friend", "setup-fixed": "1"}


def fnv1a(text: str) -> int:
    value = 0x811C9DC5
    for char in text:
        value = ((value ^ ord(char)) * 0x01000193) & 0xFFFFFFFF
    return value


def test_fnv1a_gives_the_published_values() -> None:
    # The FNV-1a 32-bit test values published with the hash (Fowler, Noll, Vo).
    assert [fnv1a(text) for text in ("", "a", "foobar")] == [0x811C9DC5, 0xE40C292C, 0xBF9CF968]


@pytest.fixture
def two_servers() -> Iterator[str]:
    """The site with an online.json listing two signalling servers (which list their pages)."""
    servers = [signalling.start(port, "/pasur", discovery=True) for port in PORTS]
    site, url = serve_in_thread(ROOT / "site")
    site.overrides["/online.json"] = json.dumps({"signalling": [
        {"host": "", "port": port, "path": "/pasur", "secure": False, "key": "peerjs"} for port in PORTS],
        "iceServers": []}).encode()
    yield url
    site.shutdown()
    site.server_close()
    for server in servers:
        signalling.stop(server)


def held(port: int) -> list[str]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/pasur/peerjs/peers", timeout=10) as answer:
        return list(json.load(answer))


def test_two_tables_meet_on_two_signalling_servers_and_both_play(browser: Browser, two_servers: str) -> None:
    people = [person(browser), person(browser, 360, 740), person(browser), person(browser, 360, 740)]
    (_, host_1, _), (_, friend_1, _), (_, host_2, _), (_, friend_2, _) = people
    link_1 = open_table(host_1, two_servers, ONE_DEAL)
    assert host_1.evaluate("code => pasur.reach.fnv1a(code)", code_of(link_1)) == fnv1a(code_of(link_1))
    # The second host opens tables (closing each) until one lands on the other server: half do.
    for _ in range(12):
        link_2 = open_table(host_2, two_servers, ONE_DEAL)
        if fnv1a(code_of(link_2)) % 2 != fnv1a(code_of(link_1)) % 2:
            break
        host_2.click("#table-leave")
    else:
        raise AssertionError("twelve codes in a row picked the same server")
    for host, link in ((host_1, link_1), (host_2, link_2)):
        port = PORTS[fnv1a(code_of(link)) % 2]
        other = PORTS[1 - PORTS.index(port)]
        expect(host.locator("#table-link")).to_be_visible()
        assert first_id(link) in held(port) and first_id(link) not in held(other)
    join(friend_1, link_1, "Mina")
    join(friend_2, link_2, "Reza")
    for host, friend in ((host_1, friend_1), (host_2, friend_2)):
        expect(host.locator("#lobby")).to_contain_text("Everyone is seated")
        host.click("#table-start")
        expect(friend.locator("html")).to_have_attribute("data-phase", "play")
    take_turns([host_1, friend_1, host_2, friend_2],
               lambda: phase(host_1) == phase(host_2) == "match-end", host_1)
    for page in (friend_1, friend_2):
        expect(page.locator("html")).to_have_attribute("data-phase", "match-end")
    for context, _, guard in people:
        assert not guard.problems, guard.problems
        context.close()


def free(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("10.77.0.1", port)) != 0


def signalling_processes(port: int) -> list[int]:
    """The node processes of a signalling server on ``port``."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            words = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if any(word.endswith(b"signalling.cjs") for word in words) and str(port).encode() in words:
            found.append(int(entry.name))
    return found


@pytest.fixture
def dev_serve() -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``./dev serve --lan 8765 --signalling-port 9301`` (its options in any order) and the link it prints
    for a phone."""
    served = subprocess.Popen([str(ROOT / "dev"), "serve", "--lan", "8765", "--signalling-port", "9301"],
                              stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert served.stdout is not None
    link = ""
    for line in served.stdout:  # (the build first: a few seconds)
        found = re.search(r"Pasur is served at (\S+)", line)
        if found:
            link = found.group(1)
            break
    yield served, link
    if served.poll() is None:
        served.kill()
        served.wait()


def test_dev_serve_lan_serves_the_network_and_stops_with_its_signalling_server(
        playwright: Playwright, browser_type_launch_args: dict[str, Any],
        dev_serve: tuple[subprocess.Popen[str], str]) -> None:
    served, link = dev_serve
    # This namespace's network address (tools/netns.sh), not the loopback.
    assert link == "http://10.77.0.1:8765/", link
    assert signalling_processes(9301) and not free(9301)
    args = [arg for arg in browser_type_launch_args["args"] if not arg.startswith("--host-resolver-rules")]
    browser = playwright.chromium.launch(**{**browser_type_launch_args, "args": [
        *args, "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 10.77.0.1"]})  # the phone's browser and the host's
    _, host, host_guard = person(browser)
    _, friend, friend_guard = person(browser, 360, 740)
    for guard in (host_guard, friend_guard):
        guard.origins = ("http://10.77.0.1:8765/", "http://10.77.0.1:9301/")
    table = open_table(host, link, ONE_DEAL)
    assert table.startswith(link)
    join(friend, table, "Mina")  # the phone: the same link, the signalling server on the same address
    expect(host.locator("#lobby")).to_contain_text("Everyone is seated")
    assert not host_guard.problems and not friend_guard.problems, host_guard.problems + friend_guard.problems
    browser.close()
    served.send_signal(signal.SIGTERM)  # as `kill <pid of ./dev serve>` does
    assert served.wait(timeout=30) is not None
    assert free(8765) and free(9301)
    assert signalling_processes(9301) == []


ASKED = """(() => {  // counts the page's answers from the address that hands out TURN credentials
  window.__asked = 0;
  const real = window.fetch;
  window.fetch = (...args) => real(...args).then((answer) => {
    if (String(args[0]).includes(":9401/")) window.__asked += 1;
    return answer;
  });
})();"""


@pytest.mark.usefixtures("signalling")
def test_turn_credentials_are_asked_again_before_they_run_out(browser: Browser) -> None:
    credentials = turn.credential_server("s3cret", ["turn:127.0.0.1:3478"], ttl=600, port=9401)
    site, url = serve_in_thread(ROOT / "site")
    online = json.loads((ROOT / "site" / "online.json").read_bytes())
    site.overrides["/online.json"] = json.dumps({**online, "turn": "http://127.0.0.1:9401/"}).encode()
    context, host, guard = person(browser)
    host.add_init_script(ASKED)
    host.clock.install()  # the credential's life is the page's clock's: moved on by the test
    open_table(host, url, ONE_DEAL)
    host.wait_for_function("() => window.__asked === 1")
    host.clock.run_for(470_000)  # 600 s of life: not asked again before 80% of it
    assert host.evaluate("window.__asked") == 1
    host.clock.run_for(15_000)
    host.wait_for_function("() => window.__asked === 2")
    assert credentials.answered == 2
    assert not guard.problems, guard.problems
    context.close()
    for server in (site, credentials):
        server.shutdown()
        server.server_close()
