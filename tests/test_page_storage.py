"""Saving the match in the browser's storage, in CPython: checksums, the decisions about a save on
start and before every write (two tabs), and storage that is full or turned off."""

from __future__ import annotations

import json
from typing import Any

import pytest

from helpers import game_of
from pasur import Rules
from pasur_web.model.match import Match
from pasur_web.model.params import parse_params
from pasur_web.model.savegame import match_from_json, match_to_json, read_json, settings_text
from pasur_web.model.seats import Seat
from pasur_web.model.state import NoticeKind, View
from pasur_web.model.stats import Stats, counting
from pasur_web.model.storage import (
    EMBED_MATCH_KEY,
    MATCH_KEY,
    STATS_KEY,
    Slot,
    Storage,
    match_key,
    problem_of,
    start_action,
)


class JsError(Exception):
    """What Pyodide raises for a JavaScript error: it carries the error's name and message."""

    def __init__(self, name: str, message: str = "") -> None:
        super().__init__(name)
        self.name = name
        self.message = message


class FakeStorage:
    """localStorage with a size limit (in characters) that can be changed."""

    def __init__(self, limit: int = 10**9) -> None:
        self.items: dict[str, str] = {}
        self.limit = limit

    def getItem(self, key: str) -> str | None:  # the Web Storage API's names
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        size = sum(len(k) + len(v) for k, v in self.items.items() if k != key) + len(key) + len(value)
        if size > self.limit:
            raise JsError("QuotaExceededError")
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


def disabled() -> Any:
    raise JsError("SecurityError")


def two_player(seed: int = 4, target: int = 11) -> Match:
    return Match.start(2, Rules(target=target), (Seat("Me", "human"), Seat("Bot", "greedy")), seed=seed)


def advance(match: Match, moves: int = 1) -> Match:
    for _ in range(moves):
        if match.pending_sheet is not None:
            match = match.next_deal()
        match = match.reveal()  # pass-and-play: the next human takes the device
        seat = game_of(match).turn
        assert seat is not None
        match = match.play(match.player(seat).choose(game_of(match).view(seat)) if match.is_ai_turn()
                           else game_of(match).legal_moves()[0])
    return match


def finish(match: Match) -> Match:
    while not game_of(match).over:
        match = advance(match)
    return match


# ----------------------------------------------------------------------------- checksum
def test_an_untouched_save_is_not_edited_and_keeps_its_checksum() -> None:
    match = advance(two_player(), 3)
    data = json.loads(match_to_json(match))
    assert len(data["sum"]) == 64
    again = match_from_json(match_to_json(match))
    assert not again.edited and match_to_json(again) == match_to_json(match)
    spaced = json.dumps(data, indent=2)  # the same save written out differently is the same save
    assert not match_from_json(spaced).edited


def _edit_game(match: Match, change: Any) -> str:
    data = json.loads(match_to_json(match))
    game = json.loads(data["game"])
    change(game, data)
    data["game"] = json.dumps(game)
    return json.dumps(data)


@pytest.mark.parametrize("change", [
    lambda game, data: game["rules"].update(target=1),  # target lowered
    lambda game, data: data["seats"][1].__setitem__(1, "human"),  # a computer seat turned human
    lambda game, data: data.pop("sum"),  # the checksum removed
    lambda game, data: data.update(counted=False),  # counted twice
])
def test_an_edited_save_that_replays_is_loaded_marked_and_never_counted(change: Any) -> None:
    match = advance(two_player(target=11), 2)
    text = _edit_game(match, change)
    edited = match_from_json(text)
    assert edited.edited
    again = match_from_json(match_to_json(edited))  # saved again by the page: still marked
    assert again.edited
    assert counting(Stats(), finish(again)) is None


