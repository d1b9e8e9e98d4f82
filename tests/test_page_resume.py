"""A saved game taken up again: what its notice says of it, and its score sheet, if up, at once."""

import datetime

from helpers import game_of, play_until
from pasur import Rules, new_game
from pasur_web.model import actions as act
from pasur_web.model.games import resume
from pasur_web.model.match import Match
from pasur_web.model.params import parse_params
from pasur_web.model.seats import Seat
from pasur_web.model.state import State
from pasur_web.model.update import initial_state, update
from pasur_web.screens.html import text_of
from pasur_web.screens.notices import notices
from pasur_web.screens.page import NOTHING_ANNOUNCED, page

TODAY = datetime.date(2026, 12, 6)
SEATS = (Seat("You", "human"), Seat("Sara", "easy"))


def taken_up(match: Match) -> State:
    return resume(initial_state(parse_params(""), {}, ["en"]), match)[0]


def one_move(state: State) -> State:
    """The first legal move played by the seat to move, as the page plays it."""
    match = state.match
    assert match is not None
    move = game_of(match).legal_moves()[0]
    if not match.is_viewer_turn():
        return update(state, act.Computer("play", match.id, match.moves, str(move)))[0]
    state, _ = update(state, act.PlayCard(str(move.card)))
    if state.table.choosing is None:
        return state
    return update(state, act.PickCapture(",".join(map(str, move.sorted_captured()))))[0]


def notice_said(state: State) -> str:
    return text_of(notices(state)[0]).removesuffix("×")  # (its button: a cross)


def sheet_attrs(state: State) -> dict[str, str | None]:
    return dict(page(state, TODAY, NOTHING_ANNOUNCED).parts["sheet"][0])


def test_a_game_taken_up_at_the_end_of_a_deal_says_that_deal_is_over() -> None:
    match = play_until(Match.of(new_game(2, Rules(), seed=4), SEATS), lambda m: m.phase == "deal-end")
    assert match.pending_sheet == 0  # the first deal's sheet is up ("Deal 1 is over")
    state = taken_up(match)
    assert notice_said(state) == (
        f"Your game in progress is back: You, Sara (deal 1 is over, {match.moves} moves played).")
    assert sheet_attrs(state)["hidden"] is None and "data-at-once" in sheet_attrs(state)
    state, _ = update(state, act.Press.NEXT_DEAL)  # closed: the next one, after the next deal, waits as usual
    assert sheet_attrs(state)["hidden"] == ""
    moved = one_move(state)
    assert moved.match is not None and moved.match.moves == match.moves + 1
    assert [notice.kind for notice in moved.notices] == []  # said, and played on since

def test_a_finished_game_taken_up_says_it_is_over() -> None:
    match = play_until(Match.of(new_game(2, Rules(fixed_deals=1), seed=4), SEATS), lambda m: m.phase == "match-end")
    state = taken_up(match)
    assert notice_said(state) == "Your last game is back: You, Sara. It is over."
    assert sheet_attrs(state)["hidden"] is None and "data-at-once" in sheet_attrs(state)
