"""Friends in two homes across a small internet (tools/internet.py), for the tests and timings: on
the public side the site, a signalling server, coturn (STUN and TURN, ``use-auth-secret``) and the
address that hands out its credentials; in each home, a Chromium of its own (tools/chromium-netns).

The site is served with an online.json naming these servers:
``{"signalling": [{"host": "", "port": 9100, ...}], "iceServers": [{"urls": "stun:203.0.113.1:3478"}],
"turn": "http://203.0.113.1:9101/"}``.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import internet as net
import signalling
import turn
from chromium import CHROMIUM_ARGS, evidence

from serve import SiteServer, serve_in_thread

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_NETNS = str(Path(__file__).resolve().with_name("chromium-netns"))  # PASUR_BROWSER_LOG as chromium-logged
SITE_PORT, SIGNALLING_PORT, CREDENTIALS_PORT, TURN_PORT = 8080, 9100, 9101, 3478
SITE = f"http://{net.PUBLIC}:{SITE_PORT}/"


def online_json(turn_source: bool = True) -> bytes:
    online: dict[str, Any] = {
        "signalling": [{"host": "", "port": SIGNALLING_PORT, "path": "/pasur", "secure": False, "key": "peerjs"}],
        "iceServers": [{"urls": f"stun:{net.PUBLIC}:{TURN_PORT}"}]}
    if turn_source:
        online["turn"] = f"http://{net.PUBLIC}:{CREDENTIALS_PORT}/"
    return json.dumps(online, indent=1).encode()


def browser_args(evidence_folder: Path | None = None) -> dict[str, Any]:
    """Playwright's launch options for a home's Chromium: the tests' flags, with the site's address
    let through the host-resolver rules, plain addresses in ICE candidates, and the site taken for a
    secure origin (as an https site would be); with ``evidence_folder``, its log and crash dumps kept
    there (tools/chromium.py)."""
    options = evidence(evidence_folder) if evidence_folder else {"args": CHROMIUM_ARGS, "env": dict(os.environ)}
    args = [arg for arg in options["args"] if not arg.startswith("--host-resolver-rules")]
    args += [f"--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE {net.PUBLIC}",
             "--disable-features=WebRtcHideLocalIpsWithMdns",
             f"--unsafely-treat-insecure-origin-as-secure=http://{net.PUBLIC}:{SITE_PORT}"]
    return {**options, "executable_path": CHROMIUM_NETNS, "args": args}


def home_browser(playwright: Any, home: str, evidence_folder: Path | None = None) -> Any:
    """A Chromium started in home ``home`` ("a" or "b"): it sees that home's network only."""
    options = browser_args(evidence_folder)
    options["env"] = {**options["env"], "PASUR_NETNS": net.home(home)}
    return playwright.chromium.launch(**options)


@dataclass
class World:
    internet: net.Internet
    site: SiteServer
    credentials: turn.CredentialServer
    folder: Path
    secret: str
    coturn: subprocess.Popen[bytes] | None = None

    def start_turn(self) -> None:
        if self.coturn is None:
            self.coturn = turn.coturn(net.PUBLIC, self.secret, self.folder, TURN_PORT)

    def stop_turn(self) -> None:
        if self.coturn is not None:
            self.coturn.terminate()
            self.coturn.wait(timeout=10)
            self.coturn = None

    def turn_log(self) -> str:
        log = self.folder / "turn.log"
        return log.read_text(encoding="utf-8", errors="replace") if log.exists() else ""


def _shut(server: SiteServer | turn.CredentialServer) -> None:
    server.shutdown()
    server.server_close()


@contextmanager
def world(nat_b: str = "cone", site: Path = ROOT / "site") -> Iterator[World]:
    """The internet with home a behind a cone NAT and home b behind ``nat_b``, its servers up."""
    with ExitStack() as stack:
        made = net.build("cone", nat_b)
        stack.callback(made.close)
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="pasur-world-")))
        stack.callback(signalling.stop, signalling.start(SIGNALLING_PORT, "/pasur", net.PUBLIC))
        server, _ = serve_in_thread(site, SITE_PORT, net.PUBLIC)
        stack.callback(_shut, server)
        server.overrides["/online.json"] = online_json()
        secret = secrets.token_hex(16)
        credentials = turn.credential_server(secret, [f"turn:{net.PUBLIC}:{TURN_PORT}?transport=udp"], 600,
                                             net.PUBLIC, CREDENTIALS_PORT, origin=SITE.rstrip("/"))
        stack.callback(_shut, credentials)
        here = World(made, server, credentials, folder, secret)
        stack.callback(here.stop_turn)
        here.start_turn()
        yield here
