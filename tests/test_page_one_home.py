"""Each rule of the page has one home: the page's scripts take what they need from the game's Python
as data (web/generated.js), or hand their choice to it, and never write the rule again."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from test_page_storage import FakeStorage

from pasur_web.model.storage import ASIDE_ASKED_KEY, EMBED_MATCH_KEY, MATCH_KEY, SETTINGS_KEY, Storage, set_aside_asked

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))  # script_facts: the build's
WEB = Path(__file__).resolve().parent.parent / "web"


def test_the_save_a_failed_start_offered_to_start_without_is_set_aside_by_the_game_s_python() -> None:
    backend = FakeStorage()
    store = Storage(lambda: backend)
    embedded = EMBED_MATCH_KEY + "?players=2&seed=5"
    backend.items = {MATCH_KEY: "{the save", embedded: "{its own", ASIDE_ASKED_KEY: embedded}
    assert set_aside_asked(store) == embedded + ".unreadable"
    assert backend.items == {MATCH_KEY: "{the save", embedded + ".unreadable": "{its own"}  # the one asked, once
    assert set_aside_asked(store) is None and MATCH_KEY in backend.items
    backend.items = {MATCH_KEY + ".unreadable": "older", MATCH_KEY: "{the save", ASIDE_ASKED_KEY: MATCH_KEY}
    assert set_aside_asked(store) == MATCH_KEY + ".unreadable.2"  # never over another copy
    backend.items = {SETTINGS_KEY: "{}", ASIDE_ASKED_KEY: SETTINGS_KEY}  # only a match's save, never anything else
    assert set_aside_asked(store) is None and backend.items == {SETTINGS_KEY: "{}"}
    backend.items = {ASIDE_ASKED_KEY: MATCH_KEY}  # nothing there (another tab started since)
    assert set_aside_asked(store) is None and backend.items == {}


def test_no_script_sets_a_stored_value_aside_or_chooses_where_it_goes() -> None:
    """Setting aside is the game's Python's (model/storage.py): a script that wrote anything but the
    player's request, or knew where copies go, could disagree with it."""
    from script_facts import script_facts

    facts = script_facts()
    assert "unreadable" not in str(facts) and "maxAside" not in facts["keys"] and "stored" not in facts
    for script in sorted(WEB.glob("*.js")):
        text = script.read_text(encoding="utf-8")
        writes = re.findall(r"\.setItem\(\s*([^,]+),", text)
        assert all(key.strip() in ("KEY", "facts.keys.setAsideAsked") for key in writes), (script.name, writes)
        assert ".unreadable" not in text and "removeItem" not in text, script.name
