"""Ed25519 signatures (RFC 8032, section 5.1), in pure Python with the standard library's SHA-512.

The host's page of a game between friends proves with them that it is the host: the table's link
carries its public key, and it signs each friend's fresh challenge (``model/handshake.py``). The
page needs this wherever it runs, and WebCrypto's signatures exist only on secure origins (a page
opened at a network address over plain HTTP has none). A signature or a verification takes a few
milliseconds; ``tests/test_ed25519.py`` checks the RFC's test vectors.
"""

from __future__ import annotations

import hashlib

__all__ = ["public_key", "sign", "verify"]

_P = 2**255 - 19
_L = 2**252 + 27742317777372353535851937790883648493  # the order of the base point
_D = -121665 * pow(121666, _P - 2, _P) % _P
_SQRT_M1 = pow(2, (_P - 1) // 4, _P)

Point = tuple[int, int, int, int]  # extended coordinates (X, Y, Z, T), x = X/Z, y = Y/Z, x*y = T/Z


def _sha512(*parts: bytes) -> int:
    return int.from_bytes(hashlib.sha512(b"".join(parts)).digest(), "little")


def _add(p: Point, q: Point) -> Point:
    a = (p[1] - p[0]) * (q[1] - q[0]) % _P
    b = (p[1] + p[0]) * (q[1] + q[0]) % _P
    c = 2 * p[3] * q[3] * _D % _P
    d = 2 * p[2] * q[2] % _P
    e, f, g, h = b - a, d - c, d + c, b + a
    return e * f % _P, g * h % _P, f * g % _P, e * h % _P


def _times(scalar: int, point: Point) -> Point:
    result: Point = (0, 1, 1, 0)
    while scalar:
        if scalar & 1:
            result = _add(result, point)
        point = _add(point, point)
        scalar >>= 1
    return result


def _same(p: Point, q: Point) -> bool:
    return (p[0] * q[2] - q[0] * p[2]) % _P == 0 and (p[1] * q[2] - q[1] * p[2]) % _P == 0


def _x_of(y: int, sign: int) -> int | None:
    """The x of the point with this y and x's lowest bit ``sign``; None: no such point."""
    if y >= _P:
        return None
    x2 = (y * y - 1) * pow(_D * y * y + 1, _P - 2, _P) % _P
    if x2 == 0:
        return None if sign else 0
    x = pow(x2, (_P + 3) // 8, _P)
    if (x * x - x2) % _P:
        x = x * _SQRT_M1 % _P
    if (x * x - x2) % _P:
        return None
    return _P - x if x & 1 != sign else x


_GY = 4 * pow(5, _P - 2, _P) % _P
_GX = _x_of(_GY, 0) or 0
_G: Point = (_GX, _GY, 1, _GX * _GY % _P)


def _encode(point: Point) -> bytes:
    zinv = pow(point[2], _P - 2, _P)
    x, y = point[0] * zinv % _P, point[1] * zinv % _P
    return int.to_bytes(y | ((x & 1) << 255), 32, "little")


def _decode(data: bytes) -> Point | None:
    if len(data) != 32:
        return None
    y = int.from_bytes(data, "little")
    sign, y = y >> 255, y & ((1 << 255) - 1)
    x = _x_of(y, sign)
    return None if x is None else (x, y, 1, x * y % _P)


def _expand(secret: bytes) -> tuple[int, bytes]:
    if len(secret) != 32:
        raise ValueError("an Ed25519 secret key is 32 bytes")
    digest = hashlib.sha512(secret).digest()
    scalar = int.from_bytes(digest[:32], "little")
    scalar &= (1 << 254) - 8
    scalar |= 1 << 254
    return scalar, digest[32:]


def public_key(secret: bytes) -> bytes:
    """The 32-byte public key of a 32-byte secret key."""
    return _encode(_times(_expand(secret)[0], _G))


def sign(secret: bytes, message: bytes) -> bytes:
    """The 64-byte signature of ``message`` by ``secret``."""
    scalar, prefix = _expand(secret)
    public = _encode(_times(scalar, _G))
    r = _sha512(prefix, message) % _L
    big_r = _encode(_times(r, _G))
    s = (r + _sha512(big_r, public, message) % _L * scalar) % _L
    return big_r + int.to_bytes(s, 32, "little")


def verify(public: bytes, message: bytes, signature: bytes) -> bool:
    """Whether ``signature`` is ``public``'s signature of ``message`` (anything malformed: False)."""
    if len(public) != 32 or len(signature) != 64:
        return False
    point, big_r = _decode(public), _decode(signature[:32])
    s = int.from_bytes(signature[32:], "little")
    if point is None or big_r is None or s >= _L:
        return False
    k = _sha512(signature[:32], public, message) % _L
    return _same(_times(s, _G), _add(big_r, _times(k, point)))
