"""explain.py: why a move did what it did."""

from pasur import Card, Move, Rules
from pasur.cards import parse_cards
from pasur_web.model.explain import explain_move


def _reasons(card: str, table: str, captured: str, rules: Rules | None = None, last: bool = False) -> list[str]:
    move = Move(Card.parse(card), frozenset(parse_cards(captured)))
    return [f"{key}:{values.get('sum', values.get('cards', ''))}"
            for key, values in explain_move(move, parse_cards(table), rules or Rules(), last)]


def test_reasons_for_sums_and_several_combinations() -> None:
    assert _reasons("7C", "4C 4D 2H 2S", "4D") == ["why_sum:7♣ + 4♦ = 11"]
    assert sorted(_reasons("7C", "4C 4D 2H 2S 9S", "4C 2H 2S")) == ["why_sum:7♣ + 2♥ + 2♠ = 11",
                                                                     "why_sum:7♣ + 4♣ = 11"]
    assert _reasons("5H", "AC 5D", "AC 5D") == ["why_sum:5♥ + 5♦ + A♣ (1) = 11", "why_sur:A♣ 5♦"]
    assert _reasons("9S", "5C QD", "") == ["why_laid_sum:"]


def test_reasons_for_face_cards_jacks_and_sweeps() -> None:
    assert _reasons("KS", "KH QD KD", "KH KD") == ["why_king:K♦ K♥"]
    assert _reasons("QS", "KH 5C", "") == ["why_laid_queen:"]
    assert _reasons("JD", "AC 3D KH JS", "AC 3D JS") == ["why_jack:A♣ 3♦ J♠"]
    assert _reasons("JD", "AC 3D", "AC 3D") == ["why_jack:A♣ 3♦", "why_sur:A♣ 3♦"]
    assert _reasons("JD", "KH", "") == ["why_laid_jack:"]
    no_jack_sur = Rules.preset("classic")
    assert _reasons("JD", "AC 3D", "AC 3D", no_jack_sur) == ["why_jack:A♣ 3♦", "why_clear_no_sur:A♣ 3♦"]
    assert _reasons("5C", "6D", "6D", no_jack_sur, last=True) == ["why_sum:5♣ + 6♦ = 11", "why_clear_no_sur:6♦"]
    assert _reasons("5C", "6D", "6D", no_jack_sur, last=False)[-1] == "why_sur:6♦"


def test_reasons_without_wild_jacks_and_for_children() -> None:
    tame = Rules(jack_wild=False)
    assert _reasons("JD", "JS 5C 6H 2D KC", "JS 5C 6H 2D") == ["why_jack:2♦ 5♣ 6♥ J♠"]  # wild: all but K, Q
    assert _reasons("JD", "JS 5C 6H 2D", "JS 5C 6H", tame) == ["why_jack_jacks:J♠", "why_sum:6♥ + 5♣ = 11"]
    kids = Rules.preset("kids")
    assert _reasons("7C", "7D 4C", "7D", kids) == ["why_kids:7♦"]
    assert _reasons("7C", "4C", "", kids) == ["why_laid_kids:"]


def test_split_into_combinations() -> None:
    from pasur.cards import parse_cards
    from pasur_web.model.explain import split_combinations

    groups = split_combinations(parse_cards("2H 4C 2S 4D"), 4)
    assert groups is not None and sorted(sorted(str(c) for c in g) for g in groups) == [["2H", "2S"], ["4C"], ["4D"]]
    assert split_combinations(parse_cards("3H 4C"), 4) is None
