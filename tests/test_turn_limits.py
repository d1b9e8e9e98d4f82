"""What TURN gives and to whom: coturn with the deployment's configuration (deploy/turnserver.conf, as
tools/turn.py starts it) refuses to relay to special-purpose addresses and holds one credential to a
few allocations; the credentials address (tools/turn.py) answers only the site's pages, a few times
a minute per address. coturn runs here on 127.0.0.1, on ports of its own."""

from __future__ import annotations

import http.client
import ipaddress
import socket
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import turn
from turn_probe import TurnClient

# RFC 6890's special-purpose ranges and RFC 6598's shared address space, written out here.
SPECIAL = ["0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
           "192.0.0.0/24", "192.0.2.0/24", "192.88.99.0/24", "192.168.0.0/16", "198.18.0.0/15",
           "198.51.100.0/24", "203.0.113.0/24", "240.0.0.0/4", "255.255.255.255/32",
           "::1/128", "::ffff:0:0/96", "64:ff9b::/96", "100::/64", "2001::/23", "2001::/32", "2001:2::/48",
           "2001:10::/28", "2001:db8::/32", "2002::/16", "fc00::/7", "fe80::/10"]


Address = ipaddress.IPv4Address | ipaddress.IPv6Address


def denied_ranges() -> list[tuple[Address, Address]]:
    ranges: list[tuple[Address, Address]] = []
    for line in turn.CONFIG.read_text(encoding="utf-8").splitlines():
        if line.startswith("denied-peer-ip="):
            low, _, high = line.partition("=")[2].partition("-")
            ranges.append((ipaddress.ip_address(low), ipaddress.ip_address(high or low)))
    return ranges


def test_the_configuration_denies_every_special_purpose_range() -> None:
    ranges = denied_ranges()
    for special in map(ipaddress.ip_network, SPECIAL):
        assert any(low.version == special.version and low <= special[0] and special[-1] <= high  # type: ignore[operator]
                   for low, high in ranges), special
    settings = dict(line.partition("=")[::2] for line in turn.CONFIG.read_text(encoding="utf-8").splitlines())
    assert int(settings["user-quota"]) <= 20 and int(settings["total-quota"]) > 0
    assert int(settings["stale-nonce"]) <= 600 and int(settings["max-allocate-lifetime"]) <= 600


def free_port(kind: int) -> int:
    with socket.socket(socket.AF_INET, kind) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def coturn(tmp_path: Path) -> Iterator[int]:
    port = free_port(socket.SOCK_DGRAM)
    relay = free_port(socket.SOCK_DGRAM) // 100 * 100
    server = turn.coturn("127.0.0.1", "s3cret", tmp_path, port, relay_ports=(relay, relay + 99))
    yield port
    server.terminate()
    server.wait(timeout=10)


def client(port: int, name: str = "page") -> TurnClient:
    return TurnClient(("127.0.0.1", port), *turn.credential("s3cret", name, 600))


def test_coturn_refuses_to_relay_to_special_purpose_addresses(coturn: int) -> None:
    page = client(coturn)
    try:
        assert page.allocate() == 0
        for peer in ("169.254.169.254", "100.64.0.1", "198.18.0.1", "10.0.0.1", "127.0.0.1", "192.168.1.1"):
            assert page.permit(peer) == 403, peer  # 403 Forbidden IP
        assert page.permit("203.0.113.12") == 0  # the test internet, allowed on the command line
        assert page.permit("93.184.216.34") == 0  # anywhere else on the internet
    finally:
        page.close()


def test_one_credential_holds_a_few_allocations_only(coturn: int) -> None:
    pages = [client(coturn) for _ in range(13)]
    other = client(coturn, "another-page")
    try:
        assert [page.allocate() for page in pages] == [0] * 12 + [486]  # 486 Allocation Quota Reached
        assert other.allocate() == 0
    finally:
        for page in [*pages, other]:
            page.close()


@pytest.fixture
def credentials() -> Iterator[turn.CredentialServer]:
    server = turn.credential_server("s3cret", ["turn:turn.example.org:3478"], origin="https://pasur.example.org",
                                    per_minute=3)
    yield server
    server.shutdown()
    server.server_close()


def status(server: turn.CredentialServer, headers: dict[str, str], source: str = "127.0.0.1") -> int:
    ask = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=10, source_address=(source, 0))
    try:
        ask.request("GET", "/", headers=headers)
        return ask.getresponse().status
    finally:
        ask.close()


def test_credentials_go_to_the_sites_pages_only(credentials: turn.CredentialServer) -> None:
    assert status(credentials, {"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}) == 403
    assert status(credentials, {"Origin": "https://evil.example"}) == 403
    assert status(credentials, {"Sec-Fetch-Site": "cross-site"}) == 403
    assert status(credentials, {"Origin": "https://pasur.example.org", "Sec-Fetch-Site": "same-site"}) == 200
    assert status(credentials, {"Sec-Fetch-Site": "same-origin"}) == 200  # (a same-origin GET names no Origin)


def test_credentials_are_given_a_few_times_a_minute_to_one_address(credentials: turn.CredentialServer) -> None:
    site = {"Origin": "https://pasur.example.org"}
    assert [status(credentials, site) for _ in range(8)] == [200] * 6 + [429] * 2  # twice the rate at once
    assert status(credentials, site, source="127.0.0.2") == 200
