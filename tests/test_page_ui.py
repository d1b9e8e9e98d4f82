"""ui.py: the actions a player takes, applied to a match without a browser."""

from helpers import seed_with_a_choice
from pasur import Rules, new_game
from pasur_web.session import Match, Seat
from pasur_web.ui import CancelChoice, NextDeal, PickCapture, PickCard, Play, ShowHint, StopGuide, UiState, update


def match_with_choice() -> tuple[Match, str, str]:
    """A match where the human (seat 0) leads, holding a card of several captures and another card."""
    seed, several, single = seed_with_a_choice()
    return Match(new_game(2, Rules(), seed=seed), [Seat("You", "human"), Seat("Sara", "medium")]), several, single


def test_a_card_of_several_captures_opens_the_choice_and_a_capture_plays() -> None:
    match, several, _ = match_with_choice()
    ui = update(match, UiState(), PickCard(several))
    assert ui.choosing == several and not match.game.history
    option = match.ordered_options(several)[-1]
    ui = update(match, ui, PickCapture(",".join(str(c) for c in option.sorted_captured())))
    assert ui.choosing is None
    assert [str(r.move) for r in match.game.history] == [str(option)]


def test_another_card_gives_up_the_open_choice() -> None:
    match, several, single = match_with_choice()
    ui = update(match, UiState(), PickCard(several))
    ui = update(match, ui, PickCard(single))
    assert ui.choosing is None and str(match.game.history[0].move.card) == single


def test_cancel_and_stale_clicks_change_nothing() -> None:
    match, several, _ = match_with_choice()
    ui = update(match, update(match, UiState(), PickCard(several)), CancelChoice())
    assert ui.choosing is None and not match.game.history
    assert update(match, ui, PickCapture("4C")) == ui  # no choice open: ignored
    assert update(match, ui, PickCard("ZZ")) == ui  # not a card of the hand
    before = match.to_json()
    assert update(match, ui, Play("ZZ")).choosing is None and match.to_json() == before


def test_no_card_is_played_for_the_human_out_of_turn() -> None:
    match, _, single = match_with_choice()
    update(match, UiState(), PickCard(single))
    assert match.game.turn == 1
    ui = update(match, UiState(), PickCard(str(match.game.hands[0][0])))
    assert ui == UiState() and len(match.game.history) == 1


def test_reasons_are_kept_only_for_the_guide_and_the_demo() -> None:
    match, _, single = match_with_choice()
    assert not update(match, UiState(), PickCard(single)).reasons
    match, _, single = match_with_choice()
    ui = update(match, UiState(guide=True), PickCard(single))
    assert list(ui.reasons) == [0] and ui.reasons[0]
    assert update(match, ui, StopGuide()).guide is False


def test_a_hint_is_shown_only_for_the_position_it_was_searched_for() -> None:
    match, _, single = match_with_choice()
    assert update(match, UiState(hinting=True), ShowHint(single, 0)).hint == single
    assert update(match, UiState(hinting=True), ShowHint(single, 3)).hint is None


def test_next_deal_ends_the_guide() -> None:
    match, _, _ = match_with_choice()
    ui = update(match, UiState(guide=True), NextDeal())
    assert not ui.guide


def test_a_tab_that_is_behind_plays_nothing() -> None:
    match, _, single = match_with_choice()
    ui = UiState(behind=True)
    assert update(match, ui, PickCard(single)) == ui and not match.game.history
    assert update(match, ui, Play(single)) == ui and not match.game.history


def test_undo_takes_back_the_move_and_forgets_its_reasons() -> None:
    from pasur_web.ui import Undo

    match, several, single = match_with_choice()
    start = match.game.to_json()
    ui = update(match, UiState(guide=True), PickCard(single))
    assert len(match.game.history) == 1 and 0 in ui.reasons
    match.play(match.ai_move())
    ui = update(match, ui, Undo())
    assert match.game.to_json() == start and ui.reasons == {} and ui.guide
    assert update(match, ui, Undo()) == ui  # nothing left to take back
    ui = update(match, ui, PickCard(several))
    assert update(match, ui, Undo()).choosing == several  # no move of the human yet: nothing changes
    behind = UiState(behind=True)
    match.play(match.ordered_options(several)[0])
    assert update(match, behind, Undo()) == behind and len(match.game.history) == 1  # a stale tab changes nothing
