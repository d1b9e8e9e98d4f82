"""model/update.py (with play.py, games.py, panels.py): every action applied to the page's state
without a browser, and the effects it asks for."""

from dataclasses import replace

from helpers import game_of, match_of, seed_with_a_choice
from pasur import Move, Rules, new_game
from pasur_web.model import actions as act
from pasur_web.model import effects as fx
from pasur_web.model.match import Match
from pasur_web.model.params import parse_params
from pasur_web.model.seats import Seat
from pasur_web.model.state import NoticeKind, State, Turn, View
from pasur_web.model.storage import SETTINGS_KEY, Loaded
from pasur_web.model.update import initial_state, update
from pasur_web.screens.html import attrs_of, find_all

TODAY = "2026-12-02"


def at_table(guide: bool = False) -> tuple[State, str, str]:
    """A state with a match on the board where the human (seat 0) leads, holding a card of several
    captures and another card of one outcome."""
    seed, several, single = seed_with_a_choice()
    match = Match.of(new_game(2, Rules(), seed=seed), (Seat("You", "human"), Seat("Sara", "medium")))
    state = initial_state(parse_params(""), {}, "en")
    return replace(state, view=View.GAME, match=match, turn=Turn(guide=guide)), several, single


def kinds(effects: list[fx.Effect]) -> list[str]:
    return [type(effect).__name__ for effect in effects]


def computer_move(state: State) -> str:
    match = state.match
    seat = game_of(match).turn
    assert seat is not None
    return str(match_of(state).player(seat).choose(game_of(match).view(seat)))


def test_a_card_of_several_captures_opens_the_choice_and_a_capture_plays() -> None:
    state, several, _ = at_table()
    chosen, effects = update(state, act.PickCard(several))
    assert chosen.turn.choosing == several and chosen.match is state.match and not game_of(match_of(state)).history
    assert effects == [fx.Focus("#capture-choice [data-capture]")]
    option = match_of(chosen).ordered_options(several)[-1]
    played, effects = update(chosen, act.PickCapture(",".join(str(c) for c in option.sorted_captured())))
    assert played.turn.choosing is None
    assert [str(r.move) for r in game_of(match_of(played)).history] == [str(option)]
    assert not game_of(match_of(chosen)).history  # the state before is unchanged
    assert kinds(effects) == ["Sound", "SaveMatch", "RunComputer"]  # the computer's turn is next


def test_another_card_gives_up_the_open_choice() -> None:
    state, several, single = at_table()
    state, _ = update(state, act.PickCard(several))
    state, _ = update(state, act.PickCard(single))
    assert state.turn.choosing is None and state.turn.selected == single and not game_of(match_of(state)).history
    state, _ = update(state, act.PickCard(single))  # the second tap plays it
    assert state.turn.selected is None and str(game_of(match_of(state)).history[0].move.card) == single


def test_the_first_tap_on_a_card_of_one_outcome_shows_it_and_plays_nothing() -> None:
    state, several, single = at_table()
    looked, effects = update(state, act.PickCard(single))
    assert looked.turn.selected == single and looked.match is state.match and effects == []
    assert update(looked, act.Press.CANCEL_CHOICE)[0].turn.selected is None
    assert update(looked, act.Press.ESCAPE)[0].turn.selected is None
    played, _ = update(looked, act.PlayCard(single))  # its Play button, or a drop on the table
    assert str(game_of(match_of(played)).history[0].move.card) == single and played.turn.selected is None
    assert str(game_of(match_of(update(state, act.PlayCard(single))[0])).history[0].move.card) == single
    other, _ = update(looked, act.PickCard(several))  # another card: its choice instead
    assert other.turn.selected is None and other.turn.choosing == several
    quick = replace(state, settings={"quick_play": True})  # the setting for experienced players
    assert str(game_of(match_of(update(quick, act.PickCard(single))[0])).history[0].move.card) == single


