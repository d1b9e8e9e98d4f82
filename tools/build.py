"""Build the static site into ``site/``: the page, its styles, the Python app as one zip, and
Pyodide and PyScript copied from the lock-pinned ``node_modules``. Every URL in the site is
relative, so ``site/`` works from any folder of any static host.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Pyodide's python_stdlib.zip is replaced by stdlib.zip, made by tools/precompile.mjs.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
PYSCRIPT_PYTHON = ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
# What web/main.py imports before the first screen: bytecode of every module that importing these
# imports, so that the page compiles none of them (html[data-compiled] lists those it compiled).
START_MODULES = ("pasur_web.browser.start", "pasur_web.browser.stdlib_more", "pyscript", "random", "traceback")
PRECOMPILE_CACHE = ROOT / ".cache" / "precompile"
PRELOADS = "<!-- preloads: written by tools/build.py -->"
STATIC_SUFFIXES = {".css", ".json", ".png", ".svg", ".js", ".webmanifest", ".html", ".ico", ".txt"}
# A fixed time stamp keeps the zip identical between builds of the same sources.
ZIP_DATE = (2020, 1, 1, 0, 0, 0)
ASSET_HASH_LENGTH = 16  # hex digits of SHA-256; web/sw.js checks downloads against them
ONLINE = {"signalling": {"host": "", "port": 9000, "path": "/pasur", "secure": False, "key": "peerjs"},
          "iceServers": []}
# Besides vendor/ (Pyodide and PyScript), what a snapshot of the interpreter holds or is made by.
SNAPSHOT_INPUTS = {"app.zip", "stdlib.zip", "pyscript.toml", "web/main.py", "web/interpreter.js",
                   "web/pyodide-private.js", "web/snapshot-file.js"}


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
    # PeerJS, for a game between friends (web/peers.js loads it when a table is opened or joined).
    (out / "vendor" / "peerjs").mkdir()
    shutil.copy2(modules / "peerjs" / "dist" / "peerjs.min.js", out / "vendor" / "peerjs" / "peerjs.min.js")


def python_sources() -> list[tuple[Path, str]]:
    """The files unpacked into Python's working folder in the page: pasur/, pasur_web/, and segno (a
    QR code of a table's link; from the build's own environment, requirements-dev.txt)."""
    import segno

    files: list[tuple[Path, str]] = []
    for package, base in (("pasur", ROOT / "pasur"), ("pasur_web", ROOT / "web" / "pasur_web"),
                          ("segno", Path(segno.__file__).resolve().parent)):
        for path in sorted(base.rglob("*")):
            if package == "segno" and path.name == "cli.py":  # its command line: never run in the page
                continue
            if path.is_file() and path.suffix in {".py", ".json"} and "__pycache__" not in path.parts:
                files.append((path, f"{package}/{path.relative_to(base).as_posix()}"))
    for path in sorted((ROOT / "web" / "i18n").glob("*.json")):
        files.append((path, f"pasur_web/i18n/{path.name}"))
    return files


def precompile() -> Path:
    """Bytecode for the page (tools/precompile.mjs, run in Node with the page's own Pyodide): the
    standard library the page can import, and the game's and PyScript's modules. Kept in .cache/,
    under a hash of everything it is made from."""
    sources = [[name, str(path)] for path, name in python_sources() if name.endswith(".py")]
    inputs = [Path(file) for _, file in sources]
    inputs += [PYSCRIPT_PYTHON, ROOT / "tools" / "precompile.mjs", ROOT / "tools" / "precompile.py"]
    inputs += [ROOT / "node_modules" / "pyodide" / name for name in ("package.json", "python_stdlib.zip")]
    key = hashlib.sha256(json.dumps([[name for name, _ in sources], START_MODULES]).encode())
    for path in inputs:
        key.update(path.read_bytes() + b"\0")
    folder = PRECOMPILE_CACHE / key.hexdigest()[:ASSET_HASH_LENGTH]
    if (folder / "modules.json").exists():
        return folder
    with tempfile.TemporaryDirectory() as work:
        made = Path(work) / "out"
        job = Path(work) / "job.json"
        job.write_text(json.dumps({"out": str(made), "sources": sources, "pyscript": str(PYSCRIPT_PYTHON),
                                   "start": list(START_MODULES)}), encoding="utf-8")
        done = subprocess.run(["node", str(ROOT / "tools" / "precompile.mjs"), str(job)],
                              capture_output=True, text=True, check=False)
        if done.returncode or not (made / "modules.json").exists():
            sys.exit(f"build: tools/precompile.mjs failed:\n{done.stdout}{done.stderr}")
        if PRECOMPILE_CACHE.exists():
            shutil.rmtree(PRECOMPILE_CACHE)  # earlier sources' bytecode
        PRECOMPILE_CACHE.mkdir(parents=True)
        shutil.move(made, folder)
    return folder


def write_app_zip(out: Path, compiled: Path) -> str:
    """The game's modules with their bytecode, and PyScript's modules' bytecode (PyScript writes
    their sources next to it)."""
    target = out / "app.zip"
    files = [*python_sources(), (compiled / "stdlib_more.json", "pasur_web/browser/stdlib_more.json")]
    files += [(path, path.relative_to(compiled / "app").as_posix())
              for path in sorted((compiled / "app").rglob("*.pyc"))]
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, name in files:
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    return digest(target.read_bytes(), 12)


def copy_web(out: Path) -> None:
    shutil.copy2(ROOT / "index.html", out / "index.html")
    shutil.copy2(ROOT / "pyscript.toml", out / "pyscript.toml")
    web = out / "web"
    web.mkdir()
    for path in sorted((ROOT / "web").iterdir()):
        if path.name == "sw.js":
            continue  # written to the site root by write_service_worker
        if path.is_file() and (path.suffix in STATIC_SUFFIXES or path.name == "main.py"):
            shutil.copy2(path, web / path.name)
    for folder in ("icons", "examples"):
        if (ROOT / "web" / folder).is_dir():
            shutil.copytree(ROOT / "web" / folder, web / folder)
    # What the new-game panel offers, from the engine's presets (read by web/setup.js), and what the
    # page's scripts need before Python is ready (the page's texts as Python shows them, limits, keys).
    sys.path[:0] = [str(ROOT), str(ROOT / "web")]
    from script_facts import scripts_file, texts_files

    from pasur_web.model.params import setup_config

    (web / "setup.json").write_text(json.dumps(setup_config(), sort_keys=True) + "\n", encoding="utf-8")
    (web / "generated.js").write_text(scripts_file(), encoding="utf-8")
    (web / "texts").mkdir()
    for name, texts in texts_files().items():
        (web / "texts" / f"{name}.json").write_text(json.dumps(texts, ensure_ascii=False, sort_keys=True),
                                                   encoding="utf-8")
    # Where a game between friends finds its signalling server and ICE servers (web/peers.js): by
    # default a PeerJS server on the page's own host, port 9000, and no STUN or TURN server. A host
    # edits it (docs/ONLINE.md, "Across the internet: hosting it").
    (out / "online.json").write_text(json.dumps(ONLINE, indent=1) + "\n", encoding="utf-8")


def preloaded(out: Path) -> tuple[list[str], list[str]]:
    """What the start-up needs and would otherwise ask for one file after the other, fetched as the
    page is parsed: (JavaScript modules, other files). PyScript's code, Pyodide's code and
    WebAssembly, the standard library, the game's zip and entry point."""
    core = (out / "vendor" / "pyscript" / "core.js").read_text(encoding="utf-8")
    chunk = re.search(r'from"\./(core-[\w-]+\.js)"', core)
    if chunk is None:
        sys.exit("build: vendor/pyscript/core.js no longer imports a core-*.js chunk")
    modules = ["vendor/pyscript/core.js", f"vendor/pyscript/{chunk.group(1)}", "web/interpreter.js",
               "web/pyodide-private.js", "web/snapshot-file.js", "vendor/pyodide/pyodide.mjs",
               "vendor/pyodide/pyodide.asm.mjs"]
    fetched = ["vendor/pyodide/pyodide.asm.wasm", "stdlib.zip", "vendor/pyodide/pyodide-lock.json",
               "pyscript.toml", "app.zip", "web/main.py"]
    for path in modules + fetched:
        if not (out / path).is_file():
            sys.exit(f"build: {path} is preloaded but not in the site")
    return modules, fetched


