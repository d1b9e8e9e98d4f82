"""Stored JSON is checked for size and depth before it is parsed (pasur/safejson.py)."""

from __future__ import annotations

import contextlib
import doctest
import json
import sys
from collections.abc import Callable

import pytest

from pasur import Game, safejson
from pasur.safejson import loads_checked, nesting_depth
from pasur_web.model import wire
from pasur_web.model.daily import DailyBook
from pasur_web.model.savegame import MAX_STORED_CHARS, match_from_json, read_json
from pasur_web.model.stats import Stats

DEEP = "[" * 100_000 + "]" * 100_000  # far deeper than Python's recursion limit


def test_doctests() -> None:
    assert doctest.testmod(safejson).failed == 0


def test_plain_values_are_parsed() -> None:
    assert loads_checked('{"lang": "fa", "hints": true}', 100, 1) == {"lang": "fa", "hints": True}
    assert loads_checked("[1, [2, [3]]]", 100, 3) == [1, [2, [3]]]
    assert loads_checked('"just text"', 100, 0) == "just text"


def test_depth_is_counted_without_recursion_and_ignores_brackets_in_strings() -> None:
    assert nesting_depth(DEEP) == 100_000 > sys.getrecursionlimit()
    assert nesting_depth('["[[[[", {"}": "\\"[["}]') == 2
    assert nesting_depth("") == 0


def test_deep_text_is_refused_before_parsing() -> None:
    with pytest.raises(ValueError, match=r"^nested more than 20 deep$"):
        loads_checked(DEEP, 10**6, 20)
    with pytest.raises(ValueError, match="nested more than 2 deep"):
        loads_checked('{"a": {"b": {"c": 1}}}', 100, 2)


def test_long_text_is_refused_with_its_length() -> None:
    with pytest.raises(ValueError, match=r"^too long \(3000009 characters, at most 1000\)$"):
        loads_checked('{"a": "' + "x" * 3_000_000 + '"}', 1000, 5)


@pytest.mark.parametrize("text", ["{", "nope", '{"a": 1,}', "1" * 5000, '"\\ud800'])
def test_bad_json_gives_a_short_value_error(text: str) -> None:
    with pytest.raises(ValueError, match=r"^not JSON") as caught:
        loads_checked(text, 10_000, 5)
    assert len(str(caught.value)) < 100


def test_non_text_is_refused() -> None:
    with pytest.raises(ValueError, match="not text but NoneType"):
        loads_checked(None, 10, 1)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", [DEEP, '{"rows": ' * 3000 + "{}" + "}" * 3000,
                                  '{"version": 1, "rows": {}, "pad": "' + "x" * 3_000_000 + '"}'])
def test_statistics_that_cannot_be_read_are_refused(text: str) -> None:
    with pytest.raises(ValueError):  # the page sets them aside and says so
        Stats.from_json(text)


def test_statistics_still_read_their_own_json() -> None:
    stats = Stats({"2/seeds": {"played": 3, "won": 1, "drawn": 0, "surs": 2, "undone": 1}})
    assert Stats.from_json(stats.to_json()) == stats


def _escaped_quotes(length: int) -> str:
    """A string that never closes, of escaped quotes: reading it once took time in the square of its
    length (32,000 characters took seconds, the 2,000,000 a save may have would take hours)."""
    return '"' + '\\"' * ((length - 1) // 2)


_READERS: dict[str, tuple[Callable[[str], object], int]] = {
    "nesting_depth": (nesting_depth, MAX_STORED_CHARS),
    "loads_checked": (lambda text: loads_checked(text, MAX_STORED_CHARS, 16), MAX_STORED_CHARS),
    "stored_json": (read_json, MAX_STORED_CHARS),
    "saved_match": (match_from_json, MAX_STORED_CHARS),
    "statistics": (Stats.from_json, MAX_STORED_CHARS),
    "daily_results": (DailyBook.from_json, MAX_STORED_CHARS),
    "engine_save": (Game.from_json, MAX_STORED_CHARS),
    "host_message": (lambda text: wire.read(text, wire.FROM_HOST), wire.FROM_HOST),
}


@pytest.mark.timeout(60)  # a hang, not a measure: linear reading takes well under a second
@pytest.mark.parametrize("name", list(_READERS))
def test_every_reader_of_stored_or_received_text_reads_the_longest_it_accepts(name: str) -> None:
    reader, longest = _READERS[name]
    text = _escaped_quotes(longest)
    assert len(text) <= longest
    with contextlib.suppress(ValueError):  # not JSON: the string never closes
        reader(text)
    assert nesting_depth('"' + '\\"' * 500_000 + '", [[1]]') == 2  # a closed string: the brackets after it count


@pytest.mark.parametrize("text", ['{"speed": Infinity}', '{"speed": -Infinity}', '{"speed": NaN}',
                                  '{"speed": 1e400}'])
def test_a_number_json_cannot_hold_is_read_as_null_and_never_written_back(text: str) -> None:
    """JavaScript reads no NaN or Infinity: a stored value holding one is read as one that lacks it
    (as JavaScript would have written it), and every JSON the page writes is strict."""
    from pasur_web.model.savegame import read_settings, settings_text

    settings = read_settings(text)
    assert settings == {"speed": None}
    assert json.loads(settings_text(settings), parse_constant=_refuse) == {"speed": None}


def _refuse(name: str) -> None:
    raise AssertionError(f"{name} is not JSON")


@pytest.mark.parametrize("write", [
    lambda bad: safejson.dumps({"a": bad}),
    lambda bad: Stats({"2/seeds": {"played": bad}}).to_json(),
    lambda bad: DailyBook({"2026-12-01": {"player": bad}}).to_json(),
    lambda bad: wire.json_text({"t": "say", "what": bad}),
])
def test_the_page_writes_strict_json_only(write: Callable[[float], str]) -> None:
    for bad in (float("nan"), float("inf")):
        with pytest.raises(ValueError, match="not JSON compliant"):
            write(bad)
