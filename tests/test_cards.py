"""Cards (pasur.cards): docs/RULES.md §1.2, cards parse case-insensitively, T for ten, ASCII only, and
print canonically."""

import copy
import pickle

import pytest

from pasur import Card, CardNotationError, format_cards, parse_cards
from pasur.cards import ACE, CLUBS, DIAMONDS, FULL_DECK, HEARTS, JACK, KING, QUEEN, SPADES, TEN


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


@pytest.mark.parametrize(
    "text", ["7\u017f", "\u017f7", "7\uff23", "\uff17C", "7\u0421", "\u0661\u0660D", "7C\u200b", "k\u0455"]
)
def test_only_the_ascii_letters_of_the_notation_are_read(text: str) -> None:
    # "7ſ" (long s), a full-width C, a Cyrillic Es, Arabic-Indic digits, a zero-width space, a
    # Cyrillic dze: each looks like (or upper-cases to) a card, and each is refused by name.
    with pytest.raises(CardNotationError, match="letters and digits of the notation") as caught:
        Card.parse(text)
    assert repr(text) in str(caught.value)


def test_card_names_and_numbers() -> None:
    assert (Card(ACE, CLUBS), Card(JACK, DIAMONDS), Card(QUEEN, HEARTS), Card(KING, SPADES)) == tuple(
        parse_cards("AC JD QH KS"))
    assert Card.parse("10D").rank == TEN and Card.parse("10D").suit == DIAMONDS


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
        card.rank = 3
