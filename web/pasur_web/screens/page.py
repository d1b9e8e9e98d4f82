"""The whole page drawn from the state: ``page(state)`` gives, for each element of ``index.html`` that
shows something, its attributes and children (a :data:`Part`). The browser draws only the parts that
changed since the last frame (``browser/draw.py``)."""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..model.match import Match, Phase
from ..model.state import NoticeKind, State, View
from .demo import demo, demo_bar
from .html import Node, attr_name
from .notices import notices
from .online import join_form, lobby, online_bar
from .picking import choice, selection
from .players import me_info, opponents, scoreboard
from .review import review
from .rules import rules_body
from .settings import settings_body
from .setup import leave, setup_panel
from .sheet import sheet, winner_words
from .table import guide_text, hand, handoff, log, since_your_turn, status, table, table_info
from .words import Names, last_move, log_text, sentence

__all__ = ["NOTHING_ANNOUNCED", "ROOT", "AnnouncedPosition", "Frame", "Part", "announcement", "page", "part"]

Part = tuple[tuple[tuple[str, str | None], ...], tuple[Node | str, ...] | None]
ROOT = "@root"  # the part of the <html> element


class AnnouncedPosition(NamedTuple):
    """Where the match was when the announcement for screen readers last spoke of it."""

    match: str  # its id
    moves: int
    phase: str
    handoff: int | None


NOTHING_ANNOUNCED = AnnouncedPosition("", 0, "", None)  # (before the page's first announcement)


@dataclass(frozen=True)
class Frame:
    """One drawing of the page: each element's part; what ``web/setup.js`` draws in ``#setup`` (None:
    the question a link asks, in ``parts``); the language of ``index.html``'s own texts; and what
    the announcement for screen readers now speaks of."""

    parts: dict[str, Part]
    setup: tuple[dict[str, str], dict[str, object]] | None
    lang: tuple[str, bool]
    spoken: AnnouncedPosition


def part(children: Iterable[Node | str | None] | None = None, **attrs: object) -> Part:
    """An element's attributes (None or False: removed; True: present, empty) and its children
    (None: left as they are)."""
    pairs = tuple((attr_name(key), None if value is None or value is False else "" if value is True else str(value))
                  for key, value in attrs.items())
    return pairs, None if children is None else tuple(child for child in children if child is not None)


def _panel(children: Sequence[Node | None] | None, **attrs: object) -> Part:
    """An overlay or panel: shown with ``children``, or hidden and emptied."""
    return part(children or [], hidden=children is None, **attrs)


def _resumed(state: State) -> bool:
    """A saved game just taken up: its score sheet, if up, shows at once (there is no last move to
    see first)."""
    return any(notice.kind == NoticeKind.RESUMED for notice in state.notices)


def _phase(state: State) -> str:
    if state.view == View.GAME and state.match is not None:
        return state.match.phase.value
    return state.view.value


def _root(state: State) -> Part:
    match, cat, params = state.match, state.cat, state.params
    playing = state.playing and match is not None
    classes = [name for name, on in (("embed", params.embed), ("demo", params.demo is not None or params.demo_error
                                                                 is not None),
                                     ("four-colour", bool(state.settings.get("four_colour")))) if on]
    turn = match.board.turn if playing and match is not None and match.phase == Phase.PLAY else None
    return part(None, lang=cat.lang, dir=cat.direction, data_lang=cat.lang, data_phase=_phase(state),
                data_speed=state.speed,
                data_turn=turn, data_behind=playing and state.turn.behind, class_=" ".join(classes) or None,
                data_daily=match.daily if playing and match is not None else None,
                data_ready=state.view != View.LOADING)


