"""A small TURN client over UDP (RFC 5766, long-term credentials): allocates a relay and asks it for a
permission to a peer, to check what a TURN server refuses (a peer it must not reach: 403 "Forbidden
IP"; one credential holding too many allocations: 486 "Allocation Quota Reached").

    python tools/turn_probe.py --secret-file /etc/pasur/turn-secret turn.example.org 169.254.169.254

prints the answer to each step (0 for a success, else the error code).
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import secrets
import socket
import struct
from pathlib import Path

from turn import credential

MAGIC = 0x2112A442
ALLOCATE, CREATE_PERMISSION = 0x0003, 0x0008
USERNAME, INTEGRITY, ERROR_CODE, XOR_PEER, REALM, NONCE, TRANSPORT = 0x6, 0x8, 0x9, 0x12, 0x14, 0x15, 0x19


def attribute(kind: int, value: bytes) -> bytes:
    return struct.pack("!HH", kind, len(value)) + value + b"\0" * (-len(value) % 4)


def attributes(message: bytes) -> dict[int, bytes]:
    found: dict[int, bytes] = {}
    at = 20
    while at + 4 <= len(message):
        kind, size = struct.unpack_from("!HH", message, at)
        found.setdefault(kind, message[at + 4:at + 4 + size])
        at += 4 + size + (-size % 4)
    return found


class TurnClient:
    """One allocation's client: ``allocate()`` then ``permit(peer)``; each answers 0 or an error code."""

    def __init__(self, server: tuple[str, int], username: str, password: str, wait: float = 5.0) -> None:
        self.server, self.username, self.password = server, username, password
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.socket.settimeout(wait)
        self.realm = self.nonce = b""

    def close(self) -> None:
        self.socket.close()

    def ask(self, method: int, body: bytes) -> tuple[int, dict[int, bytes]]:
        """Send one request (signed once the realm and nonce are known); its class and attributes."""
        ident = secrets.token_bytes(12)
        if self.realm:
            body += attribute(USERNAME, self.username.encode()) + attribute(REALM, self.realm)
            body += attribute(NONCE, self.nonce)
            key = hashlib.md5(b"%s:%s:%s" % (self.username.encode(), self.realm, self.password.encode())).digest()
            head = struct.pack("!HHI", method, len(body) + 24, MAGIC) + ident
            body += attribute(INTEGRITY, hmac.new(key, head + body, hashlib.sha1).digest())
        self.socket.sendto(struct.pack("!HHI", method, len(body), MAGIC) + ident + body, self.server)
        while True:
            answer = self.socket.recv(4096)
            if answer[8:20] == ident:
                return struct.unpack_from("!H", answer)[0] & 0x0110, attributes(answer)

    def request(self, method: int, body: bytes) -> int:
        """0 for a success, else the error code; asked again once with the realm and nonce given."""
        for _ in range(2):
            kind, found = self.ask(method, body)
            if kind == 0x0100:
                return 0
            error = found.get(ERROR_CODE, b"\0\0\0\0")
            code = (error[2] & 7) * 100 + error[3]
            if code not in (401, 438) or NONCE not in found:
                return code
            self.realm, self.nonce = found.get(REALM, self.realm), found[NONCE]
        return code

    def allocate(self) -> int:
        return self.request(ALLOCATE, attribute(TRANSPORT, b"\x11\0\0\0"))

    def permit(self, peer: str) -> int:
        address = struct.unpack("!I", socket.inet_aton(peer))[0] ^ MAGIC
        return self.request(CREATE_PERMISSION, attribute(XOR_PEER, struct.pack("!BBHI", 0, 1, 3480 ^ 0x2112, address)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--secret-file", type=Path, required=True)
    parser.add_argument("--port", type=int, default=3478)
    parser.add_argument("server")
    parser.add_argument("peers", nargs="+")
    args = parser.parse_args()
    username, password = credential(args.secret_file.read_text(encoding="utf-8").strip(), "probe", 600)
    client = TurnClient((socket.gethostbyname(args.server), args.port), username, password)
    try:
        print("allocate:", client.allocate())
        for peer in args.peers:
            print(f"permission to {peer}:", client.permit(peer))
    finally:
        client.close()


if __name__ == "__main__":
    main()
