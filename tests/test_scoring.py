"""Scoring (pasur.scoring): docs/RULES.md §7 "Scoring a deal" with every sur option of §5.2, and
§8 "The end of the match"."""

import pytest

from helpers import cards, play_randomly
from pasur import Rules, new_game, score_deal
from pasur.cards import FULL_DECK

SIDE0 = "AC AD JH 2C 10D 3C 4C 5C 6C 7C"
SIDE1 = "AH AS JC JD JS 8C 9C"


def test_card_points_by_hand() -> None:
    # Side 0: aces 2, jacks 1, 2C 2, 10D 3, clubs AC 2C 3C 4C 5C 6C 7C = 7 -> 7; total 15.
    # Side 1: aces 2, jacks 3, clubs JC 8C 9C = 3 -> 0; total 5.
    result = score_deal([cards(SIDE0), cards(SIDE1)], [0, 0], [0, 0], Rules())
    assert result[0] == {"aces": 2, "jacks": 1, "two_clubs": 2, "ten_diamonds": 3, "clubs": 7,
                         "surs": 0, "seven_diamonds": 0, "total": 15}
    assert result[1] == {"aces": 2, "jacks": 3, "two_clubs": 0, "ten_diamonds": 0, "clubs": 0,
                         "surs": 0, "seven_diamonds": 0, "total": 5}


def test_whole_deck_gives_twenty_points() -> None:
    half = len(FULL_DECK) // 2
    result = score_deal([FULL_DECK[:half], FULL_DECK[half:]], [0, 0], [0, 0], Rules())
    assert sum(side["total"] for side in result) == 20


def test_clubs_split_three_ways_scores_no_clubs() -> None:
    # 13 clubs split 5/4/4: nobody has 7, so the deal is worth 13 points.
    clubs = [c for c in FULL_DECK if c.suit == 0]
    others = [c for c in FULL_DECK if c.suit != 0]
    piles = [clubs[:5] + others[:13], clubs[5:9] + others[13:26], clubs[9:] + others[26:]]
    result = score_deal(piles, [0, 0, 0], [0, 0, 0], Rules())
    assert [side["clubs"] for side in result] == [0, 0, 0]
    assert sum(side["total"] for side in result) == 13


def test_six_six_club_tie_scores_nothing() -> None:
    clubs = [c for c in FULL_DECK if c.suit == 0]
    result = score_deal([clubs[:6], clubs[6:12], clubs[12:]], [0, 0, 0], [0, 0, 0], Rules())
    assert [side["clubs"] for side in result] == [0, 0, 0]


@pytest.mark.parametrize(
    ("rules", "surs", "before", "points"),
    [
        (Rules(), [2, 1], [0, 0], [10, 5]),
        (Rules(sur_cancel=True), [3, 1], [0, 0], [10, 0]),
        (Rules(sur_cancel=True), [1, 1], [0, 0], [0, 0]),
        (Rules(sur_limit_50=True), [2, 1], [50, 10], [0, 5]),
        (Rules(sur_limit_50=True), [2, 1], [49, 60], [10, 0]),
        # A limited side scores nothing and cancels none of the other's surs.
        (Rules(sur_limit_50=True, sur_cancel=True), [2, 1], [55, 10], [0, 5]),
        (Rules(sur_limit_50=True, sur_cancel=True), [2, 3], [10, 20], [0, 5]),
        # sur_cancel has no effect with three sides.
        (Rules(sur_cancel=True), [2, 1, 0], [0, 0, 0], [10, 5, 0]),
    ],
)
def test_sur_options(rules: Rules, surs: list[int], before: list[int], points: list[int]) -> None:
    result = score_deal([[] for _ in surs], surs, before, rules)
    assert [side["surs"] for side in result] == points
    assert [side["total"] for side in result] == points


def test_seven_diamonds_bonus() -> None:
    pile = cards("7D 3H")
    assert score_deal([pile, []], [0, 0], [0, 0], Rules())[0]["total"] == 0
    result = score_deal([pile, []], [0, 0], [0, 0], Rules(seven_diamonds_bonus=True))[0]
    assert result["seven_diamonds"] == 1 and result["total"] == 1


def test_match_ends_at_the_target_and_ties_play_on() -> None:
    tied_and_continued = False
    for seed in range(60):
        game = new_game(2, Rules(target=11), seed=seed)
        play_randomly(game, seed)
        totals = [0, 0]
        for number, deal in enumerate(game.deal_results):
            totals = [t + side["total"] for t, side in zip(totals, deal, strict=True)]
            last = number == len(game.deal_results) - 1
            decided = max(totals) >= 11 and totals.count(max(totals)) == 1
            assert decided == last
            if max(totals) >= 11 and not decided:
                tied_and_continued = True
        assert game.over and game.turn is None and game.scores == totals
        assert game.winner == totals.index(max(totals))
        assert game.legal_moves() == []
    assert tied_and_continued, "no seed produced a tie at the target"


def test_fixed_deals_ignores_the_target_and_can_draw() -> None:
    draws = 0
    for seed in range(150):
        game = new_game(2, Rules(fixed_deals=2, target=1), seed=seed)
        play_randomly(game, seed)
        assert len(game.deal_results) == 2 and game.over
        if game.scores[0] == game.scores[1]:
            assert game.winner is None
            draws += 1
        else:
            assert game.winner == game.scores.index(max(game.scores))
    assert draws > 0, "no seed produced a draw"


def test_teams_share_a_pile_and_solo4_does_not() -> None:
    game = new_game(4, Rules(fixed_deals=1), seed=4)
    assert game.sides == 2 and [game.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    play_randomly(game, 4)
    assert len(game.scores) == 2 and len(game.deal_results[0]) == 2
    for record in game.history:
        assert record.side == record.seat % 2
    solo = new_game(4, Rules(solo4=True, fixed_deals=1), seed=4)
    play_randomly(solo, 4)
    assert solo.sides == 4 and len(solo.scores) == 4