def test_a_rewritten_computer_move_that_replays_is_marked() -> None:
    match = advance(two_player(seed=9), 2)  # the player's move, then the computer's
    data = json.loads(match_to_json(match))
    game = json.loads(data["game"])
    replay = Match.start(2, Rules(target=11), (Seat("Me", "human"), Seat("Bot", "greedy")), seed=9)
    replay = replay.play(game["moves"][0])
    other = [str(m) for m in game_of(replay).legal_moves() if str(m) != game["moves"][1]]
    assert other
    replay = replay.play(other[0])
    data["game"] = game_of(replay).to_json()
    edited = match_from_json(json.dumps(data))
    assert edited.edited and str(game_of(edited).history[1].move) == other[0]


def test_a_save_that_does_not_replay_is_refused() -> None:
    match = advance(two_player(), 2)
    data = json.loads(match_to_json(match))
    game = json.loads(data["game"])
    game["moves"][0] = "KS"
    data["game"] = json.dumps(game)
    with pytest.raises(ValueError):
        match_from_json(json.dumps(data))


def test_a_finished_untouched_match_counts_once() -> None:
    match = finish(two_player())
    stats = counting(Stats(), match)
    assert stats is not None and stats.rows["2/seeds"]["played"] == 1
    counted = Match.of(game_of(match), match.seats, id=match.id, counted=True)
    again = match_from_json(match_to_json(counted))
    assert not again.edited and again.counted and counting(stats, again) is None


# ----------------------------------------------------------------------------- reading stored values
def test_stored_json_is_read_safely() -> None:
    assert read_json('{"a": 1}') == {"a": 1}
    for bad in ["[" * 100_000, "{" * 5, "x" * 3_000_000, '"' + "a" * 3_000_000 + '"']:
        with pytest.raises(ValueError):
            read_json(bad)
    with pytest.raises(ValueError):
        Stats.from_json('{"rows": ' * 50_000)
    with pytest.raises(ValueError, match="saved match is nested too deep"):
        match_from_json("[" * 100_000)


# ----------------------------------------------------------------------------- keys and start-up
def test_each_embedded_game_has_its_own_save() -> None:
    assert match_key(parse_params("?players=3")) == MATCH_KEY
    assert match_key(parse_params("?embed=1")) == EMBED_MATCH_KEY
    frame = match_key(parse_params("?embed=1&players=2&target=11&ai=easy"))
    assert frame.startswith(EMBED_MATCH_KEY) and frame != EMBED_MATCH_KEY
    assert frame == match_key(parse_params("?ai=easy&embed=1&target=11&players=2&lang=fr&speed=slow"))
    assert frame != match_key(parse_params("?embed=1&players=3&target=11&ai=easy"))
    assert frame != match_key(parse_params("?embed=1&players=2&target=11&ai=easy&seed=4"))


def test_what_a_save_does_on_start() -> None:
    playing = advance(two_player(), 1)
    over = finish(two_player())
    # The full game: a link with game parameters never replaces a game in progress without asking.
    assert start_action(link=True, embed=False, saved=playing) == "ask"
    assert start_action(link=True, embed=False, saved=over) == "start"
    assert start_action(link=True, embed=False, saved=None) == "start"
    assert start_action(link=False, embed=False, saved=playing) == "resume"
    assert start_action(link=False, embed=False, saved=over) == "resume"
    assert start_action(link=False, embed=False, saved=None) == "setup"
    # A frame's save is its own (keyed by its parameters): it comes back after a reload of the host.
    assert start_action(link=True, embed=True, saved=playing) == "resume"
    assert start_action(link=True, embed=True, saved=None) == "start"
    assert start_action(link=False, embed=True, saved=None) == "setup"


