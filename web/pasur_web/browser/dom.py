"""What JavaScript gives back, read safely: JavaScript's null is not None in Pyodide."""

from __future__ import annotations

from typing import Any

try:
    from pyodide.ffi import jsnull  # type: ignore[import-not-found]
except ImportError:  # older Pyodide returns None for JavaScript null
    jsnull = None

__all__ = ["attr", "found"]


def found(node: Any) -> bool:
    """True for a real value; False for JavaScript null or undefined."""
    return node is not None and node is not jsnull


def attr(node: Any, name: str) -> str:
    """An attribute's text, or "" when it is absent."""
    value = node.getAttribute(name)
    return str(value) if found(value) else ""
