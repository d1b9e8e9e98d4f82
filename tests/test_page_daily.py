"""The daily deal (model/daily.py, model/games.py, ?daily): the results kept on this device, what is
counted (the first attempt at today's or yesterday's deal, without Hint or Undo), said from the
first move and on the result, the streak and the shared text; the daily link takes up the deal in
progress instead of starting it again as practice."""

from __future__ import annotations

import datetime
import json
from dataclasses import replace

import pytest
from test_page_review import board, play_until

from helpers import elements, found, game_of
from pasur import Rules
from pasur.daily import OPPONENT, daily_game, deal_points
from pasur_web.model import actions as act
from pasur_web.model import effects as fx
from pasur_web.model.daily import DailyBook
from pasur_web.model.match import Match, Phase
from pasur_web.model.params import parse_params
from pasur_web.model.savegame import Partly, match_from_json, match_to_json
from pasur_web.model.seats import Seat
from pasur_web.model.state import NoticeKind, State, View
from pasur_web.model.storage import Loaded
from pasur_web.model.update import initial_state, update
from pasur_web.screens.html import attrs_of, find, find_all, text_of
from pasur_web.screens.page import NOTHING_ANNOUNCED, page
from pasur_web.screens.settings import daily_section
from pasur_web.screens.setup import leave, setup_panel
from pasur_web.screens.sheet import sheet

DAY = "2026-12-01"
TODAY = "2026-12-02"


def test_a_daily_match_saves_its_date_and_its_opponent() -> None:
    match = Match.of(daily_game(datetime.date(2026, 12, 1)), (Seat("You", "human"), Seat("Sara", OPPONENT)),
                     daily=DAY, practice=True)
    again = match_from_json(match_to_json(match))
    assert (again.daily, again.practice, again.seats[1].kind) == (DAY, True, OPPONENT)
    again = again.play(game_of(again).legal_moves()[0])
    assert again.undo_point() == 0  # practice: Undo as in any game against the computer
    assert replace(again, practice=False).undo_point() is None  # the counted attempt: no Undo
    data = json.loads(match_to_json(match))
    data["daily"] = "2026-02-30"
    with pytest.raises(ValueError, match="daily date"):
        match_from_json(json.dumps(data))
    data["daily"], data["seats"][1][1] = DAY, "hard:0"
    with pytest.raises(ValueError, match="seat 1"):
        match_from_json(json.dumps(data))


def test_daily_parameter() -> None:
    assert parse_params(f"?daily={DAY}").daily == DAY and parse_params(f"?daily={DAY}").start_now
    assert parse_params("?daily").daily == "" and parse_params("?daily=").start_now
    bad = parse_params("?daily=tomorrow")  # not a date: today's deal, with a notice
    assert bad.daily == "" and bad.start_now and bad.notices[0].reason == "reason_daily"
    assert bad.notices[0].default == "today"


def test_daily_book_counts_one_attempt_a_day_and_the_streak() -> None:
    today = datetime.date(2026, 11, 29)
    book, practice = DailyBook().begin("2026-11-29", today)
    assert not practice and book.begin("2026-11-29", today)[1]  # the second attempt is practice
    book = book.finish("2026-11-29", 12, None).with_computer("2026-11-29", 10)
    for day, mine in (("2026-11-30", 8), (DAY, 14)):
        book, practice = book.begin(day, datetime.date.fromisoformat(day))
        assert not practice
        book = book.finish(day, mine, 11)
    assert book.results() == [(DAY, 14, 11), ("2026-11-30", 8, 11), ("2026-11-29", 12, 10)]
    assert book.streak(datetime.date(2026, 12, 1)) == 3 and book.streak(datetime.date(2026, 12, 2)) == 3
    assert book.streak(datetime.date(2026, 12, 3)) == 0
    book, _ = book.begin("2026-12-02", datetime.date(2026, 12, 2))  # started, not finished: not played yet
    assert book.streak(datetime.date(2026, 12, 2)) == 3
    assert DailyBook.from_json(book.to_json()) == book
    with pytest.raises(Partly) as partly:  # set aside whole by the page, which says so, and the rest kept
        DailyBook.from_json('{"days": {"x": {}, "2026-12-01": {"player": "9"}, "2026-11-30": {"player": 8}}}')
    assert partly.value.value == DailyBook(days={"2026-11-30": {"player": 8}})
    assert "x, 2026-12-01" in str(partly.value)
    for bad in ("{", '{"days": {}, "computer": [1]}'):
        with pytest.raises(ValueError):
            DailyBook.from_json(bad)  # not readable at all: set aside by the page, which says so


