"""The page's pure-Python parts, in CPython: URL parameters, catalogs, and the match flow."""

import json
from pathlib import Path

import pytest

from pasur import IllegalMoveError, Rules
from pasur_web.i18n import LANGUAGES, load_catalog, pick_language, placeholders
from pasur_web.params import parse_params
from pasur_web.session import Match, Seat, clean_name

CATALOGS = Path(__file__).resolve().parent.parent / "web" / "i18n"


def test_valid_parameters() -> None:
    p = parse_params("?players=3&preset=classic&target=51&seed=42&lang=fr&speed=instant&ai=random")
    assert (p.players, p.preset, p.target, p.seed, p.lang, p.speed, p.ai) == (3, "classic", 51, 42, "fr", "instant",
                                                                              "random")
    assert p.start_now and not p.notices
    assert not parse_params("?lang=fr").start_now


@pytest.mark.parametrize(
    ("query", "param"),
    [("players=5", "players"), ("players=2.0", "players"), ("players=%D9%A3", "players"),
     ("preset=Seeds", "preset"), ("target=0", "target"), ("target=99999", "target"), ("target=", "target"),
     ("seed=-1", "seed"), ("seed=1e9", "seed"), ("seed=" + "9" * 30, "seed"), ("lang=de", "lang"),
     ("speed=ludicrous", "speed"), ("ai=hard%20core", "ai")],
)
def test_invalid_parameters_fall_back_with_a_notice(query: str, param: str) -> None:
    p = parse_params("?" + query)
    defaults = parse_params("")
    assert [n.param for n in p.notices] == [param]
    assert getattr(p, param) == getattr(defaults, param)


def test_notice_values_are_shortened_raw_text() -> None:
    p = parse_params("?preset=" + "<script>" * 20)
    assert p.notices[0].value.startswith("<script>") and len(p.notices[0].value) <= 40


def test_catalogs_have_the_same_keys_and_placeholders() -> None:
    english = json.loads((CATALOGS / "en.json").read_text(encoding="utf-8"))
    for lang in LANGUAGES:
        other = json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))
        assert set(other) == set(english), lang
        for key, text in english.items():
            assert placeholders(other[key]) == placeholders(text), (lang, key)


def test_language_choice_and_card_names() -> None:
    assert pick_language("fr", ["en-US"]) == "fr"
    assert pick_language(None, ["de-DE", "fr-CA"]) == "fr"
    assert pick_language("xx", []) == "en"
    from pasur import Card

    assert load_catalog("en").card_name(Card.parse("JS")) == "jack of spades"
    assert load_catalog("fr").card_name(Card.parse("QH")) == "dame de cœur"
    assert load_catalog("fr").card_name(Card.parse("7C")) == "7 de trèfle"


def test_clean_name() -> None:
    assert clean_name("  Mina\n\t ", "x") == "Mina"
    assert clean_name("", "Sara") == "Sara"
    assert clean_name("A" * 50, "x") == "A" * 24
    assert clean_name(None, "Sara") == "Sara"


def test_match_flow_with_deal_sheets_and_handoff() -> None:
    seats = [Seat("Ana", "human"), Seat("Bo", "human"), Seat("Cy", "greedy")]
    match = Match.start(3, Rules(target=11), seats, seed=2)
    assert match.phase == "play" and match.viewer == 0 and match.handoff is None
    sheets = 0
    for _ in range(5000):
        if match.phase == "match-end":
            break
        if match.phase == "deal-end":
            sheets += 1
            with pytest.raises(IllegalMoveError):
                match.play(match.game.legal_moves()[0])
            match.next_deal()
            continue
        if match.handoff is not None:
            assert match.handoff == match.game.turn and match.handoff != match.viewer
            with pytest.raises(IllegalMoveError):
                match.play(match.game.legal_moves()[0])
            match.reveal()
            continue
        if match.is_ai_turn():
            match.play(match.ai_move())
        else:
            assert match.is_viewer_turn()
            match.play(match.ordered_options(str(match.game.legal_moves()[0].card))[0])
    assert match.phase == "match-end"
    assert sheets == len(match.game.deal_results) - 1
    kinds = [entry["kind"] for entry in match.log]
    assert kinds.count("deal") == len(match.game.deal_results)
    assert kinds.count("move") == len(match.game.history)
    assert json.loads(match.to_json())["seats"][1] == ["Bo", "human"]


def test_options_are_offered_most_valuable_first() -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from helpers import stacked_deck
    from pasur import new_game

    game = new_game(2, seed=1, deck=stacked_deck(["AH KC 8H 2D", "3D 5D 6D 9D"], "10C 10D 4S 7S"))
    match = Match(game, [Seat("Ana", "human"), Seat("Bo", "greedy")])
    # AH takes 10C (0 points + 1 for the ace) or 10D (3 + 1) or both (4): 10C,10D first, then 10D, then 10C.
    assert [str(m) for m in match.ordered_options("AH")] == ["AH:10C,10D", "AH:10D", "AH:10C"]


def test_saved_match_round_trips_and_rebuilds_its_log() -> None:
    seats = [Seat("Ana", "human"), Seat("Bo", "human"), Seat("Cy", "medium")]
    match = Match.start(3, Rules(target=11), seats, seed=2)
    for _ in range(60):
        if match.phase != "play":
            match.next_deal()
        elif match.handoff is not None:
            match.reveal()
        else:
            match.play(match.game.legal_moves()[0])
        restored = Match.from_json(match.to_json())
        assert restored.to_json() == match.to_json()
        assert restored.log == match.log


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(viewer=2), "not a player's"),
        (lambda d: d.update(viewer="0"), "not a player's"),
        (lambda d: d.update(seats=[["A", "human"]]), "number of seats"),
        (lambda d: d["seats"].__setitem__(1, ["B", "godlike"]), "seat 1"),
        (lambda d: d.update(pending_sheet=5), "score sheet"),
        (lambda d: d.update(handoff=2), "wrong seat"),
        (lambda d: d.update(extra=1), "expected fields"),
        (lambda d: d.update(game="{}"), "saved game"),
    ],
)
def test_bad_saved_match_is_refused(change, message) -> None:  # type: ignore[no-untyped-def]
    match = Match.start(3, Rules(), [Seat("Ana", "human"), Seat("Bo", "greedy"), Seat("Cy", "greedy")], seed=2)
    data = json.loads(match.to_json())
    change(data)
    with pytest.raises(ValueError, match=message):
        Match.from_json(json.dumps(data))
    with pytest.raises(ValueError, match="not JSON"):
        Match.from_json("{")
