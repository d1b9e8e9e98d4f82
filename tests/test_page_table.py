"""The table's words and marks: what a screen reader is told of a move and of the card looked at, the
capture choice's groups, and the score sheet's clubs."""

from __future__ import annotations

import re

import pytest
from test_page_screens import board

from helpers import cards, elements, found, game_of, play_until, scenario
from pasur import Move, Rules, new_game
from pasur.cards import CLUBS
from pasur_web.i18n import load_catalog
from pasur_web.model import actions as act
from pasur_web.model.match import Match, Phase
from pasur_web.model.seats import Seat
from pasur_web.model.state import State
from pasur_web.model.update import update
from pasur_web.screens.html import Node, attrs_of, find, find_all, text_of
from pasur_web.screens.page import AnnouncedPosition, announcement
from pasur_web.screens.picking import choice, groups
from pasur_web.screens.sheet import sheet
from pasur_web.screens.table import hand
from pasur_web.screens.words import last_move

SUM_3_7, SUM_5_5 = (
    "1 + 3 + 7 = 11".replace(" ", "\u2009"), "1 + 5 + 5 = 11".replace(" ", "\u2009"))  # (thin spaces)
LANGS = ["en", "fa", "fr", "it", "nl", "es"]
DOUBLED = re.compile(r"[.!?…؟]\s*\.")  # "Sur!." or "..": a sentence ended twice


def swept() -> Match:
    """Seat 0 has just swept the table: 4♠ takes A♠ 2♥ 5♦ 6♠, a sur."""
    match = Match.of(new_game(2, Rules(), seed=61), (Seat("You", "human"), Seat("Sara", "hard")))
    match = match.play("4S:AS,2H,5D,6S")
    assert game_of(match).history[-1].sur
    return match


@pytest.mark.parametrize("lang", LANGS)
def test_a_sur_is_said_with_its_own_punctuation_only(lang: str) -> None:
    match = swept()
    state = board(match, lang)
    _, said = announcement(match, AnnouncedPosition(match.id, 0, "play", None), state)
    sur = load_catalog(lang).t("log_sur")
    assert sur in said and not DOUBLED.search(said), said
    shown = last_move(match, state.cat)
    assert shown is not None
    assert shown.text.endswith(sur) and not DOUBLED.search(shown.text), shown.text


def test_a_move_without_a_sur_is_said_as_a_sentence() -> None:
    match = Match.of(new_game(2, Rules(), seed=61), (Seat("You", "human"), Seat("Sara", "hard")))
    match = match.play("QH")  # laid
    _, said = announcement(match, AnnouncedPosition(match.id, 0, "play", None), board(match))
    assert said == "You laid Q♥."


def pressed(state: State) -> dict[str, str | None]:
    """Each card of the hand and its ``aria-pressed``."""
    return {str(attrs_of(node)["data-card"]): attrs_of(node).get("aria-pressed") for node in elements(hand(state)[2])}


def test_the_card_looked_at_is_pressed_for_screen_readers_too() -> None:
    """The card tapped once, and the card whose captures are being chosen, are pressed (not only
    lifted); the other cards that can be played are not; none is while the player cannot play."""
    seats = (Seat("You", "human"), Seat("Sara", "hard"))
    match = Match.of(scenario(["9S 7C KD 5H", "3D 6S 8C QH"], "4C 4D 2H 2S"), seats)
    assert pressed(board(match)) == dict.fromkeys(["5H", "7C", "9S", "KD"], "false")
    assert pressed(board(match, selected="KD")) == {"5H": "false", "7C": "false", "9S": "false", "KD": "true"}
    assert pressed(board(match, choosing="7C")) == {"5H": "false", "7C": "true", "9S": "false", "KD": "false"}
    waiting = match.play("KD")  # Sara's turn: nothing can be played, nothing is pressed
    assert pressed(board(waiting)) == dict.fromkeys(["5H", "7C", "9S"], None)


def clubs_row(state: State) -> tuple[str, list[str]]:
    """The score sheet's row of the clubs: its name and its cells."""
    shown = sheet(state)
    assert shown is not None
    row = next(row for row in find_all(shown[0], tag="tr") if find(row, data_key="clubs") is not None)
    return text_of(found(find(row, tag="th"))), [text_of(cell) for cell in find_all(row, tag="td")]


