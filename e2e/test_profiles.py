"""The browser tests' own set-up: the profiles that have played before (conftest.py), handed out
clean."""

from __future__ import annotations

import pytest
from conftest import Profiles
from playwright.sync_api import Page

from driver import open_page

pytestmark = pytest.mark.warm  # (conftest.py: a profile that has played before)


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
