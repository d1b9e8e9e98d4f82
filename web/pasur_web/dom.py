"""Tiny helpers to build DOM nodes from Python. Text always goes in through ``textContent``."""

from __future__ import annotations

from typing import Any

from pyscript import document  # type: ignore[import-not-found]

from .i18n import LTR_ISOLATE, split_isolates

try:
    from pyodide.ffi import jsnull  # type: ignore[import-not-found]
except ImportError:  # older Pyodide returns None for JavaScript null
    jsnull = None

__all__ = ["attr", "byid", "clear", "el", "found"]

def found(node: Any) -> bool:
    """True for a real DOM node; False for JavaScript null or undefined."""
    return node is not None and node is not jsnull


def el(tag: str, cls: str | None = None, text: str | None = None, children: list[Any] | None = None,
       **attrs: object) -> Any:
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text is not None and LTR_ISOLATE in text:
        # Card symbols in right-to-left text: each in its own left-to-right element, so that
        # "7♣" never shows as "♣7" (the marks alone are not enough in every layout).
        for part, ltr in split_isolates(text):
            if ltr:
                span = document.createElement("bdi")
                span.setAttribute("dir", "ltr")
                span.textContent = part
                node.appendChild(span)
            else:
                node.appendChild(document.createTextNode(part))
    elif text is not None:
        node.textContent = text
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        node.setAttribute(name, "" if value is True else str(value))
    for child in children or []:
        if child is not None:
            node.appendChild(child)
    return node


def attr(node: Any, name: str) -> str:
    """An attribute's text, or "" when it is absent."""
    value = node.getAttribute(name)
    return str(value) if found(value) else ""


def byid(name: str) -> Any:
    return document.getElementById(name)


def clear(node: Any, *children: Any) -> None:
    node.replaceChildren()
    for child in children:
        if child is not None:
            node.appendChild(child)