# ----------------------------------------------------------------------------- storage and two tabs
def test_two_tabs_the_stale_one_cannot_overwrite() -> None:
    backend = FakeStorage()
    store = Storage(lambda: backend)
    first, second = Slot(store, MATCH_KEY), Slot(store, MATCH_KEY)
    match = two_player(seed=21)
    assert first.write(match) == "saved"
    theirs = second.load().match
    assert theirs is not None and match_to_json(theirs) == match_to_json(match)
    theirs = advance(theirs, 2)
    assert second.write(theirs) == "saved"
    # The first tab is behind: its move at the old position must not replace the newer save.
    newer = first.newer(match)
    assert newer is not None and match_to_json(newer) == match_to_json(theirs)
    match = advance(match, 1)
    assert first.write(match) == "stale"
    assert backend.items[MATCH_KEY] == match_to_json(theirs)
    # It takes the newer game and plays on; now the second tab is behind.
    taken = first.load().match
    assert taken is not None
    taken = advance(taken, 1)
    assert first.write(taken) == "saved" and second.write(theirs) == "stale"
    # A new game started in a tab replaces the save.
    fresh = two_player(seed=5)
    assert second.write(fresh) == "saved" and first.newer(taken) is not None


def test_a_stale_check_sets_an_unreadable_save_aside_instead_of_stopping() -> None:
    backend = FakeStorage()
    slot = Slot(Storage(lambda: backend), MATCH_KEY)
    match = two_player()
    assert slot.write(match) == "saved"
    backend.items[MATCH_KEY] = '{"game": "tampered"}'
    assert slot.newer(match) is None
    match = advance(match, 1)
    assert slot.write(match) == "saved"
    assert backend.items[MATCH_KEY + ".unreadable"] == '{"game": "tampered"}'


def test_an_unreadable_save_is_set_aside_on_load() -> None:
    backend = FakeStorage()
    backend.items[MATCH_KEY] = "[" * 100_000
    loaded = Slot(Storage(lambda: backend), MATCH_KEY).load()
    assert loaded.match is None and loaded.problem
    assert MATCH_KEY not in backend.items and backend.items[MATCH_KEY + ".unreadable"].startswith("[[[")


def test_full_storage_fails_every_write_then_recovers() -> None:
    backend = FakeStorage()
    store = Storage(lambda: backend)
    slot = Slot(store, MATCH_KEY)
    match = two_player()
    assert slot.write(match) == "saved"
    backend.limit = len(MATCH_KEY) + len(backend.items[MATCH_KEY]) + 20  # no room for a longer save
    match = advance(match, 4)
    assert slot.write(match) == "quota"
    assert store.set(STATS_KEY, "{}" * 100) == "quota"
    assert store.probe() is None  # a tiny value still fits
    match = advance(match, 1)
    assert slot.write(match) == "quota"
    backend.limit = 10**9  # room again: the next write succeeds, and the tab is not "behind"
    match = advance(match, 1)
    assert slot.write(match) == "saved"
    assert match_to_json(match_from_json(backend.items[MATCH_KEY])) == match_to_json(match)


def test_disabled_storage_reads_nothing_and_says_why_writes_fail() -> None:
    store = Storage(disabled)
    assert store.probe() == "disabled"
    assert store.get(MATCH_KEY) is None
    assert store.set(MATCH_KEY, "x") == "disabled"
    store.remove(MATCH_KEY)  # does nothing, raises nothing
    slot = Slot(store, MATCH_KEY)
    assert slot.load().match is None
    assert slot.write(two_player()) == "disabled"
    missing = Storage(lambda: None)  # some browsers give no storage object at all
    assert missing.probe() == "disabled" and missing.set(MATCH_KEY, "x") == "disabled"
    full = FakeStorage(limit=0)
    assert Storage(lambda: full).probe() == "quota"


def test_why_a_write_failed_from_the_browser_error() -> None:
    assert problem_of(JsError("QuotaExceededError")) == "quota"
    # Pyodide wraps a thrown DOMException in a plain Error whose message names it.
    wrapped = "A value of type object with tag [object DOMException] was thrown as an error! ... "
    assert problem_of(JsError("Error", wrapped + '"""QuotaExceededError: The quota has been exceeded."""')) == "quota"
    assert problem_of(JsError("Error", wrapped + '"""SecurityError: The operation is insecure."""')) == "disabled"
    assert problem_of(JsError("TypeError", "something else")) == "error"


