"""Which modules had no usable bytecode (web/pasur_web/bytecode.py, shown as html[data-compiled])."""

from __future__ import annotations

import importlib
import py_compile
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from pasur_web.browser.bytecode import compiled_from_source, has_bytecode


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    sys.path.insert(0, str(tmp_path))
    before = set(sys.modules)
    yield tmp_path
    sys.path.remove(str(tmp_path))
    for name in set(sys.modules) - before:
        del sys.modules[name]


def module_with(folder: Path, name: str, mode: py_compile.PycInvalidationMode | None) -> Path:
    source = folder / f"{name}.py"
    source.write_text("VALUE = 1\n", encoding="utf-8")
    if mode is not None:
        py_compile.compile(str(source), cfile=importlib.util.cache_from_source(str(source)), invalidation_mode=mode)
    return source


def test_a_module_with_bytecode_checked_against_its_source_counts(folder: Path) -> None:
    module_with(folder, "checked_one", py_compile.PycInvalidationMode.CHECKED_HASH)
    assert has_bytecode(importlib.import_module("checked_one"))


def test_bytecode_of_another_text_does_not_count(folder: Path) -> None:
    source = module_with(folder, "stale_one", py_compile.PycInvalidationMode.CHECKED_HASH)
    source.write_text("VALUE = 2\n", encoding="utf-8")
    assert not has_bytecode(importlib.import_module("stale_one"))


@pytest.mark.parametrize("mode", [None, py_compile.PycInvalidationMode.TIMESTAMP])
def test_a_module_compiled_where_it_runs_counts_as_compiled(folder: Path,
                                                            mode: py_compile.PycInvalidationMode | None) -> None:
    sys.dont_write_bytecode = True
    try:
        module_with(folder, "plain_one", mode)
        module = importlib.import_module("plain_one")
    finally:
        sys.dont_write_bytecode = False
    assert not has_bytecode(module)
    assert compiled_from_source({"plain_one": module, "sys": sys}) == ["plain_one"]


def test_a_source_in_a_zip_counts_as_compiled_and_bytecode_alone_does_not(folder: Path) -> None:
    archive = folder / "lib.zip"
    compiled = folder / "alone.pyc"
    py_compile.compile(str(module_with(folder, "alone_src", None)), cfile=str(compiled))
    with zipfile.ZipFile(archive, "w") as out:
        out.writestr("zipped.py", "VALUE = 1\n")
        out.writestr("alone.pyc", compiled.read_bytes())
    sys.path.insert(0, str(archive))
    try:
        assert not has_bytecode(importlib.import_module("zipped"))
        assert has_bytecode(importlib.import_module("alone"))
    finally:
        sys.path.remove(str(archive))


def test_built_in_and_frozen_modules_need_no_bytecode() -> None:
    assert compiled_from_source({"sys": sys, "builtins": importlib.import_module("builtins")}) == []
