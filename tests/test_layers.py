"""The engine's modules stand in layers: each imports only from the layers below it, so there is no
import cycle; the engine needs only the standard library and never the browser; and no module
reaches into another object's private names."""

import ast
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parent.parent / "pasur"

#: Bottom up. A module may import from its own layer's earlier entries and from lower layers only.
LAYERS: list[list[str]] = [
    ["safejson", "cards"],
    ["rules"],
    ["captures"],
    ["moves"],
    ["scoring"],
    ["events"],
    ["view", "save"],
    ["deal"],
    ["game"],
    ["evaluation", "search"],
    ["ai", "players"],
    ["reference"],
    ["simulate", "tournament", "review", "daily", "bench"],
    ["cli"],
    ["__init__", "__main__"],
]
BROWSER = {"pyscript", "js", "pyodide"}


def imports_of(source: str, module: str) -> set[str]:
    """The top-level names of every module ``source`` imports (``pasur.x`` for the engine's own),
    wherever the import stands: at the top, in a function, or under ``if TYPE_CHECKING``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source, module)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                name = alias.name
                found.add(name if name.startswith("pasur.") else name.split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # from .x import y, from . import x
                if node.module:
                    found.add("pasur." + node.module.split(".")[0])
                else:
                    found.update("pasur." + alias.name for alias in node.names)
            elif node.module:
                name = node.module
                if name == "pasur":
                    found.update("pasur." + alias.name for alias in node.names)
                else:
                    found.add(name if name.startswith("pasur.") else name.split(".")[0])
    return found


def engine_imports() -> dict[str, set[str]]:
    return {path.stem: imports_of(path.read_text(encoding="utf-8"), path.name) for path in sorted(ENGINE.glob("*.py"))}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph`` (module -> modules it imports), as a path, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            cycle = visit(start)
            if cycle:
                return cycle
    return None


def layer_problems(graph: dict[str, set[str]]) -> list[str]:
    rank = {module: (level, place) for level, layer in enumerate(LAYERS) for place, module in enumerate(layer)}
    problems = [f"{module} is in no layer of tests/test_layers.py" for module in graph if module not in rank]
    for module, imported in graph.items():
        for other in imported:
            if module in rank and other in rank and rank[other] >= rank[module]:
                problems.append(f"{module} imports {other}, which is not in a layer below it")
    return problems


def own(imported: set[str]) -> set[str]:
    return {name.removeprefix("pasur.") for name in imported if name.startswith("pasur.")}


def test_no_import_cycle_and_every_import_goes_down() -> None:
    graph = {module: own(imported) - {module} for module, imported in engine_imports().items()}
    assert find_cycle(graph) is None
    assert layer_problems(graph) == []


def test_only_the_standard_library_and_never_the_browser() -> None:
    for module, imported in engine_imports().items():
        outside = {name for name in imported if not name.startswith("pasur.")} - {"__future__"}
        assert not outside & BROWSER, f"pasur/{module}.py imports {outside & BROWSER}"
        assert outside <= set(sys.stdlib_module_names), f"pasur/{module}.py imports {outside}"


def private_uses(source: str) -> list[tuple[int, str]]:
    """Every use of a private attribute (``x._name``) that the module's own classes do not define:
    a class's private names belong to the module that defines it."""
    tree = ast.parse(source)
    defined: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    defined.add(item.name)
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    defined.add(item.target.id)
                elif isinstance(item, ast.Assign):
                    defined.update(target.id for target in item.targets if isinstance(target, ast.Name))
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            defined.add(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("_"):
            defined.add(node.value)  # __slots__ entries and object.__setattr__(obj, "_name", ...)
    return [
        (node.lineno, node.attr)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
        and node.attr not in defined
    ]


def test_no_private_names_of_other_modules() -> None:
    # What another module needs (the search's calls into Game, the save's position) is public.
    for path in sorted(ENGINE.glob("*.py")):
        assert private_uses(path.read_text(encoding="utf-8")) == [], f"pasur/{path.name}"


# ------------------------------------------------------------------------ the checks can fail
def test_the_checks_see_a_cycle_a_late_import_and_a_browser_import() -> None:
    late = "def f():\n    from .game import Game\n"
    typing_only = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pasur.view import PlayerView\n"
    assert imports_of(late, "save.py") == {"pasur.game"}
    assert "pasur.view" in imports_of(typing_only, "game.py")
    assert imports_of("import js\nfrom pyodide.ffi import create_proxy\n", "x.py") == {"js", "pyodide"}
    assert find_cycle({"game": {"save"}, "save": {"view"}, "view": {"game"}}) == ["game", "save", "view", "game"]
    assert find_cycle({"game": {"save"}, "save": set()}) is None
    assert layer_problems({"save": {"game"}, "game": set()}) == ["save imports game, which is not in a layer below it"]
    assert layer_problems({"extra": set()}) == ["extra is in no layer of tests/test_layers.py"]
    assert private_uses("def f(game):\n    return game._options()\n") == [(2, "_options")]
    assert private_uses("class G:\n    def _options(self):\n        return self._opts\n"
                        "    def copy(self):\n        self._opts = None\n") == []


@pytest.mark.parametrize("module", [path.stem for path in sorted(ENGINE.glob("*.py"))])
def test_every_module_has_a_layer(module: str) -> None:
    assert any(module in layer for layer in LAYERS)
