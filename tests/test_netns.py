"""tools/netns.sh, the network namespace of the browser tests of friends playing online: settled
before the tests start. Chromium drops the requests under way when the machine's addresses change
("Failed to fetch"), and an address that came a second after the links were up (IPv6's duplicate
address detection) failed the start of the first page opened there."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

NETNS = Path(__file__).resolve().parent.parent / "tools" / "netns.sh"


def test_no_address_comes_or_changes_once_the_command_runs() -> None:
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        pytest.skip("needs unshare and ip (util-linux, iproute2)")
    listing = "ip -o addr; sleep 3; echo ---; ip -o addr"
    unshare = ["unshare", "-n"] if os.geteuid() == 0 else ["unshare", "-rn"]  # as ./dev test makes it
    done = subprocess.run([*unshare, "sh", str(NETNS), "sh", "-c", listing],
                          capture_output=True, text=True, timeout=60)
    if done.returncode != 0 and "Operation not permitted" in done.stderr:
        pytest.skip("no permission to make a network namespace here")
    assert done.returncode == 0, done.stderr
    first, later = done.stdout.split("---\n")
    assert "10.77.0.1/24" in first and "127.0.0.1/8" in first
    assert "tentative" not in first, first
    assert first == later
