"""Message catalogs: every text the page shows comes from ``web/i18n/<lang>.json``, and every
number is written by the catalog (digits and decimal separator of the language)."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

from pasur.cards import ACE, RANKS, SUIT_SYMBOLS, Card

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "LANGUAGE_TAG", "LTR_ISOLATE", "PERSIAN_DIGITS", "POP_ISOLATE",
           "RTL_LANGUAGES", "SINGULAR_ALSO_ZERO", "Catalog", "Words", "catalog_path", "is_singular", "language_of",
           "load_catalog", "placeholders", "split_isolates"]

Words = tuple[str, Mapping[str, object]]  # a message key and its values (a value may be Words too), said later

LANGUAGES = ("en", "fa", "fr", "it", "nl", "es")
RTL_LANGUAGES = frozenset({"fa"})
DEFAULT_LANGUAGE = "en"
# A language as the address, the settings or the browser name it: a tag whose first part is one of
# LANGUAGES, in any case ("fa-IR", "FR", "Fa"). ASCII only, so that web/boot.js, which gets this
# pattern through web/generated.js, reads every tag as Python does.
LANGUAGE_TAG = "(" + "|".join("".join(f"[{c}{c.upper()}]" for c in code) for code in LANGUAGES) + ")(?:-[0-9A-Za-z-]*)?"
PERSIAN_DIGITS = "۰۱۲۳۴۵۶۷۸۹"
_TO_PERSIAN = str.maketrans("0123456789", PERSIAN_DIGITS)
# Card symbols such as "10♦" stay left to right inside right-to-left text.
LTR_ISOLATE, POP_ISOLATE = "\u2066", "\u2069"
_FOLDER = Path(__file__).resolve().parent
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_NUMBER = re.compile("[0-9]+(?![0-9♣♦♥♠])")  # a number that is not a card's index
_SYMBOL = "(?:" + "|".join(sorted(RANKS, key=len, reverse=True)) + ")[" + "".join(SUIT_SYMBOLS) + "]"
_SYMBOLS = re.compile(f"{_SYMBOL}(?: {_SYMBOL})*")  # cards by their symbols: "7♣", "4♣ 4♦"
# A message "key" whose count {n} is singular uses "key_one" when the catalog has it.
SINGULAR_ALSO_ZERO = frozenset({"fr"})  # French says "0 point", English "0 points"


def is_singular(lang: str, n: int) -> bool:
    """Whether the count ``n`` takes the singular form in ``lang``."""
    return n == 1 or (n == 0 and lang in SINGULAR_ALSO_ZERO)


def split_isolates(text: str) -> list[tuple[str, bool]]:
    """``text`` cut into (part, left-to-right) pieces at the isolate marks the catalogs put around
    card symbols and sums in right-to-left text (the marks themselves dropped)."""
    pieces: list[tuple[str, bool]] = []
    for index, chunk in enumerate(text.split(LTR_ISOLATE)):
        inside, _, after = chunk.partition(POP_ISOLATE) if index else ("", "", chunk)
        pieces.extend(piece for piece in ((inside, True), (after, False)) if piece[0])
    return pieces


def catalog_path(lang: str) -> Path:
    path = _FOLDER / f"{lang}.json"
    if path.exists():
        return path
    # In the source tree the catalogs live in web/i18n, beside the package.
    return _FOLDER.parent.parent / "i18n" / f"{lang}.json"


def placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


class Catalog:
    """Messages of one language, falling back to English for a missing key."""

    def __init__(self, lang: str, messages: dict[str, str], fallback: dict[str, str] | None = None,
                 native_digits: bool = False) -> None:
        self.lang = lang
        self.messages = messages
        self.fallback = fallback or {}
        self.rtl = lang in RTL_LANGUAGES
        # Persian digits for the numbers the page shows (scores, counts), when asked for.
        self.native_digits = native_digits and lang == "fa"
        self._said: dict[tuple[object, ...], str] = {}  # t()'s texts, by key and values (each drawing asks again)

    @property
    def direction(self) -> str:
        return "rtl" if self.rtl else "ltr"

    def num(self, value: int | str) -> str:
        """A whole number (or a text of digits) in the language's digits."""
        text = str(value)
        return text.translate(_TO_PERSIAN) if self.native_digits else text

    def decimal(self, value: float, places: int = 1) -> str:
        """A number with ``places`` decimals: the language's decimal separator and digits
        ("10.6", "10,6", "۱۰٫۶")."""
        whole, _, part = f"{abs(value):.{places}f}".partition(".")
        sign = "-" if value < 0 and float(f"{abs(value):.{places}f}") else ""
        text = sign + whole + (self.t("decimal_sep") + part if part else "")
        return self.num(text)

    def signed(self, number: int) -> str:
        """``+3`` or ``-2``, its sign kept before the digits in a right-to-left language."""
        return self.isolate(self.num(f"{number:+d}"))

    def t(self, key: str, **values: object) -> str:
        """The message ``key`` with its placeholders filled: a whole number in the language's digits, a
        float with one decimal (:meth:`decimal`), any other value as it is."""
        asked = (key, *((name, type(value), value) for name, value in values.items()))  # (True is not 1)
        try:
            return self._said[asked]
        except KeyError:
            pass
        except TypeError:  # a value that cannot be a key: not kept
            return self._fill(key, values)
        if len(self._said) >= 4096:
            self._said.clear()
        text = self._said[asked] = self._fill(key, values)
        return text

    def _fill(self, key: str, values: dict[str, object]) -> str:
        count = values.get("n")
        if isinstance(count, int) and is_singular(self.lang, count) and f"{key}_one" in self.fallback:
            key = f"{key}_one"
        text = self.messages.get(key) or self.fallback.get(key) or key
        if self.native_digits and key != "digits_setting" and not key.startswith("demo_error_"):
            # (the demo errors quote URL parameters, which are written with Latin digits; a card's
            # index, such as the 10 of "10♦", keeps the digits printed on the cards, as everywhere)
            text = _NUMBER.sub(lambda found: found.group(0).translate(_TO_PERSIAN), text)
        if self.rtl:  # a card the message names itself ("2♣" on the score sheet) read left to right
            text = _SYMBOLS.sub(lambda found: self.isolate_value(found.group(0)), text)
        if values:
            def fill(match: re.Match[str]) -> str:
                value = values.get(match.group(1), match.group(0))
                if isinstance(value, float):
                    return self.decimal(value)
                return self.num(value) if isinstance(value, int) else str(value)

            return _PLACEHOLDER.sub(fill, text)
        return text

    def card_name(self, card: Card) -> str:
        named = card.rank == ACE or not card.is_number  # the ace and the court cards have names
        rank = self.t(f"rank_{card.rank}") if named else RANKS[card.rank - 1]
        return self.t("card_name", rank=rank, suit=self.t(f"suit_{card.suit}"))

    def card_symbol(self, card: Card) -> str:
        """A card in a text: "7♣", rank then suit from left to right in a right-to-left text too."""
        return self.isolate(card.symbol)

    def isolate(self, text: str) -> str:
        return LTR_ISOLATE + text + POP_ISOLATE if self.rtl else text

    def isolate_value(self, text: str) -> str:
        """A value put in a text, kept left to right: a list of cards ("4♣ 4♦") card by card, so that
        the list reads in the text's direction; anything else ("4♣ + 7♦ = 11", a date) as one piece."""
        if _SYMBOLS.fullmatch(text):
            return " ".join(self.isolate(symbol) for symbol in text.split(" "))
        return self.isolate(text)

    def reasons(self, reasons: Iterable[tuple[str, dict[str, str]]]) -> str:
        """Explanations from ``model/explain.py`` as one text (card symbols kept left to right)."""
        return " ".join(self.t(key, **{name: self.isolate_value(value) for name, value in values.items()})
                        for key, values in reasons)

    def cards_text(self, cards: Iterable[Card]) -> str:
        """Cards in a text: "4♣ 4♦", each card left to right, the list in the text's direction."""
        return " ".join(self.card_symbol(card) for card in sorted(cards))

    def listing(self, items: Iterable[str]) -> str:
        """Items joined with the language's list separator ("Sara, Dariush"; Persian "سارا، داریوش")."""
        return self.t("list_sep").join(items)


@functools.cache
def _messages(lang: str) -> dict[str, str]:
    """One catalog file, read once (catalogs are never changed once read)."""
    data: dict[str, str] = json.loads(catalog_path(lang).read_text(encoding="utf-8"))
    return data


@functools.cache
def load_catalog(lang: str, native_digits: bool = False) -> Catalog:
    if lang not in LANGUAGES:
        lang = DEFAULT_LANGUAGE
    return Catalog(lang, _messages(lang), _messages(DEFAULT_LANGUAGE), native_digits)


def language_of(tag: object) -> str | None:
    """The language a tag names (``LANGUAGE_TAG``), or None.

    >>> language_of("fa-IR"), language_of("FR"), language_of("frx"), language_of("de")
    ('fa', 'fr', None, None)
    """
    match = re.fullmatch(LANGUAGE_TAG, str(tag))
    return match.group(1).lower() if match else None

