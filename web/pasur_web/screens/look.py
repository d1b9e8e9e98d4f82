"""A card looked at before it is played: the cards a card of the hand would take, what a move is
worth at once, the card tapped once with its Play button, and the capture choice."""

from __future__ import annotations

from pasur import Card, IllegalMoveError, Move
from pasur.cards import CLUBS
from pasur.moves import is_sur

from ..i18n import Catalog
from ..model.match import Match
from ..model.online_state import Visiting
from ..model.state import State
from .cards import card_node
from .html import Node, h
from .memo import remembered

__all__ = ["choice", "looked_at", "playable", "selection", "takes", "worth", "worth_nodes"]


def playable(state: State) -> bool:
    match = state.match
    waiting = isinstance(state.online, Visiting) and state.online.waiting
    return (match is not None and match.is_viewer_turn() and state.table.preview is None and not state.table.behind
            and not waiting)


def looked_at(state: State) -> Move | None:
    """The move of the card the player tapped once, not played yet."""
    match, card = state.match, state.table.selected
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


def choice(state: State) -> list[Node] | None:
    """The capture choice: each option's cards and what it is worth, most valuable first."""
    match, cat, choosing = state.match, state.cat, state.table.choosing
    if match is None or choosing is None or not match.is_viewer_turn():
        return None
    moves = match.ordered_options(choosing)
    if len(moves) < 2:
        return None
    tip = state.table.tip
    suggested = {state.table.hint, str(tip[1]) if tip is not None else None}  # the hint's or the guide's
    buttons = []
    for move in moves:
        cards = move.sorted_captured()
        # Each option is named by its content: each card's name (role="img"), then what it is worth.
        buttons.append(h("button", "option", type="button", data_action="pick-capture",
                         data_capture=",".join(map(str, cards)), data_hint=str(move) in suggested, children=[
            h("span", "mini-cards", children=[card_node(card, cat) for card in cards]),
            h("span", "worth", children=worth_nodes(match, move, cat))]))
    return [h("h3", text=cat.t("choose_capture", card=cat.card_symbol(Card.parse(choosing)))),
            h("div", "options", children=buttons),
            h("button", "secondary", text=cat.t("cancel"), id="capture-cancel", type="button")]
