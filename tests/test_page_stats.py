"""model/stats.py: the statistics kept on this device."""

from dataclasses import replace

import pytest

from helpers import game_of
from pasur import Rules
from pasur_web.model import actions as act
from pasur_web.model import effects as fx
from pasur_web.model.match import Match
from pasur_web.model.params import parse_params
from pasur_web.model.savegame import Partly, match_from_json, match_to_json
from pasur_web.model.seats import Seat
from pasur_web.model.state import View
from pasur_web.model.stats import Stats, counting, preset_name
from pasur_web.model.storage import match_key
from pasur_web.model.update import initial_state, update


def finish(match: Match) -> Match:
    while not game_of(match).over:
        if match.pending_sheet is not None:
            match = match.next_deal()
        seat = game_of(match).turn
        assert seat is not None
        game = game_of(match)
        move = match.player(seat).choose(game.view(seat)) if match.is_ai_turn() else game.legal_moves()[0]
        match = match.play(move)
    return match


def test_statistics_count_once_per_match_and_survive_bad_data() -> None:
    assert preset_name(Rules.preset("classic", target=51)) == "classic"
    assert preset_name(Rules(jack_wild=False)) == "custom"
    start = Match.start(2, Rules(target=11), (Seat("Me", "human"), Seat("Bot", "greedy")), seed=4)
    assert counting(Stats(), start) is None  # not over yet
    match = finish(start)
    stats = counting(Stats(), match)
    assert stats is not None
    row = stats.rows["2/seeds"]
    game = game_of(match)
    assert row["played"] == 1 and row["won"] == (1 if game.winner == 0 else 0)
    assert row["drawn"] == (1 if game.winner is None else 0)
    assert row["surs"] == sum(1 for r in game.history if r.sur and r.seat == 0)
    counted = match_from_json(match_to_json(Match.of(game_of(match), match.seats, counted=True)))
    assert counted.counted and counting(stats, counted) is None  # a reload does not count it twice
    assert Stats.from_json(stats.to_json()).rows == stats.rows
    assert Stats.from_json("").rows == {} and Stats.from_json(None).rows == {}


@pytest.mark.parametrize("row", [
    '"2/seeds": {"played": -3, "won": "x"}', '"2/seeds": 5', '"x": {}', '"2/seeds": {"played": "5"}',
    '"2/<b>x</b>": {"played": 2}',  # a preset the page has no name for
    '"5/seeds": {"played": 1}', '"2/seeds": {"played": 1, "best": 77}', '"2/seeds": {"played": 1e400}',
])
def test_statistics_with_a_row_that_cannot_be_read_keep_the_others_and_say_which(row: str) -> None:
    good = '"3/classic": {"played": 10, "won": 4, "drawn": 0, "surs": 2, "undone": 0}'
    with pytest.raises(Partly) as partly:  # the page sets the whole aside, says so, and keeps the rest
        Stats.from_json('{"version": 1, "rows": {' + row + ", " + good + "}}")
    kept = partly.value.value
    assert isinstance(kept, Stats) and kept.rows == {"3/classic": {"played": 10, "won": 4, "drawn": 0, "surs": 2,
                                                                   "undone": 0}}
    assert partly.value.text == kept.to_json() and "rows that are not statistics" in str(partly.value)


@pytest.mark.parametrize("bad", ["nope", "[]", '{"rows": 5}', "[" * 40 + "]" * 40])
def test_statistics_that_cannot_be_read_at_all_are_refused_to_be_set_aside(bad: str) -> None:
    with pytest.raises(ValueError):
        Stats.from_json(bad)


