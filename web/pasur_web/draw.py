"""The game screen drawn from a :class:`~pasur_web.screen.Screen`: DOM only, it never reads the game.

Browser only. Cards are drawn by :func:`card_node` (also used by the rules panel and the demos).
"""

from __future__ import annotations

from typing import Any

from pyscript import document  # type: ignore[import-not-found]

from pasur import Card, Move
from pasur.cards import ACE, RANKS, SUITS, TEN

from .card_view import back_nodes, face_nodes
from .dom import byid, clear, el
from .i18n import Catalog
from .screen import Screen, SeatView, SheetTable

__all__ = ["Drawer", "back_node", "capture_picture", "card_node", "set_phase"]


def card_node(card: Card, cat: Catalog, button: bool = False, **attrs: object) -> Any:
    """A card's face (``card_view.py``), named for screen readers; a button in the hand."""
    suit = SUITS[card.suit]
    children = face_nodes(card)
    look = "number" if TEN >= card.rank > ACE else "ace" if card.rank == ACE else "court"
    name = cat.card_name(card)
    if not card.is_number or card.rank == ACE:
        name = f"{RANKS[card.rank - 1]}, {name}"  # the letter on the card is part of its name
    kind: dict[str, Any] = {"type": "button"} if button else {"role": "img"}
    return el("button" if button else "div", f"card suit-{suit} {look}", children=children,
              **{**kind, "data_card": str(card), "aria_label": name, **attrs})


def back_node() -> Any:
    return el("div", "card back", aria_hidden="true", children=back_nodes())


def capture_picture(move: Move, table: list[Card], cat: Catalog) -> tuple[Any, list[Any]]:
    """The played card, and the table with the cards it takes raised (the demos, the rules)."""
    taken = set(move.captured)
    nodes = []
    for card in sorted(table):
        node = card_node(card, cat, data_taken="1" if card in taken else None)
        if card in taken:
            node.classList.add("taking")
        nodes.append(node)
    played = card_node(move.card, cat, data_played="1")
    played.classList.add("played")
    return played, nodes


def set_phase(phase: str, turn: int | None = None) -> None:
    root = document.documentElement
    root.setAttribute("data-phase", phase)
    if turn is None:
        root.removeAttribute("data-turn")
    else:
        root.setAttribute("data-turn", str(turn))


def _show(ident: str, *children: Any) -> None:
    """An overlay or panel with ``children``, or hidden and emptied when there are none."""
    box = byid(ident)
    clear(box, *children)
    box.hidden = not children


def _sheet_table(table: SheetTable, cat: Catalog, classes: str, keys: bool) -> Any:
    head = el("tr", children=[el("td")] + [el("th", text=name, scope="col") for name in table.head])
    rows = [el("tr", cls or None, children=[el("th", text=name, scope="row")] + [
        el("td", text=cell, data_key=key if keys else None, data_side=side if keys and key else None)
        for side, cell in enumerate(cells)]) for cls, name, cells, key in table.rows]
    return el("table", classes, children=[el("thead", children=[head]), el("tbody", children=rows)])


