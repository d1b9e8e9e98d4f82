"""Card faces (screens/faces.py) and the sounds a move makes (model/sounds.py), in CPython."""

import re
from pathlib import Path

from helpers import scenario
from pasur import Card, Rules, new_game
from pasur.cards import FULL_DECK
from pasur_web.model.sounds import sounds_after
from pasur_web.screens.faces import COURT_FIGURES, PIPS, face

STYLE = (Path(__file__).resolve().parent.parent / "web" / "style.css").read_text(encoding="utf-8")


def test_number_cards_have_as_many_pips_as_their_rank() -> None:
    for card in FULL_DECK:
        shown = face(card)
        if card.rank <= 10:
            assert len(shown.pips) == card.rank, card
            assert len(set(shown.pips)) == card.rank, f"{card}: two pips in one place"
            assert not shown.court
        else:
            assert shown.pips == () and shown.court, card


def test_court_cards_have_a_figure_each() -> None:
    assert sorted(COURT_FIGURES) == [11, 12, 13]
    figures = [tuple(COURT_FIGURES[rank]) for rank in (11, 12, 13)]
    assert len(set(figures)) == 3, "Jack, Queen and King must look different"
    for shapes in figures:
        assert all(shape.tag in {"path", "circle", "rect"} and shape.attrs for shape in shapes)


def test_both_corners_show_rank_and_suit() -> None:
    assert face(Card.parse("10D"))[:2] == ("10", "\u2666")
    assert face(Card.parse("QS"))[:2] == ("Q", "\u2660")
    assert face(Card.parse("AC"))[:2] == ("A", "\u2663")
    assert face(Card.parse("JH"))[:2] == ("J", "\u2665")


def test_pips_sit_as_on_printed_cards() -> None:
    for rank, pips in PIPS.items():
        for pip in pips:
            assert pip.col in (0, 1, 2) and 0 <= pip.row <= 12
            assert pip.flipped == (pip.row > 6)
            # Every position has its rule in the style sheet.
            assert f'.pip[data-row="{pip.row}"]' in STYLE and f'.pip[data-col="{pip.col}"]' in STYLE
        if rank != 7:  # every layout but the 7's is the same upside down
            assert {(2 - p.col, 12 - p.row) for p in pips} == {(p.col, p.row) for p in pips}, rank
    assert {(p.col, p.row) for p in PIPS[7]} == {(0, 0), (2, 0), (0, 6), (2, 6), (0, 12), (2, 12), (1, 3)}


def test_style_rows_are_all_used() -> None:
    rows = {int(row) for row in re.findall(r'\.pip\[data-row="(\d+)"\]', STYLE)}
    assert rows == {pip.row for pips in PIPS.values() for pip in pips}


def test_a_capture_a_lay_and_a_sur_sound_different() -> None:
    game = scenario(["7C 5D KH 3S", "AH 6C QD 8S"], "4C 9D 10H 2S")
    assert sounds_after(game) == ()
    game.play("7C:4C")
    assert sounds_after(game) == ("capture",)
    game.play("QD")
    assert sounds_after(game) == ("lay",)
    sur = scenario(["AH 5D KH 3S", "6C QD 8S 9H"], "AC 2D 3H 4S")
    sur.play("AH:AC,2D,3H,4S")
    assert sur.history[-1].sur
    assert sounds_after(sur) == ("sur",)


def test_new_hands_within_a_deal_sound_a_deal() -> None:
    game = new_game(players=2, rules=Rules.preset("seeds", target=11), seed=3)
    dealt = 0
    while not game.over:
        deal, rnd = game.deal_number, game.round_number
        game.play(game.legal_moves()[0])
        sounds = sounds_after(game)
        assert sounds[0] in ("lay", "capture", "sur")
        assert sounds[0] == "sur" or game.history[-1].sur is False
        new_round = game.deal_number == deal and game.round_number != rnd
        assert ("deal" in sounds) == new_round, (deal, rnd, sounds)
        dealt += new_round
    assert dealt >= 5  # 6 rounds of 4 cards a deal for 2 players: 5 new hands at least


def test_a_card_drawn_the_same_way_is_the_same_node() -> None:
    from pasur_web.i18n import load_catalog
    from pasur_web.screens.cards import card_node
    from pasur_web.screens.html import attrs_of

    en, fr = load_catalog("en"), load_catalog("fr")
    card = Card.parse("7C")
    node = card_node(card, en, button=True, disabled=True, marks="selected")
    assert card_node(card, en, button=True, disabled=True, marks="selected") is node  # found again: no rebuilding
    assert card_node(card, fr, button=True, disabled=True, marks="selected") != node  # another language
    assert attrs_of(card_node(card, en, button=True, disabled=1, marks="selected"))["disabled"] == "1"  # not True's ""
    assert attrs_of(node)["disabled"] == "" and "selected" in attrs_of(node)["class"]
    assert "selected" not in attrs_of(card_node(card, en, button=True, disabled=True))["class"]