def announcement(match: Match | None, previous: AnnouncedPosition, state: State) -> tuple[AnnouncedPosition, str]:
    """One message per change for screen readers: the moves since ``previous``, then whose turn.
    Returns the state spoken of and the text ("" when nothing changed since ``previous``)."""
    if match is None or not state.playing:
        return previous, ""
    cat = state.cat
    t = cat.t
    moves = match.board.history
    spoken = AnnouncedPosition(match.id, len(moves), match.phase.value, match.handoff)
    if spoken == previous:
        return spoken, ""
    same = previous.match == match.id and previous.moves <= len(moves)
    new = moves[previous.moves:] if same else moves[-1:]
    names = Names.of(match, cat)
    parts = [sentence(log_text(names, record, cat)) for record in new[-4:]]
    if previous.match == match.id and previous.moves > len(moves):
        parts = [t("undone")]  # moves were taken back
    game = match.board
    if match.phase == Phase.DEAL_END and match.pending_sheet is not None:
        from .words import side_label

        scores = cat.listing(f"{side_label(match, side, cat)} {cat.num(result['total'])}"
                             for side, result in enumerate(game.deal_results[match.pending_sheet]))
        parts.append(t("deal_over", n=match.pending_sheet + 1) + ": " + scores + ".")
    elif match.phase == Phase.MATCH_END:
        parts.append(winner_words(match, cat))
    elif match.is_viewer_turn():
        parts.append(sentence(t("your_turn")))
    return spoken, " ".join(parts)


def _board(state: State) -> dict[str, Part]:
    """The game's own parts; they are drawn only while a match is on the board."""
    match, cat = state.match, state.cat
    assert match is not None
    last = last_move(match, cat)
    others, around = opponents(state)
    me, seat = me_info(state)
    t = cat.t
    shown = state.settings.get("hints", True) and match.is_viewer_turn() and not match.counted_daily
    undo = state.settings.get("undo", True) and not state.turn.behind and match.undo_point() is not None
    guide = guide_text(state)
    return {
        "opponents": part(others[2]), "play-area": part(None, class_="around" if around else None,
                                                    data_players=match.board.players),
        "table": part(table(state)[2], aria_label=cat.t("table")), "table-info": part(table_info(state)[2]),
        "last-move": part([since_your_turn(state) or last.text] if last else [], data_move=last.move if last else None),
        "turn-status": part([status(state)]), "demo-bar": _panel(demo_bar(state)),
        "selection": _panel(selection(state)),
        "guide": part(None, hidden=guide is None), "guide-text": part(guide or []),
        "capture-choice": _panel(choice(state)), "me-info": part(me[2]),
        "me": part(None, class_="turn" if seat.turn else None, data_team=seat.team),
        "hand": part(hand(state)[2], aria_label=cat.t("your_hand")),
        "hint": part([t("hint_thinking" if state.turn.hinting else "hint")], hidden=not shown,
                     disabled=state.turn.hinting),
        "undo": part([t("undo")], hidden=not undo), "log": part(log(state)[2]),
        "online": _panel(online_bar(state)),
    }


def page(state: State, today: datetime.date, spoken: AnnouncedPosition) -> Frame:
    """The page for ``state`` (``today``: the date, UTC; ``spoken``: what the last announcement
    spoke of)."""
    cat = state.cat
    parts: dict[str, Part] = {
        ROOT: _root(state),
        "loading": part(None, hidden=state.view != View.LOADING),
        "full-game": part(None, hidden=not state.params.embed, href="./" if state.params.embed else None),
        "back-to-game": part(None, hidden=not (state.view == View.SETUP and state.match is not None)),
        "scoreboard": part(scoreboard(state)[2]), "notices": part(notices(state)),
        "demo": part(demo(state)), "handoff": _panel(handoff(state)),
        "sheet": _panel(sheet(state), data_at_once=_resumed(state)),
        "lobby": part(join_form(state) if state.view == View.JOIN
                      else lobby(state) if state.view == View.LOBBY else []),
        "leave": _panel(leave(state)),
        "rules": part(None, hidden=state.rules is None),
        "rules-body": part(rules_body(cat, state.rules) if state.rules is not None else []),
        "settings": part(None, hidden=state.settings_panel is None),
        "settings-body": part(settings_body(state, today) if state.settings_panel is not None else []),
    }
    shown = review(state)
    parts["review"] = part([shown[0]] if shown else [], hidden=shown is None, data_done=bool(shown and shown[1]))
    question, panel = setup_panel(state, today) if state.view in (View.SETUP, View.LOADING) else (None, None)
    if question is not None:
        parts["setup"] = part([question])
    if state.playing:
        parts.update(_board(state))
    else:  # (one #online-status in the page: the lobby's, or the game's bar)
        parts["online"] = _panel(None)
    spoken, said = announcement(state.match, spoken, state)
    if said:
        parts["announce"] = part([said])
    return Frame(parts, panel, (cat.lang, cat.native_digits), spoken)
