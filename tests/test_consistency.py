"""Many seeded random matches of every player count and preset: invariants always hold."""

import random

import pytest

from pasur import Game, Rules, new_game
from pasur.cards import FULL_DECK

CONFIGS = [
    (players, preset, extra)
    for players in (2, 3, 4)
    for preset in ("seeds", "classic", "kids")
    for extra in ({}, {"jack_wild": False, "seven_diamonds_bonus": True})
] + [(4, "seeds", {"solo4": True}), (4, "classic", {"solo4": True, "fixed_deals": 2})]


def all_cards(game: Game) -> list[str]:
    found = [c for hand in game.hands for c in hand] + list(game.table) + list(game.stock)
    found += [c for pile in game.piles for c in pile]
    return sorted(str(c) for c in found)


EVERY_CARD = sorted(str(c) for c in FULL_DECK)


@pytest.mark.parametrize(("players", "preset", "extra"), CONFIGS)
def test_random_matches_keep_every_invariant(players: int, preset: str, extra: dict[str, object]) -> None:
    rules = Rules.preset(preset, target=31, **extra)
    for seed in range(4):
        game = new_game(players, rules, seed=seed)
        twin = new_game(players, rules, seed=seed)
        rng = random.Random(seed)
        restored: Game | None = None
        moves = 0
        while game.turn is not None:
            assert all_cards(game) == EVERY_CARD
            legal = game.legal_moves()
            assert legal, "no legal move while the match is on"
            assert len({str(m) for m in legal}) == len(legal)
            move = rng.choice(legal)
            game.play(move)
            twin.play(str(move))
            if restored is not None:
                restored.play(str(move))
            moves += 1
            if moves == 37:
                restored = Game.from_json(game.to_json())
        assert game.legal_moves() == []
        assert restored is not None and restored.to_json() == game.to_json()
        assert twin.to_json() == game.to_json()
        for deal, surs in zip(game.deal_results, game.deal_surs, strict=True):
            for entry in deal:
                assert sum(v for k, v in entry.items() if k != "total") == entry["total"]
            base = sum(e["total"] - e["surs"] - e["seven_diamonds"] for e in deal)
            clubs_won = any(e["clubs"] for e in deal)
            assert base == (20 if clubs_won else 13)
            assert len(surs) == game.sides
        assert game.scores == [sum(d[s]["total"] for d in game.deal_results) for s in range(game.sides)]


def test_same_seed_same_game_different_seed_different_game() -> None:
    a, b, c = new_game(2, seed=5), new_game(2, seed=5), new_game(2, seed=6)
    assert a.to_json() == b.to_json()
    assert a.hands != c.hands or a.table != c.table