# ----------------------------------------------------------------------------- setting aside
def test_setting_aside_keeps_each_unreadable_save() -> None:
    backend = FakeStorage()
    store = Storage(lambda: backend)
    for number, bad in enumerate(("[" * 100_000, "not json", "{}")):
        backend.items[MATCH_KEY] = bad
        loaded = Slot(store, MATCH_KEY).load()
        assert loaded.match is None and loaded.problem and loaded.aside is not None
        assert backend.items[loaded.aside] == bad and MATCH_KEY not in backend.items
        assert loaded.aside == MATCH_KEY + ".unreadable" + (f".{number + 1}" if number else "")


def test_setting_aside_with_storage_full_never_loses_the_save() -> None:
    backend = FakeStorage()
    store = Storage(lambda: backend)
    bad = "x" * 1000
    backend.items[MATCH_KEY] = bad
    backend.limit = len(MATCH_KEY) + len(bad) + 50  # no room for a copy beside it: removed first, then moved
    loaded = Slot(store, MATCH_KEY).load()
    assert loaded.aside == MATCH_KEY + ".unreadable" and backend.items[loaded.aside] == bad
    backend.items = {MATCH_KEY: bad}
    backend.limit = len(MATCH_KEY) + len(bad) + 5  # not even room under the longer name: it stays where it was
    slot = Slot(store, MATCH_KEY)
    loaded = slot.load()
    assert loaded.match is None and loaded.aside is None and backend.items == {MATCH_KEY: bad}
    assert slot.write(two_player()) == "quota" and backend.items == {MATCH_KEY: bad}  # never written over
    backend.limit = 10**9  # room again: it is set aside first, then the game is saved
    match = two_player()
    assert slot.write(match) == "saved"
    assert backend.items[MATCH_KEY + ".unreadable"] == bad and match_from_json(backend.items[MATCH_KEY]).id == match.id


def test_unreadable_settings_statistics_and_daily_results_are_kept_and_said() -> None:
    from pasur_web.model.daily import DailyBook
    from pasur_web.model.storage import DAILY_KEY, SETTINGS_KEY, read_stored

    backend = FakeStorage()
    store = Storage(lambda: backend)
    backend.items = {STATS_KEY: "not json", DAILY_KEY: "[]", SETTINGS_KEY: '{"speed": "fast"}'}
    notices: list[Any] = []
    assert read_stored(store, STATS_KEY, Stats.from_json, Stats(), notices) == Stats()
    assert read_stored(store, DAILY_KEY, DailyBook.from_json, DailyBook(), notices) == DailyBook()
    assert [(key, values["what"][0], values["name"]) for key, values in notices] == [
        ("notice_set_aside", "set_aside_stats", STATS_KEY + ".unreadable"),
        ("notice_set_aside", "set_aside_daily", DAILY_KEY + ".unreadable")]
    assert backend.items[STATS_KEY + ".unreadable"] == "not json" and STATS_KEY not in backend.items
    assert backend.items[DAILY_KEY + ".unreadable"] == "[]"
    assert read_stored(store, SETTINGS_KEY, lambda text: json.loads(text or "{}"), {}, notices) == {"speed": "fast"}
    assert len(notices) == 2  # a value that reads: nothing said


# ----------------------------------------------------------------------------- every field of a save
def _save_of(match: Match, **changes: Any) -> str:
    """The save of ``match`` with ``changes`` (a value None removes the field), without its checksum."""
    data = json.loads(match_to_json(match))
    data.pop("sum")
    data.update(changes)
    return json.dumps(data)


def _finished_deal() -> Match:
    match = two_player(seed=6, target=62)
    while match.pending_sheet is None:
        match = advance(match)
    return match


