"""Short-lived TURN credentials, handed out beside the signalling server, and coturn for the tests.

coturn's ``use-auth-secret`` shares one secret with this service and with nothing else: a
credential is ``username = "<expiry, unix time>:<name>"`` and
``credential = base64(HMAC-SHA1(secret, username))``. coturn refuses it once the time has passed,
so the page holds no fixed password; it asks this service again before its credential runs out
(web/reach.js), and whenever coturn refuses one.

    python tools/turn.py --secret-file /etc/pasur/turn-secret --ttl 3600 --port 9001 \\
        --urls "turn:turn.example.org:3478?transport=udp,turn:turn.example.org:3478?transport=tcp"

``GET /`` (any path) answers ``{"iceServers": [{"urls": [...], "username": ..., "credential": ...}],
"ttl": <seconds>}`` with ``Cache-Control: no-store`` and ``Access-Control-Allow-Origin: <--origin>``,
only to pages of the site: a request naming another ``Origin``, or sent from another site
(``Sec-Fetch-Site: cross-site``), is refused (403); and only a few times a minute to one address
(429; ``--proxied``: the address is the last of ``X-Forwarded-For`` set by a proxy on this machine).
Each credential has a name of its own, so that coturn's ``user-quota`` holds each page.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import hashlib
import hmac
import http.server
import json
import secrets
import socket
import subprocess
import threading
import time
from pathlib import Path

from signalling import die_with_parent


def credential(secret: str, name: str, ttl: int, now: float | None = None) -> tuple[str, str]:
    """(username, credential) that coturn's use-auth-secret takes until ``now + ttl``."""
    username = f"{int((time.time() if now is None else now) + ttl)}:{name}"
    digest = hmac.new(secret.encode(), username.encode(), hashlib.sha1).digest()
    return username, base64.b64encode(digest).decode()


class CredentialServer(http.server.ThreadingHTTPServer):
    """Hands out credentials for ``urls``. ``answered`` counts the answers; the first ``stale`` of them
    carry a credential whose time has passed already (as a service whose clock is behind would), for
    the test of a credential coturn refuses. One address is answered ``per_minute`` times a minute
    (twice that at once)."""

    secret: str
    urls: list[str]
    ttl: int
    origin: str
    answered: int = 0
    stale: int = 0
    handed: list[str]
    lock: threading.Lock
    per_minute: float = 10.0
    proxied: bool = False
    tokens: dict[str, tuple[float, float]]

    def take(self, address: str) -> bool:
        """Whether ``address`` may have one more credential now (a bucket refilled per minute)."""
        now, most = time.monotonic(), 2 * self.per_minute
        with self.lock:
            left, then = self.tokens.get(address, (most, now))
            left = min(most, left + (now - then) * self.per_minute / 60)
            if len(self.tokens) > 100_000:
                self.tokens.clear()
            self.tokens[address] = (left - 1 if left >= 1 else left, now)
            return left >= 1


class CredentialHandler(http.server.BaseHTTPRequestHandler):
    server: CredentialServer

    def log_message(self, format: str, *args: object) -> None:
        pass

    def refuse(self, status: int, why: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(why)))
        self.send_header("Access-Control-Allow-Origin", self.server.origin)
        if status == 429:
            self.send_header("Retry-After", "60")
        self.end_headers()
        self.wfile.write(why.encode())

    def address(self) -> str:
        peer = self.client_address[0]
        forwarded = self.headers.get("X-Forwarded-For", "")
        if self.server.proxied and forwarded and peer.startswith(("127.", "::1")):
            return forwarded.rpartition(",")[2].strip()
        return peer

    def do_GET(self) -> None:
        server = self.server
        origin, site = self.headers.get("Origin"), self.headers.get("Sec-Fetch-Site")
        if server.origin != "*" and (origin not in (None, server.origin) or site == "cross-site"
                                     or (origin is None and site not in (None, "same-origin"))):
            return self.refuse(403, "credentials are for the pages of this site only")
        if not server.take(self.address()):
            return self.refuse(429, "too many credentials asked from this address: ask again in a minute")
        with server.lock:
            server.answered += 1
            late = server.answered <= server.stale
        name = f"pasur-{secrets.token_hex(6)}"
        username, password = credential(server.secret, name, -600 if late else server.ttl)
        server.handed.append(username)
        body = json.dumps({"iceServers": [{"urls": server.urls, "username": username, "credential": password}],
                           "ttl": server.ttl}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Access-Control-Allow-Origin", server.origin)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def credential_server(secret: str, urls: list[str], ttl: int = 3600, host: str = "127.0.0.1", port: int = 0,
                      origin: str = "*", per_minute: float = 10.0, proxied: bool = False) -> CredentialServer:
    """Answers on ``host:port`` in a thread of its own; ``origin`` "*": any page's requests."""
    server = CredentialServer((host, port), CredentialHandler)
    server.secret, server.urls, server.ttl, server.origin = secret, urls, ttl, origin
    server.handed, server.lock, server.tokens = [], threading.Lock(), {}
    server.per_minute, server.proxied = per_minute, proxied
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