def test_cancel_and_stale_clicks_change_nothing() -> None:
    state, several, _ = at_table()
    state, _ = update(state, act.PickCard(several))
    state, effects = update(state, act.Press.CANCEL_CHOICE)
    # The focus goes back to the card whose choice it was (a keyboard player's next Enter is for it).
    assert state.turn.choosing is None and not game_of(match_of(state)).history
    assert effects == [fx.Focus(f'#hand [data-card="{several}"]')]
    assert update(state, act.PickCapture("4C")) == (state, [])  # no choice open: ignored
    assert update(state, act.PickCard("ZZ")) == (state, [])  # not a card of the hand
    stale = act.Computer(act.Step.PLAY, match_of(state).id, 5, "ZZ")  # a computer move for another position
    assert update(state, stale) == (state, [])


def test_no_card_is_played_for_the_human_out_of_turn() -> None:
    state, _, single = at_table()
    state, _ = update(state, act.PlayCard(single))
    assert game_of(match_of(state)).turn == 1
    assert update(state, act.PickCard(str(game_of(match_of(state)).hands[0][0]))) == (state, [])


def test_the_computer_thinks_shows_its_move_then_plays_it() -> None:
    state, _, single = at_table()
    state, _ = update(state, act.PlayCard(single))
    match = match_of(state)
    move = computer_move(state)
    state, _ = update(state, act.Computer(act.Step.THINKING, match.id, match.moves))
    assert state.turn.thinking and state.match is match
    state, _ = update(state, act.Computer(act.Step.PREVIEW, match.id, match.moves, move))
    assert str(state.turn.preview) == move and not state.turn.thinking and state.match is match
    assert update(state, act.PickCard(str(game_of(match).hands[0][0])))[0] == state  # nothing while it is shown
    state, effects = update(state, act.Computer(act.Step.PLAY, match.id, match.moves, move))
    assert state.turn.preview is None and str(game_of(match_of(state)).history[-1].move) == move
    assert kinds(effects) == ["Sound", "SaveMatch", "RunComputer", "Focus"]  # the player's turn again
    # Its turns done, with nothing left to clear: the same state (nothing to draw), the hand's focus.
    match = match_of(state)
    done, effects = update(state, act.Computer(act.Step.DONE, match.id, match.moves))
    assert done is state and kinds(effects) == ["Focus"]
    thinking = replace(state, turn=replace(state.turn, thinking=True))
    assert not update(thinking, act.Computer(act.Step.DONE, match.id, match.moves))[0].turn.thinking


def test_reasons_are_kept_only_for_the_guide_and_the_demo() -> None:
    state, _, single = at_table()
    assert not update(state, act.PlayCard(single))[0].turn.reasons
    state, _, single = at_table(guide=True)
    state, _ = update(state, act.PlayCard(single))
    assert list(state.turn.reasons) == [0] and state.turn.reasons[0]
    assert update(state, act.Press.STOP_GUIDE)[0].turn.guide is False


def test_a_hint_is_shown_only_for_the_position_it_was_searched_for() -> None:
    state, _, single = at_table()
    asked, effects = update(state, act.Press.HINT)
    assert asked.turn.hinting and effects == [fx.SearchHint(match_of(state))]
    assert update(asked, act.Press.HINT) == (asked, [])  # one search at a time
    assert update(asked, act.ShowHint(single, match_of(state).id, 0))[0].turn.hint == single
    assert update(asked, act.ShowHint(single, match_of(state).id, 3))[0].turn.hint is None


