"""The random and greedy players, simulations, and the command line."""

import json
import subprocess
import sys

import pytest

from helpers import scenario
from pasur import Rules, new_game
from pasur.cli import main
from pasur.players import GreedyPlayer, make_player
from pasur.simulate import play_match, simulate


def test_greedy_takes_the_most_points_now() -> None:
    # 9S takes 2H (0 points) ... 10C takes AS (1 point): greedy plays 10C:AS.
    game = scenario(["9S 10C 8H KD", "3D 5D 6D 9D"], "AS 2H 3S 4C")
    assert str(GreedyPlayer(1).choose(game.view(0))) == "10C:AS"
    # A sur is worth 5: JC sweeps the table.
    game = scenario(["9S 10C JC KD", "3D 5D 6D 9D"], "AS 2H 3S 4C")
    assert str(GreedyPlayer(1).choose(game.view(0))) == "JC:AS,2H,3S,4C"


@pytest.mark.parametrize("preset", ["seeds", "classic", "kids"])
@pytest.mark.parametrize("name", ["random", "greedy"])
def test_players_always_play_legal_moves(preset: str, name: str) -> None:
    for players in (2, 3, 4):
        game = new_game(players, Rules.preset(preset, target=21), seed=players)
        seats = [make_player(name, seat) for seat in range(players)]
        play_match(game, seats)  # play() raises on any illegal move
        assert game.over


def test_unknown_player() -> None:
    with pytest.raises(ValueError, match="unknown player 'deep'"):
        make_player("deep")


def test_simulate_summary() -> None:
    result = simulate(["greedy", "random"], 20, 2, Rules(target=31), seed=4)
    assert result["games"] == 20 and sum(result["wins"]) + result["draws"] == 20
    assert result["wins"][0] > result["wins"][1]
    assert len(result["mean_points_per_deal"]) == 2
    assert result["deals"] >= 20


def test_cli_simulate_and_bench(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "3", "--players", "4", "--preset", "classic",
                 "--set", "solo4=on", "--target", "21"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 3 and len(result["wins"]) == 4 and result["rules"]["solo4"] is True
    assert main(["bench", "--seconds", "0.05"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert set(figures) >= {"random_deals_per_second", "legal_move_queries_per_second"}
    assert all(value > 0 for value in figures.values())


@pytest.mark.parametrize(
    "args", [["simulate", "--seats", "nobody"], ["simulate", "--set", "x=1"], ["simulate", "--games", "0"],
             ["simulate", "--target", "0"], ["bench", "--seconds", "-1"]],
)
def test_cli_errors(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    assert "error:" in capsys.readouterr().err


def test_module_entry_point() -> None:
    done = subprocess.run([sys.executable, "-m", "pasur", "simulate", "--games", "2"],
                          capture_output=True, text=True, check=True)
    assert json.loads(done.stdout)["games"] == 2
