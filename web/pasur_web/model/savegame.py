"""A match saved as text (``localStorage["pasur.match"]``): the engine's save of the game, the seats,
the page's marks, and a checksum.

The checksum is a hash of a constant and the save's text. Anyone can read the constant in the
page's source, so it does not stop a determined player from editing a save; it only lets the page
tell an edited save from one it wrote itself, and mark the first.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from pasur import Game
from pasur.daily import is_day
from pasur.review import MoveReview
from pasur.safejson import dumps, loads_checked

from .handshake import SECRET, new_secret
from .match import Match
from .seats import Seat, clean_name, known_kind

__all__ = ["MAX_STORED_CHARS", "Partly", "checksum", "match_from_json", "match_to_json", "read_json", "read_settings",
           "settings_text"]

# Far above any real save (a long match is well under 100,000 characters); larger is not read.
MAX_STORED_CHARS = 2_000_000
MAX_STORED_DEPTH = 16  # a save, the settings or the statistics: a few levels deep at most
_CHECK_KEY = "pasur.save.check.1\n"
_REQUIRED = {"game", "seats", "viewer", "pending_sheet", "handoff"}
_OPTIONAL = {"id", "counted", "edited", "undone", "sum", "reviews", "daily", "practice", "table", "link"}
_CODE = re.compile(r"[a-z0-9]{4,12}")
_TOKEN = re.compile(r"[a-z0-9]{8,64}")  # a friend's seat's key (an older save: the browser's token)


def read_json(text: str) -> object:
    """A stored JSON value; too long, not JSON or nested too deep: ValueError saying which, to
    follow "the saved match is"."""
    if len(text) > MAX_STORED_CHARS:
        raise ValueError("too long to be read")
    try:
        return loads_checked(text, MAX_STORED_CHARS, MAX_STORED_DEPTH)
    except ValueError as error:
        raise ValueError("nested too deep to be read" if "nested" in str(error) else "not JSON") from None


def read_settings(text: str | None) -> dict[str, Any]:
    """The settings as stored (``localStorage["pasur.settings"]``); not an object: ValueError."""
    data = read_json(text) if text else {}
    if not isinstance(data, dict):
        raise ValueError("not settings")
    return data


def settings_text(settings: dict[str, Any]) -> str:
    """The settings as stored: strict JSON, which ``web/boot.js`` and ``web/sound.js`` read too."""
    return dumps(settings, sort_keys=True)


class Partly(ValueError):
    """A stored value that could be read in part only: why, what could be read (``value``) and how
    that part is stored (``text``). It is set aside whole, and the part kept (``storage.read_stored``)."""

    def __init__(self, reason: str, value: object, text: str) -> None:
        super().__init__(reason)
        self.value, self.text = value, text


def checksum(body: str) -> str:
    """The save's check: SHA-256 of a constant followed by the save's text."""
    return hashlib.sha256((_CHECK_KEY + body).encode("utf-8")).hexdigest()


def match_to_json(match: Match) -> str:
    """The save, with a checksum over the rest of it."""
    if match.game is None:
        raise ValueError("a friend's page does not save the host's game")
    data: dict[str, object] = {
        "game": match.game.to_json(),
        "seats": [[seat.name, seat.kind] for seat in match.seats],
        "viewer": match.viewer,
        "pending_sheet": match.pending_sheet,
        "handoff": match.handoff,
        "id": match.id,
        "counted": match.counted,
        "edited": match.edited,
        "undone": match.undone,
    }
    if match.reviews:
        data["reviews"] = {key: [entry.to_dict() for entry in entries] for key, entries in match.reviews.items()}
    if match.daily is not None:
        data["daily"], data["practice"] = match.daily, match.practice
    if match.table_code is not None:
        data["table"] = {"code": match.table_code, "tokens": {str(seat): token for seat, token in match.tokens.items()},
                         "started": match.started, "key": match.host_key, "stand_ins": sorted(match.stand_ins)}
    if match.link is not None:
        data["link"] = match.link
    return dumps({**data, "sum": checksum(dumps(data, sort_keys=True))}, sort_keys=True)


def _reviews(data: object) -> dict[str, tuple[MoveReview, ...]]:
    """The move reviews kept in a save; any that cannot be read is dropped (it is computed again)."""
    found: dict[str, tuple[MoveReview, ...]] = {}
    if not isinstance(data, dict):
        return found
    for key, entries in data.items():
        if not isinstance(key, str) or len(key) > 12 or not isinstance(entries, list):
            continue
        try:
            found[key] = tuple(MoveReview.from_dict(entry) for entry in entries)
        except ValueError:  # (every malformed entry, a number out of range included)
            continue
    return found


def _seats(data: object, players: int) -> tuple[Seat, ...]:
    if not isinstance(data, list) or len(data) != players:
        raise ValueError("the saved match has the wrong number of seats")
    seats = []
    for number, item in enumerate(data):
        if not isinstance(item, list) or len(item) != 2 or not known_kind(item[1]):
            raise ValueError(f"seat {number} of the saved match is not valid")
        seats.append(Seat(clean_name(item[0], f"{number + 1}"), item[1]))
    return tuple(seats)


def _friend_seat(seats: tuple[Seat, ...], seat: object) -> bool:
    return type(seat) is int and 0 <= seat < len(seats) and seats[seat].friend


def _table(data: object, seats: tuple[Seat, ...]) -> dict[str, object]:
    """The table between friends a save belongs to: its code, the key of each friend's seat taken,
    whether its host started the match, the host's secret key (an older save has none: the table gets
    a new one, and a new link), and the seats the computer plays for now. A friend's seat needs the
    table: its moves come from there."""
    if data is None:
        if any(seat.friend for seat in seats):
            raise ValueError("the saved match has a friend's seat but no table between friends")
        return {"table_code": None}
    if not isinstance(data, dict):
        raise ValueError("the saved match's table is not valid")
    tokens, code, started = data.get("tokens"), data.get("code"), data.get("started")
    key, stand_ins = data.get("key"), data.get("stand_ins", [])
    if not (isinstance(code, str) and _CODE.fullmatch(code) and isinstance(tokens, dict) and type(started) is bool
            and (key is None or (isinstance(key, str) and SECRET.fullmatch(key))) and isinstance(stand_ins, list)):
        raise ValueError("the saved match's table is not valid")
    found = {}
    for seat, token in tokens.items():
        if not (isinstance(seat, str) and seat.isdigit() and _friend_seat(seats, int(seat))
                and isinstance(token, str) and _TOKEN.fullmatch(token)):
            raise ValueError("the saved match's table is not valid")
        found[int(seat)] = token
    if not all(_friend_seat(seats, seat) for seat in stand_ins):
        raise ValueError("the saved match's table is not valid")
    return {"table_code": code, "tokens": found, "started": started, "host_key": key or new_secret(),
            "stand_ins": frozenset(stand_ins)}


def match_from_json(text: str) -> Match:
    """A match saved by :func:`match_to_json`; anything wrong raises ValueError saying what.

    The game is checked and replayed by the engine. A save whose checksum does not match (or that
    has none) but replays is loaded marked as edited. Every field is checked against the game, so
    that a save loaded can be shown and played: a check missed here would stop the page instead.
    """
    try:
        data = read_json(text) if isinstance(text, str) else None
    except ValueError as error:
        raise ValueError(f"the saved match is {error}") from None
    if not isinstance(data, dict) or not _REQUIRED <= set(data) <= _REQUIRED | _OPTIONAL:
        raise ValueError("the saved match does not have the expected fields")
    try:
        return _match(data)
    except (TypeError, KeyError, IndexError, AttributeError, OverflowError, RecursionError) as error:
        # Not expected after the checks below; a save is outside data all the same: refused, not a failure.
        raise ValueError(f"the saved match is not valid ({type(error).__name__})") from None


def _match(data: dict[str, object]) -> Match:
    check = data.pop("sum", None)
    edited = data.get("edited", False) is not False or check != checksum(json.dumps(data, sort_keys=True))
    ident, counted = data.get("id"), data.get("counted", False)
    if ident is not None and not (isinstance(ident, str) and 0 < len(ident) <= 32 and ident.isalnum()):
        raise ValueError("the saved match's id is not valid")
    if type(counted) is not bool or type(data.get("undone", False)) is not bool:
        raise ValueError("the saved match's statistics flags are not true or false")
    saved_game = data["game"]
    if not isinstance(saved_game, str):
        raise ValueError("the saved match's game is not a saved game")
    game = Game.from_json(saved_game)
    seats = _seats(data["seats"], game.players)
    viewer, pending, handoff = data["viewer"], data["pending_sheet"], data["handoff"]
    if type(viewer) is not int or not 0 <= viewer < game.players or (not seats[viewer].human and any(
            seat.human for seat in seats)):
        raise ValueError("the saved match shows a hand that is not a player's")
    _check_sheet(game, pending)
    if handoff is not None and (type(handoff) is not int or handoff != game.turn or pending is not None
                                or not seats[handoff].human):
        raise ValueError("the saved match hands the device to the wrong seat")
    daily, link = data.get("daily"), data.get("link")
    if daily is not None and not (isinstance(daily, str) and is_day(daily) and game.players == 2):
        raise ValueError("the saved match's daily date is not valid")
    values: dict[str, object] = {"viewer": viewer, "pending_sheet": pending, "handoff": handoff,
                                 **_table(data.get("table"), seats),
                                 "counted": counted and game.over, "edited": edited,
                                 "undone": data.get("undone", False), "reviews": _reviews(data.get("reviews")),
                                 "daily": daily, "practice": data.get("practice") is True,
                                 "link": link if isinstance(link, str) and len(link) <= 200 else None}
    if ident is not None:
        values["id"] = ident
    return Match(game, seats, **values)  # type: ignore[arg-type]


def _check_sheet(game: Game, pending: object) -> None:
    """A score sheet shown is the last finished deal's, before any move of the next deal (the page
    shows it between the two), and never once the match is over (the match's sheet is shown then)."""
    if pending is None:
        return
    last = len(game.deal_results) - 1
    if type(pending) is not int or pending < 0 or pending != last or game.over or game.history[-1].deal != last:
        raise ValueError("the saved match's score sheet is not the last deal's")
