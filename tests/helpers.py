"""Building games from card notation for scenario tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from pasur import Card, Game, Rules, new_game
from pasur.cards import FULL_DECK, parse_cards
from pasur_web.model.match import Phase

if TYPE_CHECKING:
    from pasur_web.model.match import Match
    from pasur_web.model.state import Online, Review, State
    from pasur_web.screens.html import Node


def stacked_deck(hands: Sequence[str], table: str, stock: str = "", leader: int = 0) -> list[str]:
    """A 52-card deck that deals ``hands`` (by seat), then ``table``, then ``stock`` on top of
    the stock; the unnamed cards follow in rank-then-suit order."""
    players = len(hands)
    order: list[Card] = []
    for k in range(players):
        order += parse_cards(hands[(leader + k) % players])
    order += parse_cards(table)
    order += parse_cards(stock)
    if len(set(order)) != len(order):
        raise AssertionError("a card is named twice in the scenario")
    rest = [card for card in FULL_DECK if card not in order]
    return [str(card) for card in order + rest]


def scenario(
    hands: Sequence[str],
    table: str,
    stock: str = "",
    rules: Rules | None = None,
    leader: int = 0,
    seed: int = 1,
) -> Game:
    """A game whose first deal is exactly these hands and table."""
    return new_game(
        players=len(hands),
        rules=rules or Rules(),
        seed=seed,
        deck=stacked_deck(hands, table, stock, leader),
        leader=leader,
    )


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def texts(items: Sequence[Card]) -> list[str]:
    return [str(card) for card in items]


def option_texts(options: Sequence[frozenset[Card]]) -> list[str]:
    """Capture options printed like move notation, sorted, for comparing with a hand-made list."""
    return sorted(",".join(str(c) for c in sorted(option)) for option in options)


def play_randomly(game: Game, seed: int, until: int | None = None) -> None:
    rng = random.Random(seed)
    count = 0
    while game.turn is not None and (until is None or count < until):
        game.play(rng.choice(game.legal_moves()))
        count += 1


def seed_with_a_choice(rules: Rules | None = None) -> tuple[int, str, str]:
    """A 2-player seed where seat 0 leads holding a card of several captures and a card of one
    outcome: (seed, that card, the other card)."""
    for seed in range(300):
        game = new_game(2, rules or Rules(), seed=seed)
        if game.turn != 0:
            continue
        counts: dict[str, int] = {}
        for move in game.legal_moves():
            counts[str(move.card)] = counts.get(str(move.card), 0) + 1
        several = [card for card, n in counts.items() if n > 1]
        single = [card for card, n in counts.items() if n == 1]
        if several and single:
            return seed, several[0], single[0]
    raise AssertionError("no seed gives such a hand")


# ----------------------------------------------------------------------------- the page's state and screens
def game_of(match: Match | None) -> Game:
    """The game a match holds (a host's or a local game's: a friend's page holds none)."""
    if match is None or match.game is None:
        raise AssertionError("no game held on the page")
    return match.game


def match_of(state: State) -> Match:
    """The match on the page, which the test expects there."""
    if state.match is None:
        raise AssertionError("no match on the page")
    return state.match


def play_until(match: Match, done: Callable[[Match], bool]) -> Match:
    """``match`` played on, first legal moves (the next deal dealt, a hand-off revealed), until ``done``."""
    while not done(match):
        if match.phase == Phase.DEAL_END:
            match = match.next_deal()
        elif match.handoff is not None:
            match = match.reveal()
        else:
            match = match.play(game_of(match).legal_moves()[0])
    return match


def online_of(state: State) -> Online:
    """The table between friends the page is at, which the test expects."""
    if state.online is None:
        raise AssertionError("the page is at no table between friends")
    return state.online


def review_of(state: State) -> Review:
    """The review open on the page, which the test expects."""
    if state.review is None:
        raise AssertionError("no review is open")
    return state.review


def found(node: Node | None) -> Node:
    """What a finder (``find``) found, which the test expects to be there."""
    if node is None:
        raise AssertionError("no such element")
    return node


def elements(children: Sequence[Node | str]) -> list[Node]:
    """Children that the test expects to be elements, none a text."""
    texts = [child for child in children if isinstance(child, str)]
    if texts:
        raise AssertionError(f"texts among the elements: {texts!r}")
    return [child for child in children if not isinstance(child, str)]
