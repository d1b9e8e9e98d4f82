"""What a game screen shows, as plain data: ``screen(match, ui, catalog)``.

Pure Python (no browser import), so every text, every enabled card and every score-sheet row
can be tested in CPython; ``draw.py`` turns a :class:`Screen` into DOM and never reads the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pasur import Card, Move, Rules
from pasur.ai import MediumPlayer
from pasur.cards import CLUBS
from pasur.moves import is_sur
from pasur.rules import OPTION_NAMES, PRESETS
from pasur.scoring import BREAKDOWN_KEYS, CLUBS_MAJORITY

from .explain import Reason, explain_move
from .i18n import LANGUAGES, Catalog, load_catalog
from .session import Match
from .ui import UiState

__all__ = ["YOU_WORDS", "ChoiceView", "HandoffView", "LastMove", "LogLine", "OptionView", "Screen", "SeatView",
           "SheetTable", "SheetView", "cards_list", "last_move", "log_text", "name_of", "option_changes",
           "rules_note", "screen", "side_label"]

YOU_WORDS = frozenset(load_catalog(lang).t("you") for lang in LANGUAGES)  # the human seat's default name
LOG_LINES = 60  # the move log shows the latest lines only


@dataclass(frozen=True)
class SeatView:
    """A player at the table: the opponents across the top, and the player whose hand is shown."""

    seat: int
    name: str
    dealer: bool
    turn: bool
    cards: int
    pile: str  # the cards the seat's side has taken this deal
    surs: str
    clubs: str  # the clubs among them: the race to 7
    clubs_won: bool  # 7 or more: the clubs' points are the side's
    team: int | None = None  # the side, in a game of two teams
    partner: bool = False  # the viewer's partner
    place: str | None = None  # around a table of four: "left", "top" or "right" (mirrored right to left)


@dataclass(frozen=True)
class OptionView:
    capture: str  # the cards taken, in move notation ("4C,4D")
    cards: tuple[Card, ...]
    points: str  # what the capture scores now, a sur included
    clubs: str  # the clubs it takes, the played card included
    sur: str | None  # the "Sur" badge, when it clears the table for a sur


@dataclass(frozen=True)
class ChoiceView:
    title: str
    options: tuple[OptionView, ...]


@dataclass(frozen=True)
class LogLine:
    kind: str  # "deal", "move" or "leftover"
    text: str
    why: str = ""
    seat: int | None = None
    move: str | None = None
    sur: bool = False


@dataclass(frozen=True)
class LastMove:
    """The move just made, shown until the next one: in words, in move notation, and the card it
    laid on the table (None for a capture, or once that card has been taken)."""

    text: str
    move: str  # "7D:4C,3S", "9H"
    laid: Card | None


@dataclass(frozen=True)
class HandoffView:
    title: str
    since_label: str
    since: tuple[str, ...]  # what was played since that player's last turn
    hint: str
    ready: str


@dataclass(frozen=True)
class SheetTable:
    head: tuple[str, ...]  # the sides' names (the first column holds the row names)
    rows: tuple[tuple[str, str, tuple[str, ...], str | None], ...]  # (class, name, cells, key)


@dataclass(frozen=True)
class SheetView:
    kind: str  # "deal-end" or "match-end"
    title: str
    winner: str
    breakdown: SheetTable
    totals: SheetTable | None


@dataclass(frozen=True)
class Screen:
    phase: str
    turn: int | None
    behind: bool  # another tab played on: this one shows the game but plays nothing
    scores: tuple[tuple[str, str], ...]  # (side's name, score) per side
    goal: str
    edited: str | None  # the mark of a match whose save was changed outside the game
    opponents: tuple[SeatView, ...]
    me: SeatView
    table: tuple[Card, ...]
    taking: frozenset[Card]  # table cards the previewed computer move takes
    incoming: Card | None  # the card the previewed computer move plays
    stock: str
    round: str
    rules: str | None  # the rules and the goal, when they are not the standard ones
    hand: tuple[Card, ...]
    hand_hidden: bool  # face down: the device is being passed
    playable: bool
    hinted: str | None  # the card the hint or the guide suggests
    chosen: str | None
    show_hint: bool
    hint_busy: bool
    undo: bool  # "Undo my move" is offered
    choice: ChoiceView | None
    status: str
    last_move: LastMove | None
    guide: str | None
    log: tuple[LogLine, ...]
    handoff: HandoffView | None
    sheet: SheetView | None
    announcement: tuple[tuple[str, int, str, int | None], str]  # (state it speaks of, text)


# ---------------------------------------------------------------------- names
def is_you(match: Match, seat: int) -> bool:
    """Whether ``seat`` is the one human at the table under the default name ("You"), whom the
    page addresses as "you" in every language (in pass-and-play every player has a name)."""
    return match.human_seats() == [seat] and match.seats[seat].name in YOU_WORDS


def name_of(match: Match, seat: int, cat: Catalog) -> str:
    return cat.t("you") if is_you(match, seat) else match.seats[seat].name


def side_label(match: Match, side: int, cat: Catalog) -> str:
    names = [name_of(match, seat, cat) for seat in match.side_seats(side)]
    return cat.t("team_of", a=names[0], b=names[1]) if len(names) == 2 else names[0]


def log_text(match: Match, entry: dict[str, Any], cat: Catalog, with_sur: bool = True) -> str:
    """One line of the move log in words."""
    t = cat.t
    kind = entry["kind"]
    if kind == "move":
        name = name_of(match, entry["seat"], cat)
        you = "_you" if is_you(match, entry["seat"]) else ""
        card = cat.card_symbol(Card.parse(entry["card"]))
        if entry["captured"]:
            cards = cat.cards_text(Card.parse(c) for c in entry["captured"])
            text = t("log_took" + you, name=name, cards=cards, card=card)
            return text + (" " + t("log_sur") if entry["sur"] and with_sur else "")
        return t("log_laid" + you, name=name, card=card)
    if kind == "leftover":
        cards = cat.cards_text(Card.parse(c) for c in entry["cards"])
        if entry["side"] is None:
            return t("log_leftover_none", cards=cards)
        return t("log_leftover", name=side_label(match, entry["side"], cat), cards=cards)
    return t("log_deal", n=entry["deal"] + 1, name=name_of(match, entry["dealer"], cat))


def cards_list(cards: list[Card], cat: Catalog) -> str:
    """Cards in words: "4♣", "4♣ and 3♠", "2♠, 4♣ and 3♠"."""
    symbols = [cat.card_symbol(card) for card in cards]
    if len(symbols) < 2:
        return "".join(symbols)
    return cat.t("list_and", first=cat.t("list_sep").join(symbols[:-1]), last=symbols[-1])


def last_move(match: Match, cat: Catalog) -> LastMove | None:
    """The last move of the deal on screen (none yet once the next deal is being played)."""
    game = match.game
    if not game.history:
        return None
    record = game.history[-1]
    if match.phase == "play" and record.deal != game.deal_number:
        return None
    t = cat.t
    you = "_you" if is_you(match, record.seat) else ""
    name, card = name_of(match, record.seat, cat), cat.card_symbol(record.card)
    if not record.captured:
        laid = record.card if record.card in game.table else None
        return LastMove(t("last_laid" + you, name=name, card=card), str(record.move), laid)
    text = t("last_took" + you, name=name, card=card, cards=cards_list(record.captured, cat))
    return LastMove(text + (". " + t("log_sur") if record.sur else ""), str(record.move), None)


# ---------------------------------------------------------------------- parts of the screen
def seat_positions(match: Match) -> list[int]:
    """Opponent seats in screen order (left to right across the top)."""
    game = match.game
    after = [(match.viewer + k) % game.players for k in range(1, game.players)]
    # Counter-clockwise play: the next player sits on the right, so the row reads backwards.
    return after if game.rules.clockwise else list(reversed(after))


def _seat(match: Match, seat: int, cat: Catalog, place: str | None = None, previewed: bool = False) -> SeatView:
    game = match.game
    side = game.side_of(seat)
    clubs = sum(1 for card in game.piles[side] if card.suit == CLUBS)
    teams = game.sides == 2 and game.players == 4
    return SeatView(seat=seat, name=name_of(match, seat, cat), dealer=seat == game.dealer,
                    turn=game.turn == seat and match.phase == "play",
                    cards=len(game.hands[seat]) - (1 if previewed else 0),  # the previewed card is on the table
                    pile=cat.t("pile", n=len(game.piles[side])), surs=cat.t("surs_n", n=game.surs[side]),
                    clubs=cat.t("clubs_taken", n=clubs), clubs_won=clubs >= CLUBS_MAJORITY,
                    team=side if teams else None,
                    partner=teams and seat != match.viewer and side == game.side_of(match.viewer), place=place)


def _opponents(match: Match, cat: Catalog, previewing: int | None = None) -> tuple[SeatView, ...]:
    """The other seats, left to right; around a table of four, the one across is at the top.
    ``previewing``: the seat whose move is previewed (its card is shown on the table)."""
    seats = seat_positions(match)
    places: tuple[str | None, ...] = ("left", "top", "right") if len(seats) == 3 else (None,) * len(seats)
    return tuple(_seat(match, seat, cat, place, seat == previewing) for seat, place in zip(seats, places, strict=True))


def option_changes(rules: Rules, base: Rules) -> list[str]:
    """The options of ``rules`` that differ from ``base``, as message keys (``opt_…`` when on,
    ``opt_off_…`` when off; only options on by default can be turned off)."""
    return [f"opt_{name}" if getattr(rules, name) else f"opt_off_{name}"
            for name in OPTION_NAMES if getattr(rules, name) != getattr(base, name)]


def rules_note(rules: Rules, goal: str, cat: Catalog) -> str | None:
    """The rules in a few words when they are not the standard ones: the nearest preset, the
    options changed from it, and the goal ("Rules: Classic Persian · to 62")."""
    default = Rules()
    # A preset is a base when every option it turns on is on here too, or can be said to be off.
    bases = [(name, base) for name, base in PRESETS.items() if all(
        getattr(rules, option) or not getattr(base, option) or getattr(default, option) for option in OPTION_NAMES)]
    name, base = min(bases, key=lambda item: len(option_changes(rules, item[1])))
    changes = option_changes(rules, base)
    if name == "seeds" and not changes:
        return None
    text = " + ".join([cat.t(f"preset_{name}"), *(cat.t(key) for key in changes)])
    return cat.t("rules_note", rules=text, goal=goal)


def last_move_reasons(match: Match, ui: UiState, cat: Catalog) -> tuple[str, str] | None:
    """The last move in words and why it did what it did, when its reasons were kept."""
    if not match.game.history:
        return None
    reasons = ui.reasons.get(len(match.game.history) - 1)
    entry = next((e for e in reversed(match.log) if e["kind"] == "move"), None)
    if not reasons or entry is None:
        return None
    return log_text(match, entry, cat, with_sur=False), cat.reasons(reasons)


def guide_tip(match: Match) -> tuple[Move, list[Reason]]:
    """The move the guide suggests, and why (the medium player's choice, from the player's view)."""
    view = match.game.view(match.viewer)
    tip = MediumPlayer().choose(view)
    return tip, explain_move(tip, view.table, view.rules, view.last_round)


def _guide(match: Match, ui: UiState, cat: Catalog) -> tuple[str | None, str | None]:
    """The guide's text and the card it suggests."""
    if not ui.guide:
        return None, None
    t = cat.t
    parts = []
    last = last_move_reasons(match, ui, cat)
    if last is not None:
        parts.append(t("guide_last", what=last[0], why=last[1]))
    hinted = None
    if match.phase != "play":
        parts.append(t("guide_done"))
    elif match.is_viewer_turn() and ui.preview is None:
        tip, why = guide_tip(match)
        hinted = str(tip.card)
        parts.append(t("guide_try", card=cat.card_symbol(tip.card), why=cat.reasons(why)))
    return " ".join(parts), hinted


