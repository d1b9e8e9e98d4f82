"""A saved game taken up again: what its notice says of it, and its score sheet, if up, at once."""

import datetime

from helpers import game_of, play_until
from pasur import Rules, new_game
from pasur_web.model import actions as act
from pasur_web.model.games import resume
from pasur_web.model.match import Match, Phase
from pasur_web.model.params import parse_params
from pasur_web.model.savegame import match_from_json
from pasur_web.model.seats import Seat
from pasur_web.model.state import NoticeKind, State, View
from pasur_web.model.storage import Loaded
from pasur_web.model.update import initial_state, update
from pasur_web.screens.html import text_of
from pasur_web.screens.notices import notices
from pasur_web.screens.page import NOTHING_ANNOUNCED, page

TODAY = datetime.date(2026, 12, 6)
SEATS = (Seat("You", "human"), Seat("Sara", "easy"))


def taken_up(match: Match) -> State:
    return resume(initial_state(parse_params(""), {}, "en"), match)[0]


def one_move(state: State) -> State:
    """The first legal move played by the seat to move, as the page plays it."""
    match = state.match
    assert match is not None
    move = game_of(match).legal_moves()[0]
    if not match.is_viewer_turn():
        return update(state, act.Computer(act.Step.PLAY, match.id, match.moves, str(move)))[0]
    state, _ = update(state, act.PlayCard(str(move.card)))
    if state.turn.choosing is None:
        return state
    return update(state, act.PickCapture(",".join(map(str, move.sorted_captured()))))[0]


def notice_said(state: State) -> str:
    return text_of(notices(state)[0]).removesuffix("×")  # (its button: a cross)


def sheet_attrs(state: State) -> dict[str, str | None]:
    return dict(page(state, TODAY, NOTHING_ANNOUNCED).parts["sheet"][0])


def test_a_game_taken_up_at_the_end_of_a_deal_says_that_deal_is_over() -> None:
    match = play_until(Match.of(new_game(2, Rules(), seed=4), SEATS), lambda m: m.phase == Phase.DEAL_END)
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
    match = play_until(Match.of(new_game(2, Rules(fixed_deals=1), seed=4), SEATS), lambda m: m.phase == Phase.MATCH_END)
    state = taken_up(match)
    assert notice_said(state) == "Your last game is back: You, Sara. It is over."
    assert sheet_attrs(state)["hidden"] is None and "data-at-once" in sheet_attrs(state)


# A save as the page stored it before its state had types (the three first moves of seed 7's match).
OLD_SAVE = (
    r'{"counted": false, "edited": false, "game": "{\"deck\":null,\"format\":\"pasur-game\",\"leader\":0,'
    r'\"moves\":[\"8S:3C\",\"JC:4H,5C\",\"3H\"],\"players\":2,\"rules\":{\"clockwise\":false,\"fixed_deals'
    r'\":null,\"jack_wild\":true,\"kids\":false,\"multi_combo\":true,\"no_jack_sur\":false,\"no_sur_last_r'
    r'ound\":false,\"seven_diamonds_bonus\":false,\"solo4\":false,\"sur_cancel\":false,\"sur_limit_50\":fa'
    r'lse,\"target\":62},\"seed\":7,\"state\":{\"deal\":0,\"deal_results\":[],\"hands\":[[\"5D\",\"10S\"],'
    r'[\"3S\",\"AC\",\"5S\"]],\"last_capturer\":1,\"leader\":0,\"over\":false,\"piles\":[[\"3C\",\"8S\"],['
    r'\"4H\",\"5C\",\"JC\"]],\"round\":1,\"scores\":[0,0],\"stock\":[\"10H\",\"QC\",\"9D\",\"QD\",\"7C\",'
    r'\"8D\",\"6H\",\"4C\",\"6D\",\"JS\",\"8H\",\"8C\",\"KD\",\"KS\",\"2S\",\"KC\",\"5H\",\"9S\",\"AD\",\"'
    r'10C\",\"JH\",\"4S\",\"QH\",\"7H\",\"7S\",\"2D\",\"AH\",\"4D\",\"9C\",\"QS\",\"10D\",\"6S\",\"2H\",\"'
    r'9H\",\"2C\",\"AS\",\"JD\",\"7D\",\"3D\",\"6C\"],\"surs\":[0,0],\"table\":[\"3H\",\"KH\"],\"turn\":1,'
    r'\"winner\":null},\"version\":1}", "handoff": null, "id": "3kvc9tlv3a", "pending_sheet": null, "seats'
    r'": [["You", "human"], ["Sara", "easy"]], "sum": "15e781ce5ee1de9ba02264777c521dba98d29ccb8b9149837e5'
    r'49a16174ed79d", "undone": false, "viewer": 0}'
)


def test_a_save_stored_before_the_state_had_types_is_taken_up() -> None:
    saved = match_from_json(OLD_SAVE)
    assert not saved.edited  # its checksum holds
    state, _ = update(initial_state(parse_params(""), {}, "en"), act.Started(Loaded(saved)))
    match = state.match
    assert state.view == View.GAME and match is not None and match.id == "3kvc9tlv3a"
    assert match.phase == Phase.PLAY and match.moves == 3 and game_of(match).turn == 1
    assert [str(card) for card in game_of(match).hands[0]] == ["5D", "10S"]
    assert [str(card) for card in game_of(match).table] == ["3H", "KH"]
    assert [notice.kind for notice in state.notices] == [NoticeKind.RESUMED]
