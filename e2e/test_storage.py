"""Nothing is lost to storage: full or disabled storage is said at once, a link never replaces a
game in progress, an embedded game comes back after the host page reloads, a tab that is behind
cannot undo another tab's moves, and an edited save is marked and not counted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Frame, Page, expect

from driver import Guard, open_page, play_to_end, saved_game, tap_card, wait_for_moves, wait_ready

pytestmark = pytest.mark.warm  # (conftest.py: a profile that has played before)

# localStorage.setItem fails as a full storage does, until the test makes room (window.pasurTestFull).
FULL_STORAGE = """(() => {
  const real = Storage.prototype.setItem;
  window.pasurTestFull = true;
  Storage.prototype.setItem = function (key, value) {
    if (window.pasurTestFull && this === window.localStorage) {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    return real.call(this, key, value);
  };
})();"""

# Storage turned off (a browser setting, some private modes): touching localStorage throws.
NO_STORAGE = """Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); }
});"""

# A tab that never hears of the other tab's saves (the storage event is not delivered).
DEAF_TAB = """(() => {
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, ...rest) {
    if (type === "storage") return;
    return add.call(this, type, ...rest);
  };
})();"""


def play_one_card(page: Page | Frame) -> str:
    """Click the first playable card (and its first capture, if it has a choice): the move played."""
    before = page.locator('#log li[data-kind="move"]').count()
    tap_card(page, page.locator("#hand [data-card]:not([disabled])").first.get_attribute("data-card") or "")
    if page.locator("#capture-choice:not([hidden]) [data-capture]").count():
        page.locator("#capture-choice [data-capture]").first.click()
    page.wait_for_function("n => document.querySelectorAll('#log li[data-kind=\"move\"]').length > n", arg=before)
    return page.locator('#log li[data-kind="move"]').nth(before).get_attribute("data-move") or ""


def wait_my_turn(page: Page | Frame) -> None:
    page.wait_for_selector("#hand [data-card]:not([disabled])")


def test_full_storage_is_said_at_once_play_goes_on_and_the_save_comes_back(
        page: Page, guard: object, site_url: str, artifacts: Path) -> None:
    page.add_init_script(FULL_STORAGE)
    page.set_viewport_size({"width": 360, "height": 740})
    open_page(page, f"{site_url}?players=2&seed=4&speed=instant&lang=en")
    notice = page.locator("#save-error")
    notice.wait_for()
    assert notice.is_visible()
    assert "can no longer be saved" in notice.inner_text() and "full" in notice.inner_text()
    page.screenshot(path=str(artifacts / "storage-full-360.png"))
    wait_my_turn(page)
    play_one_card(page)
    wait_my_turn(page)  # the computer answered: play goes on
    assert page.locator("#save-error").count() == 1  # still said, once
    assert page.evaluate("localStorage.getItem('pasur.match')") is None
    page.evaluate("window.pasurTestFull = false")  # room again
    play_one_card(page)
    page.locator("#save-error").wait_for(state="detached")
    wait_my_turn(page)
    moves = page.locator('#log li[data-kind="move"]').count()
    wait_for_moves(page, moves)
    assert len(saved_game(page).history) == moves


@pytest.mark.fresh  # a first visit with storage turned off, as a private window's
def test_disabled_storage_is_said_on_the_setup_panel_and_the_game_plays(
        page: Page, guard: object, site_url: str, artifacts: Path) -> None:
    page.add_init_script(NO_STORAGE)
    open_page(page, f"{site_url}?speed=instant&lang=en")
    assert page.get_attribute("html", "data-phase") == "setup"
    note = page.locator("#setup #storage-note")
    assert note.is_visible() and "will be lost" in note.inner_text()
    page.screenshot(path=str(artifacts / "storage-off-setup-1280.png"))
    page.click("#start")
    page.wait_for_selector('html[data-phase="play"]')
    wait_my_turn(page)
    play_one_card(page)
    wait_my_turn(page)
    assert page.locator('#log li[data-kind="move"]').count() >= 2
    # Said once, as the page started (not again by every save that fails, as it is sure to).
    assert page.locator("#notices .notice span").all_inner_texts() == [
        "This page may not store anything here: the game will not be saved and cannot be kept for offline play."]


def test_a_link_with_game_parameters_asks_before_replacing_a_game_in_progress(
        page: Page, guard: object, site_url: str, artifacts: Path) -> None:
    open_page(page, f"{site_url}?players=2&seed=4&speed=instant&lang=en")
    wait_my_turn(page)
    play_one_card(page)
    wait_my_turn(page)
    kept = saved_game(page).to_json()
    open_page(page, f"{site_url}?players=3&speed=instant&lang=en")
    question = page.locator("#resume-choice")
    assert question.is_visible() and "game in progress" in question.inner_text()
    page.screenshot(path=str(artifacts / "resume-choice-1280.png"))
    assert saved_game(page).to_json() == kept  # nothing replaced yet
    page.click("#resume-saved")
    page.wait_for_selector('html[data-phase="play"]')
    assert saved_game(page).to_json() == kept
    assert page.locator("#opponents [data-seat]").count() == 1
    assert "players=" not in page.url  # a reload resumes it
    page.reload()
    wait_ready(page)
    assert saved_game(page).to_json() == kept and page.locator("#resume-choice").count() == 0

    open_page(page, f"{site_url}?players=3&speed=instant&lang=en")
    page.click("#start-linked")
    page.wait_for_selector('html[data-phase="play"]')
    assert page.locator("#opponents [data-seat]").count() == 2
    assert saved_game(page).players == 3
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "data-phase") == "play" and saved_game(page).players == 3


def embed_key(page: Page | Frame) -> str:
    keys = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('pasur.embed.match'))")
    assert len(keys) == 1, keys
    return str(keys[0])


def test_an_embedded_game_comes_back_after_the_host_page_reloads(page: Page, guard: object, site_url: str) -> None:
    page.goto(f"{site_url}web/examples/rules.html")

    def game_frame() -> Frame:
        element = page.locator("iframe.frame-game")
        element.scroll_into_view_if_needed(timeout=90_000)  # the frames above may be starting Python
        frame = element.element_handle(timeout=90_000).content_frame()
        assert frame is not None
        wait_ready(frame)
        return frame

    frame = game_frame()
    assert frame.get_attribute("html", "data-phase") == "play"
    frame.click("#settings-button")
    frame.select_option("#settings-speed", "instant")
    frame.click("#settings-close")
    wait_my_turn(frame)
    play_one_card(frame)
    wait_my_turn(frame)
    key = embed_key(frame)
    before = saved_game(frame, key).to_json()
    log = frame.locator("#log li").count()
    page.reload()
    frame = game_frame()
    assert frame.get_attribute("html", "data-phase") == "play"
    assert saved_game(frame, key).to_json() == before
    assert frame.locator("#log li").count() == log
    assert "is back" in frame.inner_text("#notices")


def test_each_embedded_game_keeps_its_own_save(page: Page, guard: object, site_url: str) -> None:
    first = f"{site_url}?embed=1&players=2&seed=3&speed=instant&lang=en"
    open_page(page, first)
    wait_my_turn(page)
    play_one_card(page)
    wait_my_turn(page)
    moves = page.locator('#log li[data-kind="move"]').count()
    open_page(page, f"{site_url}?embed=1&players=3&speed=instant&lang=en")
    assert page.locator("#opponents [data-seat]").count() == 2  # the other frame's game, new
    assert page.locator('#log li[data-kind="move"]').count() <= 2
    open_page(page, first)
    assert page.get_attribute("html", "data-phase") == "play"
    assert page.locator('#log li[data-kind="move"]').count() == moves
    assert page.evaluate("localStorage.getItem('pasur.match')") is None  # the full game's save is untouched


def open_second_tab(page: Page, url: str, deaf: bool = False) -> Page:
    other = page.context.new_page()
    if deaf:
        other.add_init_script(DEAF_TAB)
    other.bring_to_front()  # a tab in the background has its timers slowed down
    open_page(other, url)
    return other


def second_tab_plays(page: Page, url: str) -> tuple[Page, str]:
    """Another tab of the same browser opens ``url`` and plays a card: the tab, and its save after
    the computer's answer."""
    other = open_second_tab(page, url)
    wait_my_turn(other)
    play_one_card(other)
    wait_my_turn(other)
    return other, saved_game(other).to_json()


