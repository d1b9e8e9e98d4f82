"""The rest of the standard library, out of the start's way.

The page's standard library is in two zips (tools/precompile.mjs): ``stdlib.zip``, which Pyodide
loads on every start, holds what a start imports; ``stdlib-more.zip`` holds the other modules that
the page's code could import (from inside functions, on paths the game does not take). The
second is fetched only if one of its modules is imported: then at once, synchronously, since an
import cannot wait. ``stdlib_more.json`` (written by the build next to this module) names its
modules, so that an import of anything else costs nothing. Once the game is up and the service
worker has stored it, the page also fetches it in the background (``fetch_later``), so that its
modules import at once, offline too (a synchronous request does not go through the worker).
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import json
import os
import sys
from collections.abc import Callable, Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Any

ADDRESS = "./stdlib-more.zip"
MOUNTED = "/lib/stdlib-more.zip"
NAMES = os.path.join(os.path.dirname(__file__), "stdlib_more.json")
# x-user-defined, the text a synchronous request gives for bytes: 0x80-0xFF become U+F780-U+F7FF.
BYTES_FROM_TEXT = {0xF780 + byte: 0x80 + byte for byte in range(128)}


class RestOfStdlib(importlib.abc.MetaPathFinder):
    """Last on ``sys.meta_path``: finds the modules of ``stdlib-more.zip``, fetching it first."""

    def __init__(self, fetch: Callable[[], bytes], names: Callable[[], set[str]], mounted: str = MOUNTED) -> None:
        self.fetch = fetch
        self.names = names
        self.mounted = mounted
        self.known: set[str] | None = None
        self.ready = False

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if self.known is None:
            self.known = set()  # while the names are read, this finder finds nothing
            self.known = self.names()
        if fullname not in self.known:
            return None
        if not self.ready:
            self.mount(self.fetch())
        package = fullname.rpartition(".")[0].replace(".", "/")
        return importlib.machinery.PathFinder.find_spec(fullname, [f"{self.mounted}/{package}" if package
                                                                   else self.mounted])

    def mount(self, data: bytes) -> None:
        """Keep the zip where the finder reads it (no cache to invalidate: nothing looked there yet)."""
        if not self.ready:
            with open(self.mounted, "wb") as handle:
                handle.write(data)
            self.ready = True


def browser() -> Any:
    """The page's JavaScript globals."""
    import js  # type: ignore[import-not-found]  # the browser only

    return js


def module_names() -> set[str]:
    with open(NAMES, encoding="utf-8") as handle:
        return set(json.load(handle))


def fetch_at_once() -> bytes:
    """The zip, fetched synchronously (through the service worker, which keeps it for offline play)."""
    request = browser().XMLHttpRequest.new()
    request.open("GET", ADDRESS, False)
    request.overrideMimeType("text/plain; charset=x-user-defined")
    request.send()
    if request.status != 200:
        raise ImportError(f"{ADDRESS} could not be loaded (HTTP {request.status})")
    return str(request.responseText).translate(BYTES_FROM_TEXT).encode("latin-1")


async def fetch_later(patience: float = 60.0) -> None:
    """Fetch the zip in the background, once the service worker has stored it (on a first visit it
    is downloaded once, by the worker) or after ``patience`` seconds without one, so that its
    modules import at once and offline."""
    import asyncio

    document, fetch = browser().document, browser().fetch
    finder = next((item for item in sys.meta_path if isinstance(item, RestOfStdlib)), None)
    waited = 0.0
    while not document.documentElement.hasAttribute("data-offline-ready") and waited < patience:
        await asyncio.sleep(1.0)
        waited += 1.0
    if finder is None or finder.ready:
        return
    try:
        response = await fetch(ADDRESS)
        if response.ok:
            finder.mount((await response.arrayBuffer()).to_bytes())
    except Exception:  # offline, or the file is gone: the first import tries again
        return


def install() -> None:
    """Put the finder last on ``sys.meta_path`` (once: a restored snapshot may have it already)."""
    if not any(isinstance(finder, RestOfStdlib) for finder in sys.meta_path):
        sys.meta_path.append(RestOfStdlib(fetch_at_once, module_names))