def test_a_hint_is_shown_as_a_tap_shows_its_card() -> None:
    """The hinted card is looked at (what it takes and is worth, Play at hand) and focused (Enter plays
    it), or its capture choice opens with the hinted option marked and focused; a card the player is
    looking at stays."""
    from pasur_web.screens.picking import choice

    state, several, single = at_table()
    match = match_of(state)
    asked, _ = update(state, act.Press.HINT)
    shown, effects = update(asked, act.ShowHint(single, match.id, 0))
    assert (shown.turn.selected, shown.turn.choosing) == (single, None)
    assert effects == [fx.Focus(f'#hand [data-card="{single}"]')]
    option = str(match.ordered_options(several)[-1])  # not the first option: the hint's own is marked
    shown, effects = update(asked, act.ShowHint(option, match.id, 0))
    assert shown.turn.choosing == several and effects == [fx.Focus("#capture-choice [data-hint]")]
    nodes = choice(shown)
    assert nodes is not None
    marked = find_all(("div", (), tuple(nodes)), data_hint="*")
    assert [attrs_of(node)["data-capture"] for node in marked] == [option.partition(":")[2]]
    # The guided deal's tip marks its option the same way.
    tipped = replace(state, turn=replace(state.turn, choosing=several, tip=(0, Move.parse(option), (), None)))
    nodes = choice(tipped)
    assert nodes is not None
    assert [attrs_of(node)["data-capture"] for node in find_all(("div", (), tuple(nodes)), data_hint="*")] == [
        option.partition(":")[2]]
    looking, _ = update(asked, act.PickCard(several))
    kept, _ = update(looking, act.ShowHint(single, match.id, 0))
    assert kept.turn.choosing == several and kept.turn.selected is None and kept.turn.hint == single


def test_next_deal_ends_the_guide_and_deals() -> None:
    state, _, _ = at_table(guide=True)
    same, effects = update(state, act.Press.NEXT_DEAL)
    assert same.match is state.match and not [effect for effect in effects if not isinstance(effect, fx.JudgeTip)]
    match = replace(match_of(state), pending_sheet=0)
    state, effects = update(replace(state, match=match), act.Press.NEXT_DEAL)
    assert not state.turn.guide and match_of(state).pending_sheet is None and effects[0] == fx.Sound(("deal",))


def test_a_tab_that_is_behind_plays_nothing() -> None:
    state, _, single = at_table()
    behind = replace(state, turn=Turn(behind=True))
    assert update(behind, act.PickCard(single))[0].match is behind.match
    assert update(behind, act.Computer(act.Step.PLAY, match_of(state).id, 0, single))[0].match is behind.match


def test_undo_takes_back_the_move_and_forgets_its_reasons() -> None:
    state, several, single = at_table(guide=True)
    start = game_of(match_of(state)).to_json()
    state, _ = update(state, act.PlayCard(single))
    match = match_of(state)
    state, _ = update(state, act.Computer(act.Step.PLAY, match.id, match.moves, computer_move(state)))
    assert 0 in state.turn.reasons and len(game_of(match_of(state)).history) == 2
    state, effects = update(state, act.Press.UNDO)
    assert game_of(match_of(state)).to_json() == start and state.turn.reasons == {} and state.turn.guide
    assert match_of(state).undone and fx.StopComputer() in effects
    assert update(state, act.Press.UNDO) == (state, [])  # nothing left to take back
    state, _ = update(state, act.PickCard(several))
    assert update(state, act.Press.UNDO)[0].turn.choosing == several  # no move of the human yet
    no_undo = replace(state, settings={"undo": False})
    option = match_of(state).ordered_options(several)[0]
    played, _ = update(no_undo, act.PickCapture(",".join(map(str, option.sorted_captured()))))
    assert update(played, act.Press.UNDO)[0].match is played.match  # the setting is off


def test_a_new_game_forgets_the_notices_about_the_game_before() -> None:
    state = initial_state(parse_params("?players=2&seed=4"), {}, "en")
    saved = Match.start(2, Rules(), (Seat("You", "human"), Seat("Sara", "easy")), seed=3)
    state, _ = update(state, act.Started(Loaded(saved), today=TODAY))  # a link while a game is saved: asks
    assert state.view == View.SETUP and state.asking is saved
    state, _ = update(state, act.AnswerLink(True, TODAY))
    assert state.view == View.GAME and state.match is saved
    assert [notice.kind for notice in state.notices] == [NoticeKind.RESUMED]
    state, _ = update(state, act.Press.NEW_GAME)
    assert state.leaving
    state, effects = update(state, act.Leave(True))
    assert state.view == View.SETUP and state.match is saved and fx.StopComputer() in effects
    form = {"setup-players": "3", "setup-preset": "classic", "name-0": "Mina", "kind-1": "hard", "kind-2": "easy"}
    state, effects = update(state, act.StartGame(form))
    assert state.view == View.GAME and state.match is not saved and game_of(match_of(state)).players == 3
    assert state.notices == () and kinds(effects)[:2] == ["StopComputer", "SaveMatch"]