def test_a_tab_that_is_behind_cannot_undo_the_other_tabs_move(page: Page, guard: object, site_url: str,
                                                               artifacts: Path) -> None:
    # The stale tab does not hear the other tab's save: the check before its own move must stop it.
    page.add_init_script(DEAF_TAB)
    open_page(page, f"{site_url}?players=2&seed=21&speed=instant&lang=en")
    wait_my_turn(page)
    other, newer = second_tab_plays(page, f"{site_url}?speed=instant&lang=en")

    page.bring_to_front()
    page.locator("#hand [data-card]:not([disabled])").first.click()  # the old position: a take-back
    notice = page.locator("#notices .tab-notice")
    notice.wait_for()
    assert "another tab" in notice.inner_text()
    page.screenshot(path=str(artifacts / "stale-tab-1280.png"))
    assert saved_game(page).to_json() == newer  # the other tab's move stands
    assert page.locator('#log li[data-kind="move"]').count() == 0
    assert page.locator("#hand [data-card]:not([disabled])").count() == 0  # nothing more can be played here
    assert "behind" in page.inner_text("#status")
    page.click('#notices .tab-notice [data-action="adopt"]')
    page.wait_for_function("() => document.querySelectorAll('#log li[data-kind=\"move\"]').length >= 2")
    wait_my_turn(page)
    play_one_card(page)  # playing on from the newer game is fine
    wait_for_moves(page, 3)
    other.close()


