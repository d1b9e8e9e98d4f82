"""The signalling server of a game between friends: the PeerJS server (npm ``peer``, pinned in
package-lock.json), which only introduces the players' browsers to each other; the game itself
goes between them. ``./dev serve`` runs it beside the site; the online browser tests run their own.
It runs in tools/signalling.cjs, which holds each client address to a few ids at once and a rate
of connections, of relayed messages and of offers to ids no one holds (``LIMITS``).

    python tools/signalling.py [--host 127.0.0.1] [--port 9000] [--path /pasur]

The server dies with the process that started it (even one killed outright): it never outlives
``./dev serve`` and keeps its port taken.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERVER = ROOT / "tools" / "signalling.cjs"
# Per client address: ids held at once, sockets open at once, new connections a second (30 s of them
# at once), relayed messages a second (10 s of them at once), offers to unknown ids a minute.
LIMITS = {"ids_per_address": 32, "connections_per_address": 64, "connects_per_second": 2,
          "messages_per_second": 20, "unknown_per_minute": 10}
PR_SET_PDEATHSIG = 1  # prctl(2): the signal this process gets when the thread that started it ends


def die_with_parent() -> None:
    """In a child about to run (``preexec_fn``): ended by SIGTERM when its parent ends, however."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def start(port: int = 9000, path: str = "/pasur", host: str = "127.0.0.1", wait: float = 20.0,
          discovery: bool = False, limits: dict[str, int] | None = None) -> subprocess.Popen[bytes]:
    """Start the server on ``host:port`` under ``path``, once it answers. With ``discovery``, it lists
    the ids of the pages connected to it (``GET <path>/peerjs/peers``), for the tests; ``limits``
    replaces some of ``LIMITS``."""
    command = ["node", str(SERVER), "--host", host, "--port", str(port), "--path", path]
    for name, value in {**LIMITS, **(limits or {})}.items():
        command += [f"--{name}", str(value)]
    server = subprocess.Popen([*command, *(["--allow_discovery"] if discovery else [])],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=die_with_parent)
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), urllib.request.urlopen(f"http://{host}:{port}{path}/", timeout=1):
            return server
        if server.poll() is not None:
            break
        time.sleep(0.2)
    server.kill()
    raise RuntimeError(f"the signalling server did not start on {host}:{port} (is the port taken?)")


def stop(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=9000)
    parser.add_argument("--path", default="/pasur")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # stopped by its pid: the server goes too
    server = start(args.port, args.path, args.host)
    print(f"The signalling server for playing friends is at http://{args.host}:{args.port}{args.path}/", flush=True)
    try:
        server.wait()
    except KeyboardInterrupt:
        pass
    finally:
        stop(server)


if __name__ == "__main__":
    main()
