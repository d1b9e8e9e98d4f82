"""Serve the built ``site/`` folder on 127.0.0.1: a plain static server that sends the page's
Content-Security-Policy (the strictest the game works under; the README's hosting notes list it)
and, as most static hosts do, text, scripts and WebAssembly gzip-compressed."""

from __future__ import annotations

import argparse
import contextlib
import functools
import gzip
import hashlib
import http.server
import io
import json
import sys
import threading
from collections import Counter
from pathlib import Path
from typing import BinaryIO

ROOT = Path(__file__).resolve().parent.parent
# PyScript and Pyodide compile WebAssembly and build functions from text ('wasm-unsafe-eval',
# 'unsafe-eval'); everything else comes from the site itself. No frame-ancestors: any site may
# embed the game.
CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; "
                           "object-src 'none'; base-uri 'none'; form-action 'none'")


def policy(folder: Path, host: str) -> str:
    """The page's policy, letting it reach the signalling server of a game between friends, as the
    site's online.json names it (a host left empty: the page's own host)."""
    try:
        signalling = json.loads((folder / "online.json").read_text(encoding="utf-8"))["signalling"]
    except (OSError, ValueError, KeyError, TypeError):
        return CONTENT_SECURITY_POLICY
    server = f"{signalling.get('host') or host}:{int(signalling.get('port', 9000))}"
    secure = "s" if signalling.get("secure") else ""
    return CONTENT_SECURITY_POLICY + f"; connect-src 'self' http{secure}://{server} ws{secure}://{server}"

# Sent gzip-compressed to a browser that accepts it; the rest (zip archives, images) as they are.
COMPRESSED = {".html", ".css", ".js", ".mjs", ".json", ".wasm", ".toml", ".py", ".svg", ".webmanifest", ".txt"}


@functools.lru_cache(maxsize=256)
def compressed(path: Path, mtime: float, size: int) -> tuple[bytes, str]:
    """The file gzip-compressed (once per version of it) and its entity tag."""
    data = path.read_bytes()
    return gzip.compress(data, compresslevel=6, mtime=0), '"' + hashlib.sha256(data).hexdigest()[:16] + '-gz"'


TYPES = {
    **http.server.SimpleHTTPRequestHandler.extensions_map,
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".webmanifest": "application/manifest+json",
}


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = TYPES  # (an instance attribute of the base class, read through the class)

    def log_message(self, format: str, *args: object) -> None:
        pass

    def send_head(self) -> BinaryIO | None:
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.partition("?")[0].endswith("/"):
            path = path / "index.html"
        if (path.suffix not in COMPRESSED or not path.is_file()
                or "gzip" not in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        stat = path.stat()
        body, tag = compressed(path, stat.st_mtime, stat.st_size)
        unchanged = tag in self.headers.get("If-None-Match", "")
        self.send_response(304 if unchanged else 200)
        self.send_header("Content-type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("ETag", tag)
        if unchanged:
            self.end_headers()
            return None
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        requests = getattr(self.server, "requests", None)
        if requests is not None:
            requests.append((self.path, int(code) if str(code).isdigit() else 0))

    def end_headers(self) -> None:
        # Always revalidate, so a new build is seen at once; the service worker does the caching.
        self.send_header("Cache-Control", "no-cache")
        host = self.headers.get("Host", "127.0.0.1").rpartition(":")[0] or "127.0.0.1"
        self.send_header("Content-Security-Policy", policy(Path(self.directory), host))
        # A frame sandboxed without allow-same-origin has an origin of its own ("null"): its
        # scripts and fetches of these public files are cross-origin requests.
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()


class SiteServer(http.server.ThreadingHTTPServer):
    """Serves one folder; ``folder`` can be switched while running (a new build deployed),
    ``requests`` lists every (path, status) served, for tests and benchmarks, and a path can be
    held (``hold``): its answer waits until the test lets it go, as a slow network's would."""

    folder: Path
    requests: list[tuple[str, int]]
    held: dict[str, threading.Event]

    def hold(self, path: str) -> threading.Event:
        """Requests for ``path`` (without query) wait until the event returned is set."""
        self.held[path] = threading.Event()
        return self.held[path]

    def sent_in_full(self, since: int = 0) -> list[str]:
        """The paths (without query) whose content was sent (a 304 "not modified" sends none)."""
        return [path.partition("?")[0] for path, status in self.requests[since:] if status == 200]

    def sent_twice(self, since: int = 0) -> list[str]:
        """The paths whose content was sent more than once."""
        return sorted(path for path, count in Counter(self.sent_in_full(since)).items() if count > 1)

    def handle_error(self, request: object, client_address: object) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return  # the browser closed the connection (a reload, a closed tab): nothing to report
        super().handle_error(request, client_address)  # type: ignore[arg-type]


class SwitchableHandler(QuietHandler):
    def __init__(self, *args: object, **kwargs: object) -> None:
        server = args[2]
        assert isinstance(server, SiteServer)
        super().__init__(*args, directory=str(server.folder), **kwargs)  # type: ignore[arg-type]

    def send_head(self) -> BinaryIO | None:
        assert isinstance(self.server, SiteServer)
        held = self.server.held.get(self.path.partition("?")[0])
        if held is not None:
            held.wait(60)
        return super().send_head()


def make_server(folder: Path, port: int = 0) -> SiteServer:
    server = SiteServer(("127.0.0.1", port), SwitchableHandler)
    server.folder = folder
    server.requests = []
    server.held = {}
    return server


def serve_in_thread(folder: Path, port: int = 0) -> tuple[SiteServer, str]:
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
