"""The page's texts: plural forms, notices for URL parameters the game does not use."""

import json
from pathlib import Path

import pytest

from pasur_web.i18n import LANGUAGES, is_singular, load_catalog
from pasur_web.params import parse_params

CATALOGS = Path(__file__).resolve().parent.parent / "web" / "i18n"


@pytest.mark.parametrize(("lang", "one", "five"), [
    ("en", "1 point", "5 points"), ("fr", "1 point", "5 points"), ("it", "1 punto", "5 punti"),
    ("nl", "1 punt", "5 punten"), ("es", "1 punto", "5 puntos"), ("fa", "1 امتیاز", "5 امتیاز"),
])
def test_points_take_the_singular_for_one(lang: str, one: str, five: str) -> None:
    cat = load_catalog(lang)
    assert cat.t("points_n", n=1) == one
    assert cat.t("points_n", n=5) == five


def test_zero_is_singular_in_french_only() -> None:
    assert load_catalog("fr").t("cards_n", n=0) == "0 carte"
    assert load_catalog("en").t("cards_n", n=0) == "0 cards"
    assert is_singular("fr", 0) and not is_singular("en", 0) and is_singular("es", 1)


def test_every_singular_form_has_its_plural_and_the_same_placeholders() -> None:
    for lang in LANGUAGES:
        texts = json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))
        for key in texts:
            if key.endswith("_one"):
                base = key[: -len("_one")]
                assert base in texts, (lang, key)
                assert "{n}" in texts[base] and "{n}" in texts[key], (lang, key)


def test_no_english_count_reads_one_plural() -> None:
    """'1 pts', '1 cards', '1 deals': every count message of English reads right for 1."""
    cat = load_catalog("en")
    for key in ("points_n", "cards_n", "deals_short", "length_deals"):
        text = cat.t(key, n=1)
        assert not text.endswith("s"), (key, text)


def test_repeated_and_unknown_parameters_get_a_notice() -> None:
    p = parse_params("?players=3&players=4&colour=red")
    assert p.players == 3
    kinds = {(n.kind, n.param, n.value, n.default) for n in p.notices}
    assert kinds == {("repeated", "players", "4", "3"), ("unknown", "colour", "red", "")}
    assert not parse_params("?players=3&seed=2&lang=fr&speed=fast&embed=1").notices


def test_every_notice_kind_has_a_message() -> None:
    for lang in LANGUAGES:
        cat = load_catalog(lang)
        for kind in ("unknown", "repeated"):
            text = cat.t(f"notice_param_{kind}", param="players", value="4", default="3")
            assert "players" in text and "4" in text and "{" not in text, (lang, kind)


def test_isolated_card_symbols_are_cut_out_for_left_to_right_elements() -> None:
    cat = load_catalog("fa")
    from pasur import Card
    from pasur_web.i18n import split_isolates

    text = cat.t("demo_takes", card=cat.card_symbol(Card.parse("7C")), cards=cat.cards_text([Card.parse("4D")]))
    pieces = split_isolates(text)
    assert [part for part, ltr in pieces if ltr] == ["7♣", "4♦"]
    assert "".join(part for part, _ in pieces) == text.replace("\u2066", "").replace("\u2069", "")
    assert split_isolates("7♣ takes 4♦") == [("7♣ takes 4♦", False)]
