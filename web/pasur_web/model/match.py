"""One match as the page plays it: the engine's game, the seats, whose hand is shown, the phase.

A :class:`Match` is a value: it is never changed in place. A move makes a new match holding a
copy of the game with the move played, so a state that was drawn stays what it was. The page's
move log is the game's own (``Game.events``). Saving it: ``model/savegame.py``.

A friend's page in a game between friends holds no game (``game`` is None): the host's page does.
It holds ``seen``, what its seat was sent (``seat_board.SeatBoard``). Both are read the same way,
through ``board`` (``board.Board``).
"""

from __future__ import annotations

import random
import string
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cached_property

from pasur import Card, Game, IllegalMoveError, Move, PlayerView, Rules, new_game
from pasur.ai import derive_seed
from pasur.players import Player, immediate_points, make_player, player_seed
from pasur.position import Position
from pasur.review import MoveReview

from ..i18n import Words
from .board import Board
from .seat_board import SeatBoard
from .seats import DEFAULT_NAMES, STAND_IN, YOU_WORDS, Seat

__all__ = ["Match", "Phase", "new_match_id", "review_key", "running_slot"]

_ID_CHARS = string.ascii_lowercase + string.digits


def review_key(deal: int, seat: int) -> str:
    """Where a review of ``seat``'s moves in ``deal`` is kept in the match (and its save)."""
    return f"{deal}:{seat}"


def running_slot(match_id: str, key: str) -> str:
    """Where the part of a review found so far is kept (``State.running``): the match's, under its key."""
    return f"{match_id}/{key}"


class Phase(Enum):
    """Where a match stands; its value is the page's ``data-phase`` during a game."""

    PLAY = "play"
    DEAL_END = "deal-end"  # a deal's score sheet is shown before the next deal
    MATCH_END = "match-end"


def new_match_id() -> str:
    """A short random name for one match, to tell two saves apart (not a secret)."""
    return "".join(random.choice(_ID_CHARS) for _ in range(10))