@pytest.mark.parametrize(("changes", "why"), [
    ({"pending_sheet": -1}, "score sheet"),  # no deal finished: there is no sheet to show
    ({"pending_sheet": 0}, "score sheet"),
    ({"pending_sheet": True}, "score sheet"),
    ({"handoff": 1}, "hands the device"),  # a computer's seat: nobody to hand the device to
    ({"seats": [["You", "human"], ["Bob", "friend"]]}, "friend's seat but no table"),
    ({"viewer": 10**400}, "hand that is not a player's"),
])
def test_a_save_with_a_field_out_of_range_is_refused_and_set_aside(changes: dict[str, Any], why: str) -> None:
    text = _save_of(advance(two_player(), 3), **changes)
    with pytest.raises(ValueError, match=why):
        match_from_json(text)
    backend = FakeStorage()
    backend.items[MATCH_KEY] = text
    loaded = Slot(Storage(lambda: backend), MATCH_KEY).load()
    assert loaded.match is None and loaded.aside == MATCH_KEY + ".unreadable" and backend.items[loaded.aside] == text


def test_a_score_sheet_is_the_last_finished_deal_s_before_the_next_deal_is_played() -> None:
    match = _finished_deal()
    assert match_from_json(_save_of(match)).pending_sheet == 0
    played_on = advance(match, 1)  # the next deal's first move: the sheet was closed
    with pytest.raises(ValueError, match="score sheet"):
        match_from_json(_save_of(played_on, pending_sheet=0))


def test_every_save_that_loads_can_be_shown_and_played() -> None:
    """What the page does with a loaded save (take it up, draw it, a tap, the next deal, a hint) never
    fails, whatever a field of the save holds: a save that could not be shown is refused on load."""
    import datetime

    from pasur_web.model import actions as act
    from pasur_web.model.storage import Loaded
    from pasur_web.model.update import initial_state, update
    from pasur_web.screens.page import NOTHING_ANNOUNCED, page

    values: list[Any] = [None, True, 0, -1, 1, 2, 3, 10**30, 1.5, "", "x", "human", "friend", [], {},
                         [["You", "human"], ["Sara", "human"]], {"code": "abcdef", "tokens": {}, "started": False}]
    loaded = 0
    for base in (advance(two_player(), 3), _finished_deal()):
        for field in ("pending_sheet", "handoff", "viewer", "seats", "counted", "undone", "daily", "table", "link",
                      "reviews", "practice", "id"):
            for value in values:
                try:
                    match = match_from_json(_save_of(base, **{field: value}))
                except ValueError:
                    continue
                loaded += 1
                state, _ = update(initial_state(parse_params(""), {}, "en"), act.Started(Loaded(match)))
                for action in (act.Press.NEXT_DEAL, act.Press.HINT, act.Press.UNDO, act.Press.REVEAL):
                    page(state, datetime.date(2026, 12, 6), NOTHING_ANNOUNCED)
                    state, _ = update(state, action)
    assert loaded > 20


# ----------------------------------------------------------------------------- reviews that cannot be read
@pytest.mark.parametrize("entry", [
    {"number": float("inf")}, {"number": float("nan")}, {"options": [["5D", 10**400, 0, None]]},
    {"options": [["5D", 0, 0, ["a", {"k": 1}]]]},
])
def test_reviews_that_cannot_be_read_are_dropped_and_the_game_kept(entry: dict[str, Any]) -> None:
    match = advance(two_player(), 3)
    good = {"number": 1, "round": 1, "hand": ["5D"], "table": [], "played": "5D", "expected": 1.0, "exact": True,
            "options": [["5D", 0, 0, None]]}
    text = _save_of(match, reviews={"0:0": [{**good, **entry}], "0:1": [good]})
    loaded = match_from_json(text)
    assert game_of(loaded).to_json() == game_of(match).to_json() and list(loaded.reviews) == ["0:1"]
    # The same save written by another tab: a playing tab reads it before every move, and is behind.
    backend = FakeStorage()
    slot = Slot(Storage(lambda: backend), MATCH_KEY)
    assert slot.write(match) == "saved"
    backend.items[MATCH_KEY] = text  # (the same match, written again)
    newer = slot.newer(match)
    assert newer is not None and newer.id == match.id and list(newer.reviews) == ["0:1"]


