"""URL parameters: each is checked, and a bad value falls back to the default with a notice.

Nothing read here is ever put into the page as HTML; notices carry the raw text for display
through ``textContent`` only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import parse_qsl

from pasur.cards import Card, parse_cards
from pasur.daily import parse_day
from pasur.rules import OPTION_NAMES, PRESETS, Rules

from ..i18n import language_of
from .handshake import KEY, PASS

__all__ = ["AI_LEVELS", "DEMOS", "GAME_KEYS", "KNOWN_KEYS", "SETUP_OPTIONS", "SPEEDS", "Notice", "Params",
           "parse_params", "setup_config"]

SPEEDS = ("slow", "normal", "fast", "instant")
AI_LEVELS = ("easy", "medium", "hard", "greedy", "random")
GAME_KEYS = ("players", "preset", "target", "seed", "ai")
DEMOS = ("capture", "deal")
SETUP_OPTIONS = tuple(name for name in OPTION_NAMES if name != "solo4")  # solo4 is the 4-player mode choice
MAX_DEMO_TABLE = 12
MAX_TARGET = 1000
MAX_SEED = 2**53 - 1
_MAX_SHOWN = 40


KNOWN_KEYS = frozenset({*GAME_KEYS, "lang", "speed", "embed", "demo", "card", "table", "daily", "join", "key", "pass"})
# What makes a game embedded (muted, a save of its own, no install offer): the address says embed=1,
# or shows a demo (any value). web/boot.js receives the rule as data (model/scripts.py).
EMBED_WHEN: dict[str, str | None] = {"embed": "1", "demo": None}
TABLE_CODE = re.compile(r"[abcdefghjkmnpqrstuvwxyz23456789]{6}")  # a table between friends (model/online.py)


@dataclass(frozen=True)
class Notice:
    """A parameter that was ignored: its name, its value (shortened), why, and the default used.
    ``kind`` is "bad" (a value that is not allowed), "unknown" (not a parameter of the game),
    "repeated" (given again: the first value counts, ``value`` is the one ignored), "daily" (a game
    parameter beside ``daily``, whose deal is the same game for everyone) or "embed" (not ``embed=1``)."""

    param: str
    value: str
    reason: str
    default: str
    kind: str = "bad"


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
    demo: str | None = None
    daily: str | None = None  # the daily deal of this date (YYYY-MM-DD), or "" for today's (UTC)
    join: str | None = None  # the code of a table between friends to join
    key: str | None = None  # the public key of that table's host (``handshake.py``)
    table_pass: str | None = None  # that table's pass (``pass`` in the link: ``handshake.py``)
    demo_card: Card | None = None
    demo_table: list[Card] = field(default_factory=list)
    # Why the demo cannot be shown: a message key and the values it names (shown in the frame).
    demo_error: tuple[str, dict[str, str]] | None = None

    def link(self) -> str:
        """The game this address starts, as one text (a link opened again names the same game)."""
        if self.daily is not None:
            return f"daily={self.daily}"
        return f"players={self.players}&preset={self.preset}&target={self.target}&seed={self.seed}&ai={self.ai}"


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


def _day(text: str) -> str | None:
    """A daily deal's date as given (YYYY-MM-DD), "" for today's, or None when it is not a date."""
    if not text:
        return ""
    try:
        return parse_day(text).isoformat()
    except ValueError:
        return None


def embedded(seen: dict[str, str]) -> bool:
    """Whether the address's parameters (the first value of each) make an embedded game."""
    return any(key in seen and value in (None, seen[key]) for key, value in EMBED_WHEN.items())


