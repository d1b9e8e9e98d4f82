"""RULES.md "Notation": cards parse case-insensitively, T for ten, and print canonically."""

import copy
import pickle

import pytest

from pasur import Card, CardNotationError, format_cards, parse_cards
from pasur.cards import FULL_DECK


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("10d", "10D"), ("TD", "10D"), ("td", "10D"), ("as", "AS"), ("qh", "QH"), ("Jc", "JC"),
     ("2C", "2C"), (" kS ", "KS"), ("t c", None)],
)
def test_parse_and_print(text: str, canonical: str | None) -> None:
    if canonical is None:
        with pytest.raises(CardNotationError):
            Card.parse(text)
    else:
        assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize("bad", ["", "1C", "11C", "0D", "7X", "C7", "10", "JJ", "7CC", "QQS", "ace"])
def test_bad_text_names_the_text(bad: str) -> None:
    with pytest.raises(ValueError) as caught:
        Card.parse(bad)
    assert repr(bad) in str(caught.value)


@pytest.mark.parametrize("bad", [None, 7, 7.0, ["7C"]])
def test_non_text_is_refused(bad: object) -> None:
    with pytest.raises(ValueError):
        Card.parse(bad)  # type: ignore[arg-type]


def test_all_52_round_trip_and_are_interned() -> None:
    assert len(FULL_DECK) == 52 and len(set(FULL_DECK)) == 52
    for card in FULL_DECK:
        assert Card.parse(str(card)) is card
        assert Card.parse(str(card).lower()) is card
        assert eval(repr(card)) is card
        assert copy.deepcopy(card) is card
        assert pickle.loads(pickle.dumps(card)) is card


def test_values_and_order() -> None:
    assert [Card.parse(t).value for t in ["AC", "7D", "10H", "JS", "QC", "KD"]] == [1, 7, 10, 0, 0, 0]
    assert format_cards(parse_cards("KS 4D 10C AH 4C JD")) == "AH,4C,4D,10C,JD,KS"
    assert Card.parse("7C").name == "7 of clubs"
    assert Card.parse("QH").name == "queen of hearts"
    assert Card.parse("10D").symbol == "10\u2666"


def test_cards_are_immutable() -> None:
    card = Card.parse("7C")
    with pytest.raises(AttributeError):
        card.rank = 3  # type: ignore[misc]
