"""The search's fast deal (pasur.playout): the same rules, scores and medium choices as Game."""

import random

import pytest

from pasur import Card, Rules, new_game
from pasur.ai import MediumPlayer, option_of
from pasur.game import Game
from pasur.playout import Deal, medium_option

PRESETS = ["seeds", "classic", "kids"]


def _position(deal: Deal) -> tuple[object, ...]:
    return (deal.turn, deal.hands, deal.table, deal.stock, deal.surs)


def _game_position(game: Game) -> tuple[object, ...]:
    as_numbers = [[card.index for card in hand] for hand in game.hands]
    return (game.turn, as_numbers, [card.index for card in game.table], [card.index for card in game.stock],
            game.surs)


def _both_play(game: Game, choose_index: object) -> None:
    """Play one deal of ``game`` in both engines, the same option each time; compare all the way."""
    deal = Deal.of(game)
    deals = len(game.deal_results)
    while True:
        options = deal.options()
        assert options == [(card.index, mask) for card, mask in game.move_options()]
        card, mask = options[choose_index(game, deal, options)]  # type: ignore[operator]
        game.apply_option(Card.from_index(card), mask)
        ended = deal.apply(card, mask)
        assert ended == (len(game.deal_results) > deals)
        if ended:
            break
        assert _position(deal) == _game_position(game)
    totals = [entry["total"] for entry in game.deal_results[-1]]
    assert deal.totals() == totals
    for side in range(game.sides):
        expected = totals[side] - max(total for other, total in enumerate(totals) if other != side)
        if game.over and game.winner is not None:  # this deal won the match for one side
            expected += 25 if game.winner == side else -25
        assert deal.outcome(side) == expected


def _match(players: int, preset: str, seed: int, choose_index: object) -> None:
    """A whole match, every deal played in both engines: to 21 points, or of two deals (in both, the
    last deal decides the match and the outcome counts the win)."""
    ending = {"target": 21} if seed % 2 else {"fixed_deals": 2}
    game = new_game(players, Rules.preset(preset, **ending), seed=seed)
    while not game.over:
        _both_play(game, choose_index)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_deals_match_the_game(preset: str, players: int) -> None:
    rng = random.Random(players)
    for seed in range(8):
        _match(players, preset, seed, lambda game, deal, options: rng.randrange(len(options)))


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_medium_option_is_the_medium_players_move(preset: str, players: int) -> None:
    def medium(game: Game, deal: Deal, options: list[tuple[int, int]]) -> int:
        view = game.view(game.turn or 0)
        chosen = medium_option(deal)
        assert chosen == option_of(view, MediumPlayer(0).choose(view))
        return options.index(chosen)

    for seed in range(4):
        _match(players, preset, seed, medium)