def test_a_match_played_with_undo_is_marked_in_the_statistics() -> None:
    stats = Stats.from_json('{"version": 1, "rows": {"2/seeds": {"played": 2, "won": 1, "drawn": 0, "surs": 3}}}')
    assert stats.rows["2/seeds"]["undone"] == 0  # statistics kept before the mark read as none
    match = Match.start(2, Rules(target=11), (Seat("Me", "human"), Seat("Bot", "greedy")), seed=4)
    match = match.play(game_of(match).legal_moves()[0])
    while match.is_ai_turn():
        seat = game_of(match).turn
        assert seat is not None
        match = match.play(match.player(seat).choose(game_of(match).view(seat)))
    undone = match.undo()
    assert undone is not None
    after = counting(stats, finish(undone))
    assert after is not None and after.rows["2/seeds"]["played"] == 3 and after.rows["2/seeds"]["undone"] == 1
    assert stats.rows["2/seeds"]["played"] == 2  # a value: the statistics before are unchanged
    assert Stats().record(2, Rules(), 0, 0, 0).rows["2/seeds"]["undone"] == 0


def test_a_save_that_counts_comes_back_with_the_stored_statistics_and_update_counts_the_match() -> None:
    start = Match.start(2, Rules(target=11), (Seat("Me", "human"), Seat("Bot", "greedy")), seed=4)
    assert not fx.SaveMatch(start).counts  # not over: a plain save
    match = finish(start)
    assert fx.SaveMatch(match).counts and not fx.SaveMatch(replace(match, counted=True)).counts
    robots = finish(Match.start(2, Rules(target=11), (Seat("A", "greedy"), Seat("B", "greedy")), seed=4))
    assert not fx.SaveMatch(robots).counts  # the first seat is not a person
    params = parse_params("")
    state = replace(initial_state(params, {}, "en"), view=View.GAME, match=match)
    stored = Stats({"2/seeds": {"played": 3, "won": 1, "drawn": 0, "surs": 2, "undone": 0}})
    after, effects = update(state, act.MatchWritten(match, stored))
    [count] = effects
    assert after == state and isinstance(count, fx.CountMatch) and count.match == match
    game = game_of(match)
    assert count.stats.rows["2/seeds"]["played"] == 4  # the three stored, and this one
    assert count.stats.rows["2/seeds"]["won"] == 1 + (game.winner == 0)
    # Written: the page shows those statistics and its match as counted.
    after, _ = update(after, act.Saved(match_key(params), None, stats=count.stats))
    assert after.stats == count.stats and after.match == replace(match, counted=True)
    # A match counted already: a plain save.
    done = replace(state, match=replace(match, counted=True))
    assert update(done, act.MatchWritten(replace(match, counted=True), stored)) == update(
        done, act.Saved(match_key(params), None))


def test_the_statistics_are_erased_only_when_asked_and_answered_in_the_open_settings() -> None:
    import datetime

    from pasur_web.model.state import SettingsPanel, State
    from pasur_web.model.storage import STATS_KEY
    from pasur_web.screens.html import text_of
    from pasur_web.screens.settings import settings_body

    def shown(state: State) -> str:
        return " ".join(text_of(node) for node in settings_body(state, datetime.date(2026, 12, 6)))

    match = finish(Match.start(2, Rules(target=11), (Seat("You", "human"), Seat("Sara", "easy")), seed=3))
    stats = counting(Stats(), match)
    assert stats is not None
    closed = replace(initial_state(parse_params(""), {}, "en"), stats=stats)
    # A reset pressed once the settings are closed (a click that comes late) asks nothing, now or later.
    late, effects = update(closed, act.ResetStats(None))
    assert late == closed and effects == []
    opened, _ = update(late, act.OpenSettings())
    assert "Erase every statistic" not in shown(opened) and "Reset the statistics" in shown(opened)
    assert update(opened, act.ResetStats(True)) == (opened, [])  # nothing asked: nothing erased
    asked, _ = update(opened, act.ResetStats(None))
    assert asked.settings_panel is SettingsPanel.ASKING_RESET and "Erase every statistic" in shown(asked)
    kept, effects = update(asked, act.ResetStats(False))
    assert kept.stats == stats and kept.settings_panel is SettingsPanel.OPEN and effects == [fx.Focus("#stats h3")]
    erased, effects = update(asked, act.ResetStats(True))
    assert erased.stats == Stats() and effects == [fx.Store(STATS_KEY, None), fx.Focus("#stats h3")]
    assert update(asked, act.Press.CLOSE_SETTINGS)[0].settings_panel is None  # the question goes with the panel