# ----------------------------------------------------------------------------- a tab with no game of its own
def test_a_tab_with_no_game_finds_another_tab_s_game_in_progress() -> None:
    backend = FakeStorage()
    store = Storage(lambda: backend)
    mine, theirs = Slot(store, MATCH_KEY), Slot(store, MATCH_KEY)
    assert mine.load().match is None and mine.elsewhere() is None
    playing = advance(two_player(), 2)
    assert theirs.write(playing) == "saved"
    found = mine.elsewhere()
    assert found is not None and found.id == playing.id
    assert theirs.elsewhere() is None  # its own save
    assert theirs.write(finish(playing)) == "saved" and mine.elsewhere() is None  # a finished game may go


# ----------------------------------------------------------------------------- setting aside, again and again
def test_with_every_place_aside_taken_the_oldest_copy_goes_and_the_game_is_saved() -> None:
    backend = FakeStorage()
    names = [MATCH_KEY + ".unreadable"] + [f"{MATCH_KEY}.unreadable.{n}" for n in range(2, 21)]
    backend.items = {name: f"old{number}" for number, name in enumerate(names, start=1)}
    backend.items[MATCH_KEY] = "{garbage"
    slot = Slot(Storage(lambda: backend), MATCH_KEY)
    loaded = slot.load()
    assert loaded.aside == names[-1] and backend.items[names[-1]] == "{garbage"  # the newest in the last place
    assert [backend.items[name] for name in names[:-1]] == [f"old{number}" for number in range(2, 21)]  # old1 went
    assert slot.write(two_player()) == "saved"


def test_a_value_that_could_not_be_set_aside_is_not_written_over_and_its_notice_goes_once_it_is() -> None:
    from pasur_web.model.storage import SETTINGS_KEY, read_stored

    backend = FakeStorage()
    store = Storage(lambda: backend)
    backend.items = {STATS_KEY: "x" * 1000}
    backend.limit = len(STATS_KEY) + 1000 + 5  # full: no room for the copy
    notices: list[Any] = []
    assert read_stored(store, STATS_KEY, Stats.from_json, Stats(), notices) == Stats()
    assert notices[0][0] == "notice_set_aside_kept" and notices[0][1]["name"] == STATS_KEY
    assert store.set(STATS_KEY, "{}") == "quota" and backend.items[STATS_KEY] == "x" * 1000  # kept, as said
    assert store.set(SETTINGS_KEY, "{}") == "quota"  # (the storage is full indeed)
    backend.limit = 10**9
    assert store.set(STATS_KEY, "{}") is None  # room again: set aside first, then written
    assert backend.items[STATS_KEY + ".unreadable"] == "x" * 1000 and backend.items[STATS_KEY] == "{}"


def test_statistics_read_in_part_are_set_aside_whole_with_a_notice_and_the_rest_kept() -> None:
    from pasur_web.model.storage import read_stored

    backend = FakeStorage()
    store = Storage(lambda: backend)
    text = json.dumps({"version": 1, "rows": {"2/seeds": {"played": "5", "won": 3}, "3/classic": {"played": 10}}})
    backend.items = {STATS_KEY: text}
    notices: list[Any] = []
    stats = read_stored(store, STATS_KEY, Stats.from_json, Stats(), notices)
    assert list(stats.rows) == ["3/classic"] and stats.rows["3/classic"]["played"] == 10
    assert [(key, values["name"]) for key, values in notices] == [("notice_set_aside_part", STATS_KEY + ".unreadable")]
    assert backend.items[STATS_KEY + ".unreadable"] == text and Stats.from_json(backend.items[STATS_KEY]) == stats


# ----------------------------------------------------------------------------- what the page does about it
def _page(query: str = "", settings: dict[str, Any] | None = None) -> Any:
    from pasur_web.model.update import initial_state

    params = parse_params(query)
    return initial_state(params, settings or {}, params.lang or "en")  # (web/boot.js's choice, the address's)


