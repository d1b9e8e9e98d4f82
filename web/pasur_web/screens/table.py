"""The middle of the game screen: the table, the hand, the capture choice, the status line, the guide,
the move log and the hand-off of pass-and-play."""

from __future__ import annotations

import functools

from pasur import Card
from pasur.events import Event, MoveRecord

from ..i18n import Catalog
from ..model.match import Match, Phase
from ..model.state import State
from .cards import back_node, card_node
from .html import Node, h
from .memo import remembered
from .online import presence
from .picking import looked_at, playable, takes
from .words import Names, last_move, log_events, log_text, move_words, name_of

__all__ = ["LOG_LINES", "guide_text", "hand", "handoff", "last_reasons", "log", "moves_since_turn", "since_your_turn",
           "status", "table", "table_info", "table_slots"]

LOG_LINES = 60  # the move log shows the latest lines only


def table(state: State) -> Node:
    """The cards on the table, each in its place (``table_slots``): the one just laid marked, those
    the previewed computer move takes raised, the card it plays coming in, and those the card the
    player looks at would take."""
    match, cat, preview = state.match, state.cat, state.turn.preview
    assert match is not None
    last = last_move(match, cat)
    laid = last.laid if last else None
    taking = frozenset(preview.captured) if preview else frozenset()
    looked = looked_at(state)
    would = frozenset(looked.captured) if looked else frozenset()
    nodes: list[Node] = []
    for card in table_slots(match):
        if card is None:
            nodes.append(h("span", "slot", aria_hidden="true"))
            continue
        marks = " ".join(mark for mark, on in (("taking", card in taking), ("would-take", card in would),
                                               ("last-laid", card == laid)) if on)
        nodes.append(card_node(card, cat, marks=marks))
    if preview is not None:  # in the first free place, where a card laid goes
        free = next((index for index, node in enumerate(nodes) if node[0] == "span"), len(nodes))
        nodes[free:free + 1] = [card_node(preview.card, cat, marks="incoming")]
    if not match.board.table and preview is None:
        nodes = [h("p", "empty", text=cat.t("table_empty"))]
    return h("div", "table-cards", id="table", role="group", aria_label=cat.t("table"), children=nodes)


@remembered
def table_slots(match: Match) -> tuple[Card | None, ...]:
    """The table's cards where they lie: the deal's first cards in order, then each card laid in the
    first free place, the cards taken leaving their places empty, so that no card moves when others
    are taken (empty places at the end are dropped). Worked out from the deal's moves, so that the
    screen is drawn from the state alone. (A tuple: the result is kept for the same match.)"""
    game = match.board
    on_table = set(game.table)
    moves = [record for record in game.history if record.deal == game.deal_number]
    taken = {card for record in moves for card in record.captured}
    slots: list[Card | None] = list(sorted((on_table | taken) - {record.card for record in moves}))
    for record in moves:
        if record.captured:
            slots = [None if card in record.captured else card for card in slots]
        else:
            free = slots.index(None) if None in slots else len(slots)
            slots[free:free + 1] = [record.card]
    slots = [card if card in on_table else None for card in slots]
    slots += sorted(on_table - set(slots))  # (none in a real deal)
    while slots and slots[-1] is None:
        slots.pop()
    return tuple(slots)


def table_info(state: State) -> Node:
    from .players import goal
    from .rules import rules_note

    match, cat = state.match, state.cat
    assert match is not None
    game = match.board
    note = rules_note(game.rules, goal(state), cat)
    return h("div", id="table-info", children=[
        h("span", text=cat.t("stock", n=game.stock_size)),
        h("span", text=cat.t("deal_round", deal=game.deal_number + 1, round=game.round_number,
                             rounds=game.rounds_per_deal)),
        h("span", "goal-info", text=goal(state)),  # shown here when the top bar has no room for it
        h("span", "rules-note", id="rules-note", text=note) if note else None])


def hinted(state: State) -> str | None:
    """The card the guide or the hint suggests."""
    tip, hint = state.turn.tip, state.turn.hint
    if tip is not None:
        return str(tip[1].card)
    return hint.partition(":")[0] if hint else None


