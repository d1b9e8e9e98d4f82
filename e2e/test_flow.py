"""The ways in and out of a game, as a player takes them: no dead end, nothing lost by one tap."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from driver import (
    PHONE,
    WAIT_HUMAN,
    answer_capture_choice,
    hold_clock,
    open_page,
    play_one_card,
    play_to_end,
    saved_game,
    tap_card,
    wait_for_moves,
)
from helpers import seed_with_a_choice
from pasur import Game, Rules, new_game
from pasur_web.model.match import Match
from pasur_web.model.savegame import match_to_json
from pasur_web.model.seats import Seat

pytestmark = pytest.mark.warm  # (conftest.py: a profile that has played before)


def start_from_panel(page: Page, players: str = "2", target: str = "1") -> None:
    """Fill the new-game panel as a player would and press Start."""
    expect(page.locator("#start")).to_be_visible()
    page.select_option("#setup-players", players)
    page.fill("#setup-target", target)
    page.click("#start")
    expect(page.locator("#hand")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("data-phase", "play")


def test_play_again_leads_to_a_new_game(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?players=2&target=1&seed=3&speed=instant")
    play_to_end(page)
    page.click("#sheet-new-game")
    # The setup panel is in front and takes clicks: nothing of the finished match covers it.
    expect(page.locator("#sheet")).to_be_hidden()
    expect(page.locator("#scoreboard")).to_be_empty()
    page.reload()
    open_page(page, page.url)
    expect(page.locator("#sheet")).to_be_hidden()  # the finished match does not come back
    start_from_panel(page)
    assert saved_game(page).deal_number == 0 and not saved_game(page).over


def last_card_of_a_deal() -> tuple[str, Game]:
    """A saved match whose first deal ends with the player's card (Sara led it), and its game."""
    game = new_game(2, Rules(), seed=6, leader=1)
    while not (game.turn == 0 and game.stock_size == 0 and len(game.hands[0]) == 1 and not game.hands[1]):
        game.play(game.legal_moves()[0])
    return match_to_json(Match.of(game, (Seat("You", "human"), Seat("Sara", "easy")))), game


SHEET_HELD = """() => { const shown = document.getElementById('sheet').getAnimations();
  shown.forEach(a => { a.pause(); a.currentTime = 0; }); return shown.length > 0; }"""


def test_a_deal_ends_in_sight_and_its_sheet_comes_once_the_cards_have_landed(page: Page, guard: object,
                                                                           site_url: str) -> None:
    """The last card of a deal, at the normal speed: the table is seen swept (the last capture, the
    cards left going to the last capturer) with empty hands before the score sheet comes over it,
    and the next deal is dealt when the sheet is closed. (The sheet's entrance is held at its start
    through its animation, then let go.)"""
    saved, game = last_card_of_a_deal()
    page.goto(site_url + "?lang=en")
    page.evaluate("text => localStorage.setItem('pasur.match', text)", saved)
    open_page(page, site_url + "?lang=en&speed=normal")
    page.wait_for_function(WAIT_HUMAN)
    card = str(game.hands[0][0])
    tap_card(page, card)
    answer_capture_choice(page, card)
    expect(page.locator("html")).to_have_attribute("data-phase", "deal-end")
    page.wait_for_function(SHEET_HELD)
    expect(page.locator("#sheet")).to_be_hidden()
    expect(page.locator("#hand [data-card]")).to_have_count(0)
    expect(page.locator("#opponents [data-back]")).to_have_count(0)
    expect(page.locator("#table")).to_have_text("The table is empty")
    expect(page.locator("#turn-status")).to_have_text("Deal 1 is over")
    played = saved_game(page)
    end = played.deal_end()
    assert end is not None and played.hands[0]  # the next deal is dealt already, out of sight
    expect(page.locator("#me-info")).to_contain_text(f"Captured: {len(end.piles[0])}")
    expect(page.locator("#opponents")).to_contain_text(f"Captured: {len(end.piles[1])}")
    side, leftover = played.leftovers[0]
    if leftover and side is not None:
        expect(page.locator("#last-move")).to_contain_text("The last cards on the table go to")
    page.evaluate("document.getElementById('sheet').getAnimations().forEach(a => a.finish())")
    expect(page.locator("#next-deal")).to_be_visible()
    expect(page.locator("#next-deal")).to_be_focused()
    page.click("#next-deal")
    expect(page.locator("#hand [data-card]")).to_have_count(4)
    expect(page.locator("#table-info")).to_contain_text("Deal 2")

