"""The daily deal: one deal a UTC date, the same for everyone, scored as in duplicate bridge.

>>> import datetime
>>> day = datetime.date(2026, 12, 1)
>>> daily_seed(day) == daily_seed(parse_day("2026-12-01")), daily_seed(day) != daily_seed(day.replace(day=2))
(True, True)
>>> game = daily_game(day)
>>> game.players, game.rules.fixed_deals, game.rules.preset_name() is None
(2, 1, True)
>>> comparison_text(14, 11)
'You made 14, the computer made 11 with your cards: +3'

The deal's cards come from a deck shuffled by a generator seeded with a SHA-256 of
``pasur-daily-deck-YYYY-MM-DD``, and its seed (for the rest of the match's chance and the players'
seeds) is a SHA-256 of ``pasur-daily-YYYY-MM-DD``: from the date and nothing else, so every device
deals the same cards for a date, offline. A game started with a seed (``new_game(seed=...)``, the
page's ``?seed=``) shuffles with that seed alone, which cannot give a day's deck. The player has
seat 0 and leads; seat 1 is :data:`OPPONENT` with the seed :func:`pasur.players.player_seed` gives
it. Rules: the ``seeds`` preset (docs/RULES.md, the default) for one deal. After the player's deal, :class:`Duplicate`
plays the same deal again with :data:`OPPONENT` in the player's seat against the same opponent
(whose decisions depend only on its seed and what it sees): the player's points in the deal are
compared with what the computer made from the same cards.
"""

from __future__ import annotations

import datetime
import hashlib
import random
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Final, Protocol

from .cards import FULL_DECK, Card
from .game import SEED_RANGE, Game, new_game
from .players import make_player, player_seed
from .rules import Rules

__all__ = [
    "DAILY_RULES",
    "OPPONENT",
    "Duplicate",
    "comparison_text",
    "daily_deck",
    "daily_game",
    "daily_seed",
    "is_day",
    "parse_day",
    "share_text",
]

DAILY_RULES: Final = Rules.preset("seeds", fixed_deals=1)
OPPONENT: Final = "hard:80"  # the daily opponent, and the player's stand-in in the duplicate deal
PLAYER_SEAT: Final = 0
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def parse_day(text: object) -> datetime.date:
    """A date written ``YYYY-MM-DD``; anything else: ValueError saying so."""
    if not isinstance(text, str) or not _DAY.fullmatch(text):
        raise ValueError(f"a daily deal's date is written YYYY-MM-DD, not {text!r}")
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{text} is not a date") from None


def is_day(text: object) -> bool:
    """Whether ``text`` is a date written YYYY-MM-DD."""
    try:
        parse_day(text)
    except ValueError:
        return False
    return True


def daily_seed(day: datetime.date) -> int:
    """The seed of the deal of ``day``: from the date alone."""
    digest = hashlib.sha256(f"pasur-daily-{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % SEED_RANGE


def daily_deck(day: datetime.date) -> list[Card]:
    """The 52 cards of the deal of ``day``, in dealing order: shuffled by a generator seeded with all
    256 bits of a hash of the date (a seed of 53 bits, as ``new_game`` takes, gives other decks)."""
    digest = hashlib.sha256(f"pasur-daily-deck-{day.isoformat()}".encode()).digest()
    deck = list(FULL_DECK)
    random.Random(int.from_bytes(digest, "big")).shuffle(deck)
    return deck


def daily_game(day: datetime.date) -> Game:
    """The deal of ``day``, before any move: the player has seat 0 and leads."""
    return new_game(2, DAILY_RULES, daily_seed(day), daily_deck(day), leader=PLAYER_SEAT)


class Scored(Protocol):
    """A match's results, as :func:`deal_points` reads them (a game, or what a seat was shown of it)."""

    @property
    def deal_results(self) -> Sequence[Sequence[Mapping[str, int]]]: ...

    def side_of(self, seat: int) -> int: ...


def deal_points(game: Scored, seat: int = PLAYER_SEAT) -> int:
    """The points ``seat``'s side made in the game's first deal."""
    return game.deal_results[0][game.side_of(seat)]["total"]


class Duplicate:
    """The computer's deal with the player's cards, in steps: iterate it (each step is one playout
    of a search, or one move of a player that does not search), then read :attr:`result`."""

    def __init__(self, day: datetime.date, opponent: str = OPPONENT) -> None:
        self.day = day
        self.game = daily_game(day)
        seed = self.game.seed
        self.players = [make_player(opponent, player_seed(seed, seat)) for seat in range(2)]

    def __iter__(self) -> Iterator[None]:
        game = self.game
        while game.turn is not None:
            player = self.players[game.turn]
            view = game.view(game.turn)
            search_of = getattr(player, "search", None)
            if search_of is None:
                move = player.choose(view)
            else:
                search = search_of(view)
                yield from search
                move = search.best()
            game.play(move)
            yield None

    @property
    def done(self) -> bool:
        return self.game.turn is None

    def computer_points(self) -> int:
        for _ in self:
            pass
        return deal_points(self.game)


def comparison_text(player: int, computer: int) -> str:
    """The comparison in English (the page has it in every language)."""
    return f"You made {player}, the computer made {computer} with your cards: {player - computer:+d}"


def share_text(day: datetime.date, player: int, computer: int, practice: bool = False) -> str:
    """A short text to share, without the cards: the date, the points and the difference."""
    mark = " (practice)" if practice else ""
    return f"Pasur daily {day.isoformat()}{mark}: {player} points, {player - computer:+d} against the computer"