def preload_links(out: Path) -> str:
    """The links, in a template that web/boot.js puts in the page when the start-up can use them
    (after the new-game panel is drawn, when it is shown: they would slow it down).
    ``crossorigin`` makes each preload match the fetch that uses it."""
    modules, fetched = preloaded(out)
    links = [f'<link rel="modulepreload" href="./{path}">' for path in modules]
    links += [f'<link rel="preload" href="./{path}" as="fetch" crossorigin>' for path in fetched]
    return '<template id="preloads">\n' + "\n".join(links) + "\n</template>"


def digest(data: bytes, length: int = ASSET_HASH_LENGTH) -> str:
    return hashlib.sha256(data).hexdigest()[:length]


def offline_assets(out: Path) -> list[str]:
    """Every file the game may need, as paths relative to the site root ("" is the page)."""
    paths = ["", "pyscript.toml", "app.zip", "stdlib.zip", "stdlib-more.zip", "build.json"]
    for folder in ("web", "vendor"):
        for path in sorted((out / folder).rglob("*")):
            relative = path.relative_to(out)
            if path.is_file() and "examples" not in relative.parts:
                paths.append(relative.as_posix())
    return paths


def on_demand(path: str, preloads: set[str]) -> bool:
    """PyScript's files other than its entry, style sheet and what the page preloads: the page loads
    only some of them (not the code editor, the terminal or MicroPython), so the service worker
    keeps each when it is first loaded instead of fetching them all. (A file preloaded on a first
    visit does not go through the worker, which is not in charge yet: it is stored with the rest.)"""
    return (path.startswith("vendor/pyscript/") and path not in preloads
            and path not in ("vendor/pyscript/core.js", "vendor/pyscript/core.css"))


