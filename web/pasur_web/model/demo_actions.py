"""The actions of a rule demo (``?demo=``): its controls, pressed or played."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = ["DemoControl", "DemoStep"]


class DemoControl(Enum):
    """A rule demo's controls; a button's value is its ``data-action`` after "demo-"."""

    PREV = "prev"  # the capture demo's previous capture
    NEXT = "next"
    PICK = "pick"  # the capture demo's capture number ``index``
    PAUSE = "pause"  # the deal demo paused, or playing on
    STEP = "step"  # the deal demo's next move, while paused
    AGAIN = "again"  # the deal demo dealt again
    USED = "used"  # a move allowed by "step" was played


@dataclass(frozen=True)
class DemoStep:
    step: DemoControl
    index: int = 0
