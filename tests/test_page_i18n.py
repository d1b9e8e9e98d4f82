"""i18n.py and web/i18n/*.json: every text in six languages."""
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))  # script_facts: the build's

from pasur import Card
from pasur.cards import parse_cards
from pasur_web.i18n import LANGUAGES, is_singular, load_catalog, placeholders, split_isolates

CATALOGS = Path(__file__).resolve().parent.parent / "web" / "i18n"


def test_catalogs_have_the_same_keys_and_placeholders() -> None:
    english = json.loads((CATALOGS / "en.json").read_text(encoding="utf-8"))
    for lang in LANGUAGES:
        other = json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))
        assert set(other) == set(english), lang
        for key, text in english.items():
            assert placeholders(other[key]) == placeholders(text), (lang, key)


def test_card_names() -> None:
    assert load_catalog("en").card_name(Card.parse("JS")) == "jack of spades"
    assert load_catalog("fr").card_name(Card.parse("QH")) == "dame de cœur"
    assert load_catalog("fr").card_name(Card.parse("7C")) == "7 de trèfle"


def test_the_table_s_buttons_in_sight_together_have_names_of_their_own() -> None:
    """A card looked at shows Cancel beside Undo and Hint: a player who means to give up the look
    must not take back a move ("Annuler" was both in French, "Annulla" in Italian)."""
    for lang in LANGUAGES:
        catalog = json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))
        names = [catalog[key].casefold() for key in ("undo", "cancel", "hint")]
        assert len(set(names)) == 3, (lang, names)


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

    jack = Card.parse("JS")
    names = {lang: load_catalog(lang).card_name(jack) for lang in LANGUAGES}
    assert names == {"en": "jack of spades", "fa": "سرباز پیک", "fr": "valet de pique", "it": "fante di picche",
                     "nl": "schoppen boer", "es": "jota de picas"}


def test_persian_is_right_to_left_with_optional_persian_digits() -> None:

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


def test_start_up_texts_cover_every_language_and_are_written_once() -> None:
    from script_facts import BOOT_TEXTS, script_facts

    facts = script_facts()
    assert set(facts["texts"]) == set(LANGUAGES)
    for lang, texts in facts["texts"].items():
        assert set(texts) == set(BOOT_TEXTS) and all(text.strip() for text in texts.values()), lang
    # The scripts hold no catalog of their own: none of those texts is written in them by hand.
    for name in ("boot.js", "setup.js"):
        script = (CATALOGS.parent / name).read_text(encoding="utf-8")
        for lang, texts in facts["texts"].items():
            assert not [key for key, text in texts.items() if text in script], (name, lang)
        assert "۰" not in script and '"fr"' not in script  # nor digits nor plural rules


def test_every_demo_error_and_reason_has_a_message() -> None:
    english = json.loads((CATALOGS / "en.json").read_text(encoding="utf-8"))
    from pasur_web.model import explain

    source = Path(explain.__file__).read_text(encoding="utf-8")
    import re

    keys = set(re.findall(r'"(why_[a-z_]+)"', source)) | {"why_laid_king", "why_laid_queen", "why_king", "why_queen"}
    params_source = (Path(explain.__file__).parent / "params.py").read_text(encoding="utf-8")
    keys |= set(re.findall(r'"(demo_error_[a-z_]+)"', params_source))
    assert keys and keys <= set(english)


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


def test_isolated_card_symbols_are_cut_out_for_left_to_right_elements() -> None:
    cat = load_catalog("fa")

    text = cat.t("demo_takes", card=cat.card_symbol(Card.parse("7C")), cards=cat.cards_text([Card.parse("4D")]))
    pieces = split_isolates(text)
    assert [part for part, ltr in pieces if ltr] == ["7♣", "4♦"]
    assert "".join(part for part, _ in pieces) == text.replace("\u2066", "").replace("\u2069", "")
    assert split_isolates("7♣ takes 4♦") == [("7♣ takes 4♦", False)]
    # A list of cards is isolated card by card (it reads in the text's direction); a sum, as one piece.
    listed = cat.t("demo_takes", card=cat.card_symbol(Card.parse("JC")), cards=cat.cards_text(parse_cards("4D 10S")))
    assert [part for part, ltr in split_isolates(listed) if ltr] == ["J♣", "4♦", "10♠"]
    assert cat.isolate_value("4♦ 10♠") == cat.cards_text(parse_cards("4D 10S")) == "\u20664♦\u2069 \u206610♠\u2069"
    assert cat.isolate_value("A♦ (1) + 10♠ = 11") == "\u2066A♦ (1) + 10♠ = 11\u2069"
    english = load_catalog("en")
    assert english.cards_text(parse_cards("10S 4D")) == english.isolate_value("4♦ 10♠") == "4♦ 10♠"


def test_every_notice_kind_has_a_message() -> None:
    for lang in LANGUAGES:
        cat = load_catalog(lang)
        for kind in ("unknown", "repeated"):
            text = cat.t(f"notice_param_{kind}", param="players", value="4", default="3")
            assert "players" in text and "4" in text and "{" not in text, (lang, kind)


def test_a_text_asked_again_is_the_same_and_kept_apart_by_the_type_of_its_values() -> None:
    cat = load_catalog("en")
    assert cat.t("stock", n=40) == "Stock: 40" and cat.t("stock", n=40) == "Stock: 40"  # kept: the same text
    assert cat.t("stock", n=1.0) == "Stock: 1.0" and cat.t("stock", n=1) == "Stock: 1"  # 1.0 == 1, yet not the same
    assert cat.t("stock", n=True) == "Stock: True"
    assert cat.t("stock", n=["x"]) == "Stock: ['x']"  # a value that cannot be a key is filled in all the same
    digits = load_catalog("fa", native_digits=True)
    assert digits.t("stock", n=40) == "دسته: ۴۰" and load_catalog("fa").t("stock", n=40) == "دسته: 40"
