"""model/setup_form.py: the new-game panel's values read into players, rules and seats."""

from helpers import match_of
from pasur import Rules
from pasur_web.i18n import load_catalog
from pasur_web.model import actions as act
from pasur_web.model import effects as fx
from pasur_web.model.params import SETUP_OPTIONS, parse_params
from pasur_web.model.seats import YOU_WORDS
from pasur_web.model.setup_form import DEFAULT_TARGET, read_setup, read_target
from pasur_web.model.state import State, View
from pasur_web.model.storage import Loaded
from pasur_web.model.update import initial_state, update

T = load_catalog("en").t
STANDARD = {f"opt-{name}": getattr(Rules(), name) for name in SETUP_OPTIONS}  # the boxes as the panel ticks them


def test_a_plain_form_gives_the_standard_game() -> None:
    game = read_setup({**STANDARD, "setup-players": "2", "setup-preset": "seeds", "setup-target": "62",
                       "setup-fixed": "0", "name-0": "You", "name-1": "Sara", "kind-1": "hard"}, "medium", T, YOU_WORDS)
    assert game.players == 2 and game.rules == Rules()
    assert [(s.name, s.kind) for s in game.seats] == [("You", "human"), ("Sara", "hard")]


def test_out_of_range_values_fall_back() -> None:
    game = read_setup({"setup-players": "9", "setup-preset": "<b>", "setup-target": "۲۰۰۰", "setup-fixed": "101",
                       "name-0": "\x00  ", "kind-1": "superhuman"}, "easy", T, YOU_WORDS)
    assert game.players == 2 and game.rules.target == DEFAULT_TARGET and game.rules.fixed_deals is None
    assert [(s.name, s.kind) for s in game.seats] == [("You", "human"), ("Sara", "easy")]


def test_options_mode_and_length() -> None:
    game = read_setup({"setup-players": "4", "setup-mode": "solo", "setup-preset": "classic", "setup-target": "51",
                       "setup-fixed": "3", "opt-sur_cancel": True}, "medium", T, YOU_WORDS)
    assert game.rules.solo4 and game.rules.sur_cancel and game.rules.fixed_deals == 3 and game.rules.target == 51


def test_pass_and_play_names_players_instead_of_you() -> None:
    game = read_setup({"setup-players": "3", "name-0": "Vous", "name-1": "Mina", "kind-1": "human",
                       "name-2": "Sara", "kind-2": "easy"}, "medium", T, YOU_WORDS)
    assert [s.name for s in game.seats] == ["Player 1", "Mina", "Sara"]


def test_the_new_game_panel_offers_the_standard_rules_first() -> None:
    from pasur.rules import PRESETS, Rules
    from pasur_web.model.params import setup_config

    order = setup_config()["preset_order"]
    assert isinstance(order, list) and sorted(order) == sorted(PRESETS) and PRESETS[order[0]] == Rules()


def test_the_target_is_read_in_latin_persian_or_arabic_digits() -> None:
    """A Persian player types the target as the field shows it ("۵۱"), or with the digits of another keyboard."""
    for typed in ("51", "۵۱", "٥١", " ۵۱ ", "5۱"):
        assert read_setup({"setup-target": typed}, "easy", T, YOU_WORDS).rules.target == 51, typed
    for bad in ("", "۰", "۱۰۰۱", "5.1", "-5", "۵ ۱", "五一", "𝟓𝟏", "١٠٠٠٠٠٠"):
        assert read_setup({"setup-target": bad}, "easy", T, YOU_WORDS).rules.target == DEFAULT_TARGET, bad


def panel(lang: str = "en", settings: dict[str, object] | None = None) -> State:
    """The new-game panel on screen, the game's Python ready."""
    state, _ = update(initial_state(parse_params(""), settings or {}, lang), act.Started(Loaded(None)))
    assert state.view == View.SETUP
    return state


def test_the_target_is_read_by_the_game_alone_in_every_digit_and_within_its_limits() -> None:
    for text, number in [("62", 62), (" ۵۱ ", 51), ("٧5", 75), ("1", 1), ("1000", 1000)]:
        assert read_target(text) == number, text
    for text in ["", "0", "1001", "abc", "5.5", "-3", "+7", "0x10", "1e2", "۱۰۰۱", "٢٢٢٢٢٢٢"]:
        assert read_target(text) is None, text


def test_a_target_typed_in_is_said_wrong_only_once_left_and_written_in_the_page_s_digits() -> None:
    state = panel("fa")
    assert update(state, act.TypeTarget("۱۰۰۱", left=False))[1] == []  # typing: nothing said yet
    assert update(state, act.TypeTarget("۱۰۰۱", left=True))[1] == [fx.MarkTarget(True)]  # left wrong: said
    assert update(state, act.TypeTarget("٧5", left=False))[1] == [fx.MarkTarget(False)]  # right: unsaid at once
    assert update(state, act.TypeTarget("٧5", left=True))[1] == [fx.MarkTarget(False, "۷۵")]
    latin = panel("fa", {"persian_digits": False})
    assert update(latin, act.TypeTarget("۷۵", left=True))[1] == [fx.MarkTarget(False, "75")]


def test_no_game_starts_and_no_table_opens_with_a_wrong_target() -> None:
    form = {"setup-players": "2", "setup-preset": "seeds", "setup-target": "abc", "kind-1": "easy"}
    for action in (act.StartGame(form), act.StartGame({**form, "kind-1": "friend"}),
                   act.OpenTable({**form, "kind-1": "friend"}, "abcdef", "s" * 64)):
        state, effects = update(panel(), action)
        assert state.match is None and state.online is None and state.view == View.SETUP, action
        assert effects == [fx.MarkTarget(True), fx.Focus("#setup-target")]
    state, _ = update(panel(), act.StartGame({**form, "setup-target": "۴۰"}))
    assert match_of(state).board.rules.target == 40


def test_a_game_asked_for_before_the_game_s_python_was_ready_is_refused_the_same() -> None:
    form = {"setup-players": "2", "setup-preset": "seeds", "setup-target": "0"}
    state, effects = update(initial_state(parse_params(""), {}, "en"), act.Started(Loaded(None), "start", form))
    assert state.match is None and fx.MarkTarget(True) in effects and fx.Focus("#setup-target") in effects
