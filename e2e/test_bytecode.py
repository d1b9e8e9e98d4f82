"""The page starts from the build's bytecode (tools/precompile.mjs): a first visit compiles no
module, and the bytecode in the site is that of the sources it ships."""

from __future__ import annotations

import _imp
import json
import zipfile

from conftest import ROOT
from playwright.sync_api import Page, expect

from driver import open_page

PYSCRIPT_MODULES = ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"


def pyscript_sources() -> dict[str, bytes]:
    """PyScript's modules as PyScript writes them in the page's working folder."""
    text = PYSCRIPT_MODULES.read_text(encoding="utf-8")
    tree = json.loads(text[text.index("{"):text.rindex("}") + 1])
    return {f"pyscript/{name}": source.encode() for name, source in tree["pyscript"].items()}


def test_the_bytecode_is_that_of_the_sources_shipped() -> None:
    sources = pyscript_sources()
    checked = 0
    with zipfile.ZipFile(ROOT / "site" / "app.zip") as app:
        names = app.namelist()
        sources.update({name: app.read(name) for name in names if name.endswith(".py")})
        for name in names:
            if not name.endswith(".pyc"):
                continue
            folder, _, file = name.rpartition("/__pycache__/")
            source = sources[f"{folder}/{file.split('.')[0]}.py"]
            header = app.read(name)[:16]
            assert int.from_bytes(header[4:8], "little") == 0b11, f"{name} is not checked against its source"
            assert _imp.source_hash(int.from_bytes(header[:4], "little"), source) == header[8:16], f"{name} is stale"
            checked += 1
    shipped = [name for name in sources if name.startswith(("pasur/", "pasur_web/", "segno/"))]  # segno: the QR code
    assert checked == len(shipped) + len(pyscript_sources())  # one for every module, none left out


def test_the_standard_library_holds_bytecode_of_what_every_start_imports() -> None:
    with zipfile.ZipFile(ROOT / "site" / "stdlib.zip") as stdlib:
        names = set(stdlib.namelist())
    for module in ("asyncio/__init__", "asyncio/events", "json/decoder", "typing", "dataclasses", "random",
                   "pyodide/ffi/__init__", "_pyodide/_base", "encodings/utf_8"):
        assert f"{module}.pyc" in names and f"{module}.py" not in names, module
    # The rest is in the other zip, as source, and the page knows which modules that is.
    with zipfile.ZipFile(ROOT / "site" / "stdlib-more.zip") as more:
        rest = {name for name in more.namelist() if not name.endswith("/")}
    with zipfile.ZipFile(ROOT / "site" / "app.zip") as app:
        listed = set(json.loads(app.read("pasur_web/browser/stdlib_more.json")))
    assert rest and all(name.endswith(".py") for name in rest)
    assert {name[:-3].removesuffix("/__init__").replace("/", ".") for name in rest} == listed
    assert {name[:-3] for name in rest}.isdisjoint(name[:-4] for name in names if name.endswith(".pyc"))
    assert "pdb" in listed and "email.message" in listed  # imported only inside functions


def test_a_first_visit_compiles_no_module(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?players=2&seed=1&speed=instant")
    expect(page.locator("#hand [data-card]").first).to_be_enabled()
    page.wait_for_selector("html[data-compiled]", state="attached")
    assert page.get_attribute("html", "data-boot") == "plain"
    assert page.get_attribute("html", "data-compiled") == ""
