"""A seat's view (pasur.view, Game.view) shows its own hand and public information only."""

import dataclasses

import pytest

from helpers import play_randomly, scenario
from pasur import new_game


def test_view_has_own_hand_and_public_state_only() -> None:
    game = new_game(3, seed=9)
    play_randomly(game, 9, until=20)
    view = game.view(1)
    assert list(view.hand) == game.hands[1]
    assert view.hand_sizes == tuple(len(h) for h in game.hands)
    assert view.stock_size == game.stock_size and list(view.table) == game.table
    others = {c for seat in (0, 2) for c in game.hands[seat]} | set(game.stock)
    assert set(view.unseen()) == others
    # Nothing in the view's fields is another seat's hand or the stock.
    for field in dataclasses.fields(view):
        value = getattr(view, field.name)
        assert value is not game and not isinstance(value, list | dict)  # copies, not the game's own state
    for card in others:
        assert card not in view.hand and card not in view.table
        assert all(card not in pile for pile in view.piles)


def test_views_are_the_same_when_only_hidden_cards_differ() -> None:
    # Seat 0 holds the same cards and sees the same table; seat 1's hand and the stock differ.
    a = scenario(["7C KC 8H 2D", "3D 5D 6D 9D"], "4S 4H 2H 2S", stock="AS 2C 3C")
    b = scenario(["7C KC 8H 2D", "AS 2C 3C 9D"], "4S 4H 2H 2S", stock="3D 5D 6D")
    assert a.hands[1] != b.hands[1]
    assert a.view(0) == b.view(0)
    assert a.view(1) != b.view(1)


def test_view_counts_the_moves_and_names_the_side() -> None:
    game = new_game(4, seed=2)
    play_randomly(game, 2, until=30)
    view = game.view(3)
    assert view.moves_played == len(game.history) == 30
    assert list(view.deal_moves) == [r for r in game.history if r.deal == game.deal_number]
    assert view.side == 1 and [view.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]


def test_bad_seat() -> None:
    with pytest.raises(ValueError, match=r"seat must be 0\.\.1"):
        new_game(2, seed=1).view(2)


def test_legal_moves_only_on_own_turn() -> None:
    game = new_game(2, seed=1)
    assert game.view(0).legal_moves() == game.legal_moves()
    assert game.view(1).legal_moves() == []