def test_a_tab_that_hears_of_a_newer_save_stops_at_once(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?players=2&seed=21&speed=instant&lang=en")
    wait_my_turn(page)
    other = open_second_tab(page, f"{site_url}?speed=instant&lang=en")
    wait_my_turn(other)
    play_one_card(other)
    page.wait_for_selector("#notices .tab-notice")
    assert "another tab" in page.inner_text("#notices .tab-notice")
    page.wait_for_function("() => !document.querySelector('#hand [data-card]:not([disabled])')")
    other.close()


def test_an_edited_save_is_marked_and_not_counted(page: Page, guard: object, site_url: str,
                                                  artifacts: Path) -> None:
    open_page(page, f"{site_url}?players=2&target=11&seed=4&speed=instant&lang=en")
    wait_my_turn(page)
    play_one_card(page)
    wait_my_turn(page)
    data = json.loads(page.evaluate("localStorage.getItem('pasur.match')"))
    game = json.loads(data["game"])
    game["rules"]["target"] = 1  # the match now ends after this deal
    data["game"] = json.dumps(game)
    page.evaluate("text => localStorage.setItem('pasur.match', text)", json.dumps(data))
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "data-phase") == "play"
    mark = page.locator("#edited-mark")
    assert mark.is_visible() and "edited" in mark.inner_text().lower()
    assert "changed outside the game" in page.inner_text("#notices")
    page.screenshot(path=str(artifacts / "edited-save-1280.png"))
    play_to_end(page)
    assert page.get_attribute("html", "data-phase") == "match-end"
    assert page.evaluate("localStorage.getItem('pasur.stats')") is None
    page.click("#show-stats")
    assert page.locator("#stats-table").count() == 0


# The game's first drawing fails, once (as it would for a stored value it could not show).
FIRST_DRAWING_FAILS = """(() => {
  if (!sessionStorage.getItem("pasurTestBreakDrawing")) return;
  sessionStorage.removeItem("pasurTestBreakDrawing");
  let real;
  window.pasur ??= {};  // web/hooks.js takes this object as the page's one global
  Object.defineProperty(window.pasur, "draw", { configurable: true, get() { return real; }, set(value) {
    const frame = value.frame;
    let first = true;
    value.frame = function (...args) {
      if (first) { first = false; throw new Error("a drawing that fails"); }
      return frame.apply(this, args);
    };
    real = value;
  } });
})();"""


