"""What the page's scripts need before Python is ready (``web/boot.js``, ``web/setup.js``), taken from
where the game defines it: the start-up's texts in every language, the limits of the new-game panel
and the storage keys (``web/generated.js``), and the page's texts as the game's Python shows them,
counted texts and digits included (``web/texts/<name>.json``). The build writes both
(``tools/build.py``): no text, rule or limit is written twice."""

from __future__ import annotations

import json
from typing import Any

from pasur_web.i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGE_TAG,
    LANGUAGES,
    RTL_LANGUAGES,
    load_catalog,
)
from pasur_web.model.params import EMBED_WHEN, GAME_KEYS
from pasur_web.model.seats import MAX_NAME
from pasur_web.model.setup_form import FIXED_DEALS
from pasur_web.model.storage import (
    ASIDE_ASKED_KEY,
    EMBED_MATCH_KEY,
    MATCH_KEY,
    SETTINGS_KEY,
    STATS_KEY,
)
from pasur_web.model.taps import TAPS
from pasur_web.screens.setup import catalog_texts

__all__ = ["BOOT_TEXTS", "LATIN_TEXTS", "default_names", "script_facts", "scripts_file", "texts_files"]

# The texts web/boot.js shows before Python is ready (the loading panel and the start-up error).
BOOT_TEXTS = ("loading", "reload", "starting", "boot_step_download", "boot_step_python", "boot_step_table",
              "boot_failed_files", "boot_failed_app", "boot_advice_offline", "boot_advice_saved",
              "boot_advice_network", "boot_advice_reload", "boot_offline_button", "boot_saved_button")


# The languages whose page shows digits of its own, and the name of their texts with Latin digits
# (the setting "Persian digits" off).
LATIN_TEXTS = {"fa": "fa-latn"}


def texts_files() -> dict[str, dict[str, str]]:
    """``web/texts/<name>.json``: the page's texts in each language (and with Latin digits where the
    language has digits of its own), as the game's Python shows them (screens/setup.py
    catalog_texts): web/boot.js draws the new-game panel with them before Python is ready."""
    files = {lang: catalog_texts(load_catalog(lang, native_digits=True)) for lang in LANGUAGES}
    files.update({name: catalog_texts(load_catalog(lang)) for lang, name in LATIN_TEXTS.items()})
    return files


def script_facts() -> dict[str, Any]:
    return {
        "texts": {lang: {key: load_catalog(lang).t(key) for key in BOOT_TEXTS} for lang in LANGUAGES},
        "languages": list(LANGUAGES), "languageTag": LANGUAGE_TAG, "rtl": sorted(RTL_LANGUAGES),
        "defaultLanguage": DEFAULT_LANGUAGE,
        "latinTexts": LATIN_TEXTS,
        "limits": {"name": MAX_NAME, "fixed": list(FIXED_DEALS)},
        "keys": {"settings": SETTINGS_KEY, "match": MATCH_KEY, "embedMatch": EMBED_MATCH_KEY, "stats": STATS_KEY,
                 "setAsideAsked": ASIDE_ASKED_KEY},
        "gameParams": [*GAME_KEYS, "demo", "daily"],
        "embedWhen": EMBED_WHEN,
        "defaultNames": default_names(),
        "taps": {name: attribute for name, (attribute, _) in TAPS.items()},
    }


def default_names() -> list[str]:
    """Every name the new-game panel gives a seat by itself, in every language: a seat still under
    one of them takes this language's when the language changes (a name typed stays)."""
    names = set()
    for lang in LANGUAGES:
        t = load_catalog(lang).t
        names.update([t("you"), *(t(f"default_name_{n}") for n in (1, 2, 3))])
        names.update(t("player_n", n=n) for n in range(1, 5))
    return sorted(names)


def scripts_file() -> str:
    """``web/generated.js``."""
    facts = json.dumps(script_facts(), ensure_ascii=False, sort_keys=True, indent=1)
    return ("// Written by tools/build.py from the game's Python and web/i18n/*.json (tools/script_facts.py).\n"
            f"export const facts = {facts};\n")
