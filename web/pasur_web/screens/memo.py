"""The last results of a pure function of immutable values, found again by its arguments' identity.

The page is drawn from an immutable state (``model/state.py``): a match that was drawn stays what
it was, so a function of the match (and of the catalog, a seat, a card) gives the same result for
the same objects. Most drawings change one small thing (a card looked at, whose turn it is): the
parts worked out from the match are found again instead of worked out anew.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import ParamSpec, TypeVar

__all__ = ["remembered"]

P = ParamSpec("P")
R = TypeVar("R")
SIZE = 16  # results kept per function (a drawing calls one for each seat, card or part)


def remembered(function: Callable[P, R]) -> Callable[P, R]:
    """``function`` keeping its last results by the identity of its positional arguments (keyword
    arguments are not used: a call with any works the result out)."""
    kept: dict[tuple[int, ...], tuple[tuple[object, ...], R]] = {}

    @wraps(function)
    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        if kwargs:
            return function(*args, **kwargs)
        key = tuple(map(id, args))
        found = kept.get(key)
        if found is not None and all(a is b for a, b in zip(found[0], args, strict=True)):
            return found[1]
        result = function(*args, **kwargs)
        if len(kept) >= SIZE:
            del kept[next(iter(kept))]  # the oldest goes
        kept[key] = (args, result)  # the arguments are kept too: their ids stay theirs
        return result

    return call
