"""medium's evaluation (pasur.evaluation): the playouts' medium_option, on a Deal, picks exactly the
move the medium player picks from the seat's view."""

import random

import pytest

from pasur import Rules, new_game
from pasur.ai import MediumPlayer
from pasur.evaluation import medium_option
from pasur.search import option_of, sample_deal


@pytest.mark.parametrize("preset", ["seeds", "classic", "kids"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_medium_option_is_the_medium_players_move(preset: str, players: int) -> None:
    rng = random.Random(players)
    for seed in range(4):
        ending = {"target": 21} if seed % 2 else {"fixed_deals": 2}
        game = new_game(players, Rules.preset(preset, **ending), seed=seed)
        while game.turn is not None:
            view = game.view(game.turn)
            move = MediumPlayer(0).choose(view)
            # The hidden cards dealt at random: medium reads only what the seat sees.
            assert medium_option(sample_deal(view, rng)) == option_of(view, move)
            game.play(move)
