"""The page's scripts are ES modules tied by import and export, with one global (web/hooks.js's
window.pasur) for what the game's Python and the tests call."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
MODULES = ("hooks.js", "generated.js", "storage.js", "offline.js", "sound.js", "reach.js", "peers.js", "setup.js",
           "fit.js", "landing.js", "motion.js", "pointer.js", "draw.js", "boot.js", "snapshot-file.js")


def test_the_page_loads_its_scripts_as_modules_with_the_start_up_s_order() -> None:
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    modules = re.findall(r'<script type="module" src="\./web/([\w.-]+)"></script>', page)
    assert modules[-1] == "boot.js" and modules[:2] == ["hooks.js", "generated.js"]
    for name in modules:
        assert name in MODULES and f'<script src="./web/{name}">' not in page, name
    assert page.index('id="no-start"') < page.index("<script")  # said by the page when no script runs


def test_the_modules_share_nothing_through_globals_but_window_pasur() -> None:
    assert (WEB / "hooks.js").read_text(encoding="utf-8").endswith("export const hooks = (window.pasur ??= {});\n")
    for name in MODULES:
        path = WEB / name
        if not path.exists():  # web/generated.js: written by the build (tools/script_facts.py)
            continue
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"^\(function|\bvar |\"use strict\"", text, re.M), name
        assigned = set(re.findall(r"window\.(pasur\w*)\s*=(?!=)", text)) | set(re.findall(r'"(pasur[A-Z]\w*)"', text))
        assert not assigned, (name, assigned)
        assert not re.search(r"window\.pasur[A-Z]", text), name  # read through imports or window.pasur


def test_the_game_s_python_calls_the_scripts_through_window_pasur() -> None:
    names = {"pasurReady", "pasurPending", "pasurSaveKey", "pasurPeers", "pasurBootNotices", "pasurGenerated",
             "pasurStorage", "pasurOffline", "pasurReach", "pasurDraw", "pasurMotion", "pasurPointer",
             "pasurFit", "pasurLanding", "pasurSetup", "pasurSound", "pasurStartFailed", "pasurInstall"}
    for path in [WEB / "main.py", *(WEB / "pasur_web").rglob("*.py"), *(ROOT / "e2e").rglob("*.py"),
                 *(ROOT / "tools").glob("*.py")]:
        text = path.read_text(encoding="utf-8")
        assert not [name for name in names if name in text], path