def _choice(match: Match, ui: UiState, cat: Catalog) -> ChoiceView | None:
    if ui.choosing is None or not match.is_viewer_turn():
        return None
    moves = match.ordered_options(ui.choosing)
    if len(moves) < 2:
        return None
    game = match.game
    options = tuple(OptionView(
        capture=",".join(str(c) for c in move.sorted_captured()), cards=tuple(move.sorted_captured()),
        points=cat.t("points_n", n=match.option_points(move)),
        clubs=cat.t("clubs_n", n=sum(1 for card in (move.card, *move.captured) if card.suit == CLUBS)),
        sur=cat.t("log_sur") if is_sur(game.rules, move.card, len(move.captured) == len(game.table),
                                       game.last_round) else None,
    ) for move in moves)
    return ChoiceView(cat.t("choose_capture", card=cat.card_symbol(Card.parse(ui.choosing))), options)


def _status(match: Match, ui: UiState, cat: Catalog, demo: bool) -> str:
    last = last_move_reasons(match, ui, cat) if demo else None
    if last is not None:
        return last[1]  # a deal demo says why the last move (#last-move) did what it did
    if ui.behind:
        return cat.t("status_behind")
    turn = match.game.turn
    if match.phase != "play" or turn is None:
        return ""
    if match.is_viewer_turn():
        return cat.t("your_turn")
    name = name_of(match, turn, cat)
    return cat.t("thinking", name=name) if ui.thinking else cat.t("turn_of", name=name)


