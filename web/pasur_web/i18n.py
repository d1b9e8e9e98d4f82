"""Message catalogs: every text the page shows comes from ``i18n/<lang>.json``."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path

from pasur.cards import RANKS, SUIT_SYMBOLS, Card

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "Catalog", "load_catalog", "pick_language", "placeholders"]

LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"
_FOLDER = Path(__file__).resolve().parent / "i18n"
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def catalog_path(lang: str) -> Path:
    here = _FOLDER / f"{lang}.json"
    if here.exists():
        return here
    # In the source tree the catalogs live in web/i18n, beside this package.
    return Path(__file__).resolve().parent.parent / "i18n" / f"{lang}.json"


def placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


class Catalog:
    """Messages of one language, falling back to English for a missing key."""

    def __init__(self, lang: str, messages: dict[str, str], fallback: dict[str, str] | None = None) -> None:
        self.lang = lang
        self.messages = messages
        self.fallback = fallback or {}

    def t(self, key: str, **values: object) -> str:
        text = self.messages.get(key) or self.fallback.get(key) or key
        if values:
            return _PLACEHOLDER.sub(lambda m: str(values.get(m.group(1), m.group(0))), text)
        return text

    def card_name(self, card: Card) -> str:
        rank = self.t(f"rank_{card.rank}") if card.rank in (1, 11, 12, 13) else RANKS[card.rank - 1]
        return self.t("card_name", rank=rank, suit=self.t(f"suit_{card.suit}"))

    @staticmethod
    def card_symbol(card: Card) -> str:
        return RANKS[card.rank - 1] + SUIT_SYMBOLS[card.suit]

    def cards_text(self, cards: Iterable[Card]) -> str:
        return " ".join(self.card_symbol(card) for card in sorted(cards))


def load_catalog(lang: str) -> Catalog:
    if lang not in LANGUAGES:
        lang = DEFAULT_LANGUAGE
    english = json.loads(catalog_path(DEFAULT_LANGUAGE).read_text(encoding="utf-8"))
    messages = english if lang == DEFAULT_LANGUAGE else json.loads(catalog_path(lang).read_text(encoding="utf-8"))
    return Catalog(lang, messages, english)


def pick_language(param: str | None, browser: Iterable[str]) -> str:
    """``?lang=`` when it is a known language, else the first known browser language, else English."""
    for candidate in ([param] if param else []) + list(browser):
        base = str(candidate).strip().lower().split("-")[0]
        if base in LANGUAGES:
            return base
    return DEFAULT_LANGUAGE
