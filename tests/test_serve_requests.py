"""The site server (tools/serve.py) over real sockets, to a server started here on a port of its own:
every malformed request gets a 4xx answer, nothing a request says comes back in a header, a silent
connection is closed and one address cannot hold every connection."""

from __future__ import annotations

import socket
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from serve import SiteServer, serve_in_thread


@pytest.fixture
def site(tmp_path: Path) -> Iterator[SiteServer]:
    (tmp_path / "index.html").write_text("<!doctype html><title>Pasur</title>")
    (tmp_path / "online.json").write_text('{"signalling": [{"host": "", "port": 9000}]}')
    server, _ = serve_in_thread(tmp_path)
    yield server
    server.shutdown()
    server.server_close()


def connect(server: SiteServer) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=10)


def ask(server: SiteServer, request: bytes) -> bytes:
    """The whole answer to ``request`` (the server, speaking HTTP/1.0, closes the connection after it)."""
    with connect(server) as client:
        client.sendall(request)
        answer = b""
        while chunk := client.recv(65536):
            answer += chunk
    return answer


@pytest.mark.parametrize(("request_bytes", "status"), [
    (b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\n\r\n", b"414"),
    (b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % n for n in range(101)) + b"\r\n", b"431"),
    (b"GET / HTTP/1.1\r\nX-Long: " + b"a" * 70_000 + b"\r\n\r\n", b"431"),
    (b"GET / HTTP/2.0\r\n\r\n", b"505"),
    (b"GET / HTTP/x.y\r\n\r\n", b"400"),
    (b"GET /%00 HTTP/1.1\r\nHost: a\r\n\r\n", b"400"),
    (b"GET /index.html%00.png HTTP/1.1\r\nHost: a\r\nAccept-Encoding: gzip\r\n\r\n", b"400"),
])
def test_a_malformed_request_gets_a_4xx_or_505_answer(site: SiteServer, request_bytes: bytes, status: bytes) -> None:
    answer = ask(site, request_bytes)
    assert answer.split(b" ", 2)[1] == status, answer[:200]


def test_no_request_header_comes_back_in_an_answers_headers(site: SiteServer) -> None:
    answer = ask(site, b"GET / HTTP/1.1\r\nHost: evil.example; script-src *:1\r\n\r\n")
    head = answer.partition(b"\r\n\r\n")[0]
    assert head.startswith(b"HTTP/1.0 200")
    assert b"evil" not in head and b"*:1" not in head
    assert b"connect-src 'self' http://127.0.0.1:9000 ws://127.0.0.1:9000" in head  # the server's own host


def test_a_silent_connection_is_closed(site: SiteServer) -> None:
    site.idle_timeout = 0.5
    with connect(site) as client:
        client.sendall(b"GET / HT")  # and nothing more
        assert client.recv(1024) == b""  # closed by the server (10 s would raise TimeoutError)


def test_one_address_holds_only_so_many_connections(site: SiteServer) -> None:
    site.per_address = 3
    held = [connect(site) for _ in range(3)]  # each saying nothing yet
    try:
        assert ask(site, b"GET / HTTP/1.1\r\nHost: a\r\n\r\n").startswith(b"HTTP/1.1 503")
        held.pop().close()
        answer = b""
        for _ in range(100):  # until the server has seen the closed one go
            answer = ask(site, b"GET / HTTP/1.1\r\nHost: a\r\n\r\n")
            if not answer.startswith(b"HTTP/1.1 503"):
                break
        assert answer.startswith(b"HTTP/1.0 200")
    finally:
        for client in held:
            client.close()
