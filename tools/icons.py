"""Draw the app icons as PNG files (standard library only): ``python tools/icons.py``.

The icon is a white card with a club on the game's green felt. Shapes are drawn as signed
distance functions, so edges are smooth at every size. ``maskable`` keeps the card inside the
central safe circle (80% of the width) and fills the whole square with felt.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FELT = (20, 83, 45)
CARD = (255, 253, 247)
EDGE = (201, 196, 180)
INK = (22, 24, 29)

Vec = tuple[float, float]


def _box(p: Vec, centre: Vec, half: Vec, radius: float) -> float:
    """Signed distance to a rounded rectangle."""
    qx = abs(p[0] - centre[0]) - half[0] + radius
    qy = abs(p[1] - centre[1]) - half[1] + radius
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - radius


def _circle(p: Vec, centre: Vec, radius: float) -> float:
    return math.hypot(p[0] - centre[0], p[1] - centre[1]) - radius


def _club(p: Vec) -> float:
    """A club in a unit box centred on (0, 0): three leaves and a flared stem."""
    leaves = min(_circle(p, (0.0, -0.22), 0.21), _circle(p, (-0.22, 0.08), 0.21), _circle(p, (0.22, 0.08), 0.21))
    x, y = p
    # The stem: a trapezoid from (±0.05, -0.05) widening to (±0.2, 0.42).
    half = 0.05 + (min(max(y, -0.05), 0.42) + 0.05) / 0.47 * 0.15
    stem = max(abs(x) - half, abs(y - 0.185) - 0.235)
    return min(leaves, stem)


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def _cover(distance: float) -> float:
    return min(1.0, max(0.0, 0.5 - distance))


def draw(size: int, maskable: bool) -> list[list[tuple[int, int, int, int]]]:
    scale = size / 64.0
    card_scale = 0.78 if maskable else 1.0  # the maskable card stays inside the 80% safe circle
    rows = []
    for j in range(size):
        row = []
        for i in range(size):
            x, y = (i + 0.5) / scale, (j + 0.5) / scale  # in the 64-unit design grid
            back = 0.0 if maskable else _box((x, y), (32, 32), (32, 32), 12)
            alpha = 1.0 if maskable else _cover(back * scale)
            cx, cy = 32 + (x - 32) / card_scale, 32 + (y - 32) / card_scale
            card = _box((cx, cy), (32, 32), (18, 24), 5) * card_scale * scale
            colour = _mix(FELT, EDGE, _cover(card + 1.2 * scale * card_scale))
            colour = _mix(colour, CARD, _cover(card + 0.35 * scale * card_scale))
            club = _club(((cx - 32) / 30, (cy - 30) / 30)) * 30 * card_scale * scale
            colour = _mix(colour, INK, _cover(club))
            row.append((*colour, round(alpha * 255)))
        rows.append(row)
    return rows


def png(pixels: list[list[tuple[int, int, int, int]]]) -> bytes:
    height, width = len(pixels), len(pixels[0])
    raw = b"".join(b"\x00" + bytes(channel for pixel in row for channel in pixel) for row in pixels)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


ICONS = {"icon-192.png": (192, False), "icon-512.png": (512, False), "maskable-512.png": (512, True),
         "apple-touch-icon.png": (180, True)}


def main() -> None:
    folder = ROOT / "web" / "icons"
    for name, (size, maskable) in ICONS.items():
        (folder / name).write_bytes(png(draw(size, maskable)))
        print(f"wrote {folder / name}")


if __name__ == "__main__":
    main()
