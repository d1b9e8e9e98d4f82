"""model/setup_form.py: the new-game panel's values read into players, rules and seats."""

from pasur import Rules
from pasur_web.i18n import load_catalog
from pasur_web.model.params import SETUP_OPTIONS
from pasur_web.model.seats import YOU_WORDS
from pasur_web.model.setup_form import DEFAULT_TARGET, read_setup

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
