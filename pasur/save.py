"""Loading saved games: every field is checked, then the moves are replayed and compared.

A save holds the set-up (players, rules, seed, stacked deck, first leader), every move, and
a snapshot of the position. Loading checks the snapshot's shape (each card exists once, sizes
are possible, the turn is a seat, the scores add up), replays the moves from the set-up, and
refuses the save if the replay does not reach exactly the saved position.
"""

from __future__ import annotations

import json
from typing import Any

from .cards import FULL_DECK, Card, CardNotationError
from .game import FORMAT_NAME, FORMAT_VERSION, Game, IllegalMoveError, SaveError, new_game
from .rules import Rules
from .scoring import BREAKDOWN_KEYS

__all__ = ["load_game"]

_MAX_TEXT = 5_000_000


def load_game(text: str | bytes) -> Game:
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError("saved game: not UTF-8 text") from None
    if not isinstance(text, str):
        raise SaveError(f"saved game: expected JSON text, got {type(text).__name__}")
    if len(text) > _MAX_TEXT:
        raise SaveError("saved game: too large to be a save")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        raise SaveError(f"saved game: not valid JSON ({error})") from None
    if not isinstance(data, dict):
        raise SaveError("saved game: expected a JSON object")
    if data.get("format") != FORMAT_NAME:
        raise SaveError(f"saved game: 'format' must be {FORMAT_NAME!r}")
    version = data.get("version")
    if version != FORMAT_VERSION:
        raise SaveError(
            f"saved game: format version {version!r} is not supported (this build reads "
            f"version {FORMAT_VERSION})"
        )
    expected = {"format", "version", "players", "rules", "seed", "deck", "leader", "moves", "state"}
    extra = sorted(set(data) - expected)
    missing = sorted(expected - set(data))
    if missing:
        raise SaveError(f"saved game: missing field(s) {', '.join(missing)}")
    if extra:
        raise SaveError(f"saved game: unknown field(s) {', '.join(map(str, extra))}")
    try:
        rules = Rules.from_dict(data["rules"])
    except (TypeError, ValueError) as error:
        raise SaveError(f"saved game: bad rules: {error}") from None
    players = data["players"]
    if type(players) is not int or not 2 <= players <= 4:
        raise SaveError(f"saved game: players must be 2, 3 or 4, not {players!r}")
    if type(data["seed"]) is not int:
        raise SaveError("saved game: seed must be a whole number")
    deck = data["deck"]
    if deck is not None:
        deck = _cards(deck, "deck")
    moves = data["moves"]
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise SaveError("saved game: moves must be a list of move texts")
    state = data["state"]
    if not isinstance(state, dict):
        raise SaveError("saved game: state must be an object")
    _check_state(state, players, rules)
    try:
        game = new_game(players, rules, data["seed"], deck, data["leader"])
    except ValueError as error:
        raise SaveError(f"saved game: bad set-up: {error}") from None
    for number, move in enumerate(moves, start=1):
        try:
            game.play(move)
        except IllegalMoveError as error:
            raise SaveError(f"saved game: move {number} ({move!r}) cannot be played: {error}") from None
    replayed = game._snapshot()
    for key in replayed:
        if _normal(replayed[key]) != _normal(state.get(key)):
            raise SaveError(
                f"saved game: the saved {key!r} does not match the game its moves produce "
                "(the save was changed or is corrupt)"
            )
    return game


def _normal(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _cards(value: Any, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise SaveError(f"saved game: {where} must be a list of cards")
    try:
        return [Card.parse(text) if isinstance(text, str) else _not_card(text) for text in value]
    except CardNotationError as error:
        raise SaveError(f"saved game: {where}: {error}") from None


def _not_card(value: Any) -> Card:
    raise CardNotationError(f"{value!r} is not a card")


def _check_state(state: dict[str, Any], players: int, rules: Rules) -> None:
    """Shape checks with messages a person can act on; the replay then checks the content."""
    sides = 2 if players == 4 and not rules.solo4 else players
    for key in ("hands", "piles"):
        if not isinstance(state.get(key), list):
            raise SaveError(f"saved game: state.{key} must be a list")
    if len(state["hands"]) != players:
        raise SaveError(f"saved game: {players} players need {players} hands")
    if len(state["piles"]) != sides:
        raise SaveError(f"saved game: {sides} sides need {sides} piles")
    places: dict[Card, str] = {}
    groups = [(f"hands[{i}]", hand) for i, hand in enumerate(state["hands"])]
    groups += [("table", state.get("table")), ("stock", state.get("stock"))]
    groups += [(f"piles[{i}]", pile) for i, pile in enumerate(state["piles"])]
    for where, value in groups:
        for card in _cards(value, where):
            if card in places:
                raise SaveError(f"saved game: {card} appears twice ({places[card]} and {where})")
            places[card] = where
    over = state.get("over")
    if not isinstance(over, bool):
        raise SaveError("saved game: state.over must be true or false")
    if not over and len(places) != len(FULL_DECK):
        missing = [str(card) for card in FULL_DECK if card not in places]
        raise SaveError(f"saved game: card(s) missing: {' '.join(missing)}")
    sizes = {len(hand) for hand in state["hands"]}
    if not over and not (sizes <= {0, 1, 2, 3, 4} and max(sizes) - min(sizes) <= 1):
        raise SaveError("saved game: the hand sizes are not possible")
    turn = state.get("turn")
    if over:
        if turn is not None:
            raise SaveError("saved game: a finished match has no turn")
    elif type(turn) is not int or not 0 <= turn < players:
        raise SaveError(f"saved game: turn must be a seat 0..{players - 1}, not {turn!r}")
    results = state.get("deal_results")
    scores = state.get("scores")
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
