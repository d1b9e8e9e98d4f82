"""What someone new meets first, on a 360×740 phone and a 1280×800 desktop, in English and Persian:
the guided deal's tips whole on a desktop, a way to a new game from the guided deal's score sheet,
and a Persian score sheet with its cards written left to right and its three names whole."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Profiles
from playwright.sync_api import Page, expect

from driver import DESKTOP, PHONE, WAIT_HUMAN, forget_games, open_page, phase, play_to_end
from pasur import Game

pytestmark = pytest.mark.warm  # (conftest.py: a profile that has played before)

# The guide's text box: its text cut (scrolled inside) or not, and what it says.
GUIDE_CUT = """() => { const n = document.getElementById('guide-text');
  return {cut: n.scrollHeight > n.clientHeight + 1, text: n.innerText}; }"""
# Where each character of a text shows, left to right on the screen: "2♣" as it reads.
SHOWN_ORDER = """n => { const spots = [];
  const walk = document.createTreeWalker(n, NodeFilter.SHOW_TEXT);
  for (let text = walk.nextNode(); text; text = walk.nextNode()) {
    for (let i = 0; i < text.data.length; i++) {
      if (!text.data[i].trim() || '\\u2066\\u2069'.includes(text.data[i])) continue;
      const range = document.createRange(); range.setStart(text, i); range.setEnd(text, i + 1);
      spots.push([range.getBoundingClientRect().left, text.data[i]]);
    }
  }
  return spots.sort((a, b) => a[0] - b[0]).map(spot => spot[1]).join(''); }"""
# The names over the sheet's columns that do not show whole: wider than their cell, outside the
# sheet's panel or the window, or a name of one word broken over two lines.
NAMES_CUT = """() => [...document.querySelectorAll('#sheet table thead th')].filter(n => {
  const panel = document.querySelector('#sheet .panel').getBoundingClientRect();
  const range = document.createRange(); range.selectNodeContents(n);
  const text = range.getBoundingClientRect();
  return n.scrollWidth > n.clientWidth + 1 || text.left < Math.max(panel.left, 0) - 0.5
    || text.right > Math.min(panel.right, innerWidth) + 0.5
    || text.height > 1.8 * parseFloat(getComputedStyle(n).fontSize);
}).map(n => n.innerText)"""


def play_the_guided_deal(page: Page, on_turn: object = None) -> None:
    """The guided deal offered on the new-game panel, played by clicks to its score sheet."""
    page.click("#guide-start")
    play_to_end(page, stop_at="deal-end", on_turn=on_turn)
    expect(page.locator("#sheet-guide")).to_be_visible()


def test_the_guided_deal_s_tips_show_whole_on_a_desktop(page: Page, guard: object, site_url: str,
                                                       artifacts: Path) -> None:
    """A tip and the last move's why were cut mid-sentence ("… Sur! The") in a box three lines
    high, the rest scrolled inside it with no scrollbar in sight: every tip of the deal shows whole."""
    page.set_viewport_size(DESKTOP)
    forget_games(page, site_url)
    open_page(page, f"{site_url}?lang=en&speed=instant")
    seen: list[dict[str, object]] = []

    def look(p: Page, _game: Game) -> None:
        p.wait_for_selector("#guide-text [data-tip]")  # (the position is judged as the review judges it)
        p.wait_for_function(WAIT_HUMAN)
        seen.append(p.evaluate(GUIDE_CUT))
        longest = max(seen, key=lambda one: len(str(one["text"])))
        if longest is seen[-1]:
            p.screenshot(path=str(artifacts / "newcomer-guide-tip-1280.png"))

    play_the_guided_deal(page, look)
    assert len(seen) >= 20
    assert [one["text"] for one in seen if one["cut"]] == []


def test_the_guided_deal_s_sheet_offers_a_new_game(page: Page, guard: object, site_url: str,
                                                  artifacts: Path) -> None:
    """The guided deal's sheet says "Keep playing, or start a new game": it offers New game beside
    Next deal, which opens the new-game panel as the top bar's does."""
    page.set_viewport_size(PHONE)
    forget_games(page, site_url)
    open_page(page, f"{site_url}?lang=en&speed=instant")
    play_the_guided_deal(page)
    new_game = page.locator("#sheet #sheet-new-game")
    expect(new_game).to_be_in_viewport(ratio=1)
    page.screenshot(path=str(artifacts / "newcomer-guide-sheet-360.png"))
    new_game.click()
    expect(page.locator("#leave")).to_be_visible()  # asked first, as the top bar's New game asks
    page.locator("#leave-confirm").click()
    expect(page.locator("#start")).to_be_in_viewport()
    expect(page.locator("#sheet")).to_be_hidden()
    page.screenshot(path=str(artifacts / "newcomer-guide-sheet-new-game-360.png"))


def persian_three(played: Profiles, site_url: str, target: int) -> Page:
    """A phone in Persian at a game of three, played by clicks to its first deal's score sheet (the
    match's, with a target that one deal reaches)."""
    page = played.phone().new_page()
    open_page(page, f"{site_url}?players=3&target={target}&seed=5&speed=instant&lang=fa")
    play_to_end(page, stop_at="deal-end")
    expect(page.locator("#sheet")).to_be_visible()
    return page


def test_a_persian_sheet_writes_its_cards_left_to_right(played: Profiles, site_url: str, artifacts: Path) -> None:
    """The rows of 2♣ and 10♦ read "♣2" and "♦10" in a right-to-left sheet: each card is kept left
    to right, as the status line and the tips keep theirs."""
    page = persian_three(played, site_url, 60)
    page.screenshot(path=str(artifacts / "newcomer-sheet-cards-fa-360.png"))
    for key, card in (("two_clubs", "2♣"), ("ten_diamonds", "10♦")):
        name = page.locator("#sheet tr", has=page.locator(f'[data-key="{key}"]')).first.locator("th")
        expect(name).to_have_text(card)
        assert name.evaluate(SHOWN_ORDER) == card
        assert name.locator("bdi").evaluate("n => getComputedStyle(n).direction") == "ltr"


@pytest.mark.parametrize(("target", "where"), [(60, "deal-end"), (1, "match-end")])
def test_a_persian_sheet_of_three_shows_each_name_whole(played: Profiles, site_url: str, artifacts: Path,
                                                        target: int, where: str) -> None:
    """The third name was cut at 360 px (its first letter), on the deal's sheet and the match's."""
    page = persian_three(played, site_url, target)
    assert phase(page) == where
    page.screenshot(path=str(artifacts / f"newcomer-{where}-names-fa-360.png"), full_page=True)
    assert page.evaluate(NAMES_CUT) == []
