"""Who is who at a table between friends: the host's proof, and a friend's claim to a seat.

- **The host.** Its page keeps a secret key with the match (``Match.host_key``); the table's link
  carries the public key. On every connection a friend's page sends a fresh challenge (``knock``),
  and the host signs it (``proof``) together with the table's code, the friend page's own name on
  the signalling server and a challenge of the host's own. A friend's page believes the other end
  is the host only once that signature checks out with the link's key, and sends nothing else before:
  whoever takes the table's id on the signalling server cannot answer for the host, and a proof made
  for one connection is worth nothing on another.
- **A seat.** A friend's browser keeps a token that never leaves it. Its seat's key at a table is
  an HMAC of the token with the table's code and the host's key; it is sent once, when the friend
  first sits down, to the host proven as above. On every later connection the friend's page claims
  its seat with an HMAC of that key and the host's fresh challenge: nothing sent can be replayed.
- **The pass.** A table's code is short (six letters, read aloud or typed), so anyone may guess or
  probe one. Its link also carries a pass, an HMAC of the code with the host's secret key: the
  table's ids on the signalling server are made from it (``table_id``), so that nobody without the
  link can name, take or probe them, and a friend's knock proves it (``knock_pass``, bound to the
  friend page's own name and its challenge): the host's page answers no other knock, and a code
  alone opens nothing.
"""

from __future__ import annotations

import base64
import binascii
import functools
import hashlib
import hmac
import re
import secrets

from pasur.game import SEED_RANGE

from . import ed25519

__all__ = ["CHALLENGE", "CODE_CHARS", "KEY", "PASS", "SEAT_KEY", "SIGNATURE", "TOKEN", "claim", "claims",
           "knock_pass", "knocks", "new_challenge", "new_code", "new_secret", "new_seed", "new_token", "pass_of",
           "proof", "proven", "public_of", "seat_key", "table_id"]

CHALLENGE = re.compile(r"[A-Za-z0-9_-]{22}")  # 16 random bytes, base64url
KEY = re.compile(r"[A-Za-z0-9_-]{43}")  # an Ed25519 public key, base64url
SIGNATURE = re.compile(r"[A-Za-z0-9_-]{86}")  # an Ed25519 signature, base64url
SECRET = re.compile(r"[0-9a-f]{64}")  # the host's secret key, hex
SEAT_KEY = re.compile(r"[0-9a-f]{64}")  # a seat's key (an HMAC-SHA256), hex
TOKEN = re.compile(r"[0-9a-f]{32}")  # a friend's browser's token for a table, hex
PASS = re.compile(r"[A-Za-z0-9_-]{22}")  # a table's pass, in its link: 16 bytes, base64url
KNOCK_PASS = re.compile(r"[0-9a-f]{64}")  # a knock's proof of the pass (an HMAC-SHA256), hex


def _text(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _bytes(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


CODE_CHARS = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: a code read aloud or typed stays right


def new_code() -> str:
    """A table's code."""
    return "".join(secrets.choice(CODE_CHARS) for _ in range(6))


def new_token() -> str:
    """A friend's browser's token for a table (it never leaves the browser)."""
    return secrets.token_hex(16)


def new_secret() -> str:
    """A host's new secret key."""
    return secrets.token_hex(32)


def new_seed() -> int:
    """A table's deck's seed: fresh randomness, as the engine's own (``pasur.game.SEED_RANGE``)."""
    return secrets.randbelow(SEED_RANGE)


def new_challenge() -> str:
    return _text(secrets.token_bytes(16))


@functools.lru_cache(maxsize=8)
def public_of(secret: str) -> str:
    """The public key of a host's secret key, as the link carries it."""
    return _text(ed25519.public_key(bytes.fromhex(secret)))


def _statement(code: str, friend: str, knock: str, challenge: str) -> bytes:
    return "|".join(("pasur-table", code, friend, knock, challenge)).encode("utf-8")


def proof(secret: str, code: str, friend: str, knock: str, challenge: str) -> str:
    """The host's signature of a friend's ``knock`` and its own ``challenge`` on one connection."""
    return _text(ed25519.sign(bytes.fromhex(secret), _statement(code, friend, knock, challenge)))


def proven(key: str, code: str, me: str, knock: str, challenge: object, signature: object) -> bool:
    """Whether ``signature`` is the host's (of the link's ``key``) for this page's ``knock``."""
    if not (isinstance(challenge, str) and CHALLENGE.fullmatch(challenge) and isinstance(signature, str)
            and SIGNATURE.fullmatch(signature) and KEY.fullmatch(key)):
        return False
    try:
        return ed25519.verify(_bytes(key), _statement(code, me, knock, challenge), _bytes(signature))
    except (ValueError, binascii.Error):
        return False


def _mac(key: bytes, text: str) -> bytes:
    return hmac.new(key, text.encode("utf-8"), hashlib.sha256).digest()


@functools.lru_cache(maxsize=8)
def pass_of(secret: str, code: str) -> str:
    """The pass of the table ``code`` whose host holds ``secret``: its link carries it."""
    return _text(_mac(bytes.fromhex(secret), f"pasur-pass|{code}")[:16])


def table_id(code: str, table_pass: str) -> str:
    """The table's first id on the signalling server (web/peers.js adds -1 to -3 for the others): made
    from its pass, so that nobody without the link can name it.

    >>> table_id("abc234", "A" * 22)
    'pasur-abc234-80b53a183fba873e7bf47450'
    """
    return f"pasur-{code}-{_mac(table_pass.encode('ascii'), f'pasur-ids|{code}').hex()[:24]}"


def knock_pass(table_pass: str, code: str, friend: str, nonce: str) -> str:
    """A knock's proof that it comes from a page holding the table's link: its pass, bound to the
    friend page's own name on the signalling server and the knock's fresh challenge."""
    return _mac(table_pass.encode("ascii"), f"pasur-knock|{code}|{friend}|{nonce}").hex()


def knocks(table_pass: str, code: str, friend: str, nonce: object, answer: object) -> bool:
    """Whether ``answer`` is the knock's proof of the pass for this connection."""
    return (isinstance(nonce, str) and isinstance(answer, str) and KNOCK_PASS.fullmatch(answer) is not None
            and hmac.compare_digest(knock_pass(table_pass, code, friend, nonce), answer))


def seat_key(token: str, code: str, key: str) -> str:
    """A browser's key for its seat at one table (made from its token, which never leaves it)."""
    return hmac.new(token.encode("utf-8"), f"pasur-seat|{code}|{key}".encode(), hashlib.sha256).hexdigest()


def claim(seat: str, challenge: str) -> str:
    """The claim to a seat on one connection: the seat's key answering the host's challenge there."""
    return hmac.new(seat.encode("ascii"), f"pasur-claim|{challenge}".encode(), hashlib.sha256).hexdigest()


def claims(seat: str, challenge: str, answer: object) -> bool:
    return isinstance(answer, str) and hmac.compare_digest(claim(seat, challenge), answer)
