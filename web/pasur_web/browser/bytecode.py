"""Which modules were compiled from source as the page started.

The build ships bytecode for every module the page imports on a start (tools/precompile.mjs): the
standard library's as bytecode only, the game's and PyScript's next to their sources, checked
against the source's hash. web/main.py turns off writing bytecode, so a module without usable
bytecode is compiled on every start; after the first screen, it lists them in
``html[data-compiled]`` (empty when there are none), so that a stale build shows.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Mapping
from types import ModuleType


def has_bytecode(module: ModuleType) -> bool:
    """Whether ``module`` came from bytecode its loader could use (or needs none: built-in, frozen)."""
    file = getattr(module, "__file__", None)
    spec = getattr(module, "__spec__", None)
    if not file or not file.endswith(".py") or getattr(spec, "origin", None) == "frozen":
        return True  # built in, frozen, or loaded from bytecode alone
    cached = getattr(spec, "cached", None)
    if not cached:
        return False  # a source in a zip (zipimport keeps no bytecode of it)
    try:
        with open(file, "rb") as source, open(cached, "rb") as compiled:
            text, header = source.read(), compiled.read(16)
    except OSError:
        return False
    hash_based = int.from_bytes(header[4:8], "little") & 1
    return bool(hash_based) and header[8:16] == importlib.util.source_hash(text)


def compiled_from_source(modules: Mapping[str, ModuleType] | None = None) -> list[str]:
    """The modules of ``modules`` (``sys.modules``) that had no usable bytecode, by name."""
    found = modules if modules is not None else dict(sys.modules)
    return sorted(name for name, module in found.items() if name != "__main__" and not has_bytecode(module))