def test_only_todays_or_yesterdays_deal_can_be_counted() -> None:
    today = datetime.date(2026, 12, 2)
    for day in ("0001-01-01", "2026-11-30", "2026-12-03", "9999-12-31"):
        assert DailyBook().begin(day, today) == (DailyBook(), True), day  # practice, and nothing kept
    for day in ("2026-12-01", "2026-12-02"):
        book, practice = DailyBook().begin(day, today)
        assert not practice and book.counting(day)


def test_the_daily_result_and_its_share_text() -> None:
    match = play_until(Match.of(daily_game(datetime.date(2026, 12, 1)), (Seat("You", "human"), Seat("Sara", "greedy")),
                                daily=DAY), Phase.MATCH_END)
    mine = deal_points(game_of(match))
    state = replace(board(match), daily=DailyBook({DAY: {"player": mine, "computer": 11}}, {DAY: 11}))
    shown = sheet(state)
    assert shown is not None
    assert text_of(found(find(shown[0], id="daily-compare"))) == (
        f"You made {mine}, the computer made 11 with your cards: {mine - 11:+d}")
    assert text_of(found(find(shown[0], id="daily-counted"))) == (
        "Counted: your first attempt at this deal, played without Hint or Undo.")
    # The result is how the player did against the computer's play of the same cards, not the match.
    panel = text_of(shown[0])
    assert "Match over" not in panel and "win the match" not in panel and "Winner" not in panel
    assert text_of(found(find(shown[0], tag="h2"))) == f"Daily deal of {DAY}"
    assert text_of(found(find(shown[0], id="daily-verdict"))) == (
        f"The computer made {11 - mine} points more with your cards." if mine < 11 else
        f"You beat the computer's play of your cards by {mine - 11} points." if mine > 12 else
        "You beat the computer's play of your cards by 1 point." if mine == 12 else
        "You made as many points as the computer did with your cards.")
    assert text_of(found(find(shown[0], id="daily-against"))) == (
        f"Your deal against Sara: {mine} to {deal_points(game_of(match), 1)}.")
    # The share text carries the link to that day's deal, so that a friend plays the same cards.
    _, effects = update(state, act.Press.SHARE)
    assert effects == [fx.Copy(f"Pasur daily deal {DAY}: {mine} points, {mine - 11:+d} against the computer"
                               f" (first attempt, no Hint or Undo)\nhttps://example.org/pasur/?daily={DAY}")]
    (copy,) = effects
    assert isinstance(copy, fx.Copy)
    copied, _ = update(state, act.Shared(True, copy.text))  # what was copied is shown under Share
    shown = sheet(copied)
    assert shown is not None and text_of(found(find(shown[0], id="daily-share-text"))) == copy.text
    practice = replace(state, match=replace(match, practice=True))
    _, effects = update(practice, act.Press.SHARE)
    assert effects == [fx.Copy(f"Pasur daily deal {DAY}: {mine} points, {mine - 11:+d} against the computer"
                               f" (practice)\nhttps://example.org/pasur/?daily={DAY}")]
    waiting = sheet(replace(state, daily=DailyBook({DAY: {"player": mine}})))
    assert waiting is not None and text_of(found(find(waiting[0], id="daily-verdict"))) == (
        "The computer is playing your cards…")
    shown = sheet(practice)
    assert shown is not None and attrs_of(found(find(shown[0], id="daily-counted")))["data-counted"] == "false"
    assert text_of(found(find(shown[0], id="daily-counted"))).startswith("Practice: this deal was already started")
    shown = sheet(replace(practice, daily=DailyBook({}, {DAY: 11})))  # a day that could not be counted
    assert shown is not None and text_of(found(find(shown[0], id="daily-counted"))).startswith(
        "Practice: only today's and yesterday's deals count")
    persian = sheet(replace(state, lang="fa"))
    assert persian is not None and "۱۱" in text_of(found(find(persian[0], id="daily-compare")))