def _log(match: Match, ui: UiState, cat: Catalog) -> tuple[LogLine, ...]:
    shown = match.log[-LOG_LINES:]
    number = len(match.game.history) - sum(1 for entry in shown if entry["kind"] == "move")
    lines = []
    for entry in shown:
        text = log_text(match, entry, cat)
        if entry["kind"] != "move":
            lines.append(LogLine(entry["kind"], text))
            continue
        reasons = ui.reasons.get(number)
        number += 1
        lines.append(LogLine("move", text, cat.reasons(reasons) if reasons else "", entry["seat"], entry["move"],
                             bool(entry["sur"])))
    return tuple(lines)


def moves_since_turn(match: Match, seat: int, cat: Catalog) -> tuple[str, ...]:
    """What was played since ``seat`` last played, newest last (at most 8 lines)."""
    since: list[dict[str, Any]] = []
    for entry in reversed(match.log):
        if entry["kind"] == "move" and entry["seat"] == seat:
            break
        since.append(entry)
    return tuple(log_text(match, entry, cat) for entry in reversed(since[:8]))


def _handoff(match: Match, cat: Catalog) -> HandoffView | None:
    if match.handoff is None or match.phase != "play":
        return None
    name = match.seats[match.handoff].name
    since = moves_since_turn(match, match.handoff, cat)
    return HandoffView(cat.t("handoff", name=name), cat.t("handoff_last" if since else "handoff_none"), since,
                       cat.t("handoff_hint"), cat.t("handoff_ready", name=name))


