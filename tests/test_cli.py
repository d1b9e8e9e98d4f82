"""The command line (pasur.cli, python -m pasur): simulate, tournament and bench, and their errors."""

import json
import subprocess
import sys

import pytest

from pasur.cli import main


def test_cli_simulate_and_bench(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "3", "--players", "4", "--preset", "classic",
                 "--set", "solo4=on", "--target", "21"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 3 and len(result["wins"]) == 4 and result["rules"]["solo4"] is True
    assert main(["bench", "--seconds", "0.05"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert set(figures) >= {"random_deals_per_second_public_api", "random_deals_per_second_plain_engine",
                            "public_api_over_plain_engine", "random_deals_per_second", "legal_move_queries_per_second"}
    assert all(value > 0 for value in figures.values())


def test_cli_takes_players_from_the_registry(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", "--seats", "hard:2,easy", "--fixed-deals", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["sides"] == ["0:hard:2", "1:easy"]
    assert main(["tournament", "--a", "medium", "--b", "random", "--deals", "2"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 4


@pytest.mark.parametrize(
    "args", [["simulate", "--seats", "nobody"], ["simulate", "--seats", "hard:0"], ["simulate", "--set", "x=1"],
             ["simulate", "--games", "0"], ["simulate", "--target", "0"], ["bench", "--seconds", "-1"],
             ["tournament", "--a", "deep", "--b", "random"]],
)
def test_cli_errors(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    assert "error:" in capsys.readouterr().err


def test_module_entry_point() -> None:
    done = subprocess.run([sys.executable, "-m", "pasur", "simulate", "--games", "2"],
                          capture_output=True, text=True, check=True)
    assert json.loads(done.stdout)["games"] == 2
