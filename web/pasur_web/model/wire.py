"""What crosses the network in a game between friends, as text: each message read with its size and
shape checked (anything else is refused with a reason), and built from the game for one seat with
what that seat may see only: its own hand, the table, the counts, the public moves. Never another
hand, never the stock.

A friend's page sends ``hello`` (its name and a token it keeps, to take its seat back), ``play`` (a
move in card notation), ``say`` (a quick message) and ``review`` (the review of its moves in the deal
just played, made by the host's page: the friend's page has not the whole deal to make it). The
host's page sends ``welcome`` (the seat), ``state`` (who sits where, what was said, the position for
that seat, the public events since the last one it sent, and the seat's review of the deal just
played once made) and ``refused`` (why a message changed nothing).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, get_type_hints

from pasur import Card, Move, Rules
from pasur.events import DealScored, DealStarted, Event, LeftoverTaken, MoveRecord
from pasur.review import MoveReview
from pasur.safejson import dumps, loads_checked
from pasur.view import PlayerView

from .match import Match, review_key
from .seats import MAX_NAME

__all__ = ["FROM_FRIEND", "FROM_HOST", "QUICK", "Refused", "event_of", "event_text", "json_text", "read",
           "results_of", "reviews_of", "seat_state", "view_from", "view_of"]

FROM_FRIEND = 1_000  # the most characters a friend's message may have
FROM_HOST = 300_000  # the most a host's message may have (a whole match's events)
DEPTH = 8
QUICK = ("hello", "well_played", "good_luck", "oops", "thanks", "wait")  # the quick messages, by key
_TOKEN = re.compile(r"[a-z0-9]{8,40}")
_MOVE = re.compile(r"[0-9TJQKAtjqkacdhsCDHS:, ]{2,60}")


@dataclass(frozen=True)
class Refused(ValueError):
    """A message that is not one, and why (said to its sender; nothing changes)."""

    why: str

    def __str__(self) -> str:
        return self.why


def read(text: object, limit: int = FROM_FRIEND) -> dict[str, Any]:
    """A message's data: JSON within ``limit`` characters, an object with a known ``t``, each field
    of the right kind. Anything else: :class:`Refused`."""
    if not isinstance(text, str):
        raise Refused("a message is text")
    if len(text) > limit:
        raise Refused(f"a message is at most {limit} characters")
    try:
        data = loads_checked(text, limit, DEPTH)
    except ValueError:
        raise Refused("a message is JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("t"), str):
        raise Refused("a message is an object with a type")
    check = _CHECKS.get(data["t"])
    if check is None:
        raise Refused(f"no such message: {str(data['t'])[:20]}")
    check(data)
    return data


def _fields(data: dict[str, Any], **kinds: type | tuple[type, ...]) -> None:
    if set(data) != {"t", *kinds}:
        raise Refused(f"a {data['t']} message has the fields {', '.join(sorted(kinds)) or 'none'}")
    for name, kind in kinds.items():
        if not isinstance(data[name], kind) or (isinstance(data[name], bool) and kind is not bool):
            raise Refused(f"{name} is not what a {data['t']} message holds")


def _hello(data: dict[str, Any]) -> None:
    _fields(data, name=str, token=str)
    if not _TOKEN.fullmatch(data["token"]) or len(data["name"]) > MAX_NAME * 4:
        raise Refused("a hello names the player and carries the token of its browser")


def _play(data: dict[str, Any]) -> None:
    _fields(data, move=str)
    if not _MOVE.fullmatch(data["move"]):
        raise Refused("a move is written in card notation, like 7C:4C,4D")


def _say(data: dict[str, Any]) -> None:
    _fields(data, what=str)
    if data["what"] not in QUICK:
        raise Refused("no such quick message")


def _review(data: dict[str, Any]) -> None:
    _fields(data, deal=int)
    if not 0 <= data["deal"] < 10_000:
        raise Refused("a review names a deal by its number")


# A host's messages are read field by field where they are used (model/online.py), each value checked.
_CHECKS: dict[str, Any] = {"hello": _hello, "play": _play, "say": _say, "review": _review,
                           "welcome": lambda data: None, "state": lambda data: None, "refused": lambda data: None}


def json_text(data: object) -> str:
    """A message as sent: JSON, without spaces."""
    return dumps(data, separators=(",", ":"), ensure_ascii=False)


# ---------------------------------------------------------------------- the position for one seat
def _cards(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def event_of(event: Event) -> list[Any]:
    """An event of the match log as plain data (every event is public)."""
    if isinstance(event, MoveRecord):
        return ["move", event.seat, event.side, str(event.move), event.deal, event.round, event.sur]
    if isinstance(event, DealStarted):
        return ["deal", event.deal, event.dealer, event.leader]
    if isinstance(event, LeftoverTaken):
        return ["leftover", event.deal, event.side, _cards(event.cards)]
    return ["scored", event.deal, event.results, list(event.surs), list(event.scores)]


def event_text(data: Sequence[Any]) -> Event:
    """An event from :func:`event_of`'s data; anything else: :class:`Refused`."""
    try:
        kind, *rest = data
        if kind == "move":
            seat, side, move, deal, round_, sur = rest
            return MoveRecord(int(seat), int(side), Move.parse(move), int(deal), int(round_), bool(sur))
        if kind == "deal":
            return DealStarted(*(int(value) for value in rest))
        if kind == "leftover":
            deal, side, cards = rest
            return LeftoverTaken(int(deal), None if side is None else int(side), tuple(map(Card.parse, cards)))
        deal, results, surs, scores = rest
        return DealScored(int(deal), [{str(k): int(v) for k, v in side.items()} for side in results],
                          tuple(map(int, surs)), tuple(map(int, scores)))
    except (ValueError, TypeError, AttributeError):
        raise Refused("an event of the match is not readable") from None


