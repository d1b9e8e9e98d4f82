"""One match as the page plays it: seats (names, human or computer), the engine game, the move
log, whose hand is shown, and the phase. Pure Python: the page renders it, tests drive it."""

from __future__ import annotations

import json
import random
import string
from dataclasses import dataclass
from typing import Any

from pasur import Game, Move, MoveRecord, Rules, new_game
from pasur.daily import is_day
from pasur.players import Player, immediate_points, make_player, player_seed
from pasur.review import MoveReview

from .saves import checksum, read_json
from .stats import Stats

__all__ = ["MAX_NAME", "Match", "Seat", "clean_name", "new_match_id"]

MAX_NAME = 24
HUMAN = "human"
_ID_CHARS = string.ascii_lowercase + string.digits


def new_match_id() -> str:
    """A short random name for one match, to tell two saves apart (not a secret)."""
    return "".join(random.choice(_ID_CHARS) for _ in range(10))


def _known_kind(kind: object) -> bool:
    """A seat's kind: human, or a computer player ``make_player`` knows (``hard:80`` included)."""
    if not isinstance(kind, str):
        return False
    if kind == HUMAN:
        return True
    try:
        make_player(kind)
    except ValueError:
        return False
    return True


def _reviews(data: object) -> dict[str, list[MoveReview]]:
    """The move reviews kept in a save; any that cannot be read is dropped (it is computed again)."""
    found: dict[str, list[MoveReview]] = {}
    if not isinstance(data, dict):
        return found
    for key, entries in data.items():
        if not isinstance(key, str) or len(key) > 12 or not isinstance(entries, list):
            continue
        try:
            found[key] = [MoveReview.from_dict(entry) for entry in entries]
        except ValueError:
            continue
    return found


def clean_name(text: object, default: str) -> str:
    """A player's name as plain text: control characters removed, trimmed, at most 24 characters."""
    if not isinstance(text, str):
        return default
    cleaned = "".join(ch for ch in text if ch.isprintable()).strip()
    return cleaned[:MAX_NAME] or default


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str  # "human" or a computer player's name

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


