"""Which sounds a move makes (``web/sound.js`` plays them), and the sound switch it keeps."""

from __future__ import annotations

from typing import Any

from .board import Board
from .savegame import read_json

__all__ = ["GAP", "SOUND_SETTINGS", "keep_sound_setting", "sounds_after"]

GAP = 0.22  # seconds between two sounds of one move (the card, then the new hands)
SOUND_SETTINGS = ("sound",)  # keys of localStorage["pasur.settings"] that web/sound.js writes


def sounds_after(game: Board) -> tuple[str, ...]:
    """The sounds of the move just played in ``game``: "sur", "capture" or "lay", then "deal" when
    the hands were dealt again within the deal (a new deal sounds when its score sheet is closed)."""
    if not game.history:
        return ()
    record = game.history[-1]
    played = "sur" if record.sur else "capture" if record.captured else "lay"
    redealt = not game.over and record.deal == game.deal_number and record.round != game.round_number
    return (played, "deal") if redealt else (played,)


def keep_sound_setting(settings: dict[str, Any], stored: str | None) -> dict[str, Any]:
    """``settings`` to save, with the sound switch as ``web/sound.js`` last stored it (the page's
    copy of the settings was read at start-up and would otherwise undo the switch)."""
    try:
        saved = read_json(stored) if stored else {}
    except ValueError:
        saved = {}
    merged = {key: value for key, value in settings.items() if key not in SOUND_SETTINGS}
    if isinstance(saved, dict):
        merged.update({key: saved[key] for key in SOUND_SETTINGS if key in saved})
    return merged