def started(link: str, saved: Match | None, book: DailyBook | None = None) -> State:
    """The page started from ``link`` with ``saved`` in storage, on 2026-12-02."""
    state = initial_state(parse_params(link), {}, "en", daily=book)
    return update(state, act.Started(Loaded(saved), today=TODAY))[0]


def test_the_counted_attempt_has_no_hint_and_no_undo_and_says_so_from_the_start() -> None:
    state, _ = update(initial_state(parse_params(""), {}, "en"), act.StartDaily(TODAY))
    match = state.match
    assert match is not None and match.daily == TODAY and match.counted_daily
    assert [(notice.kind, notice.words[0]) for notice in state.notices] == [(NoticeKind.DAILY, "daily_counted_notice")]
    frame = page(state, datetime.date(2026, 12, 2), NOTHING_ANNOUNCED)
    assert dict(frame.parts["hint"][0])["hidden"] == "" and dict(frame.parts["undo"][0])["hidden"] == ""
    assert "Hint and Undo are off" in text_of(("div", (), frame.parts["notices"][1] or ()))
    persian = page(replace(state, lang="fa"), datetime.date(2026, 12, 2), NOTHING_ANNOUNCED).parts["notices"][1]
    assert [text_of(node) for node in find_all(("div", (), persian or ()), tag="bdi")] == [TODAY]  # left to right
    assert update(state, act.Press.HINT) == (state, [])  # no hint searched, whatever the page shows
    played, _ = update(state, act.PickCard(str(game_of(match).legal_moves()[0].card)))
    assert played.match is not None and played.match.undo_point() is None
    # Leaving it is asked with what another game would cost it.
    asked, _ = update(played, act.Press.NEW_GAME)
    panel = leave(asked)
    assert panel is not None and text_of(found(find(panel[0], id="daily-warning"))).startswith(
        f"This is your counted attempt at the daily deal of {TODAY}: once another game starts, it will not be counted")
    # A second attempt the same day is practice from its first move: said, and Hint and Undo are back.
    state, _ = update(state, act.StartDaily(TODAY))
    assert state.match is not None and state.match.practice
    assert [notice.words[0] for notice in state.notices] == ["daily_practice_notice"]
    frame = page(state, datetime.date(2026, 12, 2), NOTHING_ANNOUNCED)
    assert dict(frame.parts["hint"][0])["hidden"] is None
    goal = [node for node in elements(frame.parts["scoreboard"][1] or ()) if attrs_of(node).get("class") == "goal"]
    assert attrs_of(goal[0])["data-daily-attempt"] == "practice" and text_of(goal[0]).endswith("· practice")


def test_the_daily_link_takes_up_the_counted_attempt_in_progress() -> None:
    state, _ = update(initial_state(parse_params(""), {}, "en"), act.StartDaily(TODAY))
    assert state.match is not None
    match = state.match.play(game_of(state.match).legal_moves()[0])
    for link in ("?daily", f"?daily={TODAY}"):
        again = started(link, match, state.daily)
        assert again.view == View.GAME and again.match is match and again.match.counted_daily, link
        assert [notice.kind for notice in again.notices] == [NoticeKind.RESUMED, NoticeKind.DAILY]
    # Another day's link asks, and says which deal it starts and whether that one counts.
    asked = started(f"?daily={DAY}", match, state.daily)
    assert asked.view == View.SETUP and asked.asking is match
    question = setup_panel(asked, datetime.date(2026, 12, 2))[0]
    assert question is not None and "starts the daily deal of 2026-12-01: your first attempt, which counts" in text_of(
        question)
    assert text_of(found(find(question, id="start-linked"))) == "Start the daily deal"
    assert find(question, id="daily-warning") is not None  # this counted attempt would not count any more
    # A game that is not a daily deal: the link of today's deal, already started, would be practice.
    other = Match.start(2, Rules(), (Seat("You", "human"), Seat("Bo", "easy")), seed=3)
    asked = started("?daily", other, state.daily)
    question = setup_panel(asked, datetime.date(2026, 12, 2))[0]
    assert question is not None and f"starts the daily deal of {TODAY} as practice" in text_of(question)
    answered, _ = update(asked, act.AnswerLink(False, TODAY))
    assert answered.match is not None and answered.match.practice