class Match:
    """The controller's state; every change goes through :meth:`play` or :meth:`next_deal`."""

    def __init__(self, game: Game, seats: list[Seat]) -> None:
        if len(seats) != game.players:
            raise ValueError("one seat description per player")
        self.game = game
        self.seats = seats
        self.log: list[dict[str, Any]] = []
        self.pending_sheet: int | None = None
        humans = self.human_seats()
        self.viewer = humans[0] if humans else 0
        self.handoff: int | None = None
        self.id = new_match_id()
        self.counted = False  # whether the finished match is in the statistics
        self.edited = False  # the save was changed outside the game: kept, marked, never counted
        self.undone = False  # a move was taken back: the statistics mark the match
        self.reviews: dict[str, list[MoveReview]] = {}  # "deal:seat" -> the move review of that deal
        self.daily: str | None = None  # the date of the daily deal this match is (YYYY-MM-DD)
        self.practice = False  # a daily deal played again: its result is not counted
        self.ai: dict[int, Player] = {
            # Each decision depends on the player's seed and the position only: a reload changes nothing.
            seat: make_player(info.kind, player_seed(game.seed, seat)) for seat, info in enumerate(seats)
            if not info.human
        }
        self._log_deal()
        self._check_handoff()

    @classmethod
    def start(cls, players: int, rules: Rules, seats: list[Seat], seed: int | None = None) -> Match:
        return cls(new_game(players, rules, seed), seats)

    # ------------------------------------------------------------------ questions
    @property
    def phase(self) -> str:
        if self.game.over:
            return "match-end"
        if self.pending_sheet is not None:
            return "deal-end"
        return "play"

    def human_seats(self) -> list[int]:
        return [seat for seat, info in enumerate(self.seats) if info.human]

    def is_ai_turn(self) -> bool:
        turn = self.game.turn
        return self.phase == "play" and turn is not None and not self.seats[turn].human

    def is_viewer_turn(self) -> bool:
        """Whether the hand on screen is a human's and it is theirs to play."""
        return (self.phase == "play" and self.handoff is None and self.game.turn == self.viewer
                and self.seats[self.viewer].human)

    def side_seats(self, side: int) -> list[int]:
        return self.game.seats_of(side)

    def names(self) -> str:
        """Every player's name, in seat order: which game this is, for a notice."""
        return ", ".join(seat.name for seat in self.seats)

    def ordered_options(self, card_text: str) -> list[Move]:
        """The moves of one card, the most valuable first (points now, then more cards)."""
        view = self.game.view(self.viewer)
        moves = self.game.moves_for_card(card_text)
        return sorted(moves, key=lambda m: (-immediate_points(view, m), -len(m.captured), str(m)))

    def option_points(self, move: Move) -> int:
        return immediate_points(self.game.view(self.game.turn or 0), move)

    def undo_point(self) -> int | None:
        """How many moves stay when the human takes back their last move (and the computer's
        moves after it), or None when Undo is not offered: only against computer players (one
        human seat), while a deal is played, and only for a move of that deal; never in the counted
        attempt of a daily deal (its result is compared with the computer's)."""
        humans, game = self.human_seats(), self.game
        if len(humans) != 1 or self.phase != "play" or (self.daily is not None and not self.practice):
            return None
        for number in range(len(game.history) - 1, -1, -1):
            record = game.history[number]
            if record.deal != game.deal_number:
                return None
            if record.seat == humans[0]:
                return number
        return None

    def ai_move(self) -> Move:
        turn = self.game.turn
        assert turn is not None and turn in self.ai
        return self.ai[turn].choose(self.game.view(turn))

    def ai_player(self) -> Player:
        turn = self.game.turn
        assert turn is not None and turn in self.ai
        return self.ai[turn]

    # ------------------------------------------------------------------ actions
    def play(self, move: Move | str) -> dict[str, Any]:
        """Play for the seat to move; returns the log entry. Illegal: IllegalMoveError, no change."""
        if self.phase != "play" or self.handoff is not None:
            from pasur import IllegalMoveError

            raise IllegalMoveError("it is not time to play a card")
        game = self.game
        deals_before = len(game.deal_results)
        record = game.play(move)
        entry = self._move_entry(record)
        self.log.append(entry)
        if len(game.deal_results) > deals_before:
            side, leftover = game.leftovers[-1]
            if leftover:
                self.log.append({"kind": "leftover", "side": side, "cards": [str(c) for c in leftover]})
            if not game.over:
                self.pending_sheet = deals_before
                self._log_deal()
        self._check_handoff()
        return entry

    def undo(self) -> bool:
        """Take back the human's last move and every move after it: the game is replayed from its
        set-up without them (``Game.rewound``), so the same moves bring the same answers (each
        computer decision depends on its seed and the position only). Whether anything changed."""
        point = self.undo_point()
        if point is None:
            return False
        self.game = self.game.rewound(point)
        self.log = self._rebuild_log()
        self.undone = True
        return True

    def next_deal(self) -> None:
        self.pending_sheet = None
        self._check_handoff()

    def reveal(self) -> None:
        """The player asked to take the device: show their hand."""
        if self.handoff is not None:
            self.viewer = self.handoff
            self.handoff = None

    def _log_deal(self) -> None:
        self.log.append({"kind": "deal", "deal": self.game.deal_number, "dealer": self.game.dealer})

    def _check_handoff(self) -> None:
        turn = self.game.turn
        if self.phase != "play" or turn is None or not self.seats[turn].human:
            return
        if turn != self.viewer:
            if len(self.human_seats()) > 1:
                self.handoff = turn
            else:
                self.viewer = turn

    def count_into(self, stats: Stats) -> bool:
        """Add this finished match to ``stats`` once (seat 0's view); whether it was added."""
        game = self.game
        if not game.over or self.counted or self.edited or not self.seats[0].human:
            return False
        surs = sum(1 for record in game.history if record.sur and record.seat == 0)
        stats.record(game.players, game.rules, game.winner, game.side_of(0), surs, undone=self.undone)
        self.counted = True
        return True

    # ------------------------------------------------------------------ saving
    def to_json(self) -> str:
        """The save, with a checksum over the rest of it (see ``saves.checksum``)."""
        data = {
            "game": self.game.to_json(),
            "seats": [[seat.name, seat.kind] for seat in self.seats],
            "viewer": self.viewer,
            "pending_sheet": self.pending_sheet,
            "handoff": self.handoff,
            "id": self.id,
            "counted": self.counted,
            "edited": self.edited,
            "undone": self.undone,
        }
        if self.reviews:
            data["reviews"] = {key: [entry.to_dict() for entry in entries] for key, entries in self.reviews.items()}
        if self.daily is not None:
            data["daily"], data["practice"] = self.daily, self.practice
        return json.dumps({**data, "sum": checksum(json.dumps(data, sort_keys=True))}, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Match:
        """A match saved by :meth:`to_json`; anything wrong raises ValueError saying what.

        The game is checked and replayed by the engine, and the move log is rebuilt from it. A save
        whose checksum does not match (or that has none) but replays is loaded marked as edited.
        """
        try:
            data = read_json(text) if isinstance(text, str) else None
        except ValueError as error:
            raise ValueError(f"the saved match is {error}") from None
        required = {"game", "seats", "viewer", "pending_sheet", "handoff"}
        optional = {"id", "counted", "edited", "undone", "sum", "reviews", "daily", "practice"}
        if not isinstance(data, dict) or not required <= set(data) <= required | optional:
            raise ValueError("the saved match does not have the expected fields")
        check = data.pop("sum", None)
        edited = data.get("edited", False) is not False or check != checksum(json.dumps(data, sort_keys=True))
        ident, counted = data.get("id"), data.get("counted", False)
        if ident is not None and not (isinstance(ident, str) and 0 < len(ident) <= 32 and ident.isalnum()):
            raise ValueError("the saved match's id is not valid")
        if type(counted) is not bool or type(data.get("undone", False)) is not bool:
            raise ValueError("the saved match's statistics flags are not true or false")
        game = Game.from_json(data["game"])
        seats_data = data["seats"]
        if not isinstance(seats_data, list) or len(seats_data) != game.players:
            raise ValueError("the saved match has the wrong number of seats")
        seats = []
        for number, item in enumerate(seats_data):
            if not isinstance(item, list) or len(item) != 2 or not _known_kind(item[1]):
                raise ValueError(f"seat {number} of the saved match is not valid")
            seats.append(Seat(clean_name(item[0], f"{number + 1}"), item[1]))
        match = cls(game, seats)
        viewer, pending, handoff = data["viewer"], data["pending_sheet"], data["handoff"]
        if type(viewer) is not int or not 0 <= viewer < game.players or (not seats[viewer].human and any(
                seat.human for seat in seats)):
            raise ValueError("the saved match shows a hand that is not a player's")
        if pending is not None and (type(pending) is not int or pending != len(game.deal_results) - 1
                                    or game.over):
            raise ValueError("the saved match's score sheet is not the last deal's")
        if handoff is not None and (type(handoff) is not int or handoff != game.turn):
            raise ValueError("the saved match hands the device to the wrong seat")
        match.viewer, match.pending_sheet, match.handoff = viewer, pending, handoff
        match.counted = counted and game.over
        match.edited = edited
        match.undone = data.get("undone", False)
        if ident is not None:
            match.id = ident
        match.log = match._rebuild_log()
        match.reviews = _reviews(data.get("reviews"))
        daily = data.get("daily")
        if daily is not None and not (isinstance(daily, str) and is_day(daily) and game.players == 2):
            raise ValueError("the saved match's daily date is not valid")
        match.daily, match.practice = daily, data.get("practice") is True
        return match

    def _rebuild_log(self) -> list[dict[str, Any]]:
        game = self.game
        log: list[dict[str, Any]] = []
        records = iter(game.history)
        record = next(records, None)
        for deal in range(game.deal_number + 1):
            if deal < len(game.deal_results) or not game.over:
                leader = (game.first_leader + deal) % game.players
                log.append({"kind": "deal", "deal": deal, "dealer": (leader - 1) % game.players})
            while record is not None and record.deal == deal:
                log.append(self._move_entry(record))
                record = next(records, None)
            if deal < len(game.leftovers):
                side, leftover = game.leftovers[deal]
                if leftover:
                    log.append({"kind": "leftover", "side": side, "cards": [str(c) for c in leftover]})
        return log

    @staticmethod
    def _move_entry(record: MoveRecord) -> dict[str, Any]:
        return {
            "kind": "move",
            "seat": record.seat,
            "move": str(record.move),
            "card": str(record.move.card),
            "captured": [str(c) for c in record.captured],
            "sur": record.sur,
        }
