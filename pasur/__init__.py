"""Pasur, the Iranian fishing card game: a pure Python engine.

>>> from pasur import Card, Rules, new_game, capture_options
>>> g = new_game(players=2, rules=Rules.preset("seeds"), seed=7)
>>> move = g.legal_moves()[0]
>>> record = g.play(move)
>>> g.turn
1
"""

from .cards import Card, CardNotationError, format_cards, parse_cards
from .events import DealScored, DealStarted, Event, LeftoverTaken, MoveRecord
from .game import Game, IllegalMoveError, new_game
from .moves import Move, MoveNotationError, capture_options
from .rules import OPTION_NAMES, PRESETS, Rules, side_of
from .save import FORMAT_VERSION, SaveError
from .scoring import BREAKDOWN_KEYS, card_points, score_deal
from .view import PlayerView

__all__ = [
    "BREAKDOWN_KEYS",
    "FORMAT_VERSION",
    "OPTION_NAMES",
    "PRESETS",
    "Card",
    "CardNotationError",
    "DealScored",
    "DealStarted",
    "Event",
    "Game",
    "IllegalMoveError",
    "LeftoverTaken",
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
    "side_of",
]

__version__ = "0.1.0"
