"""The signalling server's limits per client address (tools/signalling.cjs as tools/signalling.py starts
it), over real sockets on 127.0.0.1: the pages of tools/load_signalling.cjs come from 127.0.0.1,
127.0.0.2, ... (all of 127.0.0.0/8 is this machine's), each address a client of its own."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import signalling

ROOT = Path(__file__).resolve().parent.parent
LOAD = ROOT / "tools" / "load_signalling.cjs"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def port() -> Iterator[int]:
    chosen = free_port()
    server = signalling.start(chosen, "/pasur")
    yield chosen
    signalling.stop(server)


def pages(port: int, count: int, *options: str) -> dict[str, Any]:
    """What tools/load_signalling.cjs saw of ``count`` pages (closed once it reports)."""
    done = subprocess.run(["node", str(LOAD), str(port), "/pasur", str(count), *options], input="",
                          capture_output=True, text=True, timeout=150, check=True)
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def test_one_address_opening_5100_ids_leaves_room_for_another(port: int) -> None:
    greedy = subprocess.Popen(["node", str(LOAD), str(port), "/pasur", "5100"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert greedy.stdin is not None and greedy.stdout is not None
    try:
        held = json.loads(greedy.stdout.readline())  # its pages still held while another address comes
        honest = pages(port, 1, "--from", "127.0.0.2")
    finally:
        greedy.stdin.close()
        greedy.wait(timeout=60)
    assert honest["connected"] == 1 and honest["refused"] == {}
    assert held["connected"] <= signalling.LIMITS["ids_per_address"]
    assert held["refused"].get("Server is busy: too many connections from this address", 0) > 0


def test_relayed_messages_beyond_the_rate_are_refused(port: int) -> None:
    sent = pages(port, 2, "--from", "127.0.0.3", "--offers", "600")
    rate = signalling.LIMITS["messages_per_second"]
    assert 10 * rate <= sent["offers"]["delivered"] <= 10 * rate + 2 * rate  # 10 s of them at once, then the rate
    assert sent["offers"]["answers"] == {"Server is busy: too many messages from this address": 1}
    again = pages(port, 2, "--from", "127.0.0.4", "--offers", "20")  # another address is not held back
    assert again["offers"]["delivered"] == 20 and again["offers"]["answers"] == {}


def test_offers_to_unknown_ids_beyond_a_few_a_minute_are_refused(port: int) -> None:
    probed = pages(port, 1, "--from", "127.0.0.5", "--offers", "100", "--unknown")
    assert probed["offers"]["answers"] == {"Server is busy: too many unknown ids asked from this address": 1}
    one = pages(port, 1, "--from", "127.0.0.6", "--offers", "3", "--unknown")  # a few mistyped codes: no refusal
    assert one["offers"]["answers"] == {}