def breakdown_table(match: Match, number: int, cat: Catalog) -> SheetTable:
    """Deal ``number``'s score sheet: one row per kind of point, then the deal's and the match's totals."""
    game = match.game
    t = cat.t
    results = game.deal_results[number]
    sides = range(game.sides)
    totals = [sum(deal[side]["total"] for deal in game.deal_results[: number + 1]) for side in sides]
    rows: list[tuple[str, str, tuple[str, ...], str | None]] = []
    for key in BREAKDOWN_KEYS:
        if key == "seven_diamonds" and not game.rules.seven_diamonds_bonus:
            continue
        rows.append(("total" if key == "total" else "", t(f"score_{key}"),
                     tuple(cat.num(results[side][key]) for side in sides), key))
    rows.append(("match", t("score_match"), tuple(cat.num(total) for total in totals), None))
    return SheetTable(tuple(side_label(match, side, cat) for side in sides), tuple(rows))


def totals_table(match: Match, cat: Catalog) -> SheetTable:
    game = match.game
    sides = range(game.sides)
    rows = [("", cat.t("deal_n", n=number + 1), tuple(cat.num(deal[side]["total"]) for side in sides), None)
            for number, deal in enumerate(game.deal_results)]
    rows.append(("total", cat.t("totals"), tuple(cat.num(score) for score in game.scores), None))
    return SheetTable(tuple(side_label(match, side, cat) for side in sides), tuple(rows))


def _sheet(match: Match, cat: Catalog) -> SheetView | None:
    game = match.game
    if match.phase == "deal-end" and match.pending_sheet is not None:
        number = match.pending_sheet
        return SheetView("deal-end", cat.t("deal_over", n=number + 1), "", breakdown_table(match, number, cat), None)
    if match.phase == "match-end":
        winner = cat.t("draw") if game.winner is None else cat.t("winner", name=side_label(match, game.winner, cat))
        return SheetView("match-end", cat.t("match_over"), winner,
                         breakdown_table(match, len(game.deal_results) - 1, cat), totals_table(match, cat))
    return None


