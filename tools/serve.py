"""Serve the built ``site/`` folder on 127.0.0.1 (``--host``; ``--lan``: this machine's network
address, for a phone on the same Wi-Fi): a plain static server that sends the page's
Content-Security-Policy (the strictest the game works under; docs/SITE.md, "Hosting", lists it)
and, as most static hosts do, text, scripts and WebAssembly gzip-compressed. With
``--signalling-port``, the signalling server of a friends' game beside it, stopped with it
(``./dev serve`` runs it so)."""

from __future__ import annotations

import contextlib
import functools
import gzip
import hashlib
import http.server
import io
import json
import signal
import socket
import sys
import threading
from collections import Counter
from pathlib import Path
from typing import BinaryIO
from urllib.parse import unquote, urlsplit

import signalling
from serve_options import read_options

ROOT = Path(__file__).resolve().parent.parent
# PyScript and Pyodide compile WebAssembly and build functions from text ('wasm-unsafe-eval',
# 'unsafe-eval'); everything else comes from the site itself. No frame-ancestors: any site may
# embed the game.
CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; "
                           "object-src 'none'; base-uri 'none'; form-action 'none'")


def policy(folder: Path, host: str, online: bytes | None = None) -> str:
    """The page's policy, letting it reach the signalling servers of a game between friends and the
    address that hands out TURN credentials, as the site's online.json names them (a host left empty:
    the page's own host). STUN and TURN themselves are WebRTC's, which connect-src does not govern."""
    try:
        settings = json.loads(online if online is not None else (folder / "online.json").read_bytes())
        servers = settings["signalling"]
        servers = servers if isinstance(servers, list) else [servers]
        sources = []
        for server in servers:
            where = f"{server.get('host') or host}:{int(server.get('port', 9000))}"
            secure = "s" if server.get("secure") else ""
            sources += [f"http{secure}://{where}", f"ws{secure}://{where}"]
        turn = urlsplit(str(settings.get("turn") or ""))
        if turn.scheme in ("http", "https") and turn.netloc:
            sources.append(f"{turn.scheme}://{turn.netloc}")
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return CONTENT_SECURITY_POLICY
    return CONTENT_SECURITY_POLICY + "; connect-src 'self' " + " ".join(dict.fromkeys(sources))

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
    default_request_version = "HTTP/1.0"  # an answer to a bad request line starts with its status too

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
            path = getattr(self, "path", "")  # (none when the request line could not be read)
            requests.append((path, int(code) if str(code).isdigit() else 0))

    def end_headers(self) -> None:
        # Always revalidate, so a new build is seen at once; the service worker does the caching.
        self.send_header("Cache-Control", "no-cache")
        # The host the server was started on, never the request's Host header: nothing a request
        # says is copied into an answer's headers.
        host = getattr(self.server, "host", "127.0.0.1")
        online = getattr(self.server, "overrides", {}).get("/online.json")
        self.send_header("Content-Security-Policy", policy(Path(self.directory), host, online))
        # A frame sandboxed without allow-same-origin has an origin of its own ("null"): its
        # scripts and fetches of these public files are cross-origin requests.
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()


class SiteServer(http.server.ThreadingHTTPServer):
    """Serves one folder; ``folder`` can be switched while running (a new build deployed),
    ``requests`` lists every (path, status) served, for tests and benchmarks, and a path can be
    held (``hold``): its answer waits until the test lets it go, as a slow network's would.
    ``overrides`` answers some paths with other content (online.json naming the servers at hand).
    A connection silent for ``idle_timeout`` seconds is closed, and one client address holds at
    most ``per_address`` connections at once (more get 503), all of them at most ``most``."""

    folder: Path
    host: str
    requests: list[tuple[str, int]]
    held: dict[str, threading.Event]
    overrides: dict[str, bytes]
    idle_timeout: float = 30.0
    per_address: int = 128
    most: int = 512
    connected: Counter[str]
    lock: threading.Lock

    def process_request(self, request: socket.socket, client_address: tuple[str, int]) -> None:  # type: ignore[override]
        with self.lock:
            taken = self.connected[client_address[0]] >= self.per_address or self.connected.total() >= self.most
            if not taken:
                self.connected[client_address[0]] += 1
        if taken:
            with contextlib.suppress(OSError):
                request.sendall(b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            self.shutdown_request(request)
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request: socket.socket, client_address: tuple[str, int]) -> None:  # type: ignore[override]
        try:
            super().process_request_thread(request, client_address)
        finally:
            with self.lock:
                self.connected[client_address[0]] -= 1

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

    def setup(self) -> None:
        assert isinstance(self.server, SiteServer)
        super().setup()
        self.connection.settimeout(self.server.idle_timeout)

    def send_head(self) -> BinaryIO | None:
        assert isinstance(self.server, SiteServer)
        path = self.path.partition("?")[0]
        if "\0" in unquote(path):
            self.send_error(400, "Bad request path")
            return None
        held = self.server.held.get(path)
        if held is not None:
            held.wait(60)
        if path in self.server.overrides:
            body = self.server.overrides[path]
            self.send_response(200)
            self.send_header("Content-type", self.guess_type(path))
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)
        return super().send_head()


def make_server(folder: Path, port: int = 0, host: str = "127.0.0.1") -> SiteServer:
    server = SiteServer((host, port), SwitchableHandler)
    server.folder, server.host = folder, host
    server.connected, server.lock = Counter(), threading.Lock()
    server.requests = []
    server.held = {}
    server.overrides = {}
    return server


def serve_in_thread(folder: Path, port: int = 0, host: str = "127.0.0.1") -> tuple[SiteServer, str]:
    server = make_server(folder, port, host)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}/"


def lan_address() -> str:
    """This machine's address on its network: the source address of its default route (a UDP socket's
    connect sends nothing; the address is one kept for documentation)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("198.51.100.1", 9))
        except OSError as error:
            raise SystemExit("--lan: this machine has no network address (no default route): "
                             "join a network first") from error
        return str(probe.getsockname()[0])


def own_signalling(folder: Path, port: int) -> bytes:
    """The site's online.json with the signalling server this command starts (on the page's own host)."""
    try:
        online = json.loads((folder / "online.json").read_bytes())
    except (OSError, ValueError):
        online = {}
    online = online if isinstance(online, dict) else {}
    online["signalling"] = [{"host": "", "port": port, "path": "/pasur", "secure": False, "key": "peerjs"}]
    return json.dumps(online, indent=1).encode() + b"\n"


def main() -> None:
    args = read_options(sys.argv[1:], ROOT / "site")
    if args.check:
        return
    host = lan_address() if args.lan else args.host
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # stopped by its pid: all it started stops too
    server = make_server(args.dir, args.port, host)
    if host in ("0.0.0.0", "::", ""):  # every address: the policy names the one a phone would use
        server.host = lan_address()
    friends = None
    try:
        if args.signalling_port:
            friends = signalling.start(args.signalling_port, "/pasur", host)
            server.overrides["/online.json"] = own_signalling(args.dir, args.signalling_port)
            print(f"The signalling server for playing friends is at http://{host}:{args.signalling_port}/pasur/")
        link = f"http://{host}:{server.server_address[1]}/"
        print(f"Pasur is served at {link}  (Ctrl+C to stop)", flush=True)
        if args.lan:
            import segno

            print("Open it on a phone on the same network (scan this, or type the address):")
            segno.make(link, error="m").terminal(compact=True)
            sys.stdout.flush()
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        if friends is not None:
            signalling.stop(friends)


if __name__ == "__main__":
    main()