def hand(state: State) -> Node:
    match, cat = state.match, state.cat
    assert match is not None
    cards = sorted(match.board.hand(match.viewer) or [])
    if match.handoff is not None:
        nodes = [back_node() for _ in cards]
    else:
        can, tip, turn = playable(state), hinted(state), state.turn
        # The card looked at (or whose captures are being chosen) is pressed, for screen readers too.
        marks = {turn.selected: "selected", turn.choosing: "chosen"}
        nodes = [card_node(card, cat, button=True, disabled=not can, data_hint="1" if tip == str(card) else None,
                           marks=marks.get(str(card), ""),
                           aria_pressed=("true" if str(card) in marks else "false") if can else None,
                           data_takes=(takes(match, card) or None) if can else None) for card in cards]
    return h("div", id="hand", role="group", tabindex="-1", aria_label=cat.t("your_hand"), children=nodes)


def last_reasons(state: State) -> tuple[str, str] | None:
    """The last move in words and why it did what it did, when its reasons were kept."""
    match = state.match
    if match is None or not match.board.history:
        return None
    reasons = state.turn.reasons.get(match.moves - 1)
    if not reasons:
        return None
    return (log_text(Names.of(match, state.cat), match.board.history[-1], state.cat, with_sur=False),
            state.cat.reasons(reasons))


def status(state: State) -> str:
    """Whose turn it is, or (a deal demo) why the last move did what it did."""
    match, cat, ui = state.match, state.cat, state.turn
    assert match is not None
    last = last_reasons(state) if state.demo is not None else None
    if last is not None:
        return last[1]
    if ui.behind:
        return cat.t("status_behind")
    turn = match.board.turn
    if match.phase == Phase.DEAL_END and match.pending_sheet is not None:
        return cat.t("deal_over", n=match.pending_sheet + 1)
    if match.phase != Phase.PLAY or turn is None:
        return ""
    if match.is_viewer_turn():
        return cat.t("your_turn")
    name = name_of(match, turn, cat)
    if presence(state, turn) in ("away", "reconnecting"):  # between friends: nobody plays that seat now
        return cat.t("turn_of_away", name=name)
    return cat.t("thinking", name=name) if ui.thinking else cat.t("turn_of", name=name)


def since_your_turn(state: State) -> str | None:
    """When it is the player's turn again at a table of three or four: every move since their last
    one, in order (the move log is out of sight on a phone)."""
    match, cat = state.match, state.cat
    if match is None or not match.is_viewer_turn() or match.board.players < 3 or state.demo is not None:
        return None
    since = moves_since_turn(match, match.viewer, cat)
    if len(since) < 2:
        return None
    return cat.t("recap", moves=cat.t("recap_sep").join(since))


def guide_text(state: State) -> list[Node] | None:
    """The guide's words: first what to do now (the card it suggests and why, or what the end of the
    deal means), in bold, then why the last move did what it did."""
    match, cat, ui = state.match, state.cat, state.turn
    if not ui.guide or match is None:
        return None
    parts = []
    if match.phase != Phase.PLAY:
        parts.append(h("strong", "guide-now", text=cat.t("guide_done")))
    elif ui.tip is not None:  # the move the review rates best, or a capture it grades good (said so)
        _, move, why, best = ui.tip
        words = cat.t("guide_try", card=cat.card_symbol(move.card), why=cat.reasons(why))
        if best is not None:
            words += " " + cat.t("guide_simpler", best=move_words(best, cat))
        parts.append(h("strong", "guide-now", data_tip=str(move), text=words))
    elif ui.tipping is not None:
        parts.append(h("strong", "guide-now", text=cat.t("guide_looking")))
    last = last_reasons(state)
    if last is not None:
        parts.append(h("span", "guide-last", text=cat.t("guide_last", why=last[1])))
    return parts


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
    match, cat, reasons = state.match, state.cat, state.turn.reasons
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
    """The moves played since ``seat`` last played in this deal, newest last (at most 8)."""
    since = []
    for event in reversed(log_events(match)):
        if not isinstance(event, MoveRecord) or event.seat == seat:
            break
        since.append(event)
    names = Names.of(match, cat)
    return tuple(log_text(names, event, cat) for event in reversed(since[:8]))


def handoff(state: State) -> list[Node] | None:
    match, cat = state.match, state.cat
    if match is None or match.handoff is None or match.phase != Phase.PLAY or not state.playing:
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