def edited_save(page: Page, key: str = "pasur.match", **changes: object) -> str:
    """The page's save with ``changes``, without its checksum, written back (a save edited by hand)."""
    data = json.loads(page.evaluate("key => localStorage.getItem(key)", key))
    data.pop("sum")
    data.update(changes)
    text = json.dumps(data)  # (Python writes Infinity as JavaScript's JSON.stringify cannot)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, text])
    return text


def test_a_save_whose_score_sheet_is_out_of_range_is_set_aside_with_a_notice(page: Page, guard: object,
                                                                              site_url: str) -> None:
    open_page(page, f"{site_url}?players=2&seed=7&speed=instant&ai=easy&lang=en")
    wait_my_turn(page)
    play_one_card(page)
    wait_my_turn(page)
    text = edited_save(page, pending_sheet=-1)
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "data-phase") == "setup" and page.is_visible("#start")
    assert "could not be read and was set aside" in page.inner_text("#notices")
    kept = page.evaluate("[localStorage.getItem('pasur.match'), localStorage.getItem('pasur.match.unreadable')]")
    assert kept == [None, text]


@pytest.mark.parametrize(("query", "key"), [
    ("players=2&seed=5", "pasur.match"),
    ("embed=1&players=2&seed=5", "pasur.embed.match?players=2&preset=seeds&seed=5&ai=medium"),
])
def test_a_first_drawing_that_fails_offers_to_start_without_the_saved_game(page: Page, guard: Guard, site_url: str,
                                                                           query: str, key: str) -> None:
    page.add_init_script(FIRST_DRAWING_FAILS)
    open_page(page, f"{site_url}?{query}&speed=instant&lang=en")
    saved = page.evaluate("key => localStorage.getItem(key)", key)
    assert saved
    page.evaluate("sessionStorage.setItem('pasurTestBreakDrawing', '1')")
    page.reload()
    page.wait_for_selector("html[data-error]", timeout=90_000)
    assert "could not start" in page.inner_text("#startup-error")  # the game's failure, not its files'
    assert "a drawing that fails" in page.inner_text("#startup-error-detail")
    saved_button = page.get_by_role("button", name="Start without the saved game")
    expect(saved_button).to_be_visible()
    saved_button.click()
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("data-phase", "setup" if "embed" not in query else "play")
    kept = page.evaluate("key => [localStorage.getItem(key + '.unreadable'), Object.keys(localStorage)]", key)
    assert kept[0] == saved  # set aside, not deleted


def test_an_embedded_save_with_reviews_that_cannot_be_read_is_taken_up_without_them(
        page: Page, guard: object, site_url: str) -> None:
    url = f"{site_url}?embed=1&players=2&seed=7&speed=instant&lang=en"
    open_page(page, url)
    wait_my_turn(page)
    play_one_card(page)
    wait_my_turn(page)
    key = embed_key(page)
    entry = {"number": float("inf"), "round": 1, "hand": ["5D"], "table": [], "played": "5D", "expected": 1.0,
             "exact": True, "options": [["5D", 10**400, 0, None]]}
    edited_save(page, key, reviews={"0:0": [entry]})
    moves = page.locator('#log li[data-kind="move"]').count()
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "data-phase") == "play"
    assert page.locator('#log li[data-kind="move"]').count() == moves
    assert "is back" in page.inner_text("#notices") and "edited" in page.inner_text("#notices")


