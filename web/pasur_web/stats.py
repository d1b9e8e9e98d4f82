"""Statistics kept on this device: matches played and won, and surs made, per player count and
preset, from the point of view of the first seat (the device's owner, always a human).

Stored as JSON in the browser; anything unreadable in it is dropped, never raised.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from pasur.rules import PRESETS, Rules

from .saves import read_json

__all__ = ["FIELDS", "Stats", "preset_name"]

FIELDS = ("played", "won", "drawn", "surs", "undone")  # undone: matches where a move was taken back
_MAX_COUNT = 10**9
MAX_CHARS = 65_536  # far more than the statistics of every player count and preset take
MAX_DEPTH = 16


def preset_name(rules: Rules) -> str:
    """The preset these rules follow (whatever the target), or "custom" when options were changed."""
    def shape(r: Rules) -> dict[str, Any]:
        return {key: value for key, value in r.to_dict().items() if key != "target"}

    for name, preset in PRESETS.items():
        if shape(rules) == shape(preset):
            return name
    return "custom"


@dataclass
class Stats:
    # "players/preset" -> {"played": n, "won": n, "drawn": n, "surs": n, "undone": n}
    rows: dict[str, dict[str, int]] = field(default_factory=dict)

    @classmethod
    def from_json(cls, text: str | None) -> Stats:
        try:
            data = read_json(text) if text else {}
        except ValueError:
            return cls()
        rows = data.get("rows") if isinstance(data, dict) else None
        stats = cls()
        if not isinstance(rows, dict):
            return stats
        for key, row in rows.items():
            if not isinstance(key, str) or len(key) > 40 or not isinstance(row, dict):
                continue
            stats.rows[key] = {
                name: value if type(value) is int and 0 <= value <= _MAX_COUNT else 0
                for name in FIELDS for value in [row.get(name, 0)]
            }
        return stats

    def to_json(self) -> str:
        return json.dumps({"version": 1, "rows": self.rows}, sort_keys=True)

    def record(self, players: int, rules: Rules, winner_side: int | None, my_side: int, my_surs: int,
               undone: bool = False) -> None:
        """Count one finished match (``undone``: played with Undo, counted apart as well)."""
        row = self.rows.setdefault(f"{players}/{preset_name(rules)}", dict.fromkeys(FIELDS, 0))
        row["played"] += 1
        if winner_side is None:
            row["drawn"] += 1
        elif winner_side == my_side:
            row["won"] += 1
        row["surs"] += my_surs
        row["undone"] += undone

    def table(self) -> list[tuple[int, str, dict[str, int]]]:
        """(players, preset, counts) rows, sorted, for display."""
        out: list[tuple[int, str, dict[str, Any]]] = []
        for key, row in self.rows.items():
            players, _, preset = key.partition("/")
            if players.isdigit():
                out.append((int(players), preset, row))
        return sorted(out, key=lambda item: (item[0], item[1]))
