"""The new-game panel read into a match: players, rules and seats, with every limit in one place.

Pure Python: the page hands over the form's values as text (``FormValues``), so what a player
may type (names, targets, numbers of deals, computer levels) is checked in CPython tests.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from pasur import Rules
from pasur.rules import PRESETS

from ..i18n import PERSIAN_DIGITS
from .params import AI_LEVELS, MAX_TARGET, SETUP_OPTIONS
from .seats import FRIEND, HUMAN, Seat, clean_name, default_seats

__all__ = ["DEFAULT_TARGET", "DIGIT_FORMS", "FIXED_DEALS", "MAX_FIXED_DEALS", "FormValues", "NewGame", "read_setup",
           "read_target"]

DEFAULT_TARGET = 62
MAX_FIXED_DEALS = 100
FIXED_DEALS = (0, 1, 2, 3, 4, 5, 6, 8, 10)  # the match lengths the panel offers (0: to the target)
FormValues = Mapping[str, str | bool]  # element id -> value (text fields, selects) or checked (boxes)
# The digits a number may be typed in: Latin, Persian
# (shown in the Persian page), and the Arabic ones some Persian keyboards type (١ and ۱ look alike).
DIGIT_FORMS = ("0123456789", PERSIAN_DIGITS, "٠١٢٣٤٥٦٧٨٩")
_TO_LATIN = str.maketrans({digit: str(value) for form in DIGIT_FORMS[1:] for value, digit in enumerate(form)})


@dataclass(frozen=True)
class NewGame:
    players: int
    rules: Rules
    seats: tuple[Seat, ...]


def _number(value: str | bool | None, low: int, high: int) -> int | None:
    """A whole number from ``low`` to ``high`` typed in any of ``DIGIT_FORMS``, or None."""
    text = str(value or "").strip().translate(_TO_LATIN)
    if not (text.isascii() and text.isdigit() and len(text) <= 6):
        return None
    number = int(text)
    return number if low <= number <= high else None


def read_target(text: str | bool | None) -> int | None:
    """The panel's "Play to" (``setup-target``): a whole number within the limits, typed in any of
    ``DIGIT_FORMS``, or None (no game starts with it: the panel says it is wrong)."""
    return _number(text, 1, MAX_TARGET)


def read_setup(form: FormValues, ai: str, t: Callable[..., str], you_words: frozenset[str],
               friends: bool = False) -> NewGame:
    """The game the panel describes; anything out of range falls back to its default.

    ``ai``: the level of a computer seat whose choice is unreadable; ``t``: the catalog's lookup
    (default names); ``you_words``: what "You" is in every language, renamed "Player N" in
    pass-and-play, where nobody is "you". ``friends``: a game between friends, where a seat may be
    a friend's (one at least: the next seat, when none was chosen); elsewhere a friend's seat is
    played by the computer.
    """
    players = _number(form.get("setup-players"), 2, 4) or 2
    preset = str(form.get("setup-preset", "seeds"))
    changes: dict[str, object] = {name: bool(form.get(f"opt-{name}", False)) for name in SETUP_OPTIONS}
    changes["solo4"] = players == 4 and form.get("setup-mode") == "solo"
    changes["target"] = read_target(form.get("setup-target")) or DEFAULT_TARGET
    changes["fixed_deals"] = _number(form.get("setup-fixed"), 1, MAX_FIXED_DEALS)
    rules = Rules.preset(preset if preset in PRESETS else "seeds", **changes)
    defaults = default_seats(players, ai, t)
    seats = []
    for seat in range(players):
        name = clean_name(str(form.get(f"name-{seat}", "")), defaults[seat].name)
        kind = HUMAN if seat == 0 else str(form.get(f"kind-{seat}", ""))
        if kind not in (HUMAN, *AI_LEVELS, *((FRIEND,) if friends else ())):
            kind = defaults[seat].kind
        seats.append(Seat(name, kind))
    if friends and not any(seat.friend for seat in seats):
        seats[1] = Seat(seats[1].name, FRIEND)
    if friends and seats[0].name in you_words:  # the friends see the host's name: not "You"
        seats[0] = Seat(t("host_default_name"), HUMAN)
    if sum(seat.human for seat in seats) > 1:  # pass-and-play: nobody is called "You"
        seats = [Seat(t("player_n", n=number + 1), seat.kind) if seat.name in you_words else seat
                 for number, seat in enumerate(seats)]
    return NewGame(players, rules, tuple(seats))
