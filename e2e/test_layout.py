"""Nothing in the way and nothing jumping, measured in the browser at 360×740 and 1280×800: a sur's
"Sur!" covers no button, the table says it is empty once a capture has left it, "Your turn" waits for
the computer's capture to leave, a capture of several combinations shows each with its sum, and the
table keeps its size and the seats their width (the guided deal's tip, a notice, the next deal); every
choice of the new-game panel is whole."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT
from playwright.sync_api import CDPSession, Page, ViewportSize, expect

import driver
from driver import DESKTOP, PHONE, WAIT_HUMAN, forget_games, open_page, play_to_end, saved_game
from helpers import scenario
from pasur import Game, Rules, new_game
from pasur.cards import CLUBS
from pasur_web.model.match import Match
from pasur_web.model.savegame import match_to_json
from pasur_web.model.seats import Seat

pytestmark = pytest.mark.warm  # (conftest.py: a profile that has played before)

SUM_3_7, SUM_5_5 = (
    "1 + 3 + 7 = 11".replace(" ", "\u2009"), "1 + 5 + 5 = 11".replace(" ", "\u2009"))  # (thin spaces)
SWEEP = "AS,2H,5D,6S"  # seed 61: the player's 4♠ takes the whole table, a sur
# A box as [left, top, right, bottom], or null when it is not shown.
BOX = "n => { if (!n || !n.getClientRects().length) return null; const r = n.getBoundingClientRect();" \
      " return [r.left, r.top, r.right, r.bottom]; }"
# The sur's celebration held at each share of its time: its box, and those of the buttons above the
# hand and of the table.
SUR_AT = f"""shares => {{
  const box = {BOX};
  const burst = document.querySelector('#motion-layer .sur-burst');
  const motion = burst.getAnimations()[0];
  const timing = motion.effect.getComputedTiming();
  return shares.map(share => {{
    motion.currentTime = timing.delay + timing.activeDuration * share;
    return {{share, burst: box(burst), undo: box(document.getElementById('undo')),
             hint: box(document.getElementById('hint')), table: box(document.getElementById('table'))}};
  }});
}}"""


def overlap(a: list[float] | None, b: list[float] | None) -> bool:
    return a is not None and b is not None and a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(a: list[float], b: list[float]) -> bool:
    return a[0] >= b[0] - 0.5 and a[1] >= b[1] - 0.5 and a[2] <= b[2] + 0.5 and a[3] <= b[3] + 0.5


def saved_game_opened(page: Page, site_url: str, match: Match, query: str) -> None:
    """``match`` saved on the site, then the page opened on it (``query``: the address's own)."""
    forget_games(page, site_url)
    open_page(page, f"{site_url}?lang=en")
    page.evaluate("text => localStorage.setItem('pasur.match', text)", match_to_json(match))
    open_page(page, f"{site_url}?{query}")
    page.wait_for_function(WAIT_HUMAN)
    page.wait_for_function("document.getAnimations().length === 0")


def held_animations(page: Page) -> CDPSession:
    """The page's animation clock stopped (DevTools protocol): what starts moving stays where it starts."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 0})
    return cdp


def swept(page: Page, site_url: str, lang: str, size: ViewportSize) -> CDPSession:
    """Seed 61 taken up at the player's turn, then the player's 4♠ sweeping the table at the normal
    speed with the animation clock held: the cards taken still on their way. (Sara thinks with
    100,000 playouts a move: her answer never comes while the test looks.)"""
    page.set_viewport_size(size)
    match = Match.of(new_game(2, Rules(), seed=61), (Seat("You", "human"), Seat("Sara", "hard:100000")))
    saved_game_opened(page, site_url, match, f"lang={lang}&speed=normal")
    page.locator("#notices .notice-close").click()  # (the game taken up is said)
    cdp = held_animations(page)
    page.click('#hand [data-card="4S"]')
    page.click(f'#capture-choice [data-capture="{SWEEP}"]')
    page.wait_for_function("document.querySelectorAll('#motion-layer .ghost').length === 5")
    return cdp


@pytest.mark.parametrize(("lang", "size"), [("fr", PHONE), ("en", PHONE), ("en", DESKTOP)],
                         ids=["fr-phone", "en-phone", "en-desktop"])
def test_a_sur_is_celebrated_over_the_swept_table_and_covers_no_button(page: Page, guard: object, site_url: str,
                                                                       artifacts: Path, lang: str,
                                                                       size: ViewportSize) -> None:
    """The player's own "Sur!" was drawn over Undo ("Annuler le coup" in French): held at every moment
    of its flight, it is over the swept table, inside it, and away from Undo and Hint."""
    swept(page, site_url, lang, size)
    page.wait_for_selector("#motion-layer .sur-burst", state="attached")
    expect(page.locator("#undo")).to_be_visible()
    seen = page.evaluate(SUR_AT, [0.1, 0.25, 0.5, 0.75, 0.95])
    for moment in seen:
        assert moment["burst"] is not None and inside(moment["burst"], moment["table"]), moment
        assert not overlap(moment["burst"], moment["undo"]) and not overlap(moment["burst"], moment["hint"]), moment
    page.evaluate(SUR_AT, [0.3])
    page.screenshot(path=str(artifacts / f"layout-sur-{lang}-{size['width']}.png"))


def test_the_table_says_it_is_empty_once_the_capture_has_left_it(page: Page, guard: object, site_url: str) -> None:
    """"The table is empty" showed through the cards of a capture still on their way: it waits for them."""
    cdp = swept(page, site_url, "en", PHONE)
    note = page.locator("#table .empty")
    expect(note).to_have_count(1)
    expect(note).to_be_hidden()  # the cards taken are still over the table
    expect(page.locator("#motion-layer .ghost")).to_have_count(5)
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 1})
    expect(note).to_be_visible()
    expect(note).to_have_text("The table is empty")
    expect(page.locator("#motion-layer .ghost")).to_have_count(0)


@pytest.mark.fresh  # the page's clock is the profile's
def test_your_turn_is_said_once_the_computer_s_capture_has_left_the_table(page: Page, guard: object,
                                                                          site_url: str) -> None:
    """"Your turn" showed while the computer's capture (its coral ring) was still on the table: the
    status line says whose turn it is once the cards taken have left. The page's clock and the
    animations' clock are the test's."""
    page.set_viewport_size(PHONE)
    page.clock.install()
    open_page(page, f"{site_url}?players=2&seed=5&speed=normal&ai=greedy&lang=en")
    page.wait_for_function(WAIT_HUMAN)
    assert str(saved_game(page).legal_moves()[0]) == "5H"  # it lays 5H; the computer's answer takes
    driver.hold_clock(page)
    driver.tap_card(page, "5H", held=True)
    for _ in range(20):  # thinking, then the capture shown
        page.clock.run_for(100)
        if page.locator("#table .card.taking").count():
            break
    expect(page.locator("#table .card.taking").first).to_be_visible()
    expect(page.locator("#turn-status")).to_have_text("Sara to play")
    cdp = held_animations(page)
    page.clock.run_for(2000)  # the capture played: its cards on their way to Sara's pile
    assert saved_game(page).history[-1].seat == 1 and saved_game(page).history[-1].move.captured
    expect(page.locator("#motion-layer .ghost").first).to_be_attached()
    turn = page.locator("#turn-status")
    expect(turn).to_be_hidden()  # its new words ("Your turn") are not drawn yet: the old ones are, over them
    said = page.locator("#turn-status").evaluate("n => getComputedStyle(n, '::after').content")
    assert said == '"Sara to play"', said
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 1})
    expect(turn).to_be_visible()
    expect(turn).to_have_text("Your turn: play a card")
    expect(page.locator("#motion-layer .ghost")).to_have_count(0)


# The option of several combinations: each combination's cards and sum, and the boxes that hold them.
GROUPS = f"""option => {{
  const box = {BOX};
  return [...option.querySelectorAll('.group')].map(g => ({{
    box: box(g), cards: [...g.querySelectorAll('[data-card]')].map(c => [c.dataset.card, box(c)]),
    sum: g.querySelector('.sum').textContent, sumBox: box(g.querySelector('.sum'))}}));
}}"""


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_capture_of_two_combinations_shows_each_with_its_sum(page: Page, guard: object, site_url: str,
                                                               artifacts: Path, size: ViewportSize) -> None:
    """"A♠ takes 3♦ 5♥ 5♠ 7♥" was shown flat: the choice shows 3♦ 7♥ and 5♥ 5♠ apart, side by side,
    each with "1 + 3 + 7 = 11" (its sum, the A♠ in it) under its cards, all in the window."""
    page.set_viewport_size(size)
    seats = (Seat("You", "human"), Seat("Sara", "easy"))
    match = Match.of(scenario(["AS 9C KD 4H", "3C 6S 8C QH"], "3D 5H 5S 7H"), seats)
    saved_game_opened(page, site_url, match, "lang=en&speed=instant")
    page.locator("#notices .notice-close").click()
    page.click('#hand [data-card="AS"]')
    option = page.locator('#capture-choice [data-capture="3D,5H,5S,7H"]')
    expect(option).to_be_in_viewport(ratio=1)
    groups = option.evaluate(GROUPS)
    assert [[card for card, _ in group["cards"]] for group in groups] == [["3D", "7H"], ["5H", "5S"]]
    assert [group["sum"] for group in groups] == [SUM_3_7, SUM_5_5]
    whole = option.evaluate(BOX)
    for group in groups:
        assert inside(group["box"], whole), group
        assert all(inside(card, group["box"]) for _, card in group["cards"]), group
        assert group["sumBox"][1] >= max(card[3] for _, card in group["cards"]) - 0.5, group  # under its cards
    assert abs(groups[0]["box"][1] - groups[1]["box"][1]) < 1 and not overlap(groups[0]["box"], groups[1]["box"])
    for other in ("3D,7H", "5H,5S"):  # one combination each: its cards as they are
        assert page.locator(f'#capture-choice [data-capture="{other}"] [data-card]').count() == 2
    expect(page.locator("#capture-cancel")).to_be_in_viewport(ratio=1)
    page.screenshot(path=str(artifacts / f"layout-capture-two-groups-{size['width']}.png"))


# The guide's text box, the tip's, and the table's; the line's height.
GUIDE = f"""() => {{ const box = {BOX}, text = document.getElementById('guide-text');
  return {{text: box(text), tip: box(text.querySelector('.guide-now')), table: box(document.getElementById('table')),
           line: parseFloat(getComputedStyle(text).lineHeight)}}; }}"""


def test_the_guided_deal_s_tip_is_no_taller_than_it_needs_and_the_table_keeps_its_size(
        page: Page, guard: object, site_url: str, artifacts: Path) -> None:
    """The tip was a box of six lines, mostly empty, that took a third of the table on a phone: five
    lines now (a tip can take five), the tip whole in them at every turn
    of the deal, the table the same size throughout."""
    page.set_viewport_size(PHONE)
    forget_games(page, site_url)
    open_page(page, f"{site_url}?lang=en&speed=instant")
    page.click("#guide-start")
    seen: list[dict[str, Any]] = []

    def look(p: Page, _game: Game) -> None:
        if p.locator("#guide-text .guide-now").count():
            seen.append(p.evaluate(GUIDE))
            if len(seen) == 1:
                p.screenshot(path=str(artifacts / "layout-guide-phone.png"))

    play_to_end(page, stop_at="deal-end", on_turn=look)
    assert len(seen) >= 20
    for turn in seen:
        assert turn["text"][3] - turn["text"][1] <= 5 * turn["line"] + 1, turn  # five lines at most
        assert inside(turn["tip"], turn["text"]), turn  # the tip whole
    assert len({tuple(turn["table"]) for turn in seen}) == 1  # one size for the table


SEAT_WIDTHS = """() => Object.fromEntries([...document.querySelectorAll('.opponent')].map(
  n => [n.dataset.seat, Math.round(n.getBoundingClientRect().width * 10) / 10]))"""


@pytest.mark.parametrize(("players", "size"), [(2, PHONE), (2, DESKTOP), (3, PHONE), (4, PHONE), (4, DESKTOP)],
                         ids=["2-phone", "2-desktop", "3-phone", "4-phone", "4-desktop"])
def test_each_seat_keeps_its_width_from_one_deal_to_the_next(page: Page, guard: object, site_url: str,
                                                              players: int, size: ViewportSize) -> None:
    """The opponent's box changed width between deals (the dealer's badge goes round) and as its
    counts grew: at every turn of two deals, each seat is as wide as at the first."""
    page.set_viewport_size(size)
    forget_games(page, site_url)
    open_page(page, f"{site_url}?players={players}&seed=12&target=500&speed=instant&lang=en")
    widths: list[dict[str, float]] = []
    play_to_end(page, stop_at="deal-end", on_turn=lambda p, _game: widths.append(p.evaluate(SEAT_WIDTHS)))
    page.click("#next-deal")
    play_to_end(page, stop_at="deal-end", on_turn=lambda p, _game: widths.append(p.evaluate(SEAT_WIDTHS)))
    assert len(widths) >= 6 and all(width == widths[0] for width in widths), widths


HAND_TOP = "document.getElementById('hand').getBoundingClientRect().top"


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_notice_takes_no_room_from_the_table(page: Page, guard: object, site_url: str, artifacts: Path,
                                               size: ViewportSize) -> None:
    """A game taken up again says so in a notice, which shrank the table until it was closed: the
    table and the hand stay where they are, the notice is whole in the window and its ✕ in reach."""
    page.set_viewport_size(size)
    forget_games(page, site_url)
    open_page(page, f"{site_url}?players=2&seed=5&speed=instant&lang=en")
    page.wait_for_function(WAIT_HUMAN)
    table, hand = page.locator("#table").evaluate(BOX), page.evaluate(HAND_TOP)
    open_page(page, f"{site_url}?lang=en&speed=instant")  # the game taken up: its notice
    page.wait_for_function(WAIT_HUMAN)
    notice = page.locator("#notices .notice")
    expect(notice).to_have_count(1)
    expect(notice).to_be_in_viewport(ratio=1)
    assert page.locator("#table").evaluate(BOX) == table and page.evaluate(HAND_TOP) == hand
    close = page.locator("#notices .notice-close")
    assert close.evaluate("n => { const r = n.getBoundingClientRect(), x = r.left + r.width / 2;"
                          " return n.contains(document.elementFromPoint(x, r.top + r.height / 2)); }")
    page.screenshot(path=str(artifacts / f"layout-notice-{size['width']}.png"))
    close.click()
    expect(notice).to_have_count(0)
    assert page.locator("#table").evaluate(BOX) == table and page.evaluate(HAND_TOP) == hand


# Each choice of each select of the new-game panel that would not show whole in its box (the text's
# width with the select's own font, its padding and its arrow, 20 px in Chromium).
CUT_CHOICES = """() => { const cut = [];
  for (const select of document.querySelectorAll('#setup select')) {
    if (!select.getClientRects().length) continue;
    const style = getComputedStyle(select);
    for (const choice of select.options) {
      const probe = document.createElement('span');
      probe.textContent = choice.text;
      probe.style.font = style.font;
      probe.style.whiteSpace = 'pre';
      probe.style.position = 'absolute';
      document.body.appendChild(probe);
      const needed = probe.getBoundingClientRect().width + parseFloat(style.paddingLeft)
        + parseFloat(style.paddingRight) + 20;
      probe.remove();
      if (needed > select.clientWidth + 1) cut.push([select.id, choice.text, Math.round(needed), select.clientWidth]);
    }
  }
  return cut; }"""
LANGS = sorted(path.stem for path in (ROOT / "web" / "i18n").glob("*.json"))


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_every_choice_of_the_new_game_panel_is_shown_whole(page: Page, guard: object, site_url: str,
                                                            artifacts: Path, size: ViewportSize) -> None:
    """"Teams (partners opposite)" was cut at 1280 px: every choice of every select (a table of four,
    whose seats and teams have the longest words), in every language, at both sizes."""
    page.set_viewport_size(size)
    assert len(LANGS) == 6
    for lang in LANGS:
        open_page(page, f"{site_url}?lang={lang}")
        page.select_option("#setup-players", "4")
        assert page.evaluate(CUT_CHOICES) == [], lang
        if lang in ("en", "fr"):
            page.screenshot(path=str(artifacts / f"layout-setup-{lang}-{size['width']}.png"), full_page=True)
    texts = json.loads((ROOT / "web" / "i18n" / "en.json").read_text(encoding="utf-8"))
    open_page(page, f"{site_url}?lang=en")
    page.select_option("#setup-players", "4")
    expect(page.locator("#setup-mode option:checked")).to_have_text(texts["teams"])


def test_the_score_sheet_says_that_the_clubs_7_is_points(page: Page, guard: object, site_url: str,
                                                        artifacts: Path) -> None:
    """"Clubs (7+) 7" did not say that 7 was points: the row names the clubs that won them, whole in
    a phone's sheet, beside each side's points."""
    page.set_viewport_size(PHONE)
    forget_games(page, site_url)
    open_page(page, f"{site_url}?players=2&seed=4&speed=instant&lang=en")
    play_to_end(page, stop_at="deal-end")
    sheet = page.locator("#sheet")
    expect(sheet).to_be_visible()
    end = saved_game(page).deal_end()
    assert end is not None
    held = [sum(card.suit == CLUBS for card in pile) for pile in end.piles]
    row = sheet.locator("tr", has=page.locator('[data-key="clubs"]'))
    expect(row.locator("th")).to_have_text(f"Most clubs ({max(held)}): 7 points")
    assert row.locator("td").all_inner_texts() == ["7" if count >= 7 else "0" for count in held]
    name = row.locator("th").evaluate("n => n.scrollWidth <= n.clientWidth + 1 && n.getBoundingClientRect().right"
                                      " <= innerWidth")
    assert name  # whole, in the window
    page.screenshot(path=str(artifacts / "layout-score-sheet-360.png"))
