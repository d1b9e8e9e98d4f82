"""The soak of ./dev bench-soak (tools/soak.py), on a few deals: each sample has the DOM's size, the
JavaScript heap and Pyodide's WebAssembly memory, and the report gives their growth."""

from __future__ import annotations

from chromium import WASM_MEMORIES
from playwright.sync_api import Page
from soak import play, report


def test_the_soak_samples_the_dom_the_heap_and_pyodide_s_memory_as_deals_are_played(page: Page, guard: object,
                                                                                     site_url: str) -> None:
    page.context.add_init_script(WASM_MEMORIES)
    samples = play(page, site_url, deals=2, every=1, players=2, ai="easy")
    assert [item["deals"] for item in samples] == [0, 1, 2]
    assert samples[0]["moves"] < samples[1]["moves"] < samples[2]["moves"]  # deals played, in one page
    for item in samples:
        assert item["Nodes"] > 0 and item["elements"] > 0 and item["JSHeapUsedSize"] > 0 and item["wasm"] > 0
    meta = {"deals": 2, "players": 2, "ai": "easy", "date": "-", "cpus": 1, "load_average": [0.0]}
    text = report(samples, meta)
    assert "WebAssembly" in text and "From deal 1 to deal 2" in text
