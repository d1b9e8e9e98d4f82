"""Moves and captures (pasur.moves): docs/RULES.md §1.3 move notation, §4 "A turn" and §9 "Variants":
what each card may capture, with every option."""

import pytest

from helpers import cards, option_texts
from pasur import Card, Move, MoveNotationError, Rules, capture_options
from pasur.moves import legal_moves_for

NO_MULTI = Rules(multi_combo=False)
NOT_WILD = Rules(jack_wild=False)
KIDS = Rules(kids=True)


def norm(expected: list[str]) -> list[str]:
    """Hand-written options in any order, printed the way ``options`` prints them."""
    return option_texts([frozenset(cards(text)) for text in expected])


SEEDS = Rules()


def options(card: str, table: str, rules: Rules = SEEDS) -> list[str]:
    return option_texts(capture_options(Card.parse(card), cards(table), rules))


def test_rules_example_with_multi_combo() -> None:
    # §4.2: table 4C 4D 2H 2S, play 7C: the seven choices listed there.
    assert options("7C", "4C 4D 2H 2S") == norm(["4C", "4D", "2H,2S", "4C,4D", "2H,2S,4C", "2H,2S,4D", "2H,2S,4C,4D"])


def test_rules_example_classic_single_combination() -> None:
    # multi_combo off: exactly one combination.
    assert options("7C", "4C 4D 2H 2S", NO_MULTI) == norm(["2H,2S", "4C", "4D"])


def test_number_card_sums_to_eleven() -> None:
    assert options("AC", "10D 5H") == norm(["10D"])
    assert options("10C", "AD 5H") == norm(["AD"])
    assert options("5C", "3D 3H 5S") == norm(["3D,3H"])  # 5 + 3 + 3 = 11
    # 2C needs 9: {2S,3D,4H} or {9S}, and the two together since they share no card.
    assert options("2C", "3D 4H 2S 9S") == norm(["2S,3D,4H", "9S", "2S,3D,4H,9S"])


def test_disjoint_unions_only() -> None:
    # 6C needs 5: {AH,4D} and {2S,3C} are disjoint, so their union is an option too.
    assert options("6C", "AH 4D 2S 3C") == norm(["AH,4D", "2S,3C", "AH,2S,3C,4D"])
    # 8C needs 3: {AH,2S} and {3C} are disjoint; {AH,2S} and {AD,2S} overlap on 2S.
    assert options("8C", "AH AD 2S 3C") == norm(["AH,2S", "AD,2S", "3C", "AH,2S,3C", "AD,2S,3C"])


def test_no_capture_means_laid() -> None:
    assert options("9C", "3D 4H 10S") == norm([])
    assert capture_options(Card.parse("9C"), [], Rules()) == []


def test_face_cards_never_count_in_sums() -> None:
    # 10 needs an Ace; K, Q and J on the table add nothing.
    assert options("10C", "KD QH 5S") == norm([])
    assert options("AC", "KD QH 10S", NOT_WILD) == norm(["10S"])


def test_kings_and_queens_take_by_rank() -> None:
    assert options("KC", "KD KH 5S QS") == norm(["KD,KH"])
    assert options("QC", "KD QH 5S QS") == norm(["QH,QS"])
    assert options("KC", "QD 5S") == norm([])


def test_wild_jack_takes_all_but_kings_and_queens() -> None:
    assert options("JC", "KD QH 5S 10D JH AS") == norm(["10D,5S,AS,JH"])
    assert options("JC", "KD QH") == norm([])
    assert options("JC", "") == norm([])


def test_jack_not_wild_counts_as_eleven() -> None:
    # §9.1: all the Jacks together, or number cards summing to 11.
    assert options("JC", "JD JH 5S 6S 3C", NOT_WILD) == norm(["JD,JH", "5S,6S", "5S,6S,JD,JH"])
    assert options("JC", "JD JH 5S 6S 3C", Rules(jack_wild=False, multi_combo=False)) == norm(["5S,6S", "JD,JH"])
    assert options("JC", "10D AS KD", NOT_WILD) == norm(["10D,AS"])
    assert options("JC", "9D KD", NOT_WILD) == norm([])
    # A Jack on the table is taken only by a Jack.
    assert options("10C", "JD AS", NOT_WILD) == norm(["AS"])


def test_kids_take_own_rank_only() -> None:
    # §9.2: every card, Jacks included, takes all table cards of its rank.
    assert options("7C", "7D 7H 4S 4C", KIDS) == norm(["7D,7H"])
    assert options("JC", "JD 5S 6S", KIDS) == norm(["JD"])
    assert options("AC", "10D", KIDS) == norm([])
    assert options("KC", "KD", KIDS) == norm(["KD"])


def test_capture_options_rejects_repeated_cards() -> None:
    with pytest.raises(ValueError):
        capture_options(Card.parse("7C"), cards("4C 4C"))


def test_legal_moves_one_per_outcome() -> None:
    # Regression counts worked out by hand: 7C has 7 choices; 9C needs 2: {2H}, {2S}, {2H,2S};
    # 8C needs 3: none, so it is laid; KC is laid: 7 + 3 + 1 + 1 = 12 moves, 2 of them lays.
    moves = legal_moves_for(cards("7C 9C 8C KC"), cards("4C 4D 2H 2S"), Rules())
    assert len(moves) == 12
    assert sorted(str(m) for m in moves if not m.captured) == ["8C", "KC"]
    assert sorted(str(m) for m in moves if m.card == Card.parse("9C")) == ["9C:2H", "9C:2H,2S", "9C:2S"]
    # Classic: 3 + 2 + 1 + 1.
    assert len(legal_moves_for(cards("7C 9C 8C KC"), cards("4C 4D 2H 2S"), NO_MULTI)) == 7


@pytest.mark.parametrize(
    ("text", "printed"),
    [("7C", "7C"), ("7c:4d,4c", "7C:4C,4D"), ("7C: 4D 4C", "7C:4C,4D"), ("tc:ad", "10C:AD"),
     ("JC:10D,5S,AS", "JC:AS,5S,10D")],
)
def test_move_notation_round_trips(text: str, printed: str) -> None:
    move = Move.parse(text)
    assert str(move) == printed
    assert Move.parse(printed) == move
    assert eval(repr(move)) == move


@pytest.mark.parametrize("bad", ["", "7C:", "7C:4C,4C", "7C:7C", "ZZ", "7C:4X", "7C;4C", ":4C"])
def test_bad_move_notation(bad: str) -> None:
    with pytest.raises(MoveNotationError) as caught:
        Move.parse(bad)
    assert repr(bad) in str(caught.value) or "'" in str(caught.value)


def test_a_hand_built_move_of_other_things_still_prints() -> None:
    # Game.play refuses it (tests/test_game.py); printing it for that message must not fail.
    assert str(Move("7C", ["4S", "2H"])) == "7C:2H,4S"  # type: ignore[arg-type, list-item]
    assert Move("7C") != Move.parse("7C")  # type: ignore[arg-type]
    with pytest.raises(MoveNotationError, match="a set of cards, not 5"):
        Move(Card.parse("7C"), 5)  # type: ignore[arg-type]
