"""Seeded matches between computer players (pasur.simulate)."""

import pytest

from pasur import Rules, new_game
from pasur.players import make_player, player_seed
from pasur.simulate import play_match, simulate


@pytest.mark.parametrize("preset", ["seeds", "classic", "kids"])
@pytest.mark.parametrize("name", ["random", "greedy"])
def test_players_always_play_legal_moves(preset: str, name: str) -> None:
    for players in (2, 3, 4):
        game = new_game(players, Rules.preset(preset, target=21), seed=players)
        seats = [make_player(name, seat) for seat in range(players)]
        play_match(game, seats)  # play() raises on any illegal move
        assert game.over


def test_simulate_summary() -> None:
    result = simulate(["greedy", "random"], 20, 2, Rules(target=31), seed=4)
    assert result["games"] == 20 and sum(result["wins"]) + result["draws"] == 20
    assert result["wins"][0] > result["wins"][1]
    assert len(result["mean_points_per_deal"]) == 2
    assert result["deals"] >= 20
    assert result["sides"] == ["0:greedy", "1:random"]


def test_simulate_is_the_matches_it_describes() -> None:
    # Game i is seeded seed + i and each seat's player player_seed(seed + i, seat).
    result = simulate(["easy", "random", "medium"], 2, 3, Rules(target=11), seed=9)
    wins = [0, 0, 0]
    for number in range(2):
        game = new_game(3, Rules(target=11), seed=9 + number)
        play_match(game, [make_player(name, player_seed(9 + number, seat))
                          for seat, name in enumerate(["easy", "random", "medium"])])
        if game.winner is not None:
            wins[game.winner] += 1
    assert result["wins"] == wins
    teams = simulate(["greedy"], 1, 4, Rules(target=11), seed=1)
    assert teams["sides"] == ["0:greedy+2:greedy", "1:greedy+3:greedy"]


@pytest.mark.parametrize(("games", "names"), [(0, ["random"]), (1, [])])
def test_simulate_refuses_nothing_to_play(games: int, names: list[str]) -> None:
    with pytest.raises(ValueError):
        simulate(names, games)
