"""A renderer that crashes during a test leaves evidence (e2e/crashwatch.py, tools/chromium.py): the
note in the failure names the test and the page's memory, the browser's log says what happened,
and crashpad's dump is kept with its crash keys (tools/minidump.py)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from conftest import BROWSER_EVIDENCE, WATCH
from crashwatch import dumps_since
from minidump import summary
from playwright.sync_api import Error, Page

from driver import open_page


def test_a_crashed_renderer_leaves_a_note_a_log_and_a_dump(page: Page, site_url: str,
                                                          request: pytest.FixtureRequest) -> None:
    began = time.time()
    log = BROWSER_EVIDENCE / "chromium-stderr.log"
    logged = log.stat().st_size if log.exists() else 0
    open_page(page, f"{site_url}?lang=en")
    for _ in range(600):  # the page's memory is reported each second; waits end after 60 s
        if any(data.get("wasm") for data in WATCH.pages.values()):
            break
        page.wait_for_timeout(100)
    with pytest.raises(Error, match="crash"):
        page.goto("chrome://crash")  # Chromium's own address that crashes the renderer showing it
    note = WATCH.note()
    assert f"renderer crash in {request.node.nodeid}" in note
    assert f"last memory sample of {site_url}" in note and "WebAssembly" in note
    dumps: list[Path] = []
    for _ in range(600):  # crashpad writes the dump after the crash; waits end after 60 s
        dumps, _ = dumps_since(BROWSER_EVIDENCE / "crashes", began - 1)  # whole ones only
        if dumps:
            break
        time.sleep(0.1)
    assert dumps, "no crash dump"
    said = " ".join(summary(path) for path in dumps)
    assert "renderer" in said
    # chrome://crash reads address 0 ("Intentionally crashing (with null pointer dereference)", in
    # the log), from Chromium's own code.
    assert "signal=SIGSEGV, fault-address=0x0, pc=0x" in said and "/usr/lib/chromium/chromium+0x" in said
    assert log.stat().st_size > logged  # the browser's log, kept
