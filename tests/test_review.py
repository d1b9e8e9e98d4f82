"""The move review (pasur.review): known best moves in hand-built positions, honest losses, no hidden
card read, reproducible, and the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import scenario
from pasur import Game, Move, Rules, new_game
from pasur.cli import main
from pasur.players import make_player
from pasur.review import BLUNDER, INACCURACY, MISTAKE, DealReview, MoveReview, reason_text, review_position, verdict_for


def reviewed(game: Game, played: str, worlds: int = 40) -> MoveReview:
    steps = list(review_position(game.view(game.turn or 0), Move.parse(played), worlds))
    entry = steps[-1]
    assert isinstance(entry, MoveReview) and all(step is None for step in steps[:-1])
    return entry


def sur_position() -> Game:
    # 5S takes the whole table (5 + 1 + 1 + 2 + 2 = 11): a sur, worth 5 points and the cards.
    return scenario(["5S KC 2D 9H", "3D 4D 6D 8D"], "AH AS 2H 2S")


def test_a_missed_sur_is_a_blunder() -> None:
    entry = reviewed(sur_position(), "KC")
    assert str(entry.best) == "5S:AH,AS,2H,2S"
    assert entry.loss >= BLUNDER and entry.verdict == "blunder" and not entry.about_equal
    assert entry.reason == ("missed_sur", {"best": "5♠"})
    assert reason_text(entry.reason) == "5♠ was a sur"


def test_the_best_move_loses_nothing() -> None:
    entry = reviewed(sur_position(), "5S:AH,AS,2H,2S")
    assert entry.best == entry.played and entry.loss == 0 and entry.error == 0
    assert entry.verdict == "good" and entry.reason is None


def test_a_capture_that_gives_up_the_ten_of_diamonds() -> None:
    # AC takes 10D (1 + 10); 8S takes 3H (8 + 3) and leaves the 10D to the next Ace or Jack.
    game = scenario(["AC 8S QH 4H", "3D 5D 6D 9D"], "10D 3H 5C KS")
    entry = reviewed(game, "8S:3H")
    assert str(entry.best) == "AC:10D"
    assert entry.loss >= MISTAKE and entry.verdict in ("mistake", "blunder")
    assert entry.reason == ("gives_up", {"card": "10♦"})
    assert reviewed(game, "AC:10D").loss == 0


def test_a_forced_move_is_good() -> None:
    game = new_game(2, Rules(fixed_deals=1), seed=5)
    while not (game.turn == 0 and len(game.legal_moves()) == 1):
        play_out(game, until=len(game.history) + 1)
    (move,) = game.legal_moves()
    entry = reviewed(game, str(move))
    assert entry.best == move and entry.loss == 0 and entry.reason == ("only_move", {})


@pytest.mark.parametrize(("loss", "error", "verdict", "equal"), [
    (0.0, 0.0, "good", False), (0.5, 0.1, "good", False), (INACCURACY, 0.1, "inaccuracy", False),
    (MISTAKE, 0.5, "mistake", False), (BLUNDER, 1.0, "blunder", False), (BLUNDER, 3.0, "good", True),
])
def test_verdict_thresholds(loss: float, error: float, verdict: str, equal: bool) -> None:
    assert verdict_for(loss, error) == (verdict, equal)


def play_out(game: Game, until: int | None = None) -> None:
    players = [make_player("greedy", 1), make_player("medium", 2)]
    while game.turn is not None and (until is None or len(game.history) < until):
        game.play(players[game.turn].choose(game.view(game.turn)))


def test_the_review_never_reads_hidden_cards() -> None:
    # Seat 0 sees the same things in both games: the cards it cannot see are dealt otherwise.
    hands = ["7C KC 8H 2D", "3D 5D 6D 9D"]
    a = scenario(hands, "4S 4H 2H 2S", stock="AS 2C 3C 10D JH")
    play_out(a, until=11)  # into the second round
    unseen = a.view(0).unseen()
    assert a.stacked_deck is not None
    deck = list(a.stacked_deck)
    positions = [index for index, card in enumerate(deck) if card in unseen]
    for index, card in zip(positions, reversed([deck[index] for index in positions]), strict=True):
        deck[index] = card
    b = new_game(2, Rules(), seed=1, deck=deck)
    for record in a.history:
        b.play(record.move)
    assert a.view(0) == b.view(0) and a.hands[1] != b.hands[1]
    review_a, review_b = DealReview(a, 0, worlds=12), DealReview(b, 0, worlds=12)
    assert review_a.run() == review_b.run()
    assert len(review_a.entries) == 6  # seat 0 has played 6 moves


def test_a_deal_review_is_reproducible_and_complete() -> None:
    game = new_game(2, Rules(fixed_deals=1), seed=11)
    play_out(game)
    review = DealReview(game, 1, worlds=6)
    steps = 0
    for _ in review:
        steps += 1
    assert review.done and steps > len(review.entries)
    assert [entry.played for entry in review.entries] == [r.move for r in game.history if r.seat == 1]
    assert [entry.number for entry in review.entries] == list(range(1, 25))
    for entry in review.entries:
        assert entry.best in legal_from(entry)
        assert entry.loss >= 0 and (entry.loss == 0) == (entry.best == entry.played)
        assert MoveReview.from_dict(json.loads(json.dumps(entry.to_dict()))) == entry
    assert DealReview(game, 1, worlds=6).run() == review.entries
    last_round = [entry for entry in review.entries if entry.round == 6]
    assert last_round and all(entry.exact and entry.error == 0 for entry in last_round)


def legal_from(entry: MoveReview) -> list[Move]:
    from pasur.moves import legal_moves_for

    return legal_moves_for(entry.hand, entry.table, Rules())


def test_bad_review_data_is_refused() -> None:
    with pytest.raises(ValueError, match="not a move review entry"):
        MoveReview.from_dict({"number": 1})
    with pytest.raises(ValueError, match="seat must be"):
        DealReview(new_game(2, seed=1), 2)


def test_cli_review(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = new_game(2, Rules(), seed=21)
    while len(game.deal_results) < 1:
        play_out(game, until=len(game.history) + 1)
    engine_save = tmp_path / "game.json"
    engine_save.write_text(game.to_json())
    assert main(["review", str(engine_save), "--worlds", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("seat 0, deal 1: 24 moves") and len(lines) == 25
    page_save = tmp_path / "match.json"  # the page's save holds the game, and seat 1 is the human
    page_save.write_text(json.dumps({"game": game.to_json(), "seats": [["Computer", "hard"], ["Ana", "human"]]}))
    assert main(["review", str(page_save), "--worlds", "4", "--deal", "1"]) == 0
    assert capsys.readouterr().out.startswith("seat 1, deal 1: 24 moves")
    for args in (["review", str(tmp_path / "none.json")], ["review", str(engine_save), "--deal", "7"],
                 ["review", str(engine_save), "--worlds", "0"]):
        assert main(args) == 2
        assert "error:" in capsys.readouterr().err


def _points_after(game: Game, side: int) -> float:
    """Exact minimax over Game objects: ``side``'s deal points minus the other's, with no match bonus."""
    if game.deal_results:
        totals = [entry["total"] for entry in game.deal_results[-1]]
        return float(totals[side] - totals[1 - side])
    values = []
    for move in game.legal_moves():
        child = game.copy()
        child.play(move)
        values.append(_points_after(child, side))
    return max(values) if game.side_of(game.turn or 0) == side else min(values)


def test_the_loss_is_in_points_even_when_the_deal_decides_the_match() -> None:
    # A one-deal match: its last round is solved exactly, and a move that gives the match away must
    # cost the points it costs, not the 25 more that hard's search adds for deciding the match.
    for seed in range(40):
        game = new_game(2, Rules(fixed_deals=1), seed=seed)
        play_out(game, until=44)
        if game.turn != 0 or len(game.legal_moves()) < 2:
            continue
        values = {}
        for move in game.legal_moves():
            child = game.copy()
            child.play(move)
            values[move] = _points_after(child, 0)
        if max(values.values()) > 0 >= min(values.values()):  # some move wins the match, another does not
            break
    else:
        pytest.fail("no one-deal position where the choice decides the match")
    best = max(values.values())
    for move, value in values.items():
        entry = reviewed(game, str(move))
        assert entry.loss == pytest.approx(best - value), move
