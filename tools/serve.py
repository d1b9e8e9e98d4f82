"""Serve the built ``site/`` folder on 127.0.0.1 (a plain static server, no special headers)."""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import threading
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent.parent


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".webmanifest": "application/manifest+json",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass

    def end_headers(self) -> None:
        # Always revalidate, so a new build is seen at once; the service worker does the caching.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def make_server(folder: Path, port: int = 0) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(QuietHandler, directory=str(folder))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def serve_in_thread(folder: Path, port: int = 0) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = make_server(folder, port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dir", type=Path, default=ROOT / "site")
    args = parser.parse_args()
    server = make_server(args.dir, args.port)
    print(f"Pasur is served at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C to stop)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
