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


# ----------------------------------------------------------------------------- demos and reasons
def test_demo_parameters() -> None:
    from pasur import Card

    p = parse_params("?demo=capture&card=7c&table=4C,4D,%202H,2S")
    assert p.demo == "capture" and p.embed and not p.start_now and p.demo_error is None
    assert p.demo_card is Card.parse("7C") and [str(c) for c in p.demo_table] == ["4C", "4D", "2H", "2S"]
    assert parse_params("?demo=capture&card=7C&table=").demo_table == []  # an empty table is a situation too
    assert parse_params("?demo=deal&seed=12").seed == 12
    for query, key in [("demo=capture&card=1Z&table=4C", "demo_error_card"),
                       ("demo=capture&card=7C&table=4C;4D", "demo_error_table"),
                       ("demo=capture&card=7C&table=4C,4C", "demo_error_twice"),
                       ("demo=capture&card=4C&table=4C", "demo_error_twice"),
                       ("demo=capture&table=4C", "demo_error_missing"),
                       ("demo=capture&card=7C&table=" + ",".join(["AC"] * 13), "demo_error_table_size"),
                       ("demo=x", "demo_error_kind"),
                       ("demo=deal&seed=x", "demo_error_seed")]:
        error = parse_params("?" + query).demo_error
        assert error is not None and error[0] == key, query


def test_every_demo_error_and_reason_has_a_message() -> None:
    english = json.loads((CATALOGS / "en.json").read_text(encoding="utf-8"))
    from pasur_web import explain

    source = Path(explain.__file__).read_text(encoding="utf-8")
    import re

    keys = set(re.findall(r'"(why_[a-z_]+)"', source)) | {"why_laid_king", "why_laid_queen", "why_king", "why_queen"}
    params_source = (Path(explain.__file__).parent / "params.py").read_text(encoding="utf-8")
    keys |= set(re.findall(r'"(demo_error_[a-z_]+)"', params_source))
    assert keys and keys <= set(english)


def _reasons(card: str, table: str, captured: str, rules: Rules | None = None, last: bool = False) -> list[str]:
    from pasur import Card, Move
    from pasur.cards import parse_cards
    from pasur_web.explain import explain_move

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
    from pasur_web.explain import split_combinations

    groups = split_combinations(parse_cards("2H 4C 2S 4D"), 4)
    assert groups is not None and sorted(sorted(str(c) for c in g) for g in groups) == [["2H", "2S"], ["4C"], ["4D"]]
    assert split_combinations(parse_cards("3H 4C"), 4) is None


# ----------------------------------------------------------------------------- statistics and saves
def test_statistics_count_once_per_match_and_survive_bad_data() -> None:
    from pasur_web.stats import Stats, preset_name

    assert preset_name(Rules.preset("classic", target=51)) == "classic"
    assert preset_name(Rules(jack_wild=False)) == "custom"
    match = Match.start(2, Rules(target=11), [Seat("Me", "human"), Seat("Bot", "greedy")], seed=4)
    while not match.game.over:
        if match.pending_sheet is not None:
            match.next_deal()
        move = match.ai_move() if match.is_ai_turn() else match.game.legal_moves()[0]
        match.play(move)
    stats = Stats()
    assert match.count_into(stats) and not match.count_into(stats)
    row = stats.rows["2/seeds"]
    game = match.game
    assert row["played"] == 1 and row["won"] == (1 if game.winner == 0 else 0)
    assert row["drawn"] == (1 if game.winner is None else 0)
    assert row["surs"] == sum(1 for r in game.history if r.sur and r.seat == 0)
    again = Match.from_json(match.to_json())
    assert again.counted and not again.count_into(stats)  # a reload does not count it twice
    assert Stats.from_json(stats.to_json()).rows == stats.rows
    for bad in ["", "nope", "[]", '{"rows": 5}', '{"rows": {"2/seeds": {"played": -3, "won": "x"}}}']:
        loaded = Stats.from_json(bad)
        assert all(value >= 0 for row in loaded.rows.values() for value in row.values())
    assert Stats.from_json('{"rows": {"2/seeds": {"played": -3}}}').rows["2/seeds"]["played"] == 0


def test_saved_match_keeps_its_id_and_rejects_a_bad_one() -> None:
    match = Match.start(2, Rules(), [Seat("Me", "human"), Seat("Bot", "easy")], seed=2)
    again = Match.from_json(match.to_json())
    assert again.id == match.id and len(match.id) == 10
    data = json.loads(match.to_json())
    data["id"] = "<script>"
    with pytest.raises(ValueError, match="id"):
        Match.from_json(json.dumps(data))
    data["id"], data["counted"] = "abc", "yes"
    with pytest.raises(ValueError, match="statistics"):
        Match.from_json(json.dumps(data))
    del data["id"], data["counted"]  # a save from before ids existed still loads
    assert Match.from_json(json.dumps(data)).game.seed == 2


def test_a_computer_hand_on_screen_is_never_playable_by_clicks() -> None:
    match = Match.start(2, Rules(), [Seat("A", "medium"), Seat("B", "medium")], seed=3)
    assert match.viewer == 0 and not match.is_viewer_turn()


# ----------------------------------------------------------------------------- languages
def test_every_catalog_file_is_a_known_language() -> None:
    files = {path.stem for path in CATALOGS.glob("*.json")}
    assert files == set(LANGUAGES) == {"en", "fa", "fr", "it", "nl", "es"}
    for lang in LANGUAGES:
        messages = json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))
        assert all(isinstance(text, str) and text.strip() for text in messages.values()), lang
        if lang != "en":  # translated, not copied: most texts differ from English
            english = json.loads((CATALOGS / "en.json").read_text(encoding="utf-8"))
            same = [key for key in english if english[key] == messages[key]]
            assert len(same) < len(english) // 5, (lang, same)


def test_card_names_in_every_language() -> None:
    from pasur import Card

    jack = Card.parse("JS")
    names = {lang: load_catalog(lang).card_name(jack) for lang in LANGUAGES}
    assert names == {"en": "jack of spades", "fa": "سرباز پیک", "fr": "valet de pique", "it": "fante di picche",
                     "nl": "schoppen boer", "es": "jota de picas"}


def test_persian_is_right_to_left_with_optional_persian_digits() -> None:
    from pasur import Card

    plain = load_catalog("fa")
    digits = load_catalog("fa", native_digits=True)
    assert plain.rtl and plain.direction == "rtl" and not load_catalog("en").rtl
    assert plain.t("stock", n=40) == "دسته: 40"
    assert digits.t("stock", n=40) == "دسته: ۴۰"
    assert digits.num(17) == "۱۷" and plain.num(17) == "17"
    assert load_catalog("en", native_digits=True).num(17) == "17"  # only Persian uses them
    # Card symbols stay left to right inside Persian sentences, and keep Latin digits.
    assert digits.card_symbol(Card.parse("10D")) == "\u206610♦\u2069"
    assert "7C" in digits.t("demo_error_card", value="x")  # URL notation is never converted


def test_start_up_texts_cover_every_language() -> None:
    import re

    boot = (CATALOGS.parent / "boot.js").read_text(encoding="utf-8")
    assert set(re.findall(r"^    (\w\w): \{ reload:", boot, re.MULTILINE)) == set(LANGUAGES)
