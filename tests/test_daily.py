"""The daily deal (pasur.daily): derived from the date alone, different every day, and a duplicate
result that is the same on every run."""

from __future__ import annotations

import datetime
import hashlib

import pytest

from pasur import new_game
from pasur.cli import main
from pasur.daily import (
    DAILY_RULES,
    Duplicate,
    comparison_text,
    daily_deck,
    daily_game,
    daily_seed,
    deal_points,
    parse_day,
    share_text,
)
from pasur.players import make_player, player_seed

DAY = datetime.date(2026, 12, 1)


def test_the_seed_is_a_hash_of_the_date_alone() -> None:
    digest = hashlib.sha256(b"pasur-daily-2026-12-01").digest()
    assert daily_seed(DAY) == int.from_bytes(digest[:8], "big") % 2**53 == 2648919104675481  # by sha256sum
    assert daily_game(DAY).seed == daily_seed(DAY)


def test_the_cards_come_from_a_deck_no_seed_of_a_custom_game_deals() -> None:
    deck = daily_deck(DAY)
    assert sorted(map(str, deck)) == sorted(map(str, daily_deck(DAY))) and len(set(deck)) == 52
    game = daily_game(DAY)
    assert [str(card) for card in game.hands[0]] == [str(card) for card in deck[:4]]  # dealt from the deck
    for players in (2, 3, 4):  # ?players=N&seed=<the day's seed> deals other cards
        custom = new_game(players, seed=daily_seed(DAY))
        assert custom.hands[0] != game.hands[0] and custom.table != game.table


def test_the_same_deal_every_run_and_another_each_day() -> None:
    first, again = daily_game(DAY), daily_game(parse_day("2026-12-01"))
    assert first.to_json() == again.to_json()
    assert (first.players, first.turn, first.rules) == (2, 0, DAILY_RULES)
    assert DAILY_RULES.fixed_deals == 1 and DAILY_RULES.target == 62
    days = [daily_game(DAY + datetime.timedelta(days=n)) for n in range(5)]
    assert len({(tuple(g.hands[0]), tuple(g.table)) for g in days}) == 5


@pytest.mark.parametrize("text", ["2026-1-01", "2026-13-01", "20261201", "", "2026-12-01x"])
def test_bad_dates(text: str) -> None:
    with pytest.raises(ValueError):
        parse_day(text)


def test_duplicate_is_reproducible_with_the_players_cards() -> None:
    first = Duplicate(DAY, "hard:8")
    assert first.game.hands == daily_game(DAY).hands and first.game.table == daily_game(DAY).table
    points = first.computer_points()
    again = Duplicate(DAY, "hard:8")
    assert again.computer_points() == points and first.done
    assert [r.move for r in again.game.history] == [r.move for r in first.game.history]
    # The opponent is the same player in both deals: the page's seat 1, made from the game's seed.
    game = daily_game(DAY)
    seats = [make_player("hard:8", player_seed(game.seed, seat)) for seat in range(2)]
    while game.turn is not None:
        game.play(seats[game.turn].choose(game.view(game.turn)))
    assert game.to_json() == first.game.to_json() and deal_points(game) == points


def test_texts() -> None:
    assert comparison_text(14, 11) == "You made 14, the computer made 11 with your cards: +3"
    assert comparison_text(9, 12).endswith(": -3")
    text = share_text(DAY, 14, 11)
    assert text == "Pasur daily 2026-12-01: 14 points, +3 against the computer"
    assert "practice" in share_text(DAY, 1, 1, practice=True)


def test_cli_daily(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["daily", "--date", "2026-12-01"]) == 0
    out = capsys.readouterr().out
    game = daily_game(DAY)
    assert " ".join(map(str, game.hands[0])) in out and "with your cards" in out
    assert main(["daily", "--date", "2026-02-30"]) == 2
    assert "not a date" in capsys.readouterr().err
