"""Playing a friend when the signalling server cannot be reached: the page says so in plain words,
keeps trying, and everything else goes on as before (the online browser tests are in e2e/online)."""

from __future__ import annotations

import json
import os
import shutil
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import ROOT
from playwright.sync_api import Page, expect

from driver import Guard, answer_capture_choice, open_page, tap_card, wait_for_moves
from serve import serve_in_thread


def closed_port() -> int:
    """A port nothing listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def unreachable(tmp_path: Path) -> Iterator[tuple[str, int]]:
    """The site, served with an online.json naming a signalling server that is not there (the page's
    policy lets it try, as a host's would): its address and the server's port."""
    site = tmp_path / "site"
    shutil.copytree(ROOT / "site", site, copy_function=os.link)  # the same files, but online.json
    port = closed_port()
    settings = json.loads((site / "online.json").read_text(encoding="utf-8"))
    settings["signalling"]["port"] = port
    (site / "online.json").unlink()
    (site / "online.json").write_text(json.dumps(settings), encoding="utf-8")
    server, url = serve_in_thread(site)
    yield url, port
    server.shutdown()
    server.server_close()


def test_no_signalling_server_is_said_and_a_game_against_the_computer_still_works(
        page: Page, guard: Guard, unreachable: tuple[str, int]) -> None:
    url, port = unreachable
    guard.expected.append(f"127.0.0.1:{port}")  # Chromium's own line about the refused WebSocket
    open_page(page, f"{url}?lang=en&speed=instant")
    page.select_option("#kind-1", "friend")
    page.click("#play-friend")
    status = page.locator("#online-status")
    expect(page.locator("#lobby h2")).to_have_text("A table cannot be opened now")
    expect(status).to_contain_text("cannot be reached")
    expect(status).to_contain_text("games against the computer work as usual")
    expect(page.locator("#table-link")).to_have_count(0)  # no link to a table nobody could reach
    # The player gives up on the friend and plays the computer instead.
    page.click("#table-leave")
    expect(page.locator("#start")).to_be_visible()
    page.select_option("#kind-1", "medium")
    page.click("#start")
    expect(page.locator("html")).to_have_attribute("data-phase", "play")
    expect(page.locator("#online")).to_be_hidden()
    played = str(page.locator("#hand [data-card]:not([disabled])").first.get_attribute("data-card"))
    tap_card(page, played)
    answer_capture_choice(page, played)
    wait_for_moves(page, 1)
    expect(page.locator(f'#hand [data-card="{played}"]')).to_have_count(0)