def parse_params(query: str, ai_levels: tuple[str, ...] = AI_LEVELS) -> Params:
    """Read a query string such as ``?players=3&preset=classic&seed=7&speed=instant``."""
    params = Params()
    pairs = parse_qsl(query.lstrip("?"), keep_blank_values=True)
    seen: dict[str, str] = {}
    for key, value in pairs:
        if key not in KNOWN_KEYS:
            params.notices.append(Notice(_shown(key), _shown(value), "", "", "unknown"))
        elif key in seen:  # the first value of a repeated parameter counts
            params.notices.append(Notice(key, _shown(value), "", _shown(seen[key]), "repeated"))
        else:
            seen[key] = value

    def accept(key: str, value: object, reason: str, default: object) -> None:
        """Set ``key`` to ``value``, or keep the default and note why when ``value`` is None."""
        if value is None:
            params.notices.append(Notice(key, _shown(seen[key]), reason, str(default)))
        else:
            setattr(params, key, value)

    def choice(key: str, allowed: tuple[str, ...]) -> str | None:
        return seen[key] if seen[key] in allowed else None

    if "daily" in seen:  # a date that is not one: today's deal
        accept("daily", _day(seen["daily"]), "reason_daily", "today")
        params.daily = "" if params.daily is None else params.daily
        for key in (key for key in GAME_KEYS if key in seen):
            params.notices.append(Notice(key, _shown(seen.pop(key)), "", "", "daily"))
    if "players" in seen:
        accept("players", _int(seen["players"], 2, 4), "reason_players", params.players)
    if "preset" in seen:
        accept("preset", choice("preset", tuple(PRESETS)), "reason_preset", params.preset)
    if "target" in seen:
        accept("target", _int(seen["target"], 1, MAX_TARGET), "reason_target", PRESETS[params.preset].target)
    if "seed" in seen:
        accept("seed", _int(seen["seed"], 0, MAX_SEED), "reason_seed", "random")
    if "lang" in seen:  # "fa-IR", "FR": the language (web/boot.js reads it the same way)
        accept("lang", language_of(seen["lang"]), "reason_lang", "browser")
    if "speed" in seen:
        accept("speed", choice("speed", SPEEDS), "reason_speed", "normal")
    if "ai" in seen:
        accept("ai", choice("ai", ai_levels), "reason_ai", params.ai)
    if "join" in seen:
        code = seen["join"].strip().lower()
        accept("join", code if TABLE_CODE.fullmatch(code) else None, "reason_join", "none")
    if "key" in seen:
        accept("key", seen["key"] if KEY.fullmatch(seen["key"]) else None, "reason_key", "none")
    if "pass" in seen and PASS.fullmatch(seen["pass"]):
        params.table_pass = seen["pass"]
    elif "pass" in seen:
        params.notices.append(Notice("pass", _shown(seen["pass"]), "reason_pass", "none"))
    params.embed = embedded(seen)
    if "embed" in seen and seen["embed"] != EMBED_WHEN["embed"]:
        params.notices.append(Notice("embed", _shown(seen["embed"]), "", "", "embed"))
    params.start_now = any(key in seen for key in GAME_KEYS) or params.daily is not None
    if "demo" in seen:
        _read_demo(params, seen)
    return params


def _read_demo(params: Params, seen: dict[str, str]) -> None:
    """``demo=capture&card=7C&table=4C,4D,2H,2S`` or ``demo=deal&seed=N``: checked, or an error."""
    params.start_now = False
    kind = seen["demo"]
    if kind not in DEMOS:
        params.demo_error = ("demo_error_kind", {"value": _shown(kind)})
        return
    params.demo = kind
    if kind == "deal":
        if "seed" in seen and params.seed is None:  # said once, by the demo's error
            params.demo_error = ("demo_error_seed", {"value": _shown(seen["seed"])})
            params.notices = [notice for notice in params.notices if (notice.param, notice.kind) != ("seed", "bad")]
        return
    if "card" not in seen or "table" not in seen:
        params.demo_error = ("demo_error_missing", {})
        return
    try:
        card = Card.parse(seen["card"].strip())
    except ValueError:
        params.demo_error = ("demo_error_card", {"value": _shown(seen["card"])})
        return
    text = seen["table"].strip()
    try:
        table = parse_cards(text.replace(",", " ")) if text else []
    except ValueError as error:
        params.demo_error = ("demo_error_table", {"value": _shown(text), "reason": str(error)[:160]})
        return
    if len(table) > MAX_DEMO_TABLE:
        params.demo_error = ("demo_error_table_size", {"n": str(MAX_DEMO_TABLE)})
    elif len(set(table)) != len(table) or card in table:
        params.demo_error = ("demo_error_twice", {})
    else:
        params.demo_card, params.demo_table = card, table


def setup_config(params: Params | None = None) -> dict[str, object]:
    """What the new-game panel (web/setup.js) offers: presets, options, computer levels, defaults."""
    params = params or Params()
    return {
        "presets": {name: {**{option: getattr(rules, option) for option in SETUP_OPTIONS}, "target": rules.target}
                    for name, rules in PRESETS.items()},
        "preset_order": sorted(PRESETS, key=lambda name: PRESETS[name] != Rules()),  # the standard rules first
        "options": list(SETUP_OPTIONS),
        "ai_levels": list(AI_LEVELS),
        "default_ai": params.ai,
        "defaults": {"players": params.players, "preset": params.preset, "target": params.target},
    }
