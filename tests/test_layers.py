"""The code stands in layers, so that there is no import cycle (imports under ``TYPE_CHECKING``
counted) and each kind of change has one place:

- the engine (``pasur/``): each module imports only from the layers below it; it needs only the
  standard library and never the browser; no module reaches into another object's private names;
- the page (``web/pasur_web/``): ``i18n`` < ``model`` < ``screens`` < ``browser``, each package
  importing only from itself and the packages below it, and only ``browser`` imports the browser
  (``pyscript``, ``js``, ``pyodide``);
- no Python module of the engine, the page or the tools and no script of the page (web/*.js) is over
  300 lines, and no script of the page nests blocks more than 6 deep."""

import ast
import re
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
    ["position"],
    ["game"],
    ["evaluation", "search"],
    ["ai", "players"],
    ["reference"],
    ["simulate", "tournament", "grades", "judgement", "lines", "review", "daily", "bench"],
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


# ------------------------------------------------------------------------ the page
ROOT = ENGINE.parent
PAGE = ROOT / "web" / "pasur_web"
PAGE_LAYERS = ["i18n", "model", "screens", "browser"]  # bottom up
MAX_LINES = 300
MAX_SCRIPT_DEPTH = 6


def page_imports(path: Path, root: Path = PAGE) -> set[str]:
    """The modules of the page that ``path`` imports, as dotted names below ``pasur_web`` ("model.match"),
    and the outside modules by their top-level name (``pasur``, ``pyscript``, ...)."""
    here = path.relative_to(root).with_suffix("").parts
    package = list(here[:-1])
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level:
            base = package[: len(package) - (node.level - 1)] if node.level > 1 else package
            target = [*base, *(node.module.split(".") if node.module else [])]
            if node.module:
                found.add(".".join(target))
            else:
                found.update(".".join([*target, alias.name]) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            name = node.module
            found.add(name.removeprefix("pasur_web.") if name.startswith("pasur_web.") else name.split(".")[0])
    return found


def page_graph(root: Path = PAGE) -> dict[str, set[str]]:
    """Module (dotted, below ``pasur_web``) -> the page's modules it imports."""
    modules = {".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__"): path
               for path in sorted(root.rglob("*.py"))}
    graph = {}
    for name, path in modules.items():
        imported = page_imports(path, root)
        graph[name] = {other for other in imported if other in modules and other != name}
    return graph


def page_layer_problems(graph: dict[str, set[str]]) -> list[str]:
    def layer(module: str) -> int:
        top = module.split(".")[0]
        return PAGE_LAYERS.index(top) if top in PAGE_LAYERS else -1

    problems = [f"pasur_web/{module} is in no package of {PAGE_LAYERS}" for module in graph
                if layer(module) < 0 and module != "__init__"]
    for module, imported in graph.items():
        problems += [f"{module} imports {other}, from a package above its own" for other in imported
                     if layer(other) > layer(module)]
    return problems


def test_the_page_has_no_import_cycle_and_every_import_goes_down() -> None:
    graph = page_graph()
    assert find_cycle(graph) is None
    assert page_layer_problems(graph) == []


def test_only_the_browser_package_touches_the_browser() -> None:
    for path in sorted(PAGE.rglob("*.py")):
        if path.relative_to(PAGE).parts[0] == "browser":
            continue
        touched = page_imports(path) & BROWSER
        assert not touched, f"{path.relative_to(ROOT)} imports {touched}"


@pytest.mark.parametrize("path", sorted([*ENGINE.glob("*.py"), *PAGE.rglob("*.py"), *(ROOT / "tools").glob("*.py"),
                                        *(ROOT / "web").glob("*.js")]),
                         ids=lambda path: str(path.relative_to(ROOT)))
def test_no_module_or_script_is_over_300_lines(path: Path) -> None:
    assert len(path.read_text(encoding="utf-8").splitlines()) <= MAX_LINES


def script_depth(source: str) -> int:
    """How deep the blocks (and object literals) of a script nest, its wrapper included; strings,
    comments and regular expressions left out."""
    depth = deepest = index = 0
    previous = ""
    while index < len(source):
        char = source[index]
        if source.startswith(("//", "/*"), index):
            closing = "\n" if source[index + 1] == "/" else "*/"
            end = source.find(closing, index + 2)
            index = len(source) if end < 0 else end + len(closing)
            continue
        if char in "\"'`" or (char == "/" and previous in "(,=:[!&|?{};"):
            quote, index = char, index + 1
            while index < len(source) and source[index] != quote:
                index += 2 if source[index] == "\\" else 1
            previous, index = "a", index + 1
            continue
        depth += char == "{"
        depth -= char == "}"
        deepest = max(deepest, depth)
        previous = char if not char.isspace() else previous
        index += 1
    return deepest


