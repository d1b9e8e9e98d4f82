"""Build the static site into ``site/``: the page, its styles, the Python app as one zip, and
Pyodide and PyScript copied from the lock-pinned ``node_modules``.

Every URL in the site is relative, so ``site/`` works from any folder of any static host.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
STATIC_SUFFIXES = {".css", ".json", ".png", ".svg", ".js", ".webmanifest", ".html", ".ico", ".txt"}
# A fixed time stamp keeps the zip identical between builds of the same sources.
ZIP_DATE = (2020, 1, 1, 0, 0, 0)


def copy_vendor(out: Path) -> None:
    modules = ROOT / "node_modules"
    pyodide = modules / "pyodide"
    core = modules / "@pyscript" / "core" / "dist"
    if not pyodide.is_dir() or not core.is_dir():
        sys.exit("build: node_modules is missing; run 'npm ci' first")
    target = out / "vendor" / "pyodide"
    target.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, target / name)
    target = out / "vendor" / "pyscript"
    target.mkdir(parents=True)
    for path in core.iterdir():
        if path.is_file() and not path.name.endswith(".map"):
            shutil.copy2(path, target / path.name)


def python_sources() -> list[tuple[Path, str]]:
    """The files unpacked into Python's working folder in the page: pasur/ and pasur_web/."""
    files: list[tuple[Path, str]] = []
    for package, base in (("pasur", ROOT / "pasur"), ("pasur_web", ROOT / "web" / "pasur_web")):
        for path in sorted(base.rglob("*")):
            if path.is_file() and path.suffix in {".py", ".json"} and "__pycache__" not in path.parts:
                files.append((path, f"{package}/{path.relative_to(base).as_posix()}"))
    for path in sorted((ROOT / "web" / "i18n").glob("*.json")):
        files.append((path, f"pasur_web/i18n/{path.name}"))
    return files


def write_app_zip(out: Path) -> str:
    target = out / "app.zip"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, name in python_sources():
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    return hashlib.sha256(target.read_bytes()).hexdigest()[:12]


def copy_web(out: Path) -> None:
    shutil.copy2(ROOT / "index.html", out / "index.html")
    shutil.copy2(ROOT / "pyscript.toml", out / "pyscript.toml")
    web = out / "web"
    web.mkdir()
    for path in sorted((ROOT / "web").iterdir()):
        if path.is_file() and (path.suffix in STATIC_SUFFIXES or path.name == "main.py"):
            shutil.copy2(path, web / path.name)
    for folder in ("icons", "examples"):
        if (ROOT / "web" / folder).is_dir():
            shutil.copytree(ROOT / "web" / folder, web / folder)


def build(out: Path) -> dict[str, str]:
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    copy_vendor(out)
    copy_web(out)
    app_hash = write_app_zip(out)
    info = {"app": app_hash}
    (out / "build.json").write_text(json.dumps(info, sort_keys=True) + "\n")
    return info


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "site")
    args = parser.parse_args()
    info = build(args.out)
    print(f"built {args.out} ({json.dumps(info)})")


if __name__ == "__main__":
    main()
