"""The middle of the game screen: the table, the hand, the capture choice, the status line, the guide,
the move log and the hand-off of pass-and-play."""

from __future__ import annotations

import functools

from pasur import Card
from pasur.cards import CLUBS
from pasur.events import Event, MoveRecord
from pasur.moves import is_sur

from ..i18n import Catalog
from ..model.match import Match
from ..model.state import State
from .cards import back_node, card_node
from .html import Node, h
from .words import Names, last_move, log_events, log_text, name_of

__all__ = ["LOG_LINES", "choice", "guide_text", "hand", "handoff", "last_reasons", "log", "moves_since_turn",
           "status", "table", "table_info"]

LOG_LINES = 60  # the move log shows the latest lines only


def table(state: State) -> Node:
    """The cards on the table: the one just laid marked, those the previewed computer move takes
    raised, and the card it plays coming in."""
    match, cat, preview = state.match, state.cat, state.table.preview
    assert match is not None
    last = last_move(match, cat)
    laid = last.laid if last else None
    taking = frozenset(preview.captured) if preview else frozenset()
    nodes = [card_node(card, cat, marks=" ".join(mark for mark, on in (("taking", card in taking),
                                                                      ("last-laid", card == laid)) if on))
             for card in match.game.table]
    if preview is not None:
        nodes.append(card_node(preview.card, cat, marks="incoming"))
    if not nodes:
        nodes.append(h("p", "empty", text=cat.t("table_empty")))
    return h("div", "table-cards", id="table", role="group", aria_label=cat.t("table"), children=nodes)


def table_info(state: State) -> Node:
    from .players import goal
    from .rules import rules_note

    match, cat = state.match, state.cat
    assert match is not None
    game = match.game
    note = rules_note(game.rules, goal(state), cat)
    return h("div", id="table-info", children=[
        h("span", text=cat.t("stock", n=game.stock_size)),
        h("span", text=cat.t("deal_round", deal=game.deal_number + 1, round=game.round_number,
                             rounds=game.rounds_per_deal)),
        h("span", "rules-note", id="rules-note", text=note) if note else None])


def hinted(state: State) -> str | None:
    """The card the guide or the hint suggests."""
    tip, hint = state.table.tip, state.table.hint
    if tip is not None:
        return str(tip[1].card)
    return hint.partition(":")[0] if hint else None


def playable(state: State) -> bool:
    match = state.match
    waiting = state.online is not None and state.online.sent  # a friend's move is on its way to the host
    return (match is not None and match.is_viewer_turn() and state.table.preview is None and not state.table.behind
            and not waiting)


def hand(state: State) -> Node:
    match, cat = state.match, state.cat
    assert match is not None
    cards = sorted(match.game.hands[match.viewer])
    if match.handoff is not None:
        nodes = [back_node() for _ in cards]
    else:
        can, tip, chosen = playable(state), hinted(state), state.table.choosing
        nodes = [card_node(card, cat, button=True, marks="chosen" if chosen == str(card) else "", disabled=not can,
                           data_hint="1" if tip == str(card) else None) for card in cards]
    return h("div", id="hand", role="group", tabindex="-1", aria_label=cat.t("your_hand"), children=nodes)


def choice(state: State) -> list[Node] | None:
    """The capture choice: each option's cards and what it is worth, most valuable first."""
    match, cat, choosing = state.match, state.cat, state.table.choosing
    if match is None or choosing is None or not match.is_viewer_turn():
        return None
    moves = match.ordered_options(choosing)
    if len(moves) < 2:
        return None
    game = match.game
    buttons = []
    for move in moves:
        cards = move.sorted_captured()
        clubs = sum(1 for card in (move.card, *move.captured) if card.suit == CLUBS)
        sur = is_sur(game.rules, move.card, len(move.captured) == len(game.table), game.last_round)
        # Each option is named by its content: each card's name (role="img"), then what it is worth.
        buttons.append(h("button", "option", type="button", data_action="pick-capture",
                         data_capture=",".join(map(str, cards)), children=[
            h("span", "mini-cards", children=[card_node(card, cat) for card in cards]),
            h("span", "worth", children=[
                h("span", "points", text=cat.t("points_n", n=match.option_points(move))),
                h("span", "clubs", text=cat.t("clubs_n", n=clubs)),
                h("span", "badge sur-badge", text=cat.t("log_sur")) if sur else None])]))
    return [h("h3", text=cat.t("choose_capture", card=cat.card_symbol(Card.parse(choosing)))),
            h("div", "options", children=buttons),
            h("button", "secondary", text=cat.t("cancel"), id="capture-cancel", type="button")]


