"""The position a host's page sends one seat (``state`` messages, ``wire.py``), and a friend's page's
reading of it: what the host's table shows, as that seat sees it (its own hand, the table, the
counts), the public events of the match, the finished deals' results, and that seat's review of the
deal just played. Never another hand, never the stock, nothing made from the deck's order or seed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, get_type_hints

from pasur import Card, Move, Rules
from pasur.events import DealScored, DealStarted, Event, LeftoverTaken, MoveRecord
from pasur.review import MoveReview
from pasur.view import PlayerView

from .match import Match, review_key
from .wire import Refused, json_text

__all__ = ["event_from", "event_of", "results_of", "reviews_of", "seat_state", "view_from", "view_of"]


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


def event_from(data: Sequence[Any]) -> Event:
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
               messages: Sequence[tuple[int, int, str]]) -> str:
    """The ``state`` message for ``seat``: the match around the game, what the host's table shows as
    that seat sees it, and the public events of it from number ``since`` on (those before were sent
    already). Nothing in it comes from the deck's order or its seed."""
    position = match.position
    assert position is not None
    deal = match.reviewable_deal()
    key = review_key(deal, seat) if deal is not None else ""
    return json_text({
        "t": "state", "id": match.id, "seats": [list(item) for item in seats], "pending_sheet": match.pending_sheet,
        "started": started, "said": [list(item) for item in messages],
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
