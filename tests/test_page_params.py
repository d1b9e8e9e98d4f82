"""params.py: URL parameters, each checked, a bad one ignored with a notice."""
from pathlib import Path

import pytest

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
