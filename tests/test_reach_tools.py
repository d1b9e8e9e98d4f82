"""The tools of friends playing across the internet, in CPython: coturn's short-lived credentials
(tools/turn.py) and the page's Content-Security-Policy naming every signalling server of
online.json and the address that hands out credentials (tools/serve.py)."""

from __future__ import annotations

import json
import sys
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from turn import credential, credential_server

from serve import CONTENT_SECURITY_POLICY, policy


def test_a_credential_is_coturns_use_auth_secret_hmac() -> None:
    # Checked by hand: printf '%s' 1700000000:pasur | openssl dgst -sha1 -hmac s3cret -binary | base64
    assert credential("s3cret", "pasur", 0, now=1_700_000_000) == ("1700000000:pasur", "z/k7egrbTCcCnLe6JPwH5aaUE04=")
    assert credential("s3cret", "pasur", 600, now=1_700_000_000)[0] == "1700000600:pasur"  # its time ends then


def test_the_credentials_address_hands_out_fresh_credentials_never_cached() -> None:
    server = credential_server("s3cret", ["turn:turn.example.org:3478?transport=udp"], ttl=900,
                               origin="https://pasur.example.org")
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{server.server_address[1]}/") as answer:
            assert answer.headers["Cache-Control"] == "no-store"
            assert answer.headers["Access-Control-Allow-Origin"] == "https://pasur.example.org"
            data = json.load(answer)
        (ice,) = data["iceServers"]
        assert data["ttl"] == 900 and ice["urls"] == ["turn:turn.example.org:3478?transport=udp"]
        expiry, _, name = ice["username"].partition(":")
        assert name.startswith("pasur-") and credential("s3cret", name, 0, now=int(expiry))[1] == ice["credential"]
        assert server.answered == 1
    finally:
        server.shutdown()
        server.server_close()


def test_the_policy_lets_the_page_reach_every_signalling_server_and_the_credentials(tmp_path: Path) -> None:
    online = {"signalling": [{"host": "", "port": 9000, "secure": False},
                             {"host": "s2.example.org", "port": 443, "secure": True}],
              "turn": "https://pasur.example.org/turn-credentials"}
    made = policy(tmp_path, "pasur.example.org", json.dumps(online).encode())
    assert made == CONTENT_SECURITY_POLICY + (
        "; connect-src 'self' http://pasur.example.org:9000 ws://pasur.example.org:9000"
        " https://s2.example.org:443 wss://s2.example.org:443 https://pasur.example.org")
    # One server as an object (online.json as the build writes it), and no credentials address.
    (tmp_path / "online.json").write_text(json.dumps({"signalling": {"host": "", "port": 9000}}))
    assert policy(tmp_path, "h").endswith("; connect-src 'self' http://h:9000 ws://h:9000")
    assert policy(tmp_path, "h", b"not json") == CONTENT_SECURITY_POLICY
