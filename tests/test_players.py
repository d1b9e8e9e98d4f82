"""The registry of computer players (pasur.players), and decisions a reload cannot change."""

import pytest

from pasur import Game, Rules, new_game
from pasur.ai import EasyPlayer, HardPlayer, MediumPlayer, RandomPlayer
from pasur.players import PLAYER_NAMES, GreedyPlayer, make_player, player_seed

LEVELS = ["random", "easy", "greedy", "medium", "hard"]


def test_every_level_by_name() -> None:
    assert list(PLAYER_NAMES) == LEVELS
    kinds = [RandomPlayer, EasyPlayer, GreedyPlayer, MediumPlayer, HardPlayer]
    for name, kind in zip(LEVELS, kinds, strict=True):
        player = make_player(name, 5)
        assert type(player) is kind and player.name == name
    hard = make_player("hard:40", 5)
    assert isinstance(hard, HardPlayer) and hard.iterations == 40
    hard = make_player("hard")
    assert isinstance(hard, HardPlayer) and hard.iterations == 240


@pytest.mark.parametrize(
    ("name", "message"),
    [("deep", "unknown player 'deep'"), ("hard:0", "hard:N"), ("hard:x", "hard:N"), ("hard:100001", "hard:N"),
     ("hard:\u0663", "hard:N"), ("medium:3", "unknown player"), (None, "unknown player"),
     ("x" * 1000, "unknown player 'xxxx")],
)
def test_unknown_players(name: str, message: str) -> None:
    with pytest.raises(ValueError, match=message) as caught:
        make_player(name)
    assert len(str(caught.value)) < 200


def test_player_seeds_are_hashes_of_the_game_seed_and_the_seat() -> None:
    seeds = {player_seed(game_seed, seat) for game_seed in range(50) for seat in range(4)}
    assert len(seeds) == 200 and all(0 <= seed < 2**53 for seed in seeds)
    assert player_seed(7, 1) == player_seed(7, 1) and player_seed(7, 1) not in (7, 8, 7 * 8 + 1)


def _play(kind: str, players: int, rules: Rules, seed: int, reload: bool) -> str:
    """A whole match, seat 0 played by ``greedy`` (standing in for a person) and the other seats by
    ``kind``. With ``reload`` the game is saved and loaded and every computer player made afresh
    before each computer move, as a page reloaded at that moment does."""
    game = new_game(players, rules, seed=seed)
    kept = {seat: make_player(kind, player_seed(game.seed, seat)) for seat in range(1, players)}
    person = make_player("greedy", 0)
    while game.turn is not None:
        seat = game.turn
        if seat == 0:
            game.play(person.choose(game.view(0)))
            continue
        if reload:
            game = Game.from_json(game.to_json())
            player = make_player(kind, player_seed(game.seed, seat))
        else:
            player = kept[seat]
        game.play(player.choose(game.view(seat)))
    return game.to_json()


@pytest.mark.parametrize("kind", ["random", "easy", "greedy", "medium"])
@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 4), (4, 5)])
def test_a_reload_before_any_computer_move_changes_nothing(kind: str, players: int, seed: int) -> None:
    rules = Rules(target=21)
    assert _play(kind, players, rules, seed, reload=True) == _play(kind, players, rules, seed, reload=False)


@pytest.mark.parametrize(("players", "seed"), [(2, 6), (3, 7)])
def test_a_reload_before_any_hard_move_changes_nothing(players: int, seed: int) -> None:
    # hard:30 searches like the page's hard (240 playouts a move, no time limit), in less time;
    # with two players the last round is solved exactly, a path of its own.
    rules = Rules(fixed_deals=1)
    assert _play("hard:30", players, rules, seed, reload=True) == _play("hard:30", players, rules, seed, reload=False)


def test_choices_differ_between_positions_and_seeds() -> None:
    # The generator of a decision changes with the move number and with the player's seed.
    game = new_game(2, seed=11)
    view = game.view(0)
    picks = {str(make_player("random", seed).choose(view)) for seed in range(40)}
    assert len(picks) > 1
    player = make_player("random", 3)
    assert str(player.choose(view)) == str(make_player("random", 3).choose(view))
