"""The Python half of tools/precompile.mjs: it runs inside Pyodide (the page's own Python, in Node),
so the bytecode it writes is the page's. See tools/precompile.mjs for the job and the output."""

from __future__ import annotations

import ast
import importlib.util
import json
import modulefinder
import os
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]
from typing import Any

PLAIN = "/stdlib"  # the standard library unpacked, for reading (modulefinder cannot read a zip)
ZIP_DATE = (2020, 1, 1, 0, 0, 0)


def never_here(test: ast.expr) -> bool:
    """Whether an ``if`` test is false in the page: typing only, a script's main, Windows."""
    text = ast.unparse(test).replace("'", '"')
    return text in {"TYPE_CHECKING", "typing.TYPE_CHECKING", '__name__ == "__main__"', 'sys.platform == "win32"',
                    'os.name == "nt"', '_os.name == "nt"', 'sys.platform.startswith("win")'}


def source_of(name: str) -> tuple[str | None, bool]:
    """(file, is a package) of a module of the app or of the standard library."""
    for base in ("/app", PLAIN):
        where = os.path.join(base, *name.split("."))
        if os.path.isfile(os.path.join(where, "__init__.py")):
            return os.path.join(where, "__init__.py"), True
        if os.path.isfile(where + ".py"):
            return where + ".py", False
    return None, False


class StartImports(ast.NodeVisitor):
    """What a module imports as it is imported: not what its functions import, nor what it imports
    under a test that is false in the page (see ``never_here``)."""

    def __init__(self, name: str, package: bool) -> None:
        self.name, self.package = name, package
        self.found: set[str] = set()

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        return

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_If(self, node: ast.If) -> None:
        if not never_here(node.test):
            self.generic_visit(node)
            return
        for child in node.orelse:
            self.visit(child)

    def visit_Import(self, node: ast.Import) -> None:
        self.found.update(alias.name for alias in node.names)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = node.module or ""
        if node.level:
            parts = self.name.split(".") if self.package else self.name.split(".")[:-1]
            parts = parts[:len(parts) - node.level + 1]
            base = ".".join(parts + ([node.module] if node.module else []))
        self.found.add(base)
        self.found.update(f"{base}.{alias.name}" for alias in node.names)  # kept when it is a module


def imported_on_start(roots: set[str]) -> set[str]:
    """Every module of the app or the standard library that importing ``roots`` imports."""
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        parts = name.split(".")
        todo.extend(".".join(parts[:i]) for i in range(1, len(parts)))
        if name in seen:
            continue
        file, package = source_of(name)
        if file is None:
            continue
        seen.add(name)
        visitor = StartImports(name, package)
        with open(file, "rb") as handle:
            visitor.visit(ast.parse(handle.read()))
        todo.extend(visitor.found - seen)
    return seen


def reachable(job: dict[str, Any]) -> modulefinder.ModuleFinder:
    """Every module that the app, PyScript's modules and Pyodide's own packages can import."""
    finder = modulefinder.ModuleFinder(path=["/app", PLAIN])
    for where, _ in job["sources"] + job["checked"]:
        if where.endswith(".py"):
            finder.import_hook(where[:-3].replace("/", ".").removesuffix(".__init__"))
    for package in ("pyodide", "_pyodide"):
        for name in sorted(os.listdir(os.path.join(PLAIN, package))):
            if name.endswith(".py"):
                finder.import_hook(package if name == "__init__.py" else f"{package}.{name[:-3]}")
            elif os.path.isfile(os.path.join(PLAIN, package, name, "__init__.py")):
                finder.import_hook(f"{package}.{name}")
    for codec in job["codecs"]:
        finder.import_hook("encodings." + codec)
    return finder


def bytecode(source: bytes, filename: str, checked: bool, optimize: int = 0) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True, optimize=optimize)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked))


def precompile(job_proxy: Any) -> str:
    job: dict[str, Any] = job_proxy.to_py() if hasattr(job_proxy, "to_py") else job_proxy
    stdlib = next(entry for entry in sys.path if entry.endswith(".zip"))  # where Pyodide mounts it
    with zipfile.ZipFile(stdlib) as archive:
        archive.extractall(PLAIN)
    hot = imported_on_start(set(job["start"]) | set(sys.modules))  # sys.modules: Pyodide's start
    finder = reachable(job)
    frozen = {name for name, module in sys.modules.items()
              if getattr(getattr(module, "__spec__", None), "origin", None) == "frozen"}
    out = job["out"]
    os.makedirs(out, exist_ok=True)
    compiled, kept = [], []
    with (zipfile.ZipFile(os.path.join(out, "stdlib.zip"), "w", zipfile.ZIP_DEFLATED) as start,
          zipfile.ZipFile(os.path.join(out, "stdlib-more.zip"), "w", zipfile.ZIP_DEFLATED) as more):
        for name, module in sorted(finder.modules.items()):
            file = getattr(module, "__file__", None)
            if not file or not file.startswith(PLAIN + "/") or not file.endswith(".py"):
                continue
            inner = file[len(PLAIN) + 1:]
            with open(file, "rb") as handle:
                source = handle.read()
            if name in hot and name not in frozen:  # bytecode only, in the start's zip
                archive, info = start, zipfile.ZipInfo(inner[:-3] + ".pyc", ZIP_DATE)
                # Without docstrings and asserts, as "python -OO" runs it: a fifth smaller.
                data = bytecode(source, f"{stdlib}/{inner}", checked=False, optimize=2)
                compiled.append(name)
            else:  # the source, in the other zip, compiled if it is ever imported
                archive, info, data = more, zipfile.ZipInfo(inner, ZIP_DATE), source
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
            kept.append(name)
        for archive in (start, more):
            for folder in sorted({os.path.dirname(info.filename) for info in archive.infolist()} - {""}):
                archive.writestr(zipfile.ZipInfo(folder + "/", ZIP_DATE), b"")
    for where, _ in job["sources"] + job["checked"]:
        if not where.endswith(".py"):
            continue
        with open("/app/" + where, "rb") as handle:
            source = handle.read()
        target = os.path.join(out, "app", importlib.util.cache_from_source(where))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as handle:
            handle.write(bytecode(source, "/home/pyodide/" + where, checked=True))
    with open(os.path.join(out, "stdlib_more.json"), "w") as handle:
        json.dump(sorted(set(kept) - set(compiled)), handle)
    report = {"stdlib": kept, "compiled": compiled, "not_found": sorted(finder.badmodules),
              "tag": sys.implementation.cache_tag}
    with open(os.path.join(out, "modules.json"), "w") as handle:
        json.dump(report, handle, indent=1)
    return json.dumps({"stdlib modules": len(kept), "compiled": len(compiled)})
