"""A card looked at before it is played: the cards a card of the hand would take, what a move is
worth at once, the card tapped once with its Play button, and the capture choice."""

from __future__ import annotations

from itertools import combinations

from pasur import Card, IllegalMoveError, Move, Rules
from pasur.cards import CLUBS
from pasur.moves import is_sur

from ..i18n import Catalog
from ..model.match import Match
from ..model.online_state import Visiting
from ..model.state import State
from .cards import card_node
from .html import Node, h
from .memo import remembered

__all__ = ["choice", "groups", "looked_at", "playable", "selection", "takes", "worth", "worth_nodes"]

ELEVEN = 11  # a number card takes table cards that add up with it to 11 (docs/RULES.md §4.2)
THIN = "\u2009"  # a thin space: a sum as narrow as its card, "1 + 3 + 7 = 11"


def playable(state: State) -> bool:
    match = state.match
    waiting = isinstance(state.online, Visiting) and state.online.waiting
    return (match is not None and match.is_viewer_turn() and state.turn.preview is None and not state.turn.behind
            and not waiting)


def looked_at(state: State) -> Move | None:
    """The move of the card the player tapped once, not played yet."""
    match, card = state.match, state.turn.selected
    if match is None or card is None or not playable(state):
        return None
    try:
        options = match.ordered_options(card)
    except IllegalMoveError:
        return None
    return options[0] if len(options) == 1 else None


@remembered
def takes(match: Match, card: Card) -> str:
    """What a card of the hand could take, for the marks shown while it is pointed at: every card of
    any of its captures."""
    taken: set[Card] = set()
    for move in match.ordered_options(str(card)):
        taken.update(move.captured)
    return " ".join(str(taken_card) for taken_card in sorted(taken))


def worth(match: Match, move: Move) -> tuple[int, int, bool]:
    """What a move is worth at once: its points (a sur's included), its clubs (the played card
    included when it captures) and whether it is a sur."""
    game = match.board
    if not move.captured:
        return 0, 0, False
    clubs = sum(1 for card in (move.card, *move.captured) if card.suit == CLUBS)
    sur = is_sur(game.rules, move.card, len(move.captured) == len(game.table), game.last_round)
    return match.option_points(move), clubs, sur


def worth_nodes(match: Match, move: Move, cat: Catalog) -> list[Node | None]:
    points, clubs, sur = worth(match, move)
    return [h("span", "points", text=cat.t("points_n", n=points)), h("span", "clubs", text=cat.t("clubs_n", n=clubs)),
            h("span", "badge sur-badge", text=cat.t("log_sur")) if sur else None]


def selection(state: State) -> list[Node] | None:
    """The card tapped once: what it would take and what that is worth, with its Play button (a
    second tap on the card plays it too)."""
    move, match, cat = looked_at(state), state.match, state.cat
    if move is None or match is None:
        return None
    card = cat.card_symbol(move.card)
    what = (cat.t("look_takes", card=card, cards=cat.cards_text(move.captured)) if move.captured
            else cat.t("look_laid", card=card))
    # How to play it: a tap, a click or Enter, as the player plays (style.css shows the one that fits).
    again = [h("span", f"again again-{way}", text=cat.t(key)) for way, key in (
        ("tap", "look_again"), ("click", "look_again_click"), ("key", "look_again_key"))]
    worth_line = worth_nodes(match, move, cat) if move.captured else again
    return [h("span", "look", children=[h("span", "look-what", text=what), h("span", "worth", children=worth_line)]),
            h("button", "secondary", id="look-cancel", type="button", data_action="capture-cancel",
              aria_label=cat.t("cancel"), title=cat.t("cancel"),
              children=[h("span", "glyph", text="✕", aria_hidden="true"), h("span", "label", text=cat.t("cancel"))]),
            h("button", "primary", id="play-card", type="button", data_action="play-card", data_card=str(move.card),
              text=cat.t("play_card", card=card))]


def _split(cards: tuple[Card, ...], aim: int) -> list[tuple[Card, ...]] | None:
    """``cards`` in groups that each add up to ``aim``, the first card's group first (None: none do)."""
    if not cards:
        return []
    first, rest = cards[0], cards[1:]
    for size in range(len(rest) + 1):
        for others in combinations(rest, size):
            if first.rank + sum(card.rank for card in others) == aim:
                after = _split(tuple(card for card in rest if card not in others), aim)
                if after is not None:
                    return [(first, *others), *after]
    return None


def groups(move: Move, rules: Rules) -> list[tuple[Card, ...]]:
    """The combinations a number card takes, each adding up to 11 with it (docs/RULES.md §4.2): A♠
    taking 3♦ 5♥ 5♠ 7♥ takes 3♦ 7♥ and 5♥ 5♠. A Jack, King or Queen (or any card under ``kids``)
    takes its cards as one group, and so does a capture that cannot be split (none in a real game)."""
    cards = tuple(move.sorted_captured())
    if rules.kids or not move.card.is_number or not cards:
        return [cards]
    return _split(cards, ELEVEN - move.card.rank) or [cards]


def _option_cards(move: Move, combinations: list[tuple[Card, ...]], cat: Catalog) -> list[Node]:
    """An option's cards; those of several combinations apart, each with its sum ("1 + 3 + 7 = 11")."""
    if len(combinations) < 2:
        return [card_node(card, cat) for card in move.sorted_captured()]
    return [h("span", "group", children=[
        h("span", "group-cards", children=[card_node(card, cat) for card in group]),
        h("span", "sum", dir="ltr", text=cat.t("group_sum", terms=THIN.join(("", "+", "")).join(
            cat.num(card.rank) for card in (move.card, *group)), total=cat.num(ELEVEN))),
    ]) for group in combinations]


def choice(state: State) -> list[Node] | None:
    """The capture choice: each option's cards and what it is worth, most valuable first."""
    match, cat, choosing = state.match, state.cat, state.turn.choosing
    if match is None or choosing is None or not match.is_viewer_turn():
        return None
    moves = match.ordered_options(choosing)
    if len(moves) < 2:
        return None
    tip = state.turn.tip
    suggested = {state.turn.hint, str(tip[1]) if tip is not None else None}  # the hint's or the guide's
    buttons = []
    rules = match.board.rules
    for move in moves:
        cards = move.sorted_captured()
        combinations = groups(move, rules)
        # Each option is named by its content: each card's name (role="img"), with each combination's
        # sum when there are several, then what it is worth.
        buttons.append(h("button", "option several" if len(combinations) > 1 else "option", type="button",
                         data_action="pick-capture", data_capture=",".join(map(str, cards)),
                         data_hint=str(move) in suggested, children=[
            h("span", "mini-cards", children=_option_cards(move, combinations, cat)),
            h("span", "worth", children=worth_nodes(match, move, cat))]))
    return [h("h3", text=cat.t("choose_capture", card=cat.card_symbol(Card.parse(choosing)))),
            h("div", "options", children=buttons),
            h("button", "secondary", text=cat.t("cancel"), id="capture-cancel", type="button")]
