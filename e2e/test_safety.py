"""Hostile URL parameters and player names are shown as text and never run."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from driver import Guard, open_page, wait_ready

pytestmark = pytest.mark.warm  # (conftest.py: a profile that has played before)

PAYLOAD = '<img src=x onerror="window.__pwned=1">'


def test_hostile_parameters_fall_back_with_a_notice(page: Page, guard: object, site_url: str) -> None:
    query = (f"?players={quote('<script>window.__pwned=1</script>')}&preset={quote(PAYLOAD)}"
             "&target=-5&seed=1e9&lang=xx&speed=warp&ai=god")
    open_page(page, site_url + query)
    assert page.get_attribute("html", "data-phase") == "play"  # a game starts with the defaults
    notices = page.locator("#notices .notice")
    assert notices.count() == 7
    text = page.inner_text("#notices")
    assert "<script>window.__pwned=1</script>" in text and PAYLOAD in text
    assert page.locator("#notices img, #notices script").count() == 0
    assert page.evaluate("window.__pwned") is None
    assert page.locator('[data-side-score]').count() == 2  # players fell back to 2
    assert "62" in page.inner_text("#scoreboard")  # target fell back to the preset's


def test_html_in_a_player_name_is_text(page: Page, guard: object, site_url: str) -> None:
    open_page(page, site_url)
    page.fill("#name-0", PAYLOAD)
    page.fill("#name-1", "<b>Bold</b>")
    page.click("#start")
    page.wait_for_selector('html[data-phase="play"]')
    assert PAYLOAD[:24] in page.inner_text("#me-info")
    assert "<b>Bold</b>" in page.inner_text("#opponents")
    assert page.locator("#me-info img, #opponents b, #scoreboard img").count() == 0
    assert page.evaluate("window.__pwned") is None


# Without a service worker, so that the broken file comes from the network, where the test puts it.
@pytest.mark.fresh
@pytest.mark.browser_context_args(service_workers="block")
def test_a_start_up_failure_shows_a_readable_message(page: Page, guard: Guard, site_url: str) -> None:
    guard.expect_errors = True
    page.route("**/app.zip", lambda route: route.fulfill(status=200, body=b"not a zip"))
    page.goto(site_url + "?seed=1&players=2")
    page.wait_for_selector("html[data-error]", timeout=90_000)
    assert page.is_visible("#startup-error")
    assert page.is_visible("#startup-error-reload")  # and the remedies that fit (e2e/test_startup.py)
    assert not page.is_visible("#loading")
    assert page.locator(".py-error:visible").count() == 0  # no raw traceback on screen


@pytest.mark.fresh  # a first visit at that address: the page and its service worker come from it
@pytest.mark.parametrize("query", ["players=3&seed=5", "daily"])
def test_an_address_with_a_double_slash_starts_the_game_and_a_reload_resumes_it(
        page: Page, guard: object, site_url: str, query: str) -> None:
    """Servers that merge slashes serve the page at //index.html: the address the page writes back
    (to drop the game parameters) is built from the whole address, on the page's own origin."""
    address = site_url + f"/index.html?{query}&speed=instant&lang=en"  # http://127.0.0.1:port//index.html?...
    open_page(page, address)
    page.wait_for_selector("#hand [data-card]:not([disabled])")
    assert page.get_attribute("html", "data-phase") == "play"
    assert page.url.startswith(site_url + "/index.html?") and "players" not in page.url and "daily" not in page.url
    hand = page.locator("#hand [data-card]").evaluate_all("nodes => nodes.map(n => n.dataset.card)")
    page.reload()
    page.wait_for_selector("html[data-ready]")
    page.wait_for_selector("#hand [data-card]:not([disabled])")  # the same game, not a question or an error
    assert page.locator("#hand [data-card]").evaluate_all("nodes => nodes.map(n => n.dataset.card)") == hand
    assert page.locator("#startup-error").is_hidden()


def test_unreadable_statistics_and_daily_results_are_kept_and_said(page: Page, guard: object, site_url: str) -> None:
    page.add_init_script("""if (!sessionStorage.getItem('planted')) { sessionStorage.setItem('planted', '1');
        localStorage.setItem('pasur.stats', 'not json'); localStorage.setItem('pasur.daily', '{"days": 5}'); }""")
    open_page(page, site_url + "?lang=en")
    notices = page.locator("#notices .notice")
    expect(notices.filter(has_text="pasur.stats.unreadable")).to_have_count(1)
    expect(notices.filter(has_text="pasur.daily.unreadable")).to_have_count(1)
    kept = page.evaluate("() => ['pasur.stats', 'pasur.daily'].map(k => localStorage.getItem(k + '.unreadable'))")
    assert kept == ["not json", '{"days": 5}']  # kept aside, not lost: the next write cannot replace them


def test_statistics_read_in_part_are_set_aside_whole_with_a_notice(page: Page, guard: object, site_url: str) -> None:
    planted = ('{"version": 1, "rows": {"2/seeds": {"played": "5", "won": 3}, "2/<b>x</b>": {"played": 1},'
               ' "3/classic": {"played": 10, "won": 4, "drawn": 0, "surs": 2, "undone": 0}}}')
    page.add_init_script(f"""if (!sessionStorage.getItem('planted')) {{ sessionStorage.setItem('planted', '1');
        localStorage.setItem('pasur.stats', {json.dumps(planted)}); }}""")
    open_page(page, site_url + "?lang=en")
    notice = page.locator("#notices .notice").filter(has_text="Part of the statistics could not be read")
    expect(notice).to_contain_text("pasur.stats.unreadable")
    kept = page.evaluate("() => ['pasur.stats', 'pasur.stats.unreadable'].map(k => localStorage.getItem(k))")
    assert kept[1] == planted and list(json.loads(kept[0])["rows"]) == ["3/classic"]  # the rest, kept
    page.click("#settings-button")
    assert "preset_" not in page.inner_text("#stats") and "<b>" not in page.inner_text("#stats")


@pytest.mark.parametrize(("value", "lang"), [("fa-IR", "fa"), ("FR", "fr"), ("Fa", "fa"), ("frx", "en")])
def test_a_language_tag_is_read_the_same_before_and_after_python_starts(page: Page, guard: object, site_url: str,
                                                                        value: str, lang: str) -> None:
    page.goto(f"{site_url}?lang={value}", wait_until="domcontentloaded")
    before = page.get_attribute("html", "lang")  # web/boot.js, before Python is ready
    wait_ready(page)
    assert (before, page.get_attribute("html", "lang")) == (lang, lang)
    ignored = page.locator("#notices .notice").filter(has_text="Ignored lang")
    expect(ignored).to_have_count(1 if lang == "en" else 0)