def last_reasons(state: State) -> tuple[str, str] | None:
    """The last move in words and why it did what it did, when its reasons were kept."""
    match = state.match
    if match is None or not match.game.history:
        return None
    reasons = state.table.reasons.get(match.moves - 1)
    if not reasons:
        return None
    return (log_text(Names.of(match, state.cat), match.game.history[-1], state.cat, with_sur=False),
            state.cat.reasons(reasons))


def status(state: State) -> str:
    """Whose turn it is, or (a deal demo) why the last move did what it did."""
    match, cat, ui = state.match, state.cat, state.table
    assert match is not None
    last = last_reasons(state) if state.demo is not None else None
    if last is not None:
        return last[1]
    if ui.behind:
        return cat.t("status_behind")
    turn = match.game.turn
    if match.phase != "play" or turn is None:
        return ""
    if match.is_viewer_turn():
        return cat.t("your_turn")
    name = name_of(match, turn, cat)
    return cat.t("thinking", name=name) if ui.thinking else cat.t("turn_of", name=name)


def guide_text(state: State) -> str | None:
    """The guide's words: why the last move did what it did, then the card it suggests and why."""
    match, cat, ui = state.match, state.cat, state.table
    if not ui.guide or match is None:
        return None
    parts = []
    last = last_reasons(state)
    if last is not None:
        parts.append(cat.t("guide_last", what=last[0], why=last[1]))
    if match.phase != "play":
        parts.append(cat.t("guide_done"))
    elif ui.tip is not None:
        parts.append(cat.t("guide_try", card=cat.card_symbol(ui.tip[1].card), why=cat.reasons(ui.tip[2])))
    return " ".join(parts)


@functools.lru_cache(maxsize=4096)
def _log_line(names: Names, line: int, event: Event, cat: Catalog, why: str) -> Node:
    """Line ``line`` of the move log, with why the move did what it did (kept: a line, once written, is
    the same in every later drawing)."""
    text = log_text(names, event, cat)
    if not isinstance(event, MoveRecord):
        return h("li", data_kind=event.kind, data_line=line, text=text)
    content: list[Node] = [h("span", text=text), h("span", "why", text=why)] if why else []
    return h("li", "sur" if event.sur else None, data_kind="move", data_line=line, data_seat=event.seat,
             data_move=str(event.move), data_sur="1" if event.sur else None, text=None if why else text,
             children=content)


def log(state: State) -> Node:
    match, cat, reasons = state.match, state.cat, state.table.reasons
    assert match is not None
    every = log_events(match)
    first = max(0, len(every) - LOG_LINES)
    events = every[first:]
    number = match.moves - sum(1 for event in events if isinstance(event, MoveRecord))
    names = Names.of(match, cat)
    items = []
    for line, event in enumerate(events, start=first):
        why = ""
        if isinstance(event, MoveRecord):
            kept = reasons.get(number)
            why = cat.reasons(kept) if kept else ""
            number += 1
        items.append(_log_line(names, line, event, cat, why))
    return h("ol", id="log", tabindex="0", aria_labelledby="log-title", children=items)


def moves_since_turn(match: Match, seat: int, cat: Catalog) -> tuple[str, ...]:
    """What was played since ``seat`` last played, newest last (at most 8 lines)."""
    since = []
    for event in reversed(log_events(match)):
        if isinstance(event, MoveRecord) and event.seat == seat:
            break
        since.append(event)
    names = Names.of(match, cat)
    return tuple(log_text(names, event, cat) for event in reversed(since[:8]))


def handoff(state: State) -> list[Node] | None:
    match, cat = state.match, state.cat
    if match is None or match.handoff is None or match.phase != "play" or not state.playing:
        return None
    name = match.seats[match.handoff].name
    since = moves_since_turn(match, match.handoff, cat)
    return [h("div", "panel", children=[
        h("h2", text=cat.t("handoff", name=name)),
        h("p", "muted", text=cat.t("handoff_last" if since else "handoff_none")),
        h("ul", "handoff-moves", children=[h("li", text=line) for line in since]) if since else None,
        h("p", text=cat.t("handoff_hint")),
        h("button", "primary", text=cat.t("handoff_ready", name=name), id="handoff-ready", type="button",
          data_autofocus=True)])]
