"""Embedding in a rules website: the compact embed mode, the rule demos, and the example page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from driver import EMBED_MATCH_KEY, RULES_PAGE_GAME_KEY, hold_clock, open_page, play_to_end, start_watched, wait_ready

pytestmark = pytest.mark.warm  # (conftest.py: a profile that has played before)

# docs/RULES.md §4.2: the 7 of clubs on 4C 4D 2H 2S, worked out by hand there.
SEVEN_ON_FOURS_AND_TWOS = {"4C", "4D", "2H,2S", "4C,4D", "2H,2S,4C", "2H,2S,4D", "2H,2S,4C,4D"}


def test_capture_demo_shows_every_choice_step_by_step(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?demo=capture&card=7C&table=4C,4D,2H,2S&lang=en")
    assert page.get_attribute("html", "data-phase") == "demo"
    options = page.locator("#demo-options [data-capture]")
    shown = options.evaluate_all("nodes => nodes.map(n => n.dataset.capture)")
    assert set(shown) == SEVEN_ON_FOURS_AND_TWOS and len(shown) == 7
    for step in range(7):
        assert page.inner_text("#demo-step") == f"Choice {step + 1} of 7"
        taken = page.locator("#demo-table [data-taken]").evaluate_all("nodes => nodes.map(n => n.dataset.card)")
        assert ",".join(sorted(taken)) == ",".join(sorted(shown[step].split(",")))
        assert "= 11" in page.inner_text("#demo-why")
        page.click("#demo-next")
    assert page.inner_text("#demo-step") == "Choice 1 of 7"  # round again
    page.click("#demo-prev")
    assert page.inner_text("#demo-step") == "Choice 7 of 7"
    assert "Sur!" in page.inner_text("#demo-why")  # the last choice sweeps the table
    page.click(f'#demo-options [data-capture="{shown[2]}"]')  # any choice can be picked directly
    assert page.inner_text("#demo-step") == "Choice 3 of 7"
    assert page.evaluate("localStorage.getItem('pasur.match') || localStorage.getItem('pasur.embed.match')") is None


def test_capture_demo_fits_a_small_frame_with_face_cards_in_full_colour(page: Page, guard: object,
                                                                         site_url: str) -> None:
    """In a 320×480 frame the seven choices are all in sight (the last one was cut off), and the
    small face cards are drawn in full colour (a faded figure looked like a disabled card), their
    large indices on the parchment alone (over the figure, the two were a muddle)."""
    page.set_viewport_size({"width": 320, "height": 480})
    open_page(page, f"{site_url}?demo=capture&card=7C&table=4C,4D,2H,2S&lang=en")
    options = page.locator("#demo-options [data-capture]")
    assert options.count() == 7
    for index in range(7):
        box = options.nth(index).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 480, index
    assert page.evaluate("document.documentElement.scrollHeight") <= 480
    open_page(page, f"{site_url}?demo=capture&card=KC&table=KD,KH,QS,JD&lang=en")
    courts = page.locator("#demo-options .card .court")
    assert courts.count() == 2
    width = page.locator("#demo-options .card").first.evaluate("n => n.getBoundingClientRect().width")
    assert width <= 47  # a small card, drawn with its larger indices
    assert courts.evaluate_all("nodes => nodes.map(n => getComputedStyle(n).opacity)") == ["1", "1"]
    drawn = "nodes => nodes.map(n => getComputedStyle(n).display)"
    assert set(page.locator("#demo-options .card .figure > g").evaluate_all(drawn)) == {"none"}
    assert set(page.locator("#demo-options .card .figure > rect").evaluate_all(drawn)) == {"inline"}


def test_capture_demo_with_no_capture_and_a_king(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?demo=capture&card=KS&table=KH,QD,5C,KD&lang=en")
    shown = page.locator("#demo-options [data-capture]").evaluate_all("nodes => nodes.map(n => n.dataset.capture)")
    assert shown == ["KD,KH"]  # a King takes every King on the table
    open_page(page, f"{site_url}?demo=capture&card=9S&table=5C,QD&lang=en")
    assert page.locator("#demo-options [data-capture]").count() == 0
    assert "laid on the table" in page.inner_text("#demo")


@pytest.mark.parametrize(("query", "expected"), [
    ("demo=capture&card=ZZ&table=4C", "card=ZZ is not a card"),
    ("demo=capture&card=7C&table=4C,XX", "table=4C,XX is not a list of cards"),
    ("demo=capture&card=7C&table=7C,4D", "appears twice"),
    ("demo=capture&card=7C", "needs a card and a table"),
    ("demo=capture&card=7C&table=" + ",".join(["AC", "2C", "3C", "4C", "5C", "6C", "8C", "9C", "10C", "JC", "QC",
                                               "KC", "AD"]), "at most 12 cards"),
    ("demo=tour", "demo=tour is not a demo"),
    ("demo=deal&seed=-4", "seed=-4 is not a whole number"),
    ("demo=capture&card=%3Cimg%20src=x%20onerror=alert(1)%3E&table=4C", "<img src=x onerror=alert(1)> is not a card"),
])
def test_bad_demo_parameters_give_a_clear_message(page: Page, guard: object, site_url: str, query: str,
                                                  expected: str) -> None:
    open_page(page, f"{site_url}?{query}&lang=en")
    assert page.get_attribute("html", "data-phase") == "demo"
    assert expected in page.inner_text("#demo-error-text")
    assert page.locator("#demo img").count() == 0


def test_deal_demo_plays_and_explains_every_move(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?demo=deal&seed=5&speed=instant&lang=en")
    page.wait_for_selector("#demo-again", timeout=60_000)
    moves = page.locator('#log li[data-kind="move"]')
    assert moves.count() == 48  # two players, 24 cards each
    assert page.locator('#log li[data-kind="move"] .why').count() == 48
    texts = page.locator("#log li .why").all_inner_texts()
    assert any("= 11" in text for text in texts)
    assert page.locator('#sheet [data-key="total"]').count() == 2
    assert page.evaluate("localStorage.getItem('pasur.embed.match')") is None  # demos are not saved
    page.click("#demo-again")
    page.wait_for_selector("#demo-again", timeout=60_000)


@pytest.mark.fresh  # the page's clock is the profile's
def test_deal_demo_pause_and_step(page: Page, guard: object, site_url: str) -> None:
    page.clock.install()  # the test moves the page's clock itself
    open_page(page, f"{site_url}?demo=deal&seed=6&speed=fast&lang=en")
    moves = page.locator('#log li[data-kind="move"]')
    page.click("#demo-pause")
    hold_clock(page)
    count = moves.count()
    page.clock.run_for(5_000)  # five seconds of the page's time, a dozen moves at this speed: paused, none
    assert moves.count() <= count + 1  # at most the move under way
    count = moves.count()
    page.click("#demo-step")
    page.clock.run_for(1_000)
    page.wait_for_function("n => document.querySelectorAll('#log li[data-kind=\"move\"]').length === n + 1",
                           arg=count)
    # Once its cards have landed (the status line waits for them), why the move did what it did.
    expect(page.locator("#turn-status:not([data-was])")).to_contain_text(".")
    page.click("#demo-pause")  # playing again, the same time makes moves
    count = moves.count()
    page.clock.run_for(5_000)
    page.wait_for_function("n => document.querySelectorAll('#log li[data-kind=\"move\"]').length > n + 1", arg=count)


def test_embed_mode_fits_a_small_frame(page: Page, guard: object, site_url: str) -> None:
    page.set_viewport_size({"width": 320, "height": 480})
    open_page(page, f"{site_url}?embed=1&players=2&seed=3&speed=instant&lang=en")
    assert page.evaluate("document.documentElement.classList.contains('embed')")
    link = page.locator("#full-game")
    assert link.is_visible() and link.get_attribute("target") == "_blank"
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    hand = page.locator("#hand [data-card]")
    assert hand.count() == 4
    box = hand.last.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 480  # the hand is on screen without scrolling
    own_key = EMBED_MATCH_KEY + "?players=2&preset=seeds&seed=3&ai=medium"  # the frame's own save
    assert page.evaluate("key => localStorage.getItem(key)", own_key) is not None
    assert page.evaluate("localStorage.getItem('pasur.match')") is None  # the full game's save is untouched


def test_example_rules_page_embeds_a_game_and_two_demos(page: Page, guard: object, site_url: str) -> None:
    with start_watched(page) as failed:
        page.goto(f"{site_url}web/examples/rules.html")
        frames = {}
        for name in ("capture", "deal", "game"):
            element = page.locator(f"iframe.frame-{name}")
            element.scroll_into_view_if_needed()
            frame = element.element_handle().content_frame()
            assert frame is not None
            frames[name] = frame
        for frame in frames.values():
            wait_ready(frame, failed)
    shown = frames["capture"].locator("#demo-options [data-capture]").evaluate_all(
        "nodes => nodes.map(n => n.dataset.capture)")
    assert set(shown) == SEVEN_ON_FOURS_AND_TWOS
    assert frames["deal"].get_attribute("html", "data-phase") == "play"
    game = frames["game"]
    game.evaluate("() => { for (const b of document.querySelectorAll('#settings-speed')) b.value = 'instant'; }")
    game.click("#settings-button")
    game.select_option("#settings-speed", "instant")
    game.click("#settings-close")
    play_to_end(game, stop_at="deal-end", key=RULES_PAGE_GAME_KEY)
    assert game.get_attribute("html", "data-phase") in ("deal-end", "match-end")
    assert page.url.endswith("rules.html")  # the frames never navigated the page


def test_rules_page_starts_each_frame_when_it_comes_into_view(page: Page, guard: object, site_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{site_url}web/examples/rules.html")
    capture = page.locator("iframe.frame-capture")
    frame = capture.element_handle().content_frame()
    assert frame is not None
    wait_ready(frame)
    # The frames below the fold have not started: one copy of Python runs, not three.
    assert page.locator("iframe.frame-game").get_attribute("src") is None
    page.locator("iframe.frame-game").scroll_into_view_if_needed()
    page.wait_for_function("document.querySelector('iframe.frame-game').getAttribute('src') !== null")
    # Every choice of the capture demo fits inside its frame.
    height = frame.evaluate("innerHeight")
    bottoms = frame.locator("#demo-options [data-capture]").evaluate_all(
        "nodes => nodes.map(n => n.getBoundingClientRect().bottom)")
    assert bottoms and max(bottoms) <= height