def test_a_tab_with_no_game_asks_before_a_new_game_replaces_another_tab_s() -> None:
    from pasur_web.model import actions as act
    from pasur_web.model import effects as fx
    from pasur_web.model.games import asks_first
    from pasur_web.model.storage import Loaded
    from pasur_web.model.update import update

    state, _ = update(_page(), act.Started(Loaded(None), today="2026-12-06"))
    start = act.StartGame({"setup-players": "2"})
    assert state.view == View.SETUP and asks_first(state, start) and asks_first(state, act.Press.START_GUIDE)
    other = advance(two_player(), 2)  # what Slot.elsewhere found: the runtime says so instead of starting
    told, effects = update(state, act.Behind(other))
    notice = told.notices[-1]
    assert notice.kind == NoticeKind.TAB and notice.words[0] == "notice_other_tab_setup" and effects == []
    assert notice.action == ("adopt", "notice_take_up") and notice.words[1] == {"names": ["Me", "Bot"]}
    assert told.cat.t("notice_other_tab_setup", names="Me, Bot") == (
        "A game is in progress in another tab: Me, Bot. Continue it here, or start a new game, which replaces it.")
    assert update(told, act.Behind(advance(other, 1)))[0].notices == told.notices  # its next move: said once
    assert told.view == View.SETUP and told.match is None and not told.turn.behind
    assert not asks_first(told, start)  # told: a new game now replaces it, as the notice says
    started, effects = update(told, start)
    assert started.match is not None and not any(n.kind == NoticeKind.TAB for n in started.notices)
    assert any(isinstance(effect, fx.SaveMatch) for effect in effects)
    taken, _ = update(told, act.Adopt(other))  # or the other tab's game continues here
    assert taken.match is other and taken.view == View.GAME
    assert not asks_first(started, start)  # a tab with a game of its own asks "Leave this game?" instead
    finished, _ = update(state, act.Behind(finish(other)))
    assert not any(n.kind == NoticeKind.TAB for n in finished.notices)  # nothing in progress to continue


def test_another_tab_s_settings_are_followed_and_read_again_before_a_change() -> None:
    from pasur_web.model import actions as act
    from pasur_web.model import effects as fx
    from pasur_web.model.storage import SETTINGS_KEY
    from pasur_web.model.update import update

    state = _page(settings={"four_colour": False})
    followed, _ = update(state, act.Stored(SETTINGS_KEY, '{"speed": "fast", "undo": false, "lang": "fr"}'))
    assert followed.speed == "fast" and followed.lang == "fr" and followed.settings["undo"] is False
    _, effects = update(followed, act.ChangeSetting("settings-four", "", True))
    assert effects[-1] == fx.Store(SETTINGS_KEY, settings_text({"four_colour": True, "speed": "fast", "undo": False,
                                                               "lang": "fr"}))
    assert update(state, act.Stored(SETTINGS_KEY, "[1]"))[0] == state  # unreadable: kept as this tab has it
    pinned = _page("?speed=slow&lang=nl")  # the address's speed and language stay this page's
    pinned, _ = update(pinned, act.Stored(SETTINGS_KEY, '{"speed": "fast", "lang": "fr"}'))
    assert (pinned.speed, pinned.lang) == ("slow", "nl")