_VIEW_FIELDS = get_type_hints(PlayerView)  # each field of a seat's view, by its type (pasur/view.py)
_FROM_EVENTS = "deal_moves"  # the seat's moves of the deal: in the events, not sent twice


def _plain(value: Any) -> Any:
    """A field of a view as plain data: cards by their notation, the rules as a dict."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Rules):
        return value.to_dict()
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


_READERS: dict[Any, Any] = {
    int: lambda value: _exact(value, int),
    int | None: lambda value: None if value is None else _exact(value, int),
    Rules: Rules.from_dict,
    tuple[int, ...]: lambda value: tuple(_exact(item, int) for item in _items(value)),
    tuple[Card, ...]: lambda value: tuple(Card.parse(item) for item in _items(value)),
    tuple[tuple[Card, ...], ...]: lambda value: tuple(tuple(map(Card.parse, _items(pile))) for pile in _items(value)),
}


def _exact(value: object, kind: type) -> Any:
    if type(value) is not kind:
        raise TypeError(f"not a {kind.__name__}")
    return value


def _items(value: object) -> list[Any]:
    if not isinstance(value, list):
        raise TypeError("not a list")
    return value


def view_of(view: PlayerView) -> dict[str, Any]:
    """What one seat may know, as plain data, field by field (its moves of the deal are in the events)."""
    return {name: _plain(getattr(view, name)) for name in _VIEW_FIELDS if name != _FROM_EVENTS}


def view_from(data: Mapping[str, Any], deal_moves: Sequence[MoveRecord]) -> PlayerView:
    """A view from :func:`view_of`'s data; anything else: :class:`Refused`."""
    try:
        if set(data) != set(_VIEW_FIELDS) - {_FROM_EVENTS}:
            raise ValueError("not the fields of a view")
        values = {name: _READERS[kind](data[name]) for name, kind in _VIEW_FIELDS.items() if name != _FROM_EVENTS}
        return PlayerView(**values, deal_moves=tuple(deal_moves))
    except (ValueError, TypeError, KeyError, AttributeError):
        raise Refused("the position sent is not readable") from None


def seat_state(match: Match, seat: int, since: int, seats: Sequence[Sequence[Any]], started: bool,
               said: Sequence[tuple[int, str]]) -> str:
    """The ``state`` message for ``seat``: the match around the game, what the host's table shows as
    that seat sees it, and the public events of it from number ``since`` on (those before were sent
    already). Nothing in it comes from the deck's order or its seed."""
    position = match.position
    assert position is not None
    deal = match.reviewable_deal()
    key = review_key(deal, seat) if deal is not None else ""
    return json_text({
        "t": "state", "id": match.id, "seats": [list(item) for item in seats], "pending_sheet": match.pending_sheet,
        "started": started, "said": [list(item) for item in said],
        "over": position.over, "winner": position.winner, "deal_results": position.deal_results,
        "view": view_of(position.view(seat)), "since": since,
        "events": [event_of(event) for event in position.events[since:]],
        "reviews": {key: [entry.to_dict() for entry in match.reviews[key]]} if key in match.reviews else {},
    })


def results_of(data: object) -> list[list[dict[str, int]]]:
    """The finished deals' results in a state message (one dict of points per side and deal)."""
    try:
        return [[{str(key): _exact(value, int) for key, value in side.items()} for side in _items(deal)]
                for deal in _items(data)]
    except (TypeError, AttributeError):
        raise Refused("the results sent are not readable") from None


def reviews_of(data: object) -> dict[str, tuple[MoveReview, ...]]:
    """The reviews in a state message (the seat's own, of the deal just played)."""
    found: dict[str, tuple[MoveReview, ...]] = {}
    for key, entries in (data.items() if isinstance(data, dict) else ()):
        try:
            found[str(key)[:12]] = tuple(MoveReview.from_dict(entry) for entry in entries)
        except (ValueError, TypeError):
            continue
    return found
