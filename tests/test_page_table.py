"""The table's words and marks: what a screen reader is told of a move and of the card looked at, the
capture choice's groups, and the score sheet's clubs."""

from __future__ import annotations

import re

import pytest
from test_page_screens import board

from helpers import elements, scenario
from pasur import Rules, new_game
from pasur_web.i18n import load_catalog
from pasur_web.model.match import Match
from pasur_web.model.seats import Seat
from pasur_web.model.state import State
from pasur_web.screens.html import attrs_of
from pasur_web.screens.page import announcement
from pasur_web.screens.table import hand
from pasur_web.screens.words import last_move

LANGS = ["en", "fa", "fr", "it", "nl", "es"]
DOUBLED = re.compile(r"[.!?…؟]\s*\.")  # "Sur!." or "..": a sentence ended twice


def swept() -> Match:
    """Seat 0 has just swept the table: 4♠ takes A♠ 2♥ 5♦ 6♠, a sur."""
    match = Match.of(new_game(2, Rules(), seed=61), (Seat("You", "human"), Seat("Sara", "hard")))
    match = match.play("4S:AS,2H,5D,6S")
    assert match.game.history[-1].sur
    return match


@pytest.mark.parametrize("lang", LANGS)
def test_a_sur_is_said_with_its_own_punctuation_only(lang: str) -> None:
    match = swept()
    state = board(match, lang)
    _, said = announcement(match, (match.id, 0, "play", None), state)
    sur = load_catalog(lang).t("log_sur")
    assert sur in said and not DOUBLED.search(said), said
    shown = last_move(match, state.cat)
    assert shown is not None
    assert shown.text.endswith(sur) and not DOUBLED.search(shown.text), shown.text


def test_a_move_without_a_sur_is_said_as_a_sentence() -> None:
    match = Match.of(new_game(2, Rules(), seed=61), (Seat("You", "human"), Seat("Sara", "hard")))
    match = match.play("QH")  # laid
    _, said = announcement(match, (match.id, 0, "play", None), board(match))
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
