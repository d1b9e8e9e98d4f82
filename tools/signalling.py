"""The signalling server of a game between friends: the PeerJS server (npm ``peer``, pinned in
package-lock.json), which only introduces the players' browsers to each other; the game itself
goes between them. ``./dev serve`` runs it beside the site; the online browser tests run their own.

    python tools/signalling.py [--port 9000] [--path /pasur]
"""

from __future__ import annotations

import argparse
import contextlib
import subprocess
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERVER = ROOT / "node_modules" / "peer" / "dist" / "bin" / "peerjs.js"


def start(port: int = 9000, path: str = "/pasur", host: str = "127.0.0.1",
          wait: float = 20.0) -> subprocess.Popen[bytes]:
    """Start the server on ``host:port`` under ``path``, once it answers."""
    server = subprocess.Popen(["node", str(SERVER), "--port", str(port), "--path", path],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), urllib.request.urlopen(f"http://{host}:{port}{path}/", timeout=1):
            return server
        if server.poll() is not None:
            break
        time.sleep(0.2)
    server.kill()
    raise RuntimeError(f"the signalling server did not start on port {port}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=9000)
    parser.add_argument("--path", default="/pasur")
    args = parser.parse_args()
    server = start(args.port, args.path)
    print(f"The signalling server for playing friends is at http://127.0.0.1:{args.port}{args.path}/", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.wait()
    server.terminate()


if __name__ == "__main__":
    main()
