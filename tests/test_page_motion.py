"""screens/motion.py: which card moves from where to where between two screens, checked without a browser."""

from dataclasses import replace

from helpers import game_of, scenario
from pasur import Game, Move, Rules, new_game
from pasur_web.model.match import Match
from pasur_web.model.seats import Seat
from pasur_web.model.state import Turn
from pasur_web.screens.motion import FLIGHT_MS, STOCK, Plan, board_shown, plan

MS = FLIGHT_MS["normal"]
ME = "#me-info .pile"
SARA_BACKS = '#opponents [data-seat="1"] .backs'
SARA_PILE = '#opponents [data-seat="1"] .pile'


def two(game: Game | None = None) -> Match:
    return Match.of(game or new_game(2, Rules(), seed=3), (Seat("You", "human"), Seat("Sara", "easy")))


def test_a_new_match_deals_every_card_from_the_stock_one_after_the_other() -> None:
    match = two(scenario(["4D 9H 2C KS", "5S 6S 8S 10H"], "4C 3S 5H QD"))
    motion = plan(match, Turn(), None, MS)
    keys = [key for key, _, _, _ in motion.enter]
    # Dealt as at a table, one card to each hand in turn (the leader first), then the table.
    table = [str(card) for card in game_of(match).table]
    assert sorted(table) == sorted(["4C", "3S", "5H", "QD"])
    assert keys == ["2C", "back:1:0", "4D", "back:1:1", "9H", "back:1:2", "KS", "back:1:3", *table]
    assert all(place == STOCK and dealt for _, place, _, dealt in motion.enter)
    delays = [delay for _, _, delay, _ in motion.enter]
    assert delays[0] == 0 and delays == sorted(delays) and len(set(delays)) == len(delays)
    assert motion.exit == () and motion.sur is None


def test_instant_moves_nothing_and_an_unchanged_screen_only_slides_what_the_layout_moved() -> None:
    match = two()
    assert plan(match, Turn(), None, 0) == Plan(0)
    assert plan(match, Turn(), board_shown(match, Turn()), MS) == Plan(MS)


def test_a_card_laid_from_the_hand_slides_to_the_table() -> None:
    match = two(scenario(["4D 9H 2C KS", "5S 6S 8S 10H"], "4C 3S 5H QD"))
    before = board_shown(match, Turn())
    game_of(match).play("9H")
    motion = plan(match, Turn(), before, MS)
    assert motion.enter == (("9H", "#hand", 0, False),)  # from the hand only if it was not shown there
    assert motion.exit == () and motion.via is None


def test_a_capture_goes_to_the_capturers_pile_the_played_card_joining_the_taken_ones() -> None:
    match = two(scenario(["4D 9H 2C KS", "5S 6S 8S 10H"], "4C 3S 5H QD"))
    before = board_shown(match, Turn())
    game_of(match).play("4D:3S,4C")
    motion = plan(match, Turn(), before, MS)
    assert {key for key, _, _ in motion.exit} == {"4D", "3S", "4C"}
    assert all(pile == ME and delay == 0 for _, pile, delay in motion.exit)
    assert motion.via == ("4D", "3S")
    assert motion.sur is None


def test_the_computers_card_comes_from_its_seat_when_previewed_then_goes_to_its_pile() -> None:
    match = two(scenario(["5S 6S 8S 10H", "4D 9H 2C KS"], "4C 3S 5H QD", leader=1))
    assert game_of(match).turn == 1
    before = board_shown(match, Turn())
    previewing = Turn(preview=game_of(match).resolve("4D:3S,4C"))
    assert plan(match, previewing, before, MS).enter == (("4D", SARA_BACKS, 0, False),)
    shown = board_shown(match, previewing)
    game_of(match).play("4D:3S,4C")
    motion = plan(match, Turn(), shown, MS)
    assert {key for key, _, _ in motion.exit} == {"4D", "3S", "4C"}
    assert {pile for _, pile, _ in motion.exit} == {SARA_PILE}


def test_a_sur_is_celebrated_on_the_capturers_pile() -> None:
    match = two(scenario(["AC 9H 2C KS", "5S 6S 8S 10H"], "4C 3S 2H AH"))
    before = board_shown(match, Turn())
    record = game_of(match).play("AC:2H,3S,4C,AH")
    assert record.sur
    assert plan(match, Turn(), before, MS).sur == ME + ' [data-count="surs"]'


def test_the_next_hands_of_a_deal_are_dealt_after_the_last_card_of_the_round_lands() -> None:
    match = two()
    game = game_of(match)
    while not (game.round_number == 1 and len(game.hands[0]) + len(game.hands[1]) == 1):
        game.play(game.legal_moves()[0])
    before = board_shown(match, Turn())
    game_of(match).play(game.legal_moves()[0])
    assert game.round_number == 2
    motion = plan(match, Turn(), before, MS)
    dealt = [item for item in motion.enter if item[3]]
    assert len(dealt) == 8 and all(place == STOCK for _, place, _, _ in dealt)
    assert min(delay for _, _, delay, _ in dealt) >= MS  # after the move's own flight
    assert {key for key, _, _, _ in dealt} == {str(card) for card in game.hands[0]} | {f"back:1:{i}" for i in range(4)}


def test_the_cards_left_at_the_end_of_a_deal_go_to_the_last_capturer_and_the_next_deal_waits_for_the_sheet() -> None:
    match = two()
    game = game_of(match)
    while True:
        move: Move = game.legal_moves()[0]
        before = board_shown(match, Turn())
        deal = game.deal_number
        match = match.play(move)
        game = game_of(match)
        if game.deal_number != deal:
            break
    side, leftover = game.leftovers[0]
    motion = plan(match, Turn(), before, MS)
    last = [record for record in game.history if record.deal == 0 and record.captured][-1]
    leaving = [item for item in motion.exit if item[0] in {str(card) for card in leftover}]
    assert len(leaving) == len(leftover) and side == last.side
    pile = ME if last.seat == 0 else SARA_PILE
    assert all(to == pile and delay > 0 for _, to, delay in leaving)
    assert not any(dealt for _, _, _, dealt in motion.enter)  # not under the score sheet
    at_sheet = board_shown(match, Turn())
    match = match.next_deal()
    dealing = plan(match, Turn(), at_sheet, MS)
    assert len(dealing.enter) == 12 and all(dealt for _, _, _, dealt in dealing.enter)


def test_another_players_view_moves_nothing() -> None:
    match = Match.of(new_game(2, Rules(), seed=3), (Seat("Ana", "human"), Seat("Ben", "human"))).reveal()
    before = board_shown(match, Turn())
    match = match.play(game_of(match).legal_moves()[0])
    assert match.handoff == 1
    assert plan(match, Turn(), before, MS) == Plan(MS, slide=False)
    assert plan(match, Turn(), replace(before, match="other"), MS) == Plan(MS)  # taken up again: no deal


def test_the_plan_reaches_the_page_as_plain_json_data() -> None:
    match = two(scenario(["AC 9H 2C KS", "5S 6S 8S 10H"], "4C 3S 2H AH"))
    before = board_shown(match, Turn())
    game_of(match).play("AC:2H,3S,4C,AH")
    data = plan(match, Turn(), before, MS).to_js("Sur!")
    assert data["ms"] == MS and data["sur"] == ME + ' [data-count="surs"]' and data["sur_text"] == "Sur!"
    assert data["via"] == ["AC", "AH"] and ["AC", ME, 0] in data["exit"]
