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

    def accept(key: str, value: object, reason: str, default: object) -> None:
        """Set ``key`` to ``value``, or keep the default and note why when ``value`` is None."""
        if value is None:
            params.notices.append(Notice(key, _shown(seen[key]), reason, str(default)))
        else:
            setattr(params, key, value)

    def choice(key: str, allowed: tuple[str, ...]) -> str | None:
        return seen[key] if seen[key] in allowed else None

    if "players" in seen:
        accept("players", _int(seen["players"], 2, 4), "reason_players", params.players)
    if "preset" in seen:
        accept("preset", choice("preset", tuple(PRESETS)), "reason_preset", params.preset)
    if "target" in seen:
        accept("target", _int(seen["target"], 1, MAX_TARGET), "reason_target", PRESETS[params.preset].target)
    if "seed" in seen:
        accept("seed", _int(seen["seed"], 0, MAX_SEED), "reason_seed", "random")
    if "lang" in seen:
        accept("lang", choice("lang", LANGUAGES), "reason_lang", "browser")
    if "speed" in seen:
        accept("speed", choice("speed", SPEEDS), "reason_speed", "normal")
    if "ai" in seen:
        accept("ai", choice("ai", ai_levels), "reason_ai", params.ai)
    params.embed = seen.get("embed") == "1"
    params.start_now = any(key in seen for key in GAME_KEYS)
    return params
