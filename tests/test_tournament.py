"""Duplicate-deal tournaments (pasur.tournament)."""

import pytest

from pasur import Rules
from pasur.tournament import seatings, tournament, wilson


def test_wilson_interval_by_hand() -> None:
    # p = 0.5, n = 100: centre 0.5, half-width 1.96 * sqrt(0.0025 + 0.000096) / 1.0384 = 0.0962.
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)


def test_tournament_summary() -> None:
    result = tournament("medium", "random", 12, players=2, seed=3)
    assert result["games"] == 24 and result["a_wins"] + result["a_losses"] + result["ties"] == 24
    assert result["a_win_rate"] > 0.5
    low, high = result["a_win_rate_95"]
    assert low <= result["a_win_rate"] <= high
    teams = tournament("greedy", "random", 3, players=4, seed=1)
    assert teams["games"] == 6


def test_each_deal_is_played_once_per_seating() -> None:
    assert seatings(2, Rules()) == [[True, False], [False, True]]
    assert seatings(4, Rules()) == [[True, False, True, False], [False, True, False, True]]
    assert len(seatings(4, Rules(solo4=True))) == 4 and len(seatings(3, Rules())) == 3
