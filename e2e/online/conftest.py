"""The browser tests of a game between friends. They run in a network namespace of their own (./dev
test makes it with unshare: a loopback and one veth pair, every packet stays in it), beside a
signalling server they start on the port the built site's online.json names, with Chromium giving
WebRTC candidates plain addresses (the tests' host-resolver rules cannot resolve mDNS names)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from online.people import Signalling


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    args = [*browser_type_launch_args["args"], "--disable-features=WebRtcHideLocalIpsWithMdns"]
    return {**browser_type_launch_args, "args": args}


@pytest.fixture(scope="session")
def signalling() -> Iterator[Signalling]:
    server = Signalling()
    server.start()
    yield server
    server.stop()
