"""Statistics kept on this device: matches played and won, and surs made, per player count and
preset, from the point of view of the first seat (the device's owner, always a human).

Stored as JSON in the browser. A value that cannot be read is set aside by the page, which says so;
one with rows that cannot be read is set aside whole, and its other rows kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pasur.rules import PRESETS, Rules
from pasur.safejson import dumps

from .match import Match
from .savegame import Partly, read_json

__all__ = ["FIELDS", "Stats", "counting", "preset_name"]

FIELDS = ("played", "won", "drawn", "surs", "undone")  # undone: matches where a move was taken back
_MAX_COUNT = 10**9
_KEY = re.compile(r"[234]/(?:" + "|".join(map(re.escape, (*PRESETS, "custom"))) + ")")  # players/preset


def preset_name(rules: Rules) -> str:
    """The preset these rules follow (whatever the target), or "custom" when options were changed."""
    def shape(r: Rules) -> dict[str, Any]:
        return {key: value for key, value in r.to_dict().items() if key != "target"}

    for name, preset in PRESETS.items():
        if shape(rules) == shape(preset):
            return name
    return "custom"


@dataclass(frozen=True)
class Stats:
    # "players/preset" -> {"played": n, "won": n, "drawn": n, "surs": n, "undone": n}
    rows: dict[str, dict[str, int]] = field(default_factory=dict)  # never changed in place

    @classmethod
    def from_json(cls, text: str | None) -> Stats:
        """The statistics stored as ``text`` (none: empty). A value that is not statistics raises
        ValueError saying why; one with rows that cannot be read raises ``Partly`` with the others."""
        if not text:
            return cls()
        data = read_json(text)
        rows = data.get("rows") if isinstance(data, dict) else None
        if not isinstance(rows, dict):
            raise ValueError("not statistics")
        kept = cls({key: {name: row.get(name, 0) for name in FIELDS} for key, row in rows.items() if _row(key, row)})
        if len(kept.rows) < len(rows):
            bad = ", ".join(str(key) for key in rows if key not in kept.rows)
            raise Partly(f"rows that are not statistics: {bad[:80]}", kept, kept.to_json())
        return kept

    def to_json(self) -> str:
        return dumps({"version": 1, "rows": self.rows}, sort_keys=True)

    def record(self, players: int, rules: Rules, winner_side: int | None, my_side: int, my_surs: int,
               undone: bool = False) -> Stats:
        """These statistics with one more finished match (``undone``: played with Undo, counted apart
        as well)."""
        key = f"{players}/{preset_name(rules)}"
        row = dict(self.rows.get(key, dict.fromkeys(FIELDS, 0)))
        row["played"] += 1
        if winner_side is None:
            row["drawn"] += 1
        elif winner_side == my_side:
            row["won"] += 1
        row["surs"] += my_surs
        row["undone"] += undone
        return Stats({**self.rows, key: row})

    def table(self) -> list[tuple[int, str, dict[str, int]]]:
        """(players, preset, counts) rows, sorted, for display."""
        out: list[tuple[int, str, dict[str, Any]]] = []
        for key, row in self.rows.items():
            players, _, preset = key.partition("/")
            if players.isdigit():
                out.append((int(players), preset, row))
        return sorted(out, key=lambda item: (item[0], item[1]))


def _row(key: object, row: object) -> bool:
    """A row as ``to_json`` writes it: for a number of players and a preset (or "custom"), counts from
    0 up (a count added later, missing from older rows, is 0)."""
    return (isinstance(key, str) and _KEY.fullmatch(key) is not None and isinstance(row, dict)
            and set(row) <= set(FIELDS) and all(type(value) is int and 0 <= value <= _MAX_COUNT
                                                  for value in row.values()))


def counting(stats: Stats, match: Match) -> Stats | None:
    """``stats`` with this finished match counted (from the first seat's point of view), or None when
    it does not count: not over, counted already, an edited save, or the first seat is not a human."""
    game = match.board
    if not game.over or match.counted or match.edited or not match.seats[0].human:
        return None
    surs = sum(1 for record in game.history if record.sur and record.seat == 0)
    return stats.record(game.players, game.rules, game.winner, game.side_of(0), surs, undone=match.undone)