def test_new_game_asks_first_and_can_go_back(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?players=2&seed=11&speed=instant")
    play_one_card(page)
    page.wait_for_function(WAIT_HUMAN)  # the computer has answered: the player's turn
    before = saved_game(page).to_json()
    hand = sorted(page.locator("#hand [data-card]").evaluate_all("n => n.map(x => x.dataset.card)"))
    page.click("#new-game")
    expect(page.locator("#leave")).to_be_visible()
    page.click("#leave-cancel")  # no: the game is there as it was
    expect(page.locator("#leave")).to_be_hidden()
    expect(page.locator("#hand [data-card]").first).to_be_visible()
    page.click("#new-game")
    page.click("#leave-confirm")
    expect(page.locator("#start")).to_be_visible()
    expect(page.locator("#scoreboard")).to_be_empty()  # no old scores over the setup panel
    page.click("#back-to-game")
    expect(page.locator("html")).to_have_attribute("data-phase", "play")
    assert sorted(page.locator("#hand [data-card]").evaluate_all("n => n.map(x => x.dataset.card)")) == hand
    assert saved_game(page).to_json() == before
    # Escape closes the panel too, back to the same position.
    page.click("#new-game")
    page.click("#leave-confirm")
    expect(page.locator("#start")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#hand [data-card]").first).to_be_visible()
    assert saved_game(page).to_json() == before


@pytest.mark.fresh  # the page's clock is the profile's
@pytest.mark.parametrize(("opener", "closer"), [("#new-game", "#leave-cancel"), ("#settings-button", "#settings-close"),
                                               ("#rules-button", "#rules-close")])
def test_the_computer_waits_while_a_dialog_covers_the_table(page: Page, guard: object, site_url: str,
                                                            opener: str, closer: str) -> None:
    """A move is played where the player sees it: the computer that was thinking when a dialog
    opened plays once the dialog is closed, however long it stayed open."""
    page.clock.install()
    open_page(page, f"{site_url}?players=2&seed=11&speed=slow&lang=en")
    hold_clock(page)
    card = page.locator("#hand [data-card]:not([disabled])").first.get_attribute("data-card") or ""
    tap_card(page, card, held=True)
    page.clock.run_for(100)
    answer_capture_choice(page, card, held=True)
    page.clock.run_for(100)
    wait_for_moves(page, 1)
    expect(page.locator("#status")).to_contain_text("Sara")  # the computer's turn
    page.click(opener)
    page.clock.run_for(100)
    dialog = page.locator(closer).locator("xpath=ancestor::*[contains(@class, 'overlay')]")
    expect(dialog).to_be_visible()
    page.clock.run_for(10_000)  # the time of several moves at this speed
    assert len(saved_game(page).history) == 1
    expect(page.locator('#log li[data-kind="move"]')).to_have_count(1)
    page.click(closer)
    page.clock.run_for(100)
    expect(dialog).to_be_hidden()
    assert len(saved_game(page).history) == 1  # the move is shown first, in sight
    page.clock.run_for(5_000)
    wait_for_moves(page, 2)
    expect(page.locator('#log li[data-kind="move"]')).to_have_count(2)


def test_new_game_during_the_computers_move(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?players=2&seed=24&ai=medium&speed=slow")
    play_one_card(page)  # the computer is now thinking, slowly
    page.click("#new-game")
    page.click("#leave-confirm")
    page.click("#start")
    # Whoever leads the new game, the human gets to play a card: nothing is stuck "thinking".
    page.wait_for_selector("#hand [data-card]:not([disabled])")
    play_one_card(page)
    page.wait_for_selector("#hand [data-card]:not([disabled])")
    assert len(saved_game(page).history) >= 2


def test_playing_another_card_closes_the_capture_choice(page: Page, guard: object, site_url: str) -> None:
    seed, several, single = seed_with_a_choice()
    open_page(page, f"{site_url}?players=2&seed={seed}&speed=slow")
    tap_card(page, several)
    expect(page.locator("#capture-choice")).to_be_visible()
    tap_card(page, single)
    wait_for_moves(page, 1)
    expect(page.locator("#capture-choice")).to_be_hidden()
    expect(page.locator("#status")).to_contain_text("Sara")  # the computer's turn, with no stale dialog


def test_pass_and_play_shows_what_the_move_did(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?seed=3&speed=instant")
    page.click("#new-game")
    page.click("#leave-confirm")
    expect(page.locator("#name-0")).to_have_value("You")
    page.select_option("#kind-1", "human")
    # The names the game will use, already in the panel: with two players at one device nobody is "You".
    expect(page.locator("#name-0")).to_have_value("Player 1")
    page.click("#start")
    expect(page.locator("#handoff")).to_contain_text("Player 1")
    page.click("#handoff-ready")  # "I am Player 1"
    play_one_card(page)
    handoff = page.locator("#handoff")
    expect(handoff).to_be_visible()
    # The next player sees what was just played, under "Player 1" (nobody is called "You" here).
    move = saved_game(page).history[-1].move
    expect(handoff).to_contain_text(str(move.card.symbol))
    expect(handoff).to_contain_text("Player 1")
    expect(handoff).not_to_contain_text("You")
    page.click("#rules-button")  # the top bar stays in reach
    expect(page.locator("#rules")).to_be_visible()
    page.keyboard.press("Escape")
    page.click("#handoff-ready")
    expect(page.locator("#hand [data-card]").first).to_be_visible()


def test_two_matches_back_to_back_on_a_phone(page: Page, guard: object, site_url: str, artifacts: Path) -> None:
    """From the new-game panel, two whole matches by clicks, leaving one midway (then not)."""
    page.set_viewport_size(PHONE)
    open_page(page, f"{site_url}?speed=instant&lang=en")
    page.screenshot(path=str(artifacts / "journey-setup-phone.png"))
    expect(page.locator("#start")).to_be_in_viewport(ratio=1)
    start_from_panel(page)
    play_one_card(page)
    page.click("#new-game")
    page.screenshot(path=str(artifacts / "journey-leave-phone.png"))
    page.click("#leave-cancel")
    play_to_end(page)
    page.screenshot(path=str(artifacts / "journey-match-over-phone.png"))
    page.click("#sheet-new-game")
    assert page.evaluate("document.querySelector('#setup h2').getBoundingClientRect().top") >= 0  # its title in sight
    start_from_panel(page, players="3")
    play_one_card(page)
    page.click("#new-game")
    page.click("#leave-confirm")
    start_from_panel(page)
    play_to_end(page)
    expect(page.locator("#play-again")).to_be_visible()
    names = page.locator("#scoreboard .side-name").all_inner_texts()
    page.click("#play-again")  # a rematch in one tap: the same players, a new deal
    page.wait_for_function(WAIT_HUMAN)
    assert page.get_attribute("html", "data-phase") == "play"
    assert page.locator("#scoreboard .side-name").all_inner_texts() == names


def test_the_target_is_shown_and_typed_in_the_page_s_digits(page: Page, guard: object, site_url: str) -> None:
    """In Persian the "Play to" field shows its number in Persian digits, takes it typed in either
    digits, and says what is wrong with anything else rather than start another game."""
    open_page(page, f"{site_url}?lang=fa")
    target = page.locator("#setup-target")
    expect(target).to_have_value("۶۲")
    target.fill("40")
    page.select_option("#setup-preset", "kids")  # a preset's target, in Persian digits too
    expect(target).to_have_value("۶۲")
    error = page.locator("#target-error")
    expect(error).to_be_hidden()
    target.fill("۱۰۰۱")
    target.blur()  # left wrong: said at once
    expect(error).to_be_visible()
    expect(target).to_have_attribute("aria-invalid", "true")
    for bad in ("abc", "۰", "۱۰۰۱", ""):
        target.fill(bad)
        page.click("#start")
        expect(error).to_be_visible()
        expect(error).to_have_text("امتیاز هدف باید عددی صحیح از ۱ تا ۱۰۰۰ باشد")
        expect(target).to_be_focused()
        expect(target).to_have_attribute("aria-invalid", "true")
        assert page.get_attribute("html", "data-phase") == "setup"
    target.fill("٧5")  # an Arabic 7 and a Latin 5: shown as the page writes numbers once typed
    expect(error).to_be_hidden()  # a good number clears the message as it is typed
    target.blur()
    expect(target).to_have_value("۷۵")
    page.click("#start")
    expect(page.locator("html")).to_have_attribute("data-phase", "play")
    assert saved_game(page).rules.target == 75
    open_page(page, f"{site_url}?lang=en")
    page.click("#new-game")
    if page.locator("#leave-confirm").is_visible():
        page.click("#leave-confirm")
    expect(page.locator("#setup-target")).to_have_value("62")
    page.fill("#setup-target", "40")
    page.click("#start")
    expect(page.locator("html")).to_have_attribute("data-phase", "play")
    assert saved_game(page).rules.target == 40


def test_persian_keeps_cards_left_to_right_and_uses_persian_digits(page: Page, guard: object, site_url: str) -> None:
    open_page(page, f"{site_url}?lang=fa")
    expect(page.locator("#setup-players option").first).to_have_text("۲ بازیکن")  # as the game writes numbers
    page.click("#start")
    page.click("#rules-button")
    # In every caption of the examples, each card reads rank then suit from left to right ("7♣").
    pairs = page.evaluate("""() => {
      const out = [];
      for (const cap of document.querySelectorAll('.rules-example figcaption')) {
        const walker = document.createTreeWalker(cap, NodeFilter.SHOW_TEXT);
        let node;
        while ((node = walker.nextNode())) {
          const t = node.textContent;
          for (let i = 0; i + 1 < t.length; i++) {
            if (/[0-9AJQK]/.test(t[i]) && '♣♦♥♠'.includes(t[i + 1])) {
              const x = j => { const r = document.createRange(); r.setStart(node, j); r.setEnd(node, j + 1);
                               return r.getBoundingClientRect().x; };
              out.push([t[i] + t[i + 1], x(i), x(i + 1)]);
            }
          }
        }
      }
      return out;
    }""")
    assert len(pairs) >= 5
    assert all(rank_x < suit_x for _, rank_x, suit_x in pairs), pairs
