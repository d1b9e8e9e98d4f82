"""The save format of a match, and every check on it (:class:`SaveError` says what is wrong).

A save is JSON text holding the set-up (players, rules, seed, stacked deck, first leader), every
move in notation, and a snapshot of the position::

    {"format": "pasur-game", "version": 1, "players": 2, "rules": {...}, "seed": 7,
     "deck": null, "leader": 0, "moves": ["7C:4C,4D", ...], "state": {...}}

:func:`decode` reads the text and checks everything it can without playing: the exact format name
and version, no missing or unknown field at the top or in ``state``, sizes and types, each card
present once, the turn a seat, the scores the sum of the deal results. ``Game.from_json`` then
replays the moves from the set-up and hands the position it reaches to :func:`check_replay`, which
refuses the save unless that position is exactly the saved one. This module knows nothing of
``Game``: it turns a :class:`SavedGame` into text and back.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from .cards import FULL_DECK, Card, CardNotationError, quoted
from .rules import Rules, side_count
from .safejson import nesting_depth
from .scoring import BREAKDOWN_KEYS

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "STATE_KEYS",
    "SaveError",
    "SavedGame",
    "check_replay",
    "decode",
    "encode",
    "snapshot",
]

FORMAT_NAME: Final = "pasur-game"
FORMAT_VERSION: Final = 1
MAX_TEXT: Final = 5_000_000  # characters
MAX_DEPTH: Final = 8  # a save is an object of lists of lists at most
MAX_DIGITS: Final = 100  # digits of any whole number in a save
FIELDS: Final = ("format", "version", "players", "rules", "seed", "deck", "leader", "moves", "state")
#: The keys of ``state``, the snapshot of the position.
STATE_KEYS: Final = (
    "deal", "round", "leader", "turn", "hands", "table", "piles", "stock", "surs", "last_capturer",
    "scores", "deal_results", "over", "winner",
)


class SaveError(ValueError):
    """Text that is not a valid saved game; the message says what is wrong, in a few words."""


@dataclass(frozen=True)
class SavedGame:
    """A save, decoded: the set-up, the moves in notation, and the position they must reach."""

    players: int
    rules: Rules
    seed: int
    deck: tuple[Card, ...] | None
    leader: int
    moves: tuple[str, ...]
    state: dict[str, Any]


def snapshot(
    *,
    deal: int,
    round: int,
    leader: int,
    turn: int | None,
    hands: Sequence[Sequence[Card]],
    table: Sequence[Card],
    piles: Sequence[Sequence[Card]],
    stock: Sequence[Card],
    surs: Sequence[int],
    last_capturer: int | None,
    scores: Sequence[int],
    deal_results: Sequence[Sequence[dict[str, int]]],
    over: bool,
    winner: int | None,
) -> dict[str, Any]:
    """The ``state`` of a save: one position as plain JSON-able data, cards in notation."""
    return {
        "deal": deal,
        "round": round,
        "leader": leader,
        "turn": turn,
        "hands": [_texts(hand) for hand in hands],
        "table": _texts(table),
        "piles": [_texts(pile) for pile in piles],
        "stock": _texts(stock),
        "surs": list(surs),
        "last_capturer": last_capturer,
        "scores": list(scores),
        "deal_results": [[dict(entry) for entry in deal_entry] for deal_entry in deal_results],
        "over": over,
        "winner": winner,
    }


def encode(saved: SavedGame) -> str:
    """The save as text; the same save always gives the same text."""
    data = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "players": saved.players,
        "rules": saved.rules.to_dict(),
        "seed": saved.seed,
        "deck": _texts(saved.deck) if saved.deck else None,
        "leader": saved.leader,
        "moves": list(saved.moves),
        "state": saved.state,
    }
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def decode(text: str | bytes) -> SavedGame:
    """Read and check a save (everything but the replay); anything wrong: :class:`SaveError`."""
    data = _json_object(text)
    if data.get("format") != FORMAT_NAME:
        raise SaveError(f"saved game: 'format' must be {FORMAT_NAME!r}")
    version = data.get("version")
    if type(version) is not int or version != FORMAT_VERSION:
        raise SaveError(
            f"saved game: format version {quoted(version)} is not supported (this build reads "
            f"version {FORMAT_VERSION})"
        )
    _exact_keys(data, FIELDS, "field")
    try:
        rules = Rules.from_dict(data["rules"])
    except (TypeError, ValueError) as error:
        raise SaveError(f"saved game: bad rules: {_short(error)}") from None
    players = data["players"]
    if type(players) is not int or not 2 <= players <= 4:
        raise SaveError(f"saved game: players must be 2, 3 or 4, not {quoted(players)}")
    seed, leader = data["seed"], data["leader"]
    if type(seed) is not int:
        raise SaveError("saved game: seed must be a whole number")
    if type(leader) is not int or not 0 <= leader < players:
        raise SaveError(f"saved game: leader must be a seat 0..{players - 1}, not {quoted(leader)}")
    deck = None if data["deck"] is None else tuple(_cards(data["deck"], "deck"))
    moves = data["moves"]
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise SaveError("saved game: moves must be a list of move texts")
    state = data["state"]
    if not isinstance(state, dict):
        raise SaveError("saved game: state must be an object")
    _exact_keys(state, STATE_KEYS, "state field")
    _check_state(state, players, rules)
    return SavedGame(players, rules, seed, deck, leader, tuple(moves), state)


def check_replay(saved: SavedGame, replayed: dict[str, Any]) -> None:
    """Refuse the save unless replaying its moves reached exactly its saved position."""
    for key in STATE_KEYS:
        if _normal(replayed[key]) != _normal(saved.state[key]):
            raise SaveError(
                f"saved game: the saved {key!r} does not match the game its moves produce "
                "(the save was changed or is corrupt)"
            )


def _json_object(text: str | bytes) -> dict[str, Any]:
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError("saved game: not UTF-8 text") from None
    if not isinstance(text, str):
        raise SaveError(f"saved game: expected JSON text, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise SaveError("saved game: too large to be a save")
    if nesting_depth(text) > MAX_DEPTH:  # checked first: deep nesting can exhaust a browser's stack
        raise SaveError(f"saved game: nested more than {MAX_DEPTH} deep")
    try:
        data = json.loads(text, parse_int=_whole_number, parse_constant=_no_constant)
    except (json.JSONDecodeError, RecursionError) as error:
        raise SaveError(f"saved game: not valid JSON ({_short(error)})") from None
    if not isinstance(data, dict):
        raise SaveError("saved game: expected a JSON object")
    return data


def _whole_number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise SaveError(f"saved game: a number with {len(text.lstrip('-'))} digits is too long")
    return int(text)


def _no_constant(text: str) -> Any:
    raise SaveError(f"saved game: {text} is not a number a save can hold")


def _short(error: Exception, limit: int = 120) -> str:
    text = str(error)
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def _exact_keys(data: dict[str, Any], expected: Sequence[str], what: str) -> None:
    missing = [key for key in expected if key not in data]
    if missing:
        raise SaveError(f"saved game: missing {what}(s) {', '.join(missing)}")
    extra = sorted(quoted(key) for key in data if key not in expected)
    if extra:
        shown = ", ".join(extra[:3]) + (f" and {len(extra) - 3} more" if len(extra) > 3 else "")
        raise SaveError(f"saved game: unknown {what}(s) {shown}")


def _normal(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _texts(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def _cards(value: Any, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise SaveError(f"saved game: {where} must be a list of cards")
    found = []
    for text in value:
        if not isinstance(text, str):
            raise SaveError(f"saved game: {where}: {quoted(text)} is not a card")
        try:
            found.append(Card.parse(text))
        except CardNotationError as error:
            raise SaveError(f"saved game: {where}: {error}") from None
    return found


def _check_state(state: dict[str, Any], players: int, rules: Rules) -> None:
    """Shape checks with messages a person can act on; the replay then checks the content."""
    sides = side_count(players, rules)
    for key in ("hands", "piles"):
        if not isinstance(state[key], list):
            raise SaveError(f"saved game: state.{key} must be a list")
    if len(state["hands"]) != players:
        raise SaveError(f"saved game: {players} players need {players} hands")
    if len(state["piles"]) != sides:
        raise SaveError(f"saved game: {sides} sides need {sides} piles")
    places: dict[Card, str] = {}
    groups = [(f"hands[{i}]", hand) for i, hand in enumerate(state["hands"])]
    groups += [("table", state["table"]), ("stock", state["stock"])]
    groups += [(f"piles[{i}]", pile) for i, pile in enumerate(state["piles"])]
    for where, value in groups:
        for card in _cards(value, where):
            if card in places:
                raise SaveError(f"saved game: {card} appears twice ({places[card]} and {where})")
            places[card] = where
    over = state["over"]
    if not isinstance(over, bool):
        raise SaveError("saved game: state.over must be true or false")
    if not over and len(places) != len(FULL_DECK):
        missing = [str(card) for card in FULL_DECK if card not in places]
        raise SaveError(f"saved game: card(s) missing: {' '.join(missing)}")
    sizes = {len(hand) for hand in state["hands"]}
    if not over and not (sizes <= {0, 1, 2, 3, 4} and max(sizes) - min(sizes) <= 1):
        raise SaveError("saved game: the hand sizes are not possible")
    turn = state["turn"]
    if over:
        if turn is not None:
            raise SaveError("saved game: a finished match has no turn")
    elif type(turn) is not int or not 0 <= turn < players:
        raise SaveError(f"saved game: turn must be a seat 0..{players - 1}, not {quoted(turn)}")
    results = state["deal_results"]
    scores = state["scores"]
    if not isinstance(results, list) or not isinstance(scores, list) or len(scores) != sides:
        raise SaveError("saved game: scores and deal_results are malformed")
    totals = [0] * sides
    for deal in results:
        if not isinstance(deal, list) or len(deal) != sides:
            raise SaveError("saved game: deal_results are malformed")
        for side, entry in enumerate(deal):
            if not isinstance(entry, dict) or set(entry) != set(BREAKDOWN_KEYS):
                raise SaveError("saved game: a deal result lacks its breakdown")
            if not all(type(v) is int for v in entry.values()):
                raise SaveError("saved game: deal result points must be whole numbers")
            if sum(v for k, v in entry.items() if k != "total") != entry["total"]:
                raise SaveError("saved game: a deal result's breakdown does not add up to its total")
            totals[side] += entry["total"]
    if totals != scores:
        raise SaveError("saved game: the match scores do not equal the sum of the deal results")
