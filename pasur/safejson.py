"""JSON from browser storage, read without risk: size and nesting depth are checked before parsing.

Python's ``json`` parses nested arrays and objects by recursion; in Pyodide a value nested a few
thousand deep exhausts the browser's stack and stops Python for good, which no ``except`` can
catch. :func:`loads_checked` refuses such text first, with a loop, and turns every parsing error
into a ``ValueError`` with a short message.

JSON has no NaN or Infinity, and JavaScript cannot read them: Python's ``json`` reads ``NaN``,
``Infinity`` and numbers too large for a double (``1e400``) as floats that it would write back as
``NaN`` and ``Infinity``. :func:`loads_checked` reads them as ``null``, as JavaScript writes them
(``JSON.stringify``), so that a value holding one is read as a value that lacks it; :func:`dumps`
writes strict JSON only.

>>> loads_checked('{"lang": "fa"}', max_chars=100, max_depth=2)
{'lang': 'fa'}
>>> loads_checked("[[[]]]", max_chars=100, max_depth=2)
Traceback (most recent call last):
...
ValueError: nested more than 2 deep
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

__all__ = ["dumps", "loads_checked", "nesting_depth"]

# A JSON string (with its escapes), or one bracket; anything else cannot change the depth. Each
# character is read once: the closing quote is optional, so a string that never closes runs to the
# end of the text (were it required, every quote of an unclosed string of escaped quotes would start
# a match that scans to the end and fails, in time the square of the length), and the quantifiers
# are possessive, so a long string keeps no state to go back to. After an unclosed string ``json``
# fails without nesting deeper, so counting its brackets as text is right.
_TOKEN = re.compile(r'"(?:[^"\\]++|\\.)*+"?|[\[\]{}]', re.DOTALL)
_MESSAGE_CHARS = 80


def nesting_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in ``text``, brackets inside strings not counted;
    in time linear in the length of ``text``.

    >>> nesting_depth('{"a": [1, "]]]"], "b": {}}')
    2
    """
    depth = deepest = 0
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif token in "]}":
            depth -= 1
    return deepest


def loads_checked(text: str, max_chars: int, max_depth: int) -> Any:
    """``json.loads(text)`` for text of at most ``max_chars`` characters nested at most
    ``max_depth`` deep; anything else raises ``ValueError`` with a short message."""
    if not isinstance(text, str):
        raise ValueError(f"not text but {type(text).__name__}")
    if len(text) > max_chars:
        raise ValueError(f"too long ({len(text)} characters, at most {max_chars})")
    if nesting_depth(text) > max_depth:
        raise ValueError(f"nested more than {max_depth} deep")
    try:
        return json.loads(text, parse_constant=_not_a_number, parse_float=_finite)
    except (ValueError, RecursionError) as error:  # RecursionError: never expected after the check
        message = str(error).split(":", 1)[0] if isinstance(error, json.JSONDecodeError) else str(error)
        raise ValueError(f"not JSON: {message[:_MESSAGE_CHARS]}") from None


def _not_a_number(_name: str) -> None:
    """``NaN``, ``Infinity``, ``-Infinity``: not JSON numbers, read as ``null``.

    >>> loads_checked('{"a": NaN, "b": [Infinity, -Infinity, 1e400, 2.5]}', 100, 2)
    {'a': None, 'b': [None, None, None, 2.5]}
    """
    return None


def _finite(text: str) -> float | None:
    number = float(text)
    return number if math.isfinite(number) else None


def dumps(value: Any, **options: Any) -> str:
    """``json.dumps`` that refuses NaN and infinities (ValueError) instead of writing what JavaScript
    cannot read; every JSON the page stores or sends goes through it.

    >>> dumps({"a": [1, 2.5, None]})
    '{"a": [1, 2.5, null]}'
    >>> dumps(float("nan"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: Out of range float values are not JSON compliant...
    """
    return json.dumps(value, allow_nan=False, **options)