def test_what_storage_holds_is_read_before_the_actions_that_decide_from_it_and_update_decides() -> None:
    from dataclasses import replace

    from pasur_web.model import actions as act
    from pasur_web.model import effects as fx
    from pasur_web.model.state import Turn
    from pasur_web.model.storage import DAILY_KEY, SETTINGS_KEY, Loaded
    from pasur_web.model.update import Reads, reads_first, update

    # At the table: a move is taken with the game saved now; another tab's newer save stops it.
    match = two_player()
    table = replace(_page(), view=View.GAME, match=match)
    card = str(game_of(match).hands[0][0])
    for play in (act.PickCard(card), act.PlayCard(card), act.Press.UNDO, act.Computer(act.Step.PLAY, match.id, 0)):
        assert reads_first(table, play) == Reads(newer=True)
    assert reads_first(table, act.Computer(act.Step.THINKING, match.id, 0)) is None
    assert reads_first(replace(table, turn=Turn(behind=True)), act.PickCard(card)) is None  # told already
    newer = advance(match, 2)
    assert update(table, act.Fresh(act.PlayCard(card), newer=newer)) == update(table, act.Behind(newer))
    played, _ = update(table, act.Fresh(act.PlayCard(card)))  # nothing newer: the move is made
    assert played.match is not None and played.match.moves == match.moves + 1 and not played.turn.behind
    # No game here: a new game is taken with another tab's game in progress, which is said first.
    setup, _ = update(_page(), act.Started(Loaded(None), today="2026-12-06"))
    start = act.StartGame({"setup-players": "2"})
    assert reads_first(setup, start) == Reads(elsewhere=True) and reads_first(setup, act.Press.START_GUIDE)
    told, effects = update(setup, act.Fresh(start, elsewhere=newer))
    assert told.match is None and [notice.kind for notice in told.notices] == [NoticeKind.TAB]
    assert effects == [fx.Focus('#notices .tab-notice [data-action="adopt"]')]
    # A setting changes from the settings stored now, the daily deal from the results stored now.
    change = act.ChangeSetting("settings-four", "", True)
    assert reads_first(setup, change) == Reads(key=SETTINGS_KEY)
    assert reads_first(setup, act.StartDaily("2026-12-06")) == Reads(elsewhere=True, key=DAILY_KEY)
    changed, effects = update(setup, act.Fresh(change, stored=act.Stored(SETTINGS_KEY, '{"speed": "fast"}')))
    assert changed.speed == "fast" and effects[-1] == fx.Store(SETTINGS_KEY, settings_text({"four_colour": True,
                                                                                              "speed": "fast"}))
    # The sound switch is web/sound.js's: a setting changed here stores it as that script last stored it.
    sounding = _page(settings={"sound": True, "speed": "normal"})
    muted = act.Stored(SETTINGS_KEY, '{"sound": false, "speed": "normal"}')
    _, effects = update(sounding, act.Fresh(act.ChangeSetting("settings-speed", "fast", False), stored=muted))
    assert effects[-1] == fx.Store(SETTINGS_KEY, '{"sound": false, "speed": "fast"}')


def test_the_notice_of_a_save_kept_in_place_goes_once_a_save_works() -> None:
    from pasur_web.model import actions as act
    from pasur_web.model.storage import Loaded
    from pasur_web.model.update import update

    state, _ = update(_page(), act.Started(Loaded(None, "the saved match is not JSON", None), today="2026-12-06"))
    assert [n.words[0] for n in state.notices] == ["notice_unreadable_save_kept"]
    state, _ = update(state, act.Saved(STATS_KEY, None))  # another key's write says nothing of it
    assert [n.words[0] for n in state.notices] == ["notice_unreadable_save_kept"]
    state, _ = update(state, act.Saved(MATCH_KEY, "quota"))
    assert [n.words[0] for n in state.notices] == ["notice_unreadable_save_kept"]
    state, _ = update(state, act.Saved(MATCH_KEY, None))  # saved: the unreadable save was set aside first
    assert state.notices == ()
    from pasur_web.model.storage import SETTINGS_KEY
    from pasur_web.model.update import initial_state

    kept: tuple[str, dict[str, object]] = ("notice_set_aside_kept", {"what": ("set_aside_stats", {}),
                                                                     "reason": "not JSON", "name": STATS_KEY})
    state = initial_state(parse_params(""), {}, "en", set_aside=[kept])
    assert update(state, act.Saved(SETTINGS_KEY, None))[0].notices == state.notices
    assert update(state, act.Saved(STATS_KEY, None))[0].notices == ()
