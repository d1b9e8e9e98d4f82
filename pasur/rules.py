"""The options of docs/RULES.md as one frozen value, the named presets (§10), and the sides (§2.2)."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Final

__all__ = ["OPTION_NAMES", "PRESETS", "Rules", "seat_sides", "side_count", "side_of"]

#: The on/off options of docs/RULES.md, in the order the UI shows them.
OPTION_NAMES: Final = (
    "multi_combo",
    "jack_wild",
    "no_jack_sur",
    "no_sur_last_round",
    "sur_limit_50",
    "sur_cancel",
    "seven_diamonds_bonus",
    "kids",
    "solo4",
    "clockwise",
)


@dataclass(frozen=True)
class Rules:
    """Every option of docs/RULES.md. ``Rules()`` is the ``seeds`` preset.

    >>> Rules.preset("classic").sur_cancel
    True
    >>> Rules(target=0)
    Traceback (most recent call last):
    ...
    ValueError: Rules: target must be a positive whole number, not 0
    """

    multi_combo: bool = True
    jack_wild: bool = True
    no_jack_sur: bool = False
    no_sur_last_round: bool = False
    sur_limit_50: bool = False
    sur_cancel: bool = False
    seven_diamonds_bonus: bool = False
    kids: bool = False
    solo4: bool = False
    clockwise: bool = False
    target: int = 62
    fixed_deals: int | None = None

    def __post_init__(self) -> None:
        for name in OPTION_NAMES:
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise ValueError(f"Rules: {name} must be True or False, not {value!r}")
        if type(self.target) is not int or self.target <= 0:
            raise ValueError(f"Rules: target must be a positive whole number, not {self.target!r}")
        if self.fixed_deals is not None and (
            type(self.fixed_deals) is not int or self.fixed_deals <= 0
        ):
            raise ValueError(
                "Rules: fixed_deals must be a positive whole number or None, "
                f"not {self.fixed_deals!r}"
            )

    @classmethod
    def preset(cls, name: str, **changes: Any) -> Rules:
        """The preset called ``name`` (``seeds``, ``classic``, ``kids``), with optional changes."""
        if not isinstance(name, str) or name not in PRESETS:
            known = ", ".join(PRESETS)
            raise ValueError(f"unknown preset {name!r}: the presets are {known}")
        return replace(PRESETS[name], **changes) if changes else PRESETS[name]

    def to_dict(self) -> dict[str, Any]:
        """The options as plain JSON-able data."""
        return {field.name: getattr(self, field.name) for field in fields(self)}

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """Rules from ``to_dict`` output; unknown or missing keys and bad values: ValueError."""
        if not isinstance(data, dict):
            raise ValueError(f"rules must be an object of options, not {type(data).__name__}")
        known = {field.name for field in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown rule option(s): {', '.join(map(str, unknown))}")
        return cls(**data)

    def preset_name(self) -> str | None:
        """The name of the preset these rules are exactly, if any."""
        for name, rules in PRESETS.items():
            if rules == self:
                return name
        return None


PRESETS: Final[dict[str, Rules]] = {
    "seeds": Rules(),
    "classic": Rules(
        multi_combo=False,
        no_jack_sur=True,
        no_sur_last_round=True,
        sur_limit_50=True,
        sur_cancel=True,
    ),
    "kids": Rules(kids=True),
}


def side_count(players: int, rules: Rules) -> int:
    """How many sides score: two teams with 4 players unless ``solo4``, else one per player.

    >>> side_count(4, Rules()), side_count(4, Rules(solo4=True)), side_count(3, Rules())
    (2, 4, 3)
    """
    return 2 if players == 4 and not rules.solo4 else players


def side_of(seat: int, players: int, rules: Rules) -> int:
    """The side ``seat`` plays for: partners sit opposite (seats 0+2 against 1+3) in a team game,
    else every seat is its own side (docs/RULES.md §2.2).

    >>> [side_of(seat, 4, Rules()) for seat in range(4)], side_of(3, 4, Rules(solo4=True))
    ([0, 1, 0, 1], 3)
    """
    return seat % side_count(players, rules)


_SEAT_SIDES: dict[tuple[int, bool], tuple[int, ...]] = {}


def seat_sides(players: int, rules: Rules) -> tuple[int, ...]:
    """:func:`side_of` every seat, in seat order (kept: a new deal asks for them).

    >>> seat_sides(4, Rules()), seat_sides(3, Rules())
    ((0, 1, 0, 1), (0, 1, 2))
    """
    key = (players, rules.solo4)  # what side_count reads
    found = _SEAT_SIDES.get(key)
    if found is None:
        found = _SEAT_SIDES[key] = tuple(side_of(seat, players, rules) for seat in range(players))
    return found