def announcement(match: Match, previous: tuple[str, int, str, int | None],
                 cat: Catalog) -> tuple[tuple[str, int, str, int | None], str]:
    """One message per change for screen readers: the moves since ``previous``, then whose turn.
    Returns the state spoken of and the text ("" when nothing changed since ``previous``)."""
    t = cat.t
    moves = [entry for entry in match.log if entry["kind"] == "move"]
    count = len(moves)
    state = (match.id, count, match.phase, match.handoff)
    if state == previous:
        return state, ""
    same = previous[0] == match.id and previous[1] <= count
    new = moves[previous[1]:] if same else moves[-1:]
    parts = [log_text(match, entry, cat) + "." for entry in new[-4:]]
    if previous[0] == match.id and previous[1] > count:
        parts = [t("undone")]  # moves were taken back
    game = match.game
    if match.phase == "deal-end" and match.pending_sheet is not None:
        scores = ", ".join(f"{side_label(match, side, cat)} {cat.num(result['total'])}"
                           for side, result in enumerate(game.deal_results[match.pending_sheet]))
        parts.append(t("deal_over", n=match.pending_sheet + 1) + ": " + scores + ".")
    elif match.phase == "match-end":
        parts.append(t("draw") if game.winner is None else t("winner", name=side_label(match, game.winner, cat)))
    elif match.is_viewer_turn():
        parts.append(t("your_turn") + ".")
    return state, " ".join(parts)


# ---------------------------------------------------------------------- the whole screen
def screen(match: Match, ui: UiState, cat: Catalog, hints: bool = True, demo: bool = False,
           spoken: tuple[str, int, str, int | None] = ("", 0, "", None), undo: bool = False) -> Screen:
    """Everything the game screen shows for ``match`` in the state ``ui``.

    ``hints``: the hint button is offered; ``undo``: the setting that offers Undo is on (against
    computer players only, see ``Match.undo_point``); ``demo``: a deal demo (the status line explains);
    ``spoken``: the state the last announcement spoke of.
    """
    game = match.game
    t = cat.t
    rules = game.rules
    if match.daily:
        goal = t("daily_title", date=cat.isolate(match.daily))
    else:
        goal = t("deals_short", n=rules.fixed_deals) if rules.fixed_deals else t("target_short", n=rules.target)
    guide, tip = _guide(match, ui, cat)
    hinted = tip or (ui.hint.partition(":")[0] if ui.hint else None)
    preview = ui.preview
    return Screen(
        phase=match.phase,
        turn=game.turn if match.phase == "play" else None,
        behind=ui.behind,
        scores=tuple((side_label(match, side, cat), cat.num(score)) for side, score in enumerate(game.scores)),
        goal=goal,
        edited=t("edited_mark") if match.edited else None,
        opponents=_opponents(match, cat, game.turn if preview is not None else None),
        me=_seat(match, match.viewer, cat),
        table=tuple(game.table),
        taking=frozenset(preview.captured) if preview else frozenset(),
        incoming=preview.card if preview else None,
        stock=t("stock", n=game.stock_size),
        round=t("deal_round", deal=game.deal_number + 1, round=game.round_number, rounds=game.rounds_per_deal),
        rules=rules_note(rules, goal, cat),
        hand=tuple(sorted(game.hands[match.viewer])),
        hand_hidden=match.handoff is not None,
        playable=match.is_viewer_turn() and preview is None and not ui.behind,
        hinted=hinted,
        chosen=ui.choosing,
        show_hint=hints and match.is_viewer_turn(),
        hint_busy=ui.hinting,
        undo=undo and not ui.behind and match.undo_point() is not None,
        choice=_choice(match, ui, cat),
        status=_status(match, ui, cat, demo),
        last_move=last_move(match, cat),
        guide=guide,
        log=_log(match, ui, cat),
        handoff=_handoff(match, cat),
        sheet=_sheet(match, cat),
        announcement=announcement(match, spoken, cat),
    )
