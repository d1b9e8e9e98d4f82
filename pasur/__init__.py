"""Pasur, the Iranian fishing card game: a pure Python engine.

>>> from pasur import Card, Rules, new_game, capture_options
>>> g = new_game(players=2, rules=Rules.preset("seeds"), seed=7)
>>> move = g.legal_moves()[0]
>>> record = g.play(move)
>>> g.turn
1
"""

from .cards import Card, CardNotationError, format_cards, parse_cards
from .game import FORMAT_VERSION, Game, IllegalMoveError, MoveRecord, SaveError, new_game
from .moves import Move, MoveNotationError, capture_options
from .rules import OPTION_NAMES, PRESETS, Rules
from .scoring import BREAKDOWN_KEYS, card_points, score_deal
from .view import PlayerView

__all__ = [
    "BREAKDOWN_KEYS",
    "FORMAT_VERSION",
    "OPTION_NAMES",
    "PRESETS",
    "Card",
    "CardNotationError",
    "Game",
    "IllegalMoveError",
    "Move",
    "MoveNotationError",
    "MoveRecord",
    "PlayerView",
    "Rules",
    "SaveError",
    "capture_options",
    "card_points",
    "format_cards",
    "new_game",
    "parse_cards",
    "score_deal",
]

__version__ = "0.1.0"
