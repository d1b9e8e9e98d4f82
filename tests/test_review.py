"""The move review (pasur.review): known best moves in hand-built positions, honest losses, no hidden
card read, reproducible, and the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import cards, scenario
from pasur import Game, Move, Rules, new_game
from pasur.cards import FULL_DECK
from pasur.cli import main
from pasur.grades import BLUNDER, INACCURACY, MISTAKE, WORSE, grade_for, reason_from, reason_text, why_worse
from pasur.players import make_player
from pasur.review import DealReview, MoveReview, Option, key_moments, points_lost, review_position


def reviewed(game: Game, played: str, worlds: int = 40) -> MoveReview:
    steps = list(review_position(game.view(game.turn or 0), Move.parse(played), worlds))
    entry = steps[-1]
    assert isinstance(entry, MoveReview) and all(step is None for step in steps[:-1])
    return entry


def sur_position() -> Game:
    # 5S takes the whole table (5 + 1 + 1 + 2 + 2 = 11): a sur, worth 5 points and the cards.
    return scenario(["5S KC 2D 9H", "3D 4D 6D 8D"], "AH AS 2H 2S")


def test_a_missed_sur_is_a_blunder_and_names_the_sur() -> None:
    entry = reviewed(sur_position(), "KC")
    assert str(entry.best) == "5S:AH,AS,2H,2S" and entry.better == entry.best
    assert entry.loss >= BLUNDER and entry.grade == "blunder" and entry.lost == entry.loss
    assert entry.reason == ("missed_sur", {"best": "5♠"})
    assert reason_text(entry.reason) == "5♠ was a sur (5 points)"


def test_the_best_move_loses_nothing_and_names_nothing() -> None:
    entry = reviewed(sur_position(), "5S:AH,AS,2H,2S")
    assert entry.best == entry.played and entry.loss == 0 and entry.error == 0
    assert entry.grade == "best" and entry.better is None and entry.reason is None and entry.confidence is None


def test_a_capture_that_gives_up_the_ten_of_diamonds() -> None:
    # AC takes 10D (1 + 10); 8S takes 3H (8 + 3) and leaves the 10D to the next Ace or Jack.
    game = scenario(["AC 8S QH 4H", "3D 5D 6D 9D"], "10D 3H 5C KS")
    entry = reviewed(game, "8S:3H")
    assert str(entry.better) == "AC:10D"
    assert entry.loss >= MISTAKE and entry.grade in ("mistake", "blunder")
    # Said from the lines the search found: in them, the next player takes the 10♦ left on the table.
    assert entry.reason == ("leaves_card", {"card": "10♦", "player": "1"})
    assert reason_text(entry.reason) == "leaves the 10♦ for seat 1"
    assert reason_text(("sur_next", {"player": "1", "rank": "J"})) == (
        "seat 1 then sweeps the table with a jack: a sur, 5 points")
    assert reviewed(game, "AC:10D").grade == "best"


def test_laying_the_two_of_clubs_before_a_nine_gives_it_away() -> None:
    # Nothing captures on K Q: every card is laid. The 2C (2 points) laid is taken by the next 9;
    # the other cards are worth nothing, and laying one of them is best or good: no better move named.
    game = scenario(["2C 3D 4H 5S", "6D 8D 9D 10H"], "KS QD")
    entry = reviewed(game, "2C")
    assert entry.grade in WORSE and entry.better is not None and entry.better.card != entry.played.card
    assert entry.reason == ("gives_up", {"card": "2♣"})
    for option in entry.options:
        grade = entry.grade_of(option.move)
        assert (grade in WORSE) == (option.reason is not None), option
        if option.move != entry.played and grade not in WORSE:
            assert reviewed(game, str(option.move)).better is None


def test_a_move_that_leaves_a_sur_names_the_cards_left_and_the_rank_that_sweeps_them() -> None:
    # Queen takes Queen and leaves the 6♦ alone, which any 5 (5 + 6 = 11) takes for a sur; laying
    # the 2♥ leaves 6♦ Q♥ 2♥, which no card takes whole.
    hands, table = [cards("2H QS 8C"), cards("3D 4D 9D")], cards("6D QH")
    stock = [card for card in FULL_DECK if card not in {*hands[0], *hands[1], *table}]
    game = Game.from_position(2, Rules(), hands, table, stock, [[], []], [0, 0], [0, 0], 0, 0, 2, None)
    reason = why_worse(game.view(0), Move.parse("QS:QH"), Move.parse("2H"))
    assert reason == ("leaves_sur_cards", {"cards": "6♦", "rank": "5"})
    assert reason_text(reason) == "leaves 6♦ on the table: a 5 would sweep it, a sur for the next player"
    assert reason_from(["leaves_sur_cards", {"cards": "6♦ 6♠ A♥ 10♣", "rank": "10"}])[0] == "leaves_sur_cards"
    assert reason_from(["leaves_sur", {"sum": "12"}]) == ("leaves_sur", {"sum": "12"})  # as saved before

def test_a_forced_move_is_best() -> None:
    game = new_game(2, Rules(fixed_deals=1), seed=5)
    while not (game.turn == 0 and len(game.legal_moves()) == 1):
        play_out(game, until=len(game.history) + 1)
    (move,) = game.legal_moves()
    entry = reviewed(game, str(move))
    assert entry.best == move and entry.grade == "best" and entry.reason == ("only_move", {})


@pytest.mark.parametrize(("loss", "error", "exact", "grade"), [
    (0.0, 0.0, False, "best"), (0.5, 0.1, False, "good"), (0.9, 0.0, True, "good"),
    (INACCURACY, 0.1, False, "inaccuracy"), (INACCURACY, 0.0, True, "inaccuracy"), (MISTAKE, 0.5, False, "mistake"),
    (BLUNDER, 1.0, False, "blunder"), (BLUNDER, 3.0, False, "good"), (0.5, 1.2, False, "good"),
])
def test_grade_thresholds(loss: float, error: float, exact: bool, grade: str) -> None:
    assert grade_for(loss, error, exact) == grade


def made(number: int, loss: float, error: float, exact: bool = False) -> MoveReview:
    """A reviewed move with these figures: 6S laid was best, 7C laid was played."""
    best, played = Option(Move.parse("6S"), 0.0, 0.0), Option(Move.parse("7C"), loss, error, ("later", {"best": "6♠"}))
    return MoveReview(number, 1, (), (), played.move, 0.0, exact, (best, played))


def test_one_scale_a_loss_within_the_noise_is_good_and_counts_nothing() -> None:
    # "Good (about equal) · better: 6♠ laid · 0.5 points lost (± 1.2)": good, so no better move, nothing lost.
    within = made(1, 0.5, 1.2)
    assert within.grade == "good" and within.better is None and within.lost == 0 and within.confidence is None
    clear, likely, solved = made(2, 3.0, 0.5), made(3, 3.0, 1.2), made(4, 1.5, 0.0, exact=True)
    assert [entry.grade for entry in (clear, likely, solved)] == ["mistake", "mistake", "inaccuracy"]
    assert [entry.confidence for entry in (clear, likely, solved)] == ["high", "fair", "exact"]
    assert all(str(entry.better) == "6S" for entry in (clear, likely, solved))
    assert points_lost([within, clear, likely, solved]) == 3.0 + 3.0 + 1.5


def test_key_moments_are_the_costliest_moves_graded_worse_than_good() -> None:
    entries = [made(1, 1.2, 0.2), made(2, 6.0, 4.0), made(3, 2.6, 0.3), made(4, 0.0, 0.0), made(5, 1.5, 0.0, True),
               made(6, 5.5, 0.5)]
    # Move 2 lost the most on average but within the noise: good, never a key moment.
    assert [entry.number for entry in key_moments(entries)] == [3, 5, 6]
    assert [entry.number for entry in key_moments(entries, 2)] == [3, 6]
    assert key_moments([made(1, 0.4, 0.1)]) == []


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
        assert entry.best in legal_from(entry) and sorted(map(str, legal_from(entry))) == sorted(
            str(option.move) for option in entry.options)
        assert entry.loss >= 0 and (entry.loss == 0) == (entry.best == entry.played)
        # One scale: a better move is named, and its loss counted, exactly for the grades worse than good.
        worse = entry.grade in WORSE
        assert (entry.better is not None) == worse == (entry.lost > 0) == (entry.confidence is not None)
        assert MoveReview.from_dict(json.loads(json.dumps(entry.to_dict()))) == entry
    assert points_lost(review.entries) == sum(entry.loss for entry in review.entries if entry.grade in WORSE)
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


GOOD_ENTRY = {"number": 1, "round": 1, "hand": ["5D"], "table": [], "played": "5D", "expected": 1.0, "exact": True,
              "options": [["5D", 0, 0, None]]}


@pytest.mark.parametrize("change", [
    {"number": float("inf")}, {"number": float("nan")}, {"number": 10**400}, {"number": 1.5}, {"round": -1},
    {"expected": float("inf")}, {"expected": 10**400}, {"expected": "1"},
    {"options": [["5D", 10**400, 0, None]]}, {"options": [["5D", 0, float("nan"), None]]},
    {"options": [["5D", 0, -1, None]]},
    {"options": [["5D", 0, 0, ["a", {"k": 1}]]]},  # a reason the page has no words for
    {"options": [["5D", 0, 0, ["fewer_points", {"points": "many", "best": "7D"}]]]},  # a count that is not one
])
def test_a_review_entry_with_a_number_out_of_range_or_a_strange_reason_is_refused(change: dict[str, object]) -> None:
    assert MoveReview.from_dict(GOOD_ENTRY).played == Move.parse("5D")
    with pytest.raises(ValueError, match="not a move review entry"):  # never OverflowError: the caller drops it
        MoveReview.from_dict({**GOOD_ENTRY, **change})


def test_cli_review(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = new_game(2, Rules(), seed=21)
    while len(game.deal_results) < 1:
        play_out(game, until=len(game.history) + 1)
    engine_save = tmp_path / "game.json"
    engine_save.write_text(game.to_json())
    assert main(["review", str(engine_save), "--worlds", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("seat 0, deal 1: 24 moves") and lines[1].startswith("key moments: ") and len(lines) == 26
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
