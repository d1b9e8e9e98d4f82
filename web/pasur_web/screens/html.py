"""The page's elements as plain values: ``h("button", "primary", text="Start", id="start")``.

A :data:`Node` is a tuple ``(tag, attributes, children)``; a child is a Node or a text. The browser
layer builds the DOM from them (``web/draw.js``), only where a region's Node changed; text always
goes in as text, never as HTML. Tests read Nodes in CPython (:func:`find`, :func:`text_of`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Union

from ..i18n import LTR_ISOLATE, split_isolates

__all__ = ["Node", "attr_name", "attrs_of", "find", "find_all", "h", "svg", "text_of"]

Node = tuple[str, tuple[tuple[str, str], ...], tuple[Union["Node", str], ...]]

_NAMES: dict[str, str] = {}


def attr_name(key: str) -> str:
    """The attribute a keyword names: ``data_card`` is ``data-card``, ``class_`` is ``class``."""
    name = _NAMES.get(key)
    if name is None:
        name = _NAMES[key] = key.rstrip("_").replace("_", "-")
    return name


def _attrs(cls: str | None, attrs: dict[str, object]) -> tuple[tuple[str, str], ...]:
    pairs = [("class", cls)] if cls else []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        pairs.append((attr_name(key), "" if value is True else str(value)))
    return tuple(pairs)


def _text(text: str) -> tuple[Node | str, ...]:
    """A text; card symbols in right-to-left text each in a left-to-right ``bdi`` of their own, so
    that "7♣" never shows as "♣7" (the isolate marks alone are not enough in every layout)."""
    if LTR_ISOLATE not in text:
        return (text,) if text else ()
    return tuple(("bdi", (("dir", "ltr"),), (part,)) if ltr else part for part, ltr in split_isolates(text))


def h(tag: str, cls: str | None = None, text: str | None = None, children: Iterable[Node | str | None] = (),
      **attrs: object) -> Node:
    """An element: its class, its text (or children) and attributes (``data_card="7C"`` is
    ``data-card``; a value of None or False leaves the attribute out, True sets it empty). A button's
    ``data-action`` (what a click on it does, ``browser/events.py``) is its id unless given."""
    if tag == "button" and "id" in attrs and "data_action" not in attrs:
        attrs["data_action"] = attrs["id"]
    inner = _text(text) if text is not None else tuple(child for child in children if child is not None)
    return (tag, _attrs(cls, attrs), inner)


def svg(tag: str, attrs: tuple[tuple[str, str], ...] = (), children: Iterable[Node] = ()) -> Node:
    """An SVG element (drawn in the SVG namespace)."""
    return ("svg:" + tag, attrs, tuple(children))


def attrs_of(node: Node) -> dict[str, str]:
    return dict(node[1])


def _walk(node: Node | str) -> Iterator[Node]:
    if isinstance(node, str):
        return
    yield node
    for child in node[2]:
        yield from _walk(child)


def find_all(node: Node, **wanted: str) -> list[Node]:
    """Every element below ``node`` (itself included) with these attributes (``tag`` for its tag)."""
    tag = wanted.pop("tag", None)
    names = {attr_name(key): value for key, value in wanted.items()}
    def matches(found: Node) -> bool:
        have = dict(found[1])
        return (tag is None or found[0] == tag) and all(
            have.get(name) == value or (value == "*" and name in have) for name, value in names.items())

    return [found for found in _walk(node) if matches(found)]


def find(node: Node, **wanted: str) -> Node | None:
    found = find_all(node, **wanted)
    return found[0] if found else None


def text_of(node: Node | str) -> str:
    """The text a person reads in ``node``."""
    if isinstance(node, str):
        return node
    return "".join(text_of(child) for child in node[2])