def test_a_tab_with_no_game_asks_before_its_new_game_replaces_the_other_tab_s(page: Page, guard: object,
                                                                              site_url: str) -> None:
    # This tab shows the new-game panel, and does not hear the other tab's saves (the check before it
    # starts a game must find that one).
    page.add_init_script(DEAF_TAB)
    open_page(page, f"{site_url}?speed=instant&lang=en")
    other, theirs = second_tab_plays(page, f"{site_url}?players=2&seed=21&speed=instant&lang=en")

    page.bring_to_front()
    page.click("#start")
    notice = page.locator("#notices .tab-notice")
    expect(notice).to_contain_text("A game is in progress in another tab")
    assert page.get_attribute("html", "data-phase") == "setup"
    assert saved_game(page).to_json() == theirs  # nothing replaced
    page.click('#notices .tab-notice [data-action="adopt"]')  # "Continue it here"
    expect(page.locator("html")).to_have_attribute("data-phase", "play")
    assert page.locator('#log li[data-kind="move"]').count() == len(saved_game(page).history)
    wait_my_turn(page)
    play_one_card(page)
    other.close()


def test_a_second_tab_s_daily_deal_is_practice_once_the_first_tab_started_it(page: Page, guard: object,
                                                                             site_url: str) -> None:
    page.add_init_script(DEAF_TAB)  # it never hears of the other tab's daily results
    open_page(page, f"{site_url}?speed=instant&lang=en")
    other = open_second_tab(page, f"{site_url}?speed=instant&lang=en")
    other.click("#daily-start")
    expect(other.locator("[data-daily-attempt]")).to_have_attribute("data-daily-attempt", "counted")
    started = other.evaluate("localStorage.getItem('pasur.daily')")

    page.bring_to_front()
    page.click("#daily-start")  # asked first: the other tab's daily deal is in progress
    expect(page.locator("#notices .tab-notice")).to_contain_text("in progress in another tab")
    page.click("#daily-start")
    expect(page.locator("[data-daily-attempt]")).to_have_attribute("data-daily-attempt", "practice")
    days = json.loads(page.evaluate("localStorage.getItem('pasur.daily')"))["days"]
    assert days == json.loads(started)["days"]  # the counted attempt stays the first tab's
    other.close()


def test_every_place_aside_taken_does_not_stop_the_game_being_saved(page: Page, guard: object,
                                                                     site_url: str) -> None:
    open_page(page, f"{site_url}?speed=instant&lang=en")
    page.evaluate("""() => { localStorage.setItem('pasur.match.unreadable', 'old1');
        for (let n = 2; n <= 20; n++) localStorage.setItem('pasur.match.unreadable.' + n, 'old' + n);
        localStorage.setItem('pasur.match', '{garbage'); }""")
    page.reload()
    wait_ready(page)
    assert "set aside" in page.inner_text("#notices") and "storage is full" not in page.inner_text("#notices")
    page.click("#start")
    wait_my_turn(page)
    play_one_card(page)
    wait_my_turn(page)
    assert len(saved_game(page).history) >= 1 and page.locator("#save-error").count() == 0
    aside = page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('pasur.match.unreadable'))
        .map(k => localStorage.getItem(k))""")
    assert len(aside) == 20 and "{garbage" in aside and "old1" not in aside  # the oldest copy went


def test_a_setting_changed_in_another_tab_is_not_undone_by_this_tab_s(page: Page, guard: object,
                                                                       site_url: str) -> None:
    page.add_init_script(DEAF_TAB)  # this tab never hears of the other tab's settings
    open_page(page, f"{site_url}?lang=en")
    other = open_second_tab(page, f"{site_url}?lang=en")
    other.click("#settings-button")
    other.select_option("#settings-speed", "fast")
    other.click("#settings-undo")  # off
    other.wait_for_function("() => JSON.parse(localStorage.getItem('pasur.settings') || '{}').undo === false")

    page.bring_to_front()
    page.click("#settings-button")
    page.click("#settings-four")
    page.wait_for_function("() => JSON.parse(localStorage.getItem('pasur.settings') || '{}').four_colour === true")
    stored = json.loads(page.evaluate("localStorage.getItem('pasur.settings')"))
    assert (stored["speed"], stored["undo"], stored["four_colour"]) == ("fast", False, True)
    assert not page.is_checked("#settings-undo")  # and this tab follows what it read
    other.close()