def clubs_held(match: Match) -> list[int]:
    """The clubs in each side's pile as the engine ended the last deal (the cards left included)."""
    end = game_of(match).deal_end()
    assert end is not None
    return [sum(card.suit == CLUBS for card in pile) for pile in end.piles]


@pytest.mark.parametrize("lang", LANGS)
def test_the_score_sheet_says_how_many_clubs_won_their_points(lang: str) -> None:
    """"Clubs (7+) 7" did not say that 7 was points: the row names the clubs held and the points."""
    seats = (Seat("You", "human"), Seat("Sara", "easy"))
    match = play_until(Match.of(new_game(2, Rules(), seed=4), seats), lambda m: m.phase != Phase.PLAY)
    held = clubs_held(match)
    assert sum(held) == 13 and max(held) >= 7
    state = board(match, lang)
    cat = state.cat  # (Persian digits in Persian)
    name, cells = clubs_row(state)
    most = cat.num(max(held))
    expected = {"en": f"Most clubs ({most}): 7 points", "fa": f"بیشترین خاج ({most}): ۷ امتیاز",
                "fr": f"Le plus de trèfles ({most}) : 7 points", "it": f"Più fiori ({most}): 7 punti",
                "nl": f"Meeste klaveren ({most}): 7 punten", "es": f"Más tréboles ({most}): 7 puntos"}
    assert name == expected[lang]
    assert cells == [cat.num(7 if count >= 7 else 0) for count in held]


def test_the_score_sheet_says_when_no_side_won_the_clubs() -> None:
    seats = (Seat("You", "human"), Seat("Sara", "easy"), Seat("Dariush", "easy"))
    for seed in range(40):
        match = play_until(Match.of(new_game(3, Rules(), seed=seed), seats), lambda m: m.phase != Phase.PLAY)
        if max(clubs_held(match)) < 7:
            break
    else:
        raise AssertionError("no deal of three where nobody took 7 clubs")
    assert clubs_row(board(match)) == ("Clubs: no side has 7", ["0", "0", "0"])


def test_a_capture_of_several_combinations_is_shown_in_them_each_with_its_sum() -> None:
    """"A♠ takes 3♦ 5♥ 5♠ 7♥" was shown flat: the choice shows 3♦ 7♥ (1 + 3 + 7 = 11) and 5♥ 5♠
    (1 + 5 + 5 = 11) apart."""
    seats = (Seat("You", "human"), Seat("Sara", "easy"))
    match = Match.of(scenario(["AS 9C KD 4H", "3C 6S 8C QH"], "3D 5H 5S 7H"), seats)
    state, _ = update(board(match), act.PickCard("AS"))
    shown = choice(state)
    assert shown is not None
    options = {str(attrs_of(node)["data-capture"]): node for node in find_all(shown[1], tag="button")}
    assert set(options) == {"3D,5H,5S,7H", "3D,7H", "5H,5S"}

    def combinations(option: Node) -> list[tuple[list[str], str]]:
        return [([str(attrs_of(card)["data-card"]) for card in find_all(group, data_card="*")],
                 text_of(found(find(group, class_="sum")))) for group in find_all(option, class_="group")]

    assert combinations(options["3D,5H,5S,7H"]) == [(["3D", "7H"], SUM_3_7), (["5H", "5S"], SUM_5_5)]
    assert combinations(options["3D,7H"]) == []  # one combination: its cards as they are
    assert [attrs_of(card)["data-card"] for card in find_all(options["3D,7H"], data_card="*")] == ["3D", "7H"]
    assert "several" in str(attrs_of(options["3D,5H,5S,7H"])["class"]).split()
    assert "several" not in str(attrs_of(options["5H,5S"])["class"]).split()


def test_the_groups_of_a_capture() -> None:
    """The rules' own example (7♣ on 4♣ 4♦ 2♥ 2♠) and the cards that take without sums."""
    assert groups(Move.parse("7C:4C,4D,2H,2S"), Rules()) == [tuple(cards("2H 2S")), tuple(cards("4C")),
                                                            tuple(cards("4D"))]
    assert groups(Move.parse("10D:AC"), Rules()) == [tuple(cards("AC"))]
    assert groups(Move.parse("JC:4C,4D,2H"), Rules()) == [tuple(cards("2H 4C 4D"))]  # a Jack: no sums
    assert groups(Move.parse("5C:5D,5H"), Rules(kids=True)) == [tuple(cards("5D 5H"))]  # kids: no sums
