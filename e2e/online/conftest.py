"""The browser tests of a game between friends. They run in a network namespace of their own (./dev
test makes it with unshare: a loopback and one veth pair, every packet stays in it), beside a
signalling server they start on the port the built site's online.json names, with Chromium giving
WebRTC candidates plain addresses (the tests' host-resolver rules cannot resolve mDNS names)."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]

from signalling import start  # noqa: E402  (tools/, put on the path by e2e/conftest.py)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    args = [*browser_type_launch_args["args"], "--disable-features=WebRtcHideLocalIpsWithMdns"]
    return {**browser_type_launch_args, "args": args}


@pytest.fixture(scope="session")
def signalling() -> Iterator[int]:
    """The signalling server of the built site (its port, from site/online.json)."""
    settings = json.loads((ROOT / "site" / "online.json").read_text(encoding="utf-8"))["signalling"]
    server: subprocess.Popen[bytes] = start(int(settings["port"]), str(settings["path"]))
    yield int(settings["port"])
    server.terminate()
    server.wait(timeout=10)