class Drawer:
    """Draws one screen after another (``web/motion.js`` animates the change)."""

    def draw(self, shown: Screen, cat: Catalog, demo: bool = False) -> None:
        set_phase(shown.phase, shown.turn)
        document.documentElement.toggleAttribute("data-behind", shown.behind)
        byid("back-to-game").hidden = True
        self._scores(shown)
        self._seats(shown, cat)
        self._table(shown, cat)
        self._hand(shown, cat)
        self._choice(shown, cat)
        self._status(shown)
        guide = byid("guide")
        guide.hidden = shown.guide is None
        byid("guide-text").textContent = shown.guide or ""
        self._log(shown)
        self._handoff(shown)
        self._sheet(shown, cat, demo)
        if shown.announcement[1]:
            byid("announce").textContent = shown.announcement[1]

    def _scores(self, shown: Screen) -> None:
        teams = shown.me.team is not None  # the teams' colours, as on their seats
        items = [el("span", "side-score", data_team=side if teams else None,
                    children=[el("span", "side-name", text=name), el("strong", text=score, data_side_score=side)])
                 for side, (name, score) in enumerate(shown.scores)]
        # A save changed outside the game is marked, and the match is not counted in the statistics.
        mark = [el("span", "edited-mark", id="edited-mark", text=shown.edited)] if shown.edited else []
        clear(byid("scoreboard"), *items, el("span", "goal", text=shown.goal), *mark)

    @staticmethod
    def _badges(seat: SeatView, cat: Catalog) -> list[Any]:
        badges = [el("span", "badge", text=cat.t("dealer"))] if seat.dealer else []
        return badges + ([el("span", "badge partner", text=cat.t("partner"))] if seat.partner else [])

    @staticmethod
    def _counts(seat: SeatView, tag: str, cat: Catalog) -> Any:
        """The side's running counts: cards taken, clubs (the race to 7), surs; in a team game they
        are the team's, and say so."""
        team = [el("span", "team-label", text=cat.t("team_counts"))] if seat.team is not None else []
        return el(tag, "pile", data_counts=seat.seat, children=[
            *team,
            el("span", text=seat.pile),
            el("span", "clubs" + (" won" if seat.clubs_won else ""), text=seat.clubs, data_count="clubs"),
            el("span", text=seat.surs, data_count="surs")])

    def _seats(self, shown: Screen, cat: Catalog) -> None:
        boxes = [el("div", "opponent" + (" turn" if seat.turn else ""), data_seat=seat.seat,
                    data_team=seat.team, data_place=seat.place, children=[
            el("div", "who", children=[el("span", "name", text=seat.name), *self._badges(seat, cat)]),
            el("div", "backs", role="img", aria_label=cat.t("cards_n", n=seat.cards),
               children=[self._back(seat.seat, index) for index in range(seat.cards)]),
            self._counts(seat, "div", cat),
        ]) for seat in shown.opponents]
        opponents = byid("opponents")
        clear(opponents, *boxes)
        # Four players sit around the table (style.css): the one across at the top, one on each side.
        byid("play-area").classList.toggle("around", any(seat.place for seat in shown.opponents))
        me = shown.me
        clear(byid("me-info"), el("span", "name", text=me.name), *self._badges(me, cat), self._counts(me, "span", cat))
        byid("me").classList.toggle("turn", me.turn)
        if me.team is None:
            byid("me").removeAttribute("data-team")
        else:
            byid("me").setAttribute("data-team", str(me.team))

    @staticmethod
    def _back(seat: int, index: int) -> Any:
        node = back_node()
        node.setAttribute("data-back", f"{seat}:{index}")  # found again by the motion
        return node

    def _table(self, shown: Screen, cat: Catalog) -> None:
        nodes = []
        laid = shown.last_move.laid if shown.last_move else None
        for card in shown.table:
            node = card_node(card, cat)
            if card in shown.taking:
                node.classList.add("taking")
            if card == laid:
                node.classList.add("last-laid")
            nodes.append(node)
        if shown.incoming is not None:
            incoming = card_node(shown.incoming, cat, data_incoming="1")
            incoming.classList.add("incoming")
            nodes.append(incoming)
        if not nodes:
            nodes.append(el("p", "empty", text=cat.t("table_empty")))
        clear(byid("table"), *nodes)
        byid("table").setAttribute("aria-label", cat.t("table"))
        note = [el("span", "rules-note", id="rules-note", text=shown.rules)] if shown.rules else []
        clear(byid("table-info"), el("span", text=shown.stock), el("span", text=shown.round), *note)

    def _hand(self, shown: Screen, cat: Catalog) -> None:
        box = byid("hand")
        box.setAttribute("aria-label", cat.t("your_hand"))
        if shown.hand_hidden:
            clear(box, *[back_node() for _ in shown.hand])
        else:
            nodes = []
            for card in shown.hand:
                node = card_node(card, cat, button=True, disabled=not shown.playable,
                                 data_hint="1" if shown.hinted == str(card) else None)
                if shown.chosen == str(card):
                    node.classList.add("chosen")
                nodes.append(node)
            clear(box, *nodes)
        button = byid("hint")
        button.hidden = not shown.show_hint
        button.disabled = shown.hint_busy
        button.textContent = cat.t("hint_thinking" if shown.hint_busy else "hint")
        undo = byid("undo")
        undo.hidden = not shown.undo
        undo.textContent = cat.t("undo")

    @staticmethod
    def _status(shown: Screen) -> None:
        """The last move in words until the next one (``#last-move[data-move]``), then whose turn."""
        last = byid("last-move")
        last.textContent = shown.last_move.text if shown.last_move else ""
        if shown.last_move:
            last.setAttribute("data-move", shown.last_move.move)
        else:
            last.removeAttribute("data-move")
        byid("turn-status").textContent = shown.status

    def _choice(self, shown: Screen, cat: Catalog) -> None:
        choice = shown.choice
        if choice is None:
            _show("capture-choice")
            return
        # Each option is named by its content: each card's name (role="img"), then what it is worth.
        buttons = [el("button", "option", type="button", data_capture=option.capture, children=[
            el("span", "mini-cards", children=[card_node(card, cat) for card in option.cards]),
            el("span", "worth", children=[
                el("span", "points", text=option.points), el("span", "clubs", text=option.clubs),
                *([el("span", "badge sur-badge", text=option.sur)] if option.sur else [])]),
        ]) for option in choice.options]
        _show("capture-choice", el("h3", text=choice.title), el("div", "options", children=buttons),
              el("button", "secondary", text=cat.t("cancel"), id="capture-cancel", type="button"))

    def _log(self, shown: Screen) -> None:
        items = []
        for line in shown.log:
            content: dict[str, Any] = {"text": line.text}
            if line.why:
                content = {"children": [el("span", text=line.text), el("span", "why", text=line.why)]}
            items.append(el("li", "sur" if line.sur else None, data_kind=line.kind, data_seat=line.seat,
                            data_move=line.move, data_sur="1" if line.sur else None, **content))
        log = byid("log")
        clear(log, *items)
        log.scrollTop = log.scrollHeight

    def _handoff(self, shown: Screen) -> None:
        handoff = shown.handoff
        if handoff is None:
            _show("handoff")
            return
        since = ([el("ul", "handoff-moves", children=[el("li", text=line) for line in handoff.since])]
                 if handoff.since else [])
        _show("handoff", el("div", "panel", children=[
            el("h2", text=handoff.title), el("p", "muted", text=handoff.since_label), *since,
            el("p", text=handoff.hint),
            el("button", "primary", text=handoff.ready, id="handoff-ready", type="button"),
        ]))
        byid("handoff-ready").focus()

    def _sheet(self, shown: Screen, cat: Catalog, demo: bool) -> None:
        sheet = shown.sheet
        if sheet is None:
            _show("sheet")
            return
        t = cat.t
        breakdown = _sheet_table(sheet.breakdown, cat, "score-sheet", keys=True)
        if sheet.kind == "deal-end":
            button = (el("button", "primary", text=t("demo_again"), id="demo-again", type="button",
                         data_action="demo-again") if demo
                      else el("button", "primary", text=t("next_deal"), id="next-deal", type="button"))
            _show("sheet", el("div", "panel", children=[el("h2", text=sheet.title), breakdown, button]))
            button.focus()
            return
        assert sheet.totals is not None
        _show("sheet", el("div", "panel", children=[
            el("h2", text=sheet.title),
            el("p", "winner", text=sheet.winner),
            breakdown,
            _sheet_table(sheet.totals, cat, "score-sheet totals", keys=False),
            el("div", "sheet-actions", children=[
                el("button", "primary", text=t("play_again"), id="play-again", type="button"),
                el("button", "secondary", text=t("stats"), id="show-stats", type="button"),
            ]),
        ]))
        byid("play-again").focus()