@dataclass(frozen=True)
class Match:
    """A match between ``seats``; change it only through the methods that return a new one."""

    game: Game | None  # None on a friend's page: the host's page holds the game
    seats: tuple[Seat, ...]
    viewer: int = 0  # whose hand is shown
    handoff: int | None = None  # pass-and-play: the device goes to this seat, its hand hidden until it says so
    pending_sheet: int | None = None  # the deal whose score sheet is shown before the next deal
    id: str = field(default_factory=new_match_id)
    counted: bool = False  # whether the finished match is in the statistics
    edited: bool = False  # the save was changed outside the game: kept, marked, never counted
    undone: bool = False  # a move was taken back: the statistics mark the match
    reviews: Mapping[str, tuple[MoveReview, ...]] = field(default_factory=dict)  # "deal:seat" -> review
    daily: str | None = None  # the date of the daily deal this match is (YYYY-MM-DD)
    practice: bool = False  # a daily deal played again: its result is not counted
    table_code: str | None = None  # the code of the table between friends where this match is played (the host's)
    tokens: Mapping[int, str] = field(default_factory=dict)  # a friend's seat -> its key (``handshake.seat_key``)
    started: bool = True  # False while a table between friends waits for its host to start
    host_key: str | None = None  # the host's secret key of that table (``handshake.py``)
    stand_ins: frozenset[int] = frozenset()  # friends' seats the computer plays for now
    link: str | None = None  # the game parameters of the link that started it (``Params.link``)
    seen: SeatBoard | None = None  # a friend's page: the match as the host sent it to this seat

    def __post_init__(self) -> None:
        if (self.game is None) == (self.seen is None):
            raise ValueError("a match holds either its game or what a seat was sent of it")

    @classmethod
    def start(cls, players: int, rules: Rules, seats: tuple[Seat, ...], seed: int | None = None,
              daily: str | None = None, practice: bool = False) -> Match:
        return cls.of(new_game(players, rules, seed), seats, daily=daily, practice=practice)

    @classmethod
    def of(cls, game: Game, seats: tuple[Seat, ...], **values: object) -> Match:
        """A match of ``game``: the first human's hand shown, the device handed on when that is due."""
        if len(seats) != game.players:
            raise ValueError("one seat description per player")
        humans = [seat for seat, info in enumerate(seats) if info.human]
        match = cls(game, tuple(seats), humans[0] if humans else 0, **values)  # type: ignore[arg-type]
        if len(humans) > 1 and not game.history and game.turn in humans:
            # pass-and-play: the first player, too, takes the device before their hand is shown
            return replace(match, viewer=game.turn, handoff=game.turn)
        return match.handed_on()

    @classmethod
    def seen_by(cls, board: SeatBoard, seats: tuple[Seat, ...], **values: object) -> Match:
        """A friend's page's match: what the host sent its seat (``board``), that seat's hand shown."""
        if len(seats) != board.players:
            raise ValueError("one seat description per player")
        return cls(None, tuple(seats), board.view.seat, seen=board, **values)  # type: ignore[arg-type]

    # ------------------------------------------------------------------ questions
    @property
    def over(self) -> bool:
        return self.game.over if self.game is not None else self.board.over

    @property
    def phase(self) -> Phase:
        if self.over:
            return Phase.MATCH_END
        if self.pending_sheet is not None:
            return Phase.DEAL_END
        return Phase.PLAY

    @cached_property
    def position(self) -> Position | None:
        """What the table shows of the game this page holds: the game, or, while a finished deal's
        score sheet is up, that deal as it ended (its last cards taken, the hands empty); the next deal
        is dealt when the sheet closes. None on a friend's page, which holds no game."""
        if self.game is None:
            return None
        end = self.game.deal_end() if self.pending_sheet is not None and not self.game.over else None
        return self.game if end is None else end

    @property
    def board(self) -> Board:
        """What the table shows: :attr:`position`, or on a friend's page what the host's table shows,
        as this seat sees it."""
        board: Board | None = self.seen if self.seen is not None else self.position
        assert board is not None
        return board

    @property
    def moves(self) -> int:
        """The moves played in the match so far."""
        if self.seen is not None:
            return self.seen.moves
        assert self.game is not None
        return len(self.game.history)

    def viewer_view(self) -> PlayerView:
        """What the seat whose hand is shown may know of the position on the table."""
        if self.seen is not None:
            return self.seen.view
        assert self.position is not None
        return self.position.view(self.viewer)

    def reviewable_deal(self) -> int | None:
        """The deal that can be reviewed now: the one just finished (its score sheet is shown), never
        a deal in play."""
        if self.phase == Phase.DEAL_END:
            return self.pending_sheet
        if self.phase == Phase.MATCH_END and self.board.deal_results:
            return len(self.board.deal_results) - 1
        return None

    @property
    def counted_daily(self) -> bool:
        """The counted attempt of a daily deal: played without Hint or Undo, since its result is
        compared with the computer's (a practice attempt has both)."""
        return self.daily is not None and not self.practice

    def human_seats(self) -> list[int]:
        return [seat for seat, info in enumerate(self.seats) if info.human]

    def is_ai_turn(self) -> bool:
        turn = self.board.turn
        return self.phase == Phase.PLAY and self.started and turn is not None and (
            self.seats[turn].computer or turn in self.stand_ins)

    def is_viewer_turn(self) -> bool:
        """Whether the hand on screen is a human's and it is theirs to play."""
        return (self.phase == Phase.PLAY and self.started and self.handoff is None and self.board.turn == self.viewer
                and self.seats[self.viewer].human)

    def names(self) -> list[str | Words]:
        """Every player's name, in seat order: which game this is, for a notice. A default name ("You",
        "Sara") is its message, so that it is said in the page's language."""
        return [("you", {}) if seat.name in YOU_WORDS and seat.human else
                (DEFAULT_NAMES[seat.name], {}) if seat.name in DEFAULT_NAMES else seat.name for seat in self.seats]

    def player_seed(self, seat: int) -> int:
        """The seed of the computer player of ``seat`` (and of its hints): a hash of the game's seed. A
        friend's page, which never learns the game's seed, makes its own from the match's name."""
        if self.game is not None:
            return player_seed(self.game.seed, seat)
        return derive_seed("friend", self.id, seat)

    def player(self, seat: int) -> Player:
        """The computer player of ``seat``: each decision depends on its seed and the position only,
        so one made afresh (after a reload) plays like one kept since the start."""
        kind = STAND_IN if seat in self.stand_ins else self.seats[seat].kind
        return make_player(kind, self.player_seed(seat))

    def ordered_options(self, card_text: str) -> list[Move]:
        """The moves of one card of the hand shown, the most valuable first (points now, then more
        cards). A card that is not in the hand to play: IllegalMoveError."""
        view = self.viewer_view()
        if self.game is not None:
            moves = self.game.moves_for_card(card_text)
        else:
            try:
                card = Card.parse(card_text)
            except ValueError as error:
                raise IllegalMoveError(str(error)) from None
            moves = [move for move in view.legal_moves() if move.card is card]
        return sorted(moves, key=lambda m: (-immediate_points(view, m), -len(m.captured), str(m)))

    def option_points(self, move: Move) -> int:
        return immediate_points(self.viewer_view(), move)

    def undo_point(self) -> int | None:
        """How many moves stay when the human takes back their last move (and the computer's
        moves after it), or None when Undo is not offered: only against computer players (one
        human seat), while a deal is played, and only for a move of that deal; never in the counted
        attempt of a daily deal (its result is compared with the computer's), nor between friends."""
        humans, game = self.human_seats(), self.game
        if game is None or len(humans) != 1 or self.phase != Phase.PLAY or self.counted_daily or (
                self.table_code is not None or any(seat.friend for seat in self.seats)):
            return None
        for number in range(len(game.history) - 1, -1, -1):
            record = game.history[number]
            if record.deal != game.deal_number:
                return None
            if record.seat == humans[0]:
                return number
        return None

    # ------------------------------------------------------------------ changes (each returns a new match)
    def play(self, move: Move | str) -> Match:
        """Play for the seat to move. Illegal, or not time to play: IllegalMoveError."""
        if self.game is None:
            raise IllegalMoveError("on a friend's page the host plays the moves")
        if self.phase != Phase.PLAY or self.handoff is not None:
            raise IllegalMoveError("it is not time to play a card")
        game = self.game.copy()
        deals_before = len(game.deal_results)
        game.play(move)
        ended = len(game.deal_results) > deals_before and not game.over
        return replace(self, game=game, pending_sheet=deals_before if ended else None).handed_on()

    def undo(self) -> Match | None:
        """Take back the human's last move and every move after it: the game is replayed from its
        set-up without them (``Game.rewound``), so the same moves bring the same answers. None when
        Undo is not offered."""
        point = self.undo_point()
        if point is None or self.game is None:
            return None
        return replace(self, game=self.game.rewound(point), undone=True)

    def next_deal(self) -> Match:
        return replace(self, pending_sheet=None).handed_on()

    def reveal(self) -> Match:
        """The player asked to take the device: show their hand."""
        if self.handoff is None:
            return self
        return replace(self, viewer=self.handoff, handoff=None)

    def handed_on(self) -> Match:
        """The hand shown follows the human whose turn it is; with several humans the device is
        handed on first (its hand hidden until that player says so)."""
        turn = self.board.turn
        if self.phase != Phase.PLAY or turn is None or not self.seats[turn].human or turn == self.viewer:
            return self
        if len(self.human_seats()) > 1:
            return replace(self, handoff=turn)
        return replace(self, viewer=turn)

    def with_review(self, key: str, entries: tuple[MoveReview, ...]) -> Match:
        return replace(self, reviews={**self.reviews, key: entries})
