"""The build's snapshot key: a browser's snapshot of the interpreter is used only with the files it
was made from (tools/build.py, web/interpreter.js)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import build
from build import snapshot_key

FILES = ["", "app.zip", "stdlib.zip", "pyscript.toml", "web/main.py", "web/interpreter.js", "web/pyodide-private.js",
         "web/style.css", "web/texts/en.json", "vendor/pyodide/pyodide.asm.wasm", "vendor/pyscript/core.js"]


def site(folder: Path, changed: str = "") -> str:
    for path in FILES[1:]:
        file = folder / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(path + (" changed" if path == changed else ""), encoding="utf-8")
    return snapshot_key(folder, FILES)


@pytest.mark.parametrize("path", ["app.zip", "stdlib.zip", "pyscript.toml", "web/main.py", "web/interpreter.js",
                                  "web/pyodide-private.js", "vendor/pyodide/pyodide.asm.wasm",
                                  "vendor/pyscript/core.js"])
def test_the_key_changes_with_every_file_the_snapshot_depends_on(tmp_path: Path, path: str) -> None:
    assert site(tmp_path / "a") != site(tmp_path / "b", changed=path)


@pytest.mark.parametrize("path", ["web/style.css", "web/texts/en.json"])
def test_the_key_stays_when_other_files_change(tmp_path: Path, path: str) -> None:
    assert site(tmp_path / "a") == site(tmp_path / "b", changed=path)


def test_a_site_built_again_replaces_the_one_served_only_once_whole(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A server serving site/ while the site is built again (./dev serve in a test beside the others)
    answered 404 for every file until the build was done: the old site now stays whole meanwhile."""
    out = tmp_path / "site"
    out.mkdir()
    (out / "sw.js").write_text("old", encoding="utf-8")
    seen: list[str] = []

    def building(folder: Path, variant: str) -> dict[str, str]:
        seen.append((out / "sw.js").read_text(encoding="utf-8"))  # what a server finds meanwhile
        (folder / "sw.js").write_text("new", encoding="utf-8")
        return {}

    monkeypatch.setattr(build, "_build", building)
    build.build(out)
    assert seen == ["old"]
    assert (out / "sw.js").read_text(encoding="utf-8") == "new"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["site"]
