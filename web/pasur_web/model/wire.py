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
from typing import Any

from pasur import Card, Move, Rules
from pasur.events import DealScored, DealStarted, Event, LeftoverTaken, MoveRecord
from pasur.players import player_seed
from pasur.review import MoveReview
from pasur.safejson import dumps, loads_checked
from pasur.view import PlayerView

from .match import Match
from .seats import MAX_NAME

__all__ = ["FROM_FRIEND", "FROM_HOST", "QUICK", "Refused", "event_of", "event_text", "json_text", "read",
           "reviews_of", "seat_state", "view_of", "view_text"]

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


def view_of(view: PlayerView) -> dict[str, Any]:
    """What one seat may know, as plain data (its moves of the deal are in the events)."""
    return {"seat": view.seat, "side": view.side, "players": view.players, "sides": view.sides,
            "rules": view.rules.to_dict(), "hand": _cards(view.hand), "table": _cards(view.table),
            "hand_sizes": list(view.hand_sizes), "stock_size": view.stock_size,
            "piles": [_cards(pile) for pile in view.piles], "surs": list(view.surs), "scores": list(view.scores),
            "turn": view.turn, "leader": view.leader, "dealer": view.dealer, "deal_number": view.deal_number,
            "round_number": view.round_number, "rounds_per_deal": view.rounds_per_deal,
            "deals_played": view.deals_played, "last_capturer": view.last_capturer,
            "moves_played": view.moves_played}


def view_text(data: Mapping[str, Any], deal_moves: Sequence[MoveRecord]) -> PlayerView:
    """A view from :func:`view_of`'s data; anything else: :class:`Refused`."""
    try:
        cards = {name: tuple(map(Card.parse, data[name])) for name in ("hand", "table")}
        return PlayerView(
            seat=int(data["seat"]), side=int(data["side"]), players=int(data["players"]), sides=int(data["sides"]),
            rules=Rules.from_dict(data["rules"]), hand=cards["hand"], table=cards["table"],
            hand_sizes=tuple(map(int, data["hand_sizes"])), stock_size=int(data["stock_size"]),
            piles=tuple(tuple(map(Card.parse, pile)) for pile in data["piles"]), surs=tuple(map(int, data["surs"])),
            scores=tuple(map(int, data["scores"])), turn=None if data["turn"] is None else int(data["turn"]),
            leader=int(data["leader"]), dealer=int(data["dealer"]), deal_number=int(data["deal_number"]),
            round_number=int(data["round_number"]), rounds_per_deal=int(data["rounds_per_deal"]),
            deals_played=int(data["deals_played"]),
            last_capturer=None if data["last_capturer"] is None else int(data["last_capturer"]),
            deal_moves=tuple(deal_moves), moves_played=int(data["moves_played"]))
    except (ValueError, TypeError, KeyError):
        raise Refused("the position sent is not readable") from None


def seat_state(match: Match, seat: int, since: int, seats: Sequence[Sequence[Any]], started: bool,
               said: Sequence[tuple[int, str]]) -> str:
    """The ``state`` message for ``seat``: the match around the game, its view, and the events from
    number ``since`` on (those before were sent already). ``seed`` is the seat's player seed (for its
    hints), a hash that tells nothing of the deck."""
    game = match.game
    return json_text({
        "t": "state", "id": match.id, "seats": [list(item) for item in seats], "pending_sheet": match.pending_sheet,
        "started": started, "said": [list(item) for item in said],
        "over": game.over, "winner": game.winner, "deal_results": game.deal_results,
        "seed": player_seed(game.seed, seat),
        "view": view_of(game.view(seat)), "since": since, "events": [event_of(event) for event in game.events[since:]],
        "reviews": {key: [entry.to_dict() for entry in entries] for key, entries in match.reviews.items()
                    if key == f"{match.reviewable_deal()}:{seat}"},
    })


def reviews_of(data: object) -> dict[str, tuple[MoveReview, ...]]:
    """The reviews in a state message (the seat's own, of the deal just played)."""
    found: dict[str, tuple[MoveReview, ...]] = {}
    for key, entries in (data.items() if isinstance(data, dict) else ()):
        try:
            found[str(key)[:12]] = tuple(MoveReview.from_dict(entry) for entry in entries)
        except (ValueError, TypeError):
            continue
    return found
