"""What crosses the network in a game between friends, as text: each message read with its size and
shape checked; anything else is refused with a reason, and changes nothing.

A friend's page sends, on each connection: ``knock`` (its challenge and its proof of the table's pass,
first: ``handshake.py``), then
``hello`` (its name, and the claim to its seat: ``handshake.py``), ``play`` (a move in card
notation, with the number of moves played when it was made), ``say`` (a quick message) and
``review`` (the review of its moves in the deal just played, made by the host's page: the friend's
page has not the whole deal to make it).

The host's page sends ``proof`` (its signature of the knock), ``table`` (who invites, to what),
``welcome`` (the seat, and the moves the computer played for it meanwhile), ``state`` (who sits
where, what was said, the position for that seat, the public events since the last one it sent, and
the seat's review of the deal just played once made: ``seat_state.py``), ``refused`` (why a message
changed nothing) and ``bye`` (the host closed the table, freed the seat, or the seat went to
another of this browser's pages).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pasur.safejson import dumps, loads_checked

from .handshake import CHALLENGE, KNOCK_PASS, SEAT_KEY, SIGNATURE
from .seats import MAX_NAME

__all__ = ["BYES", "FROM_FRIEND", "FROM_HOST", "QUICK", "WHY", "Refused", "json_text", "read"]

FROM_FRIEND = 1_000  # the most characters a friend's message may have (web/peers.js drops longer ones)
FROM_HOST = 300_000  # the most a host's message may have (a whole match's events)
DEPTH = 8
WHY = 300  # the most characters of a refusal's reason
QUICK = ("hello", "well_played", "good_luck", "oops", "thanks", "wait")  # the quick messages, by key
BYES = ("closed", "moved", "freed")  # why a host ends a friend's page's place at the table
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
    kind = (_FROM_FRIEND if limit == FROM_FRIEND else _FROM_HOST).get(data["t"])
    if kind is None:
        raise Refused(f"no such message: {str(data['t'])[:20]}")
    _check(data, kind)
    return data


@dataclass(frozen=True)
class _Kind:
    """A kind of message: its fields and their types (``optional`` ones may be left out), and what
    else its values must be (``valid``), said as ``why`` when they are not."""

    fields: Mapping[str, type | tuple[type, ...]]
    valid: Callable[[dict[str, Any]], object]  # every kind checks its values: none is taken on its shape alone
    why: str
    optional: tuple[str, ...] = ()


def _check(data: dict[str, Any], kind: _Kind) -> None:
    kinds = kind.fields
    if not {"t", *kinds} - set(kind.optional) <= set(data) <= {"t", *kinds}:
        raise Refused(f"a {data['t']} message has the fields {', '.join(sorted(kinds)) or 'none'}")
    for name, expected in kinds.items():
        if name in data and (not isinstance(data[name], expected) or (isinstance(data[name], bool)
                                                                      and expected is not bool)):
            raise Refused(f"{name} is not what a {data['t']} message holds")
    if not kind.valid(data):
        raise Refused(kind.why)


def _moves(moves: list[Any]) -> bool:
    return all(isinstance(move, str) and _MOVE.fullmatch(move) for move in moves)


_NUMBER = (int, type(None))
_FROM_FRIEND = {
    "knock": _Kind({"nonce": str, "pass": str},
                   lambda d: CHALLENGE.fullmatch(d["nonce"]) and KNOCK_PASS.fullmatch(d["pass"]),
                   "a knock carries a challenge and the proof of the table's pass"),
    "hello": _Kind({"name": str, "claim": str, "key": str},
                   lambda d: len(d["name"]) <= MAX_NAME * 4 and SEAT_KEY.fullmatch(d["claim"]) and (
                       "key" not in d or SEAT_KEY.fullmatch(d["key"])),
                   "a hello names the player and claims a seat", ("key",)),
    "play": _Kind({"move": str, "at": int}, lambda d: _MOVE.fullmatch(d["move"]) and 0 <= d["at"] < 100_000,
                  "a move is written in card notation, like 7C:4C,4D, with the moves played before it"),
    "say": _Kind({"what": str}, lambda d: d["what"] in QUICK, "no such quick message"),
    "review": _Kind({"deal": int}, lambda d: 0 <= d["deal"] < 10_000, "a review names a deal by its number"),
}
_FROM_HOST = {
    "proof": _Kind({"nonce": str, "sig": str}, lambda d: CHALLENGE.fullmatch(d["nonce"]) and SIGNATURE.fullmatch(
        d["sig"]), "a proof carries a challenge and a signature"),
    "table": _Kind({"host": str, "players": int, "rules": dict, "started": bool},
                   lambda d: 2 <= d["players"] <= 4 and len(d["host"]) <= MAX_NAME * 4,
                   "a table names its host and its players"),
    "welcome": _Kind({"seat": int, "covered": list}, lambda d: 0 <= d["seat"] < 4 and _moves(d["covered"]),
                     "a welcome names the seat"),
    # A state's numbers are bounded here; its lists and its view are read where they are used
    # (visiting.py, seat_state.py), each item checked there.
    "state": _Kind({"id": str, "seats": list, "pending_sheet": _NUMBER, "started": bool, "said": list, "over": bool,
                    "winner": _NUMBER, "deal_results": list, "view": dict, "since": int, "events": list,
                    "reviews": dict}, lambda d: (
                        0 < len(d["id"]) <= 32 and 0 <= d["since"] < 100_000 and 2 <= len(d["seats"]) <= 4
                        and len(d["said"]) <= 5 and (d["winner"] is None or 0 <= d["winner"] < 4)
                        and (d["pending_sheet"] is None or 0 <= d["pending_sheet"] < 10_000)),
                   "a state names its match, its events since a number, its two to four seats and its last messages"),
    "refused": _Kind({"why": str}, lambda d: 0 < len(d["why"]) <= WHY,
                     f"a refusal says why in at most {WHY} characters"),
    "bye": _Kind({"why": str}, lambda d: d["why"] in BYES, "no such farewell"),
}


def json_text(data: object) -> str:
    """A message as sent: JSON, without spaces."""
    return dumps(data, separators=(",", ":"), ensure_ascii=False)