def test_play_again_puts_the_finished_match_away_and_back_returns_to_a_match_in_progress() -> None:
    state, _, _ = at_table()
    state, effects = update(state, act.Press.PLAY_AGAIN)
    assert state.view == View.SETUP and state.match is not None and fx.ForgetMatch() not in effects  # not over
    state, _ = update(state, act.Press.BACK_TO_GAME)
    assert state.view == View.GAME
    state, _ = update(state, act.Press.ESCAPE)
    assert state.view == View.GAME  # nothing to close


def test_play_again_starts_the_same_players_and_rules_at_once() -> None:
    state, _, _ = at_table()
    match = state.match
    assert match is not None
    game = new_game(2, Rules(target=1), seed=3)
    while not game.over:
        game.play(game.legal_moves()[0])
    over = replace(match, game=game)
    state, effects = update(replace(state, match=over), act.Press.PLAY_AGAIN)
    again = state.match
    assert state.view == View.GAME and again is not None and again.id != over.id and not game_of(again).history
    assert again.seats == over.seats and game_of(again).rules == game_of(over).rules and "SaveMatch" in kinds(effects)
    state, effects = update(replace(state, match=over), act.Press.NEW_GAME)  # the sheet's New game: the panel
    assert state.view == View.SETUP and fx.ForgetMatch() in effects


def test_escape_closes_what_is_in_front_first() -> None:
    state, several, _ = at_table()
    state, _ = update(state, act.PickCard(several))
    state, _ = update(state, act.OpenSettings())
    state, _ = update(state, act.OpenRules())
    assert state.rules is not None and state.settings_panel is not None and state.turn.choosing == several
    state, _ = update(state, act.Press.ESCAPE)
    assert state.rules is None and state.settings_panel is not None and state.turn.choosing == several
    state, _ = update(state, act.Press.ESCAPE)
    assert state.turn.choosing is None and state.settings_panel is not None
    state, _ = update(state, act.Press.ESCAPE)
    assert state.settings_panel is None


def test_settings_change_the_page_and_are_stored() -> None:
    state, _, _ = at_table()
    state, effects = update(state, act.ChangeSetting("settings-speed", "fast", False))
    assert state.speed == "fast" and effects == [fx.Store(SETTINGS_KEY, '{"speed": "fast"}')]
    state, effects = update(state, act.ChangeSetting("settings-lang", "fr", False))
    assert state.lang == "fr" and state.cat.t("new_game") == "Nouvelle partie"
    assert update(state, act.ChangeSetting("settings-speed", "warp", False)) == (state, [])


def test_another_tabs_game_stops_this_tab_and_offers_to_continue_it() -> None:
    state, _, _ = at_table()
    newer = Match.start(2, Rules(), (Seat("You", "human"), Seat("Bo", "easy")), seed=8)
    state, effects = update(state, act.Behind(newer))
    assert state.turn.behind and fx.StopComputer() in effects
    assert [(notice.kind, notice.action) for notice in state.notices] == [
        (NoticeKind.TAB, ("adopt", "notice_take_over"))]
    # The notice's button reads the game saved now (the click reads no storage itself), then continues it.
    assert update(state, act.Press("adopt")) == (state, [fx.ReadSaved()])
    state, _ = update(state, act.Adopt(newer))
    assert state.match is newer and not state.turn.behind and state.notices == ()


def test_a_failed_write_is_said_until_a_write_works() -> None:
    state, _, _ = at_table()
    state, _ = update(state, act.Saved("pasur.match", "quota"))
    assert state.failing == {"pasur.match": "quota"}
    state, _ = update(state, act.Saved("pasur.match", None))
    assert state.failing == {}
    disabled = replace(state, storage="disabled")
    assert update(disabled, act.Saved("pasur.match", "disabled"))[0].failing == {}  # said once, on start
