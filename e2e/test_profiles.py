"""The browser tests' own set-up: the profiles that have played before (conftest.py), handed out
clean, and the driver's wait for an element."""

from __future__ import annotations

import pytest
from conftest import Profiles
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from driver import hold_clock, open_page, wait_for

pytestmark = pytest.mark.warm  # (conftest.py: a profile that has played before)

# An element added hidden, shown once the page's own address has been fetched again (no timer of the page's).
SHOWN_AFTER_A_FETCH = """() => {
  const probe = document.createElement('p');
  probe.id = 'probe';
  probe.hidden = true;
  probe.textContent = 'shown';
  document.body.append(probe);
  fetch(location.href, {cache: 'no-store'})
    .then(answer => answer.text()).then(() => { probe.hidden = false; });
}"""
# Three elements that are there but not shown, as Playwright has it: not displayed, hidden by their
# style, of no size.
NOT_SHOWN = """() => {
  for (const [id, style] of [['undisplayed', 'display: none'], ['unseen', 'visibility: hidden'],
                             ['empty', 'width: 0; height: 0; overflow: hidden']]) {
    const p = document.createElement('p');
    p.id = id;
    p.style.cssText = style;
    p.textContent = id;
    document.body.append(p);
  }
}"""


def test_a_warm_test_starts_from_the_snapshot_with_nothing_stored(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?lang=en")
    assert page.get_attribute("html", "data-boot") == "snapshot"
    assert page.get_attribute("html", "data-phase") == "setup"  # no game of an earlier test taken up
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('pasur.match'))") == []


def test_a_phone_that_has_played_before_is_handed_out_clean_each_time(played: Profiles, site_url: str) -> None:
    phone = played.phone()
    page = phone.new_page()
    open_page(page, f"{site_url}?players=2&seed=3&speed=instant&lang=en")
    assert page.get_attribute("html", "data-boot") == "snapshot"
    assert page.evaluate("[innerWidth, innerHeight, navigator.maxTouchPoints > 0]") == [360, 740, True]
    assert page.evaluate("localStorage.getItem('pasur.match')") is not None  # the game saved itself

    again = played.phone()  # another visit: the pages closed, the game forgotten
    assert again is phone and again.pages == []
    page = again.new_page()
    open_page(page, f"{site_url}?lang=en")
    assert page.get_attribute("html", "data-boot") == "snapshot"
    assert page.get_attribute("html", "data-phase") == "setup"
    assert page.evaluate("localStorage.getItem('pasur.match')") is None

    with pytest.raises(AssertionError, match=r"is @pytest\.mark\.fresh"):
        again.close()  # it goes on to the next tests
    with pytest.raises(AssertionError, match=r"is @pytest\.mark\.fresh"):
        again.clock.install()
    assert played.desktop() is not phone


def test_wait_for_tells_an_element_shown_from_one_only_there(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?lang=en")
    page.evaluate(NOT_SHOWN)
    for selector in ("#undisplayed", "#unseen", "#empty"):
        wait_for(page, selector, visible=False)  # there
        assert page.is_hidden(selector)  # not shown, as Playwright has it
        with pytest.raises(PlaywrightTimeoutError):
            wait_for(page, selector, timeout=300)  # and not taken for shown
    page.evaluate(SHOWN_AFTER_A_FETCH)
    wait_for(page, "#probe")
    assert page.is_visible("#probe")


@pytest.mark.fresh  # the page's clock is the profile's
def test_wait_for_goes_on_looking_while_the_test_holds_the_page_s_clock(page: Page, guard: object,
                                                                        site_url: str) -> None:
    page.clock.install()
    open_page(page, f"{site_url}?lang=en")
    hold_clock(page)
    page.evaluate(SHOWN_AFTER_A_FETCH)
    wait_for(page, "#probe")
    assert page.is_visible("#probe")
