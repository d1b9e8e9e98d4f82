"""params.py: URL parameters, each checked, a bad one ignored with a notice."""
import re
import sys
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))  # script_facts: the build's

from pasur import Card
from pasur_web.model.params import parse_params

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


def test_demo_parameters() -> None:

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


def test_repeated_and_unknown_parameters_get_a_notice() -> None:
    p = parse_params("?players=3&players=4&colour=red")
    assert p.players == 3
    kinds = {(n.kind, n.param, n.value, n.default) for n in p.notices}
    assert kinds == {("repeated", "players", "4", "3"), ("unknown", "colour", "red", "")}
    assert not parse_params("?players=3&seed=2&lang=fr&speed=fast&embed=1").notices


@pytest.mark.parametrize(("value", "lang"), [("fa-IR", "fa"), ("FR", "fr"), ("Fa", "fa"), ("nl-BE", "nl"),
                                             ("es", "es")])
def test_a_language_tag_in_any_case_is_that_language(value: str, lang: str) -> None:
    p = parse_params("?lang=" + value)
    assert p.lang == lang and not p.notices


@pytest.mark.parametrize("value", ["frx", "de-DE", "f", " fr", "fr_FR", "english"])
def test_what_is_not_a_language_tag_of_the_game_is_ignored_with_a_notice(value: str) -> None:
    p = parse_params("?lang=" + quote(value))
    assert p.lang is None and [n.param for n in p.notices] == ["lang"]


def test_web_boot_js_reads_the_language_with_the_same_pattern() -> None:
    """web/boot.js shows the page in a language before Python is ready: it gets the pattern from the
    game's Python (web/generated.js), and a browser's regular expressions read it as Python's do."""
    from script_facts import script_facts

    from pasur_web.i18n import LANGUAGE_TAG, language_of

    assert script_facts()["languageTag"] == LANGUAGE_TAG
    assert LANGUAGE_TAG.isascii() and "\\s" not in LANGUAGE_TAG and "(?" in LANGUAGE_TAG  # no flags, no classes
    assert [language_of(tag) for tag in ("fa-IR", "FR", "frx", "")] == ["fa", "fr", None, None]
    boot = (CATALOGS.parent / "boot.js").read_text(encoding="utf-8")
    assert 'new RegExp("^(?:" + facts.languageTag + ")$")' in boot and "slice(0, 2)" not in boot


def test_game_parameters_beside_the_daily_deal_and_a_bad_embed_are_said() -> None:
    p = parse_params("?daily=2026-12-01&players=4&seed=3")
    assert p.daily == "2026-12-01" and p.players == 2 and p.seed is None and p.start_now
    assert [(n.kind, n.param, n.value) for n in p.notices] == [("daily", "players", "4"), ("daily", "seed", "3")]
    p = parse_params("?embed=yes&players=3")
    assert not p.embed and [(n.kind, n.param, n.value) for n in p.notices] == [("embed", "embed", "yes")]
    from pasur_web.model.update import initial_state

    state = initial_state(parse_params("?daily&players=4&embed=2"), {}, "en")
    assert [state.cat.t(n.words[0], **n.words[1]) for n in state.notices] == [
        "Ignored players=4: the daily deal is the same game for everyone.",
        "Ignored embed=2: the only value is embed=1, the compact layout for frames."]


def test_a_demo_with_a_bad_seed_says_so_once() -> None:
    p = parse_params("?demo=deal&seed=-5")
    assert p.demo_error == ("demo_error_seed", {"value": "-5"}) and not p.notices


def test_the_scripts_take_the_embed_rule_from_the_game() -> None:
    """Before Python is ready, web/boot.js keeps an embedded game's own save and web/sound.js mutes
    it: the rule comes from the game's Python (web/generated.js), written in no script."""
    from script_facts import script_facts

    assert script_facts()["embedWhen"] == {"embed": "1", "demo": None}
    for query, embed in (("?embed=1", True), ("?embed=yes", False), ("?demo=deal&seed=3", True), ("?demo", True),
                         ("?players=3", False), ("?embed=0&demo=capture", True), ("?embed=1&embed=0", True)):
        assert parse_params(query).embed is embed, query
    boot, sound = ((CATALOGS.parent / name).read_text(encoding="utf-8") for name in ("boot.js", "sound.js"))
    assert "facts.embedWhen" in boot and "sound.embedded()" in boot
    for script in (boot, sound):
        assert not re.search(r'\.(get|has)\("(embed|demo)"\)', script) and "pasur.settings" not in script


def test_a_demo_s_controls_step_through_its_captures_and_its_deal() -> None:
    from pasur_web.model import actions as act
    from pasur_web.model import effects as fx
    from pasur_web.model.state import CaptureDemo, DealDemo
    from pasur_web.model.storage import Loaded
    from pasur_web.model.update import initial_state, update

    def started(query: str) -> Any:
        return update(initial_state(parse_params(query), {}, "en"), act.Started(Loaded(None)))[0]

    capture = started("?demo=capture&card=7C&table=4C,4D,KH")
    assert isinstance(capture.demo, CaptureDemo)  # 7C takes 4C, or 4D, or both (two sums of 11 at once)
    assert [str(move) for move in capture.demo.moves] == ["7C:4C", "7C:4D", "7C:4C,4D"]
    ahead, effects = update(capture, act.DemoStep(act.DemoControl.NEXT))
    assert isinstance(ahead.demo, CaptureDemo) and ahead.demo.current == 1 and effects == [fx.Focus("#demo-next")]
    back, effects = update(ahead, act.DemoStep(act.DemoControl.PREV))
    assert isinstance(back.demo, CaptureDemo) and back.demo.current == 0 and effects == [fx.Focus("#demo-prev")]
    around, _ = update(back, act.DemoStep(act.DemoControl.PREV))
    assert isinstance(around.demo, CaptureDemo) and around.demo.current == 2  # from the first to the last
    picked, _ = update(capture, act.DemoStep(act.DemoControl.PICK, 1))
    assert isinstance(picked.demo, CaptureDemo) and picked.demo.current == 1
    assert update(capture, act.DemoStep(act.DemoControl.PICK, 5))[0] == capture  # no such capture
    deal = started("?demo=deal&seed=12")
    assert isinstance(deal.demo, DealDemo) and not deal.demo.paused
    paused, _ = update(deal, act.DemoStep(act.DemoControl.PAUSE))
    assert paused.demo == DealDemo(paused=True)
    stepped, _ = update(paused, act.DemoStep(act.DemoControl.STEP))
    assert stepped.demo == DealDemo(paused=True, steps=1)
    assert update(stepped, act.DemoStep(act.DemoControl.USED))[0].demo == DealDemo(paused=True, steps=0)
    assert update(capture, act.DemoStep(act.DemoControl.PAUSE))[0] == capture  # not a deal demo's
