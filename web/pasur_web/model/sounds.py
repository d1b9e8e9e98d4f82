"""Which sounds a move makes (``web/sound.js`` plays them)."""

from __future__ import annotations

from .board import Board

__all__ = ["GAP", "sounds_after"]

GAP = 0.22  # seconds between two sounds of one move (the card, then the new hands)


def sounds_after(game: Board) -> tuple[str, ...]:
    """The sounds of the move just played in ``game``: "sur", "capture" or "lay", then "deal" when
    the hands were dealt again within the deal (a new deal sounds when its score sheet is closed)."""
    if not game.history:
        return ()
    record = game.history[-1]
    played = "sur" if record.sur else "capture" if record.captured else "lay"
    redealt = not game.over and record.deal == game.deal_number and record.round != game.round_number
    return (played, "deal") if redealt else (played,)

