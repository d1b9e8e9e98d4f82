"""The rest of the standard library, fetched only when one of its modules is imported
(web/pasur_web/browser/stdlib_more.py)."""

from __future__ import annotations

import importlib
import io
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from pasur_web.browser.stdlib_more import BYTES_FROM_TEXT, RestOfStdlib


def zip_of(files: dict[str, str]) -> bytes:
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return data.getvalue()


@pytest.fixture
def finder(tmp_path: Path) -> Iterator[tuple[RestOfStdlib, list[int]]]:
    """A finder of a zip with a module, a package and a module of a package found elsewhere."""
    (tmp_path / "found_pkg").mkdir()
    (tmp_path / "found_pkg" / "__init__.py").write_text("", encoding="utf-8")
    archive = zip_of({"rare_mod.py": "VALUE = 'rare'\n", "rare_pkg/__init__.py": "",
                      "rare_pkg/inner.py": "VALUE = 'inner'\n", "found_pkg/extra.py": "VALUE = 'extra'\n"})
    fetched: list[int] = []

    def fetch() -> bytes:
        fetched.append(1)
        return archive

    names = {"rare_mod", "rare_pkg", "rare_pkg.inner", "found_pkg.extra"}
    finder = RestOfStdlib(fetch, lambda: names, mounted=str(tmp_path / "more.zip"))
    before = set(sys.modules)
    sys.path.insert(0, str(tmp_path))
    sys.meta_path.append(finder)
    yield finder, fetched
    sys.meta_path.remove(finder)
    sys.path.remove(str(tmp_path))
    for name in set(sys.modules) - before:
        del sys.modules[name]


def test_nothing_is_fetched_for_a_module_it_does_not_hold(finder: tuple[RestOfStdlib, list[int]]) -> None:
    _, fetched = finder
    with pytest.raises(ImportError):
        importlib.import_module("no_such_module_here")
    assert importlib.import_module("found_pkg") and fetched == []


def test_its_modules_are_fetched_once_and_imported(finder: tuple[RestOfStdlib, list[int]]) -> None:
    _, fetched = finder
    assert importlib.import_module("rare_mod").VALUE == "rare"
    assert importlib.import_module("rare_pkg.inner").VALUE == "inner"
    assert fetched == [1]


def test_a_module_of_a_package_loaded_from_elsewhere_is_found(finder: tuple[RestOfStdlib, list[int]]) -> None:
    assert importlib.import_module("found_pkg.extra").VALUE == "extra"


def test_the_bytes_of_a_synchronous_request_are_read_back_exactly() -> None:
    data = bytes(range(256)) * 3
    text = "".join(chr(byte) if byte < 0x80 else chr(0xF700 + byte) for byte in data)  # x-user-defined
    assert text.translate(BYTES_FROM_TEXT).encode("latin-1") == data