def test_the_streak_and_the_history_say_what_was_counted() -> None:
    book = DailyBook({DAY: {"player": 12, "computer": 9}, TODAY: {"player": 8}}, {TODAY: 10})
    section = daily_section(board(new_game_match()).cat, book, datetime.date(2026, 12, 2))
    assert section is not None
    assert "2 daily deals counted · streak: 2 days" in text_of(section)
    assert "Only the first attempt at each day's deal counts, played without Hint or Undo" in text_of(section)


def new_game_match() -> Match:
    return Match.start(2, Rules(), (Seat("You", "human"), Seat("Bo", "easy")), seed=1)


def test_two_tabs_one_counted_attempt_and_no_result_lost() -> None:
    """A tab opened before another tab played today's deal reads the stored results again before it
    starts the deal (its attempt is practice), and what it stores is merged with what is stored."""
    from pasur_web.model.storage import DAILY_KEY

    first, _ = update(initial_state(parse_params(""), {}, "en"), act.StartDaily(TODAY))
    stored = first.daily.finish(TODAY, 14, None).to_json()  # its result, stored
    second = initial_state(parse_params(""), {}, "en")  # its book was read before: empty
    second, _ = update(second, act.Stored(DAILY_KEY, stored))  # read again as the daily deal starts
    second, effects = update(second, act.StartDaily(TODAY))
    assert second.match is not None and second.match.practice and not any(
        isinstance(effect, fx.Store) for effect in effects)
    assert second.daily.days[TODAY] == {"player": 14}
    first_result = DailyBook({TODAY: {"player": 14}})
    second_result = DailyBook({TODAY: {"player": 9, "computer": 11}})
    assert second_result.merged(first_result).days[TODAY] == {"player": 14, "computer": 11}  # never replaced


def test_the_move_that_ends_a_counted_daily_deal_stores_its_result_with_what_another_tab_stored() -> None:
    """update decides what is stored: the results stored now are read before the move (``reads_first``),
    merged into this tab's book, and the book written is that one; the runtime only writes it."""
    from helpers import play_until as played_until
    from pasur_web.model.storage import DAILY_KEY
    from pasur_web.model.update import Reads, reads_first

    seats = (Seat("You", "human"), Seat("Sara", "greedy"))
    last = played_until(Match.of(daily_game(datetime.date(2026, 12, 1)), seats, daily=DAY),
                        lambda m: sum(map(len, game_of(m).hands)) == 1 and not game_of(m).stock)
    state = replace(board(last), daily=DailyBook({DAY: {}}))  # this tab began the deal: no result yet
    game = game_of(last)
    move = game.legal_moves()[0]
    action: act.Action = (act.PlayCard(str(move.card)) if game.turn == 0 else
                          act.Computer(act.Step.PLAY, last.id, last.moves, str(move)))
    assert reads_first(state, action) == Reads(newer=True, key=DAILY_KEY)
    assert reads_first(replace(state, match=replace(last, practice=True)), action) == Reads(newer=True)
    assert reads_first(state, act.DuplicatePlayed(DAY, 11)) == Reads(key=DAILY_KEY)
    other_tab = DailyBook({"2026-11-30": {"player": 20, "computer": 9}}).to_json()  # stored since by another tab
    done, effects = update(state, act.Fresh(action, stored=act.Stored(DAILY_KEY, other_tab)))
    assert done.match is not None and done.match.over
    written = [effect for effect in effects if isinstance(effect, fx.Store) and effect.key == DAILY_KEY]
    assert len(written) == 1 and written[0].text is not None
    book = DailyBook.from_json(written[0].text)
    assert book.days["2026-11-30"] == {"player": 20, "computer": 9}  # the other tab's result is kept
    assert book.days[DAY] == {"player": deal_points(game_of(done.match))} and book == done.daily
