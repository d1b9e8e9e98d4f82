"""The two sites of the page benchmark (tools/bench_page.py): the bare PyScript + Pyodide page it is
compared with, and a server that counts the bytes it sends and can emulate a slower network link
(each response waits one round trip and every byte goes through one link of a given bandwidth)."""

from __future__ import annotations

import shutil
import threading
import time
from pathlib import Path
from typing import Any

from serve import SiteServer, SwitchableHandler

ROOT = Path(__file__).resolve().parent.parent
BARE_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Hello</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="./vendor/pyscript/core.css">
<script type="module" src="./vendor/pyscript/core.js"></script>
</head>
<body>
<p id="out">Loading…</p>
<script type="py" config="./pyscript.toml">
from pyscript import document
document.getElementById("out").textContent = "Hello from Python"
document.documentElement.setAttribute("data-ready", "")
</script>
</body>
</html>
"""

def build_bare(out: Path, site: Path) -> None:
    """The reference page: PyScript and Pyodide from the same vendored files, printing hello."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    shutil.copytree(site / "vendor", out / "vendor")
    # Pyodide's own standard library, as Pyodide ships it (the game has its own, tools/precompile.mjs).
    stdlib = "python_stdlib.zip"
    shutil.copy2(ROOT / "node_modules" / "pyodide" / stdlib, out / "vendor" / "pyodide" / stdlib)
    (out / "index.html").write_text(BARE_PAGE, encoding="utf-8")
    (out / "pyscript.toml").write_text('interpreter = "./vendor/pyodide/pyodide.mjs"\n', encoding="utf-8")


class Link:
    """One network link: responses wait a round trip, then share its bandwidth."""

    def __init__(self, bits_per_second: float, round_trip: float) -> None:
        self.rate = bits_per_second / 8
        self.round_trip = round_trip
        self.lock = threading.Lock()
        self.free_at = 0.0

    def wait_for(self, size: int) -> None:
        with self.lock:
            now = time.monotonic()
            self.free_at = max(now, self.free_at) + size / self.rate
            delay = self.free_at - now
        time.sleep(delay)


class CountingWriter:
    """The response stream of one request: counts the bytes sent, through the link if any."""

    def __init__(self, raw: Any, link: Link | None) -> None:
        self.raw = raw
        self.link = link
        self.count = 0

    def write(self, data: bytes) -> int:
        view = memoryview(data)
        for start in range(0, len(view), 16384):
            piece = view[start:start + 16384]
            if self.link:
                self.link.wait_for(len(piece))
            self.raw.write(piece)
            self.count += len(piece)
        return len(data)

    def flush(self) -> None:
        self.raw.flush()


class BenchServer(SiteServer):
    link: Link | None
    sent_bytes: list[tuple[str, int]]  # (path, bytes sent: headers and body)


class BenchHandler(SwitchableHandler):
    def handle_one_request(self) -> None:
        server = self.server
        assert isinstance(server, BenchServer)
        writer = CountingWriter(self.wfile, server.link)
        self.wfile = writer  # type: ignore[assignment]
        if server.link:
            # The request's way there and the answer's first byte's way back.
            self.rfile.peek(1)  # type: ignore[attr-defined]
            time.sleep(server.link.round_trip)
        try:
            super().handle_one_request()
        finally:
            self.wfile = writer.raw
        if getattr(self, "path", None):
            server.sent_bytes.append((self.path.partition("?")[0], writer.count))


def serve(folder: Path) -> tuple[BenchServer, str]:
    server = BenchServer(("127.0.0.1", 0), BenchHandler)
    server.folder = folder
    server.requests = []
    server.held = {}  # (tools/serve.py's handler asks: nothing is held back here)
    server.sent_bytes = []
    server.link = None
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"
