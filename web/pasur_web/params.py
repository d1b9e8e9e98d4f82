"""URL parameters: each is checked, and a bad value falls back to the default with a notice.

Nothing read here is ever put into the page as HTML; notices carry the raw text for display
through ``textContent`` only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import parse_qsl

from pasur.rules import PRESETS

from .i18n import LANGUAGES

__all__ = ["AI_LEVELS", "GAME_KEYS", "SPEEDS", "Notice", "Params", "parse_params"]

SPEEDS = ("slow", "normal", "fast", "instant")
AI_LEVELS = ("easy", "medium", "hard", "greedy", "random")
GAME_KEYS = ("players", "preset", "target", "seed", "ai")
MAX_TARGET = 1000
MAX_SEED = 2**53 - 1
_MAX_SHOWN = 40


@dataclass(frozen=True)
class Notice:
    """A parameter that was ignored: its name, its value (shortened), why, and the default used."""

    param: str
    value: str
    reason: str
    default: str


@dataclass
class Params:
    players: int = 2
    preset: str = "seeds"
    target: int | None = None
    seed: int | None = None
    lang: str | None = None
    speed: str | None = None
    ai: str = "medium"
    embed: bool = False
    start_now: bool = False
    notices: list[Notice] = field(default_factory=list)


def _shown(value: str) -> str:
    return value if len(value) <= _MAX_SHOWN else value[: _MAX_SHOWN - 1] + "…"


def _int(text: str, low: int, high: int) -> int | None:
    text = text.strip()
    if not text or len(text) > 20 or not (text.isdigit() or (text[0] == "-" and text[1:].isdigit())):
        return None
    if not text.isascii():
        return None
    value = int(text)
    return value if low <= value <= high else None


def parse_params(query: str, ai_levels: tuple[str, ...] = AI_LEVELS) -> Params:
    """Read a query string such as ``?players=3&preset=classic&seed=7&speed=instant``."""
    params = Params()
    pairs = parse_qsl(query.lstrip("?"), keep_blank_values=True)
    seen: dict[str, str] = {}
    for key, value in pairs:
        seen.setdefault(key, value)  # the first value of a repeated parameter counts

    def bad(key: str, reason: str, default: object) -> None:
        params.notices.append(Notice(key, _shown(seen[key]), reason, str(default)))

    if "players" in seen:
        players = _int(seen["players"], 2, 4)
        if players is None:
            bad("players", "reason_players", params.players)
        else:
            params.players = players
    if "preset" in seen:
        if seen["preset"] in PRESETS:
            params.preset = seen["preset"]
        else:
            bad("preset", "reason_preset", params.preset)
    if "target" in seen:
        target = _int(seen["target"], 1, MAX_TARGET)
        if target is None:
            bad("target", "reason_target", PRESETS[params.preset].target)
        else:
            params.target = target
    if "seed" in seen:
        seed = _int(seen["seed"], 0, MAX_SEED)
        if seed is None:
            bad("seed", "reason_seed", "random")
        else:
            params.seed = seed
    if "lang" in seen:
        if seen["lang"] in LANGUAGES:
            params.lang = seen["lang"]
        else:
            bad("lang", "reason_lang", "browser")
    if "speed" in seen:
        if seen["speed"] in SPEEDS:
            params.speed = seen["speed"]
        else:
            bad("speed", "reason_speed", "normal")
    if "ai" in seen:
        if seen["ai"] in ai_levels:
            params.ai = seen["ai"]
        else:
            bad("ai", "reason_ai", params.ai)
    params.embed = seen.get("embed") == "1"
    params.start_now = any(key in seen for key in GAME_KEYS)
    return params