# ---------------------------------------------------------------------- coturn, for the tests
def stun_answers(host: str, port: int = 3478, wait: float = 0.5) -> bool:
    """Whether a STUN server at ``host:port`` answers a binding request (RFC 5389) within ``wait``."""
    ident = secrets.token_bytes(12)
    request = b"\x00\x01\x00\x00\x21\x12\xa4\x42" + ident
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.settimeout(wait)
        try:
            probe.sendto(request, (host, port))
            answer = probe.recv(2048)
        except OSError:
            return False
    return answer[:2] == b"\x01\x01" and answer[8:20] == ident


CONFIG = Path(__file__).resolve().parent.parent / "deploy" / "turnserver.conf"
# The test internet's public side (tools/internet.py), a documentation range the configuration denies.
TEST_INTERNET = "203.0.113.0-203.0.113.255"


def coturn(host: str, secret: str, folder: Path, port: int = 3478, wait: float = 20.0,
           allowed: tuple[str, ...] = (TEST_INTERNET,), relay_ports: tuple[int, int] = (49152, 49999),
           ) -> subprocess.Popen[bytes]:
    """Debian's coturn as STUN and TURN server on ``host:port`` (UDP and TCP) with the deployment's
    configuration (deploy/turnserver.conf), taking credentials made with ``secret`` and relaying to
    the ``allowed`` ranges besides; its log in ``folder``/turn.log. Returned once it answers STUN."""
    log = folder / "turn.log"
    command = ["turnserver", "-c", str(CONFIG), "--listening-ip", host, "--relay-ip", host,
               "--listening-port", str(port), "--min-port", str(relay_ports[0]), "--max-port", str(relay_ports[1]),
               "--static-auth-secret", secret, "--realm", "pasur.test", "--no-tls", "--no-dtls",
               *[f"--allowed-peer-ip={peers}" for peers in allowed],
               "--log-file", str(log), "--simple-log", "--no-stdout-log",
               "--pidfile", str(folder / "turn.pid"), "--userdb", str(folder / "turndb"), "--verbose"]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=die_with_parent)
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if stun_answers(host, port):
            return server
        if server.poll() is not None:
            break
    server.kill()
    said = log.read_text(errors="replace")[-2000:] if log.exists() else ""
    raise RuntimeError(f"coturn did not start on {host}:{port}: {said}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--secret-file", type=Path, required=True, help="coturn's static-auth-secret, alone in a file")
    parser.add_argument("--urls", required=True, help="the TURN server's URLs, comma-separated")
    parser.add_argument("--ttl", type=int, default=3600, help="how long a credential lasts, in seconds")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=9001)
    parser.add_argument("--origin", required=True, help="the site's origin (https://pasur.example.org): "
                        "only its pages are given credentials")
    parser.add_argument("--per-minute", type=float, default=10.0, help="credentials a minute to one address")
    parser.add_argument("--proxied", action="store_true", help="behind a reverse proxy on this machine, "
                        "which sets X-Forwarded-For")
    args = parser.parse_args()
    secret = args.secret_file.read_text(encoding="utf-8").strip()
    if not secret:
        parser.error(f"{args.secret_file} is empty: put coturn's static-auth-secret in it")
    if args.ttl < 60:
        parser.error("--ttl is at least 60 seconds (the page asks again before a credential runs out)")
    urls = [url.strip() for url in args.urls.split(",") if url.strip()]
    if not all(url.startswith(("turn:", "turns:")) for url in urls):
        parser.error("every --urls entry starts with turn: or turns:")
    server = credential_server(secret, urls, args.ttl, args.host, args.port, args.origin, args.per_minute,
                               args.proxied)
    print(f"TURN credentials are handed out at http://{args.host}:{server.server_address[1]}/", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        threading.Event().wait()
    server.shutdown()


if __name__ == "__main__":
    main()