def start_file(path: str) -> bool:
    """Pyodide, PyScript and the zips: what the start loads (15 of the site's 16 MB), and fails
    without when a copy is damaged. The service worker checks their stored copies again only when
    the start fails; the page's own files, it checks each time it serves them."""
    return path.endswith(".zip") or path.startswith(("vendor/pyodide/", "vendor/pyscript/"))


def snapshot_inputs(path: str) -> bool:
    """The files a memory snapshot of the page's interpreter depends on (web/interpreter.js): a
    snapshot made with other copies of any of them is not used."""
    return path.startswith("vendor/") or path in SNAPSHOT_INPUTS


def snapshot_key(out: Path, paths: list[str]) -> str:
    key = hashlib.sha256(b"pasur snapshot\0")
    for path in sorted(filter(snapshot_inputs, paths)):
        key.update(path.encode() + b"\0" + (out / path).read_bytes() + b"\0")
    return key.hexdigest()[:ASSET_HASH_LENGTH]


def write_service_worker(out: Path, variant: str) -> str:
    """Stamp the page with the build id and the snapshot key, and write ``sw.js`` listing every
    asset with its hash."""
    page = out / "index.html"
    paths = offline_assets(out)
    files = {path: (page if path == "" else out / path) for path in paths}
    overall = hashlib.sha256(variant.encode())
    for path in paths:
        overall.update(path.encode() + b"\0" + files[path].read_bytes() + b"\0")
    build_id = overall.hexdigest()[:12]
    key = snapshot_key(out, paths)
    html = page.read_text(encoding="utf-8")
    html = html.replace("<html ", f'<html data-build="{build_id}" data-snapshot-key="{key}" ', 1)
    page.write_text(html, encoding="utf-8")
    hashes = {path: digest(files[path].read_bytes()) for path in paths}
    source = (ROOT / "web" / "sw.js").read_text(encoding="utf-8")
    preloads = {path for group in preloaded(out) for path in group}
    lazy = [path for path in paths if on_demand(path, preloads)]
    for old, new in (('const BUILD = "dev";', f"const BUILD = {json.dumps(build_id)};"),
                     ("const ASSETS = {};", f"const ASSETS = {json.dumps(hashes, indent=1)};"),
                     ("const ON_DEMAND = [];", f"const ON_DEMAND = {json.dumps(lazy, indent=1)};"),
                     ("const START_FILES = [];", f"const START_FILES = {json.dumps(list(filter(start_file, paths)))};"),
                     ('const SNAPSHOT = "";', f"const SNAPSHOT = {json.dumps(f'snapshot/{key}.bin')};")):
        if old not in source:
            sys.exit(f"build: web/sw.js lacks the line {old!r}")
        source = source.replace(old, new, 1)
    (out / "sw.js").write_text(source, encoding="utf-8")
    return build_id


def build(out: Path, variant: str = "") -> dict[str, str]:
    """Build the site beside ``out``, then put it in its place: a server serving ``out`` meanwhile never
    answers from a half-built site. ``variant`` only changes the build id (to test updates)."""
    new, old = out.with_name(out.name + ".building"), out.with_name(out.name + ".old")
    for folder in (new, old):  # (left by a build that was stopped)
        shutil.rmtree(folder, ignore_errors=True)
    new.mkdir(parents=True)
    info = _build(new, variant)
    if out.exists():
        out.rename(old)
    new.rename(out)  # (a request between these two renames, microseconds, finds nothing)
    shutil.rmtree(old, ignore_errors=True)
    return info


def _build(out: Path, variant: str) -> dict[str, str]:
    copy_vendor(out)
    copy_web(out)
    compiled = precompile()
    for name in ("stdlib.zip", "stdlib-more.zip"):
        shutil.copy2(compiled / name, out / name)
    info = {"app": write_app_zip(out, compiled)}
    page = out / "index.html"
    html = page.read_text(encoding="utf-8")
    if PRELOADS not in html:
        sys.exit(f"build: index.html lacks the line {PRELOADS!r}")
    page.write_text(html.replace(PRELOADS, preload_links(out), 1), encoding="utf-8")
    if variant:
        info["variant"] = variant
    (out / "build.json").write_text(json.dumps(info, sort_keys=True) + "\n")
    info["build"] = write_service_worker(out, variant)
    return info


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "site")
    parser.add_argument("--variant", default="", help="text mixed into the build id (tests of updates)")
    args = parser.parse_args()
    print(f"built {args.out} ({json.dumps(build(args.out, args.variant))})")


if __name__ == "__main__":
    main()