@pytest.mark.parametrize("path", sorted((ROOT / "web").glob("*.js")), ids=lambda path: path.name)
def test_no_script_nests_more_than_six_deep(path: Path) -> None:
    assert script_depth(path.read_text(encoding="utf-8")) <= MAX_SCRIPT_DEPTH


def test_the_page_checks_can_fail(tmp_path: Path) -> None:
    """A cycle under TYPE_CHECKING, an import upwards and a browser import in model/ are all seen."""
    for package in ("model", "screens", "browser"):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / "model" / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                             "    from .b import B\nimport js\n")
    (tmp_path / "model" / "b.py").write_text("from . import a\nfrom ..screens.page import page\n")
    (tmp_path / "screens" / "page.py").write_text("from ..browser.draw import Drawer\n")
    (tmp_path / "browser" / "draw.py").write_text("from pyscript import window\n")
    graph = page_graph(tmp_path)
    assert find_cycle(graph) == ["model.a", "model.b", "model.a"]
    assert page_layer_problems(graph) == ["model.b imports screens.page, from a package above its own",
                                          "screens.page imports browser.draw, from a package above its own"]
    assert "js" in page_imports(tmp_path / "model" / "a.py", tmp_path)
    assert script_depth("(function () { if (a) { b = { c: { d: '{' } }; } })();") == 4
    assert script_depth("var x = /{/; // {{{\n/* { */ y = `{`; z = a / b; /* } */ if (c) { d(); }") == 1


def _page_imports(path: Path, name: str) -> set[str]:
    """Every module and name ``path`` (the module ``name``) imports, relative imports made whole."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            parts = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
            module = ".".join([*parts, *([node.module] if node.module else [])])
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def test_the_page_s_package_holds_only_what_the_page_runs() -> None:
    """Each module of ``web/pasur_web`` is imported, at last, by ``web/main.py``: code that only the
    build runs (``tools/script_facts.py``) lives with the build."""
    web = PAGE.parent
    every = {".".join(path.relative_to(web).with_suffix("").parts).removesuffix(".__init__")
             for path in PAGE.rglob("*.py")}
    reached: set[str] = set()
    waiting = list(_page_imports(web / "main.py", "main"))
    while waiting:
        name = waiting.pop()
        if name in reached or name not in every:
            continue
        reached.add(name)
        path = web.joinpath(*name.split("."))
        path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
        waiting += [".".join(name.split(".")[:end]) for end in range(1, name.count(".") + 1)]
        waiting += _page_imports(path, name)
    assert sorted(every - reached) == []
def test_the_start_up_error_is_shown_by_one_script() -> None:
    """web/boot.js shows the start-up error, with its remedies; the game's Python, when its own start
    fails (web/main.py, browser/runtime.py), hands it the message."""
    boot = (ROOT / "web" / "boot.js").read_text(encoding="utf-8")
    assert "hooks.startFailed = function" in boot
    for path in [ROOT / "web" / "main.py", *PAGE.rglob("*.py")]:
        source = path.read_text(encoding="utf-8")
        assert "startup-error" not in source and "data-error" not in source, path
    for path in (ROOT / "web" / "main.py", PAGE / "browser" / "runtime.py"):  # (window.pasur.startFailed)
        assert re.search(r"pasur\.?[sS]tartFailed\(", path.read_text(encoding="utf-8")), path


def test_one_script_marks_what_a_card_could_take() -> None:
    """The table's cards a card of the hand could take are marked (data-peek) by web/pointer.js
    alone, for a mouse over it, the keyboard's focus and a tap's answer (web/draw.js asks it)."""
    marking = [path.name for path in sorted((ROOT / "web").glob("*.js"))
               if 'setAttribute("data-peek"' in path.read_text(encoding="utf-8")]
    assert marking == ["pointer.js"]
    assert "pointer.peek(node)" in (ROOT / "web" / "draw.js").read_text(encoding="utf-8")
