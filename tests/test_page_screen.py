"""screen.py: what the game screen shows, computed from a match without a browser."""

from pasur import Rules, new_game
from pasur_web.i18n import load_catalog
from pasur_web.screen import screen
from pasur_web.session import Match, Seat
from pasur_web.ui import PickCard, UiState, update

EN = load_catalog("en")


def play_until(match: Match, done) -> None:  # type: ignore[no-untyped-def]
    while not done(match):
        if match.phase == "deal-end":
            match.next_deal()
            continue
        if match.handoff is not None:
            match.reveal()
            continue
        match.play(match.game.legal_moves()[0])


def test_the_human_is_you_in_the_log_and_the_others_by_name() -> None:
    match = Match(new_game(2, Rules(), seed=1), [Seat("You", "human"), Seat("Sara", "medium")])
    play_until(match, lambda m: len(m.game.history) >= 2)
    shown = screen(match, UiState(), EN)
    assert shown.me.name == "You" and [seat.name for seat in shown.opponents] == ["Sara"]
    moves = [line for line in shown.log if line.kind == "move"]
    you = [line.text for line in moves if line.seat == 0]
    sara = [line.text for line in moves if line.seat == 1]
    assert you and all(text.startswith(("You took", "You laid")) for text in you)
    assert sara and all(text.startswith(("Sara took", "Sara laid")) for text in sara)
    assert shown.log[0].text.startswith("Deal 1 · dealer: ")
    french = screen(match, UiState(), load_catalog("fr"))
    assert french.me.name == "Vous"  # the default name follows the language
    assert all(line.text.startswith("Vous ") for line in french.log if line.seat == 0)


def test_opponents_sit_in_playing_order() -> None:
    seats = [Seat("You", "human"), Seat("B", "easy"), Seat("C", "easy")]
    anti = screen(Match(new_game(3, Rules(), seed=2), seats), UiState(), EN)
    assert [seat.seat for seat in anti.opponents] == [2, 1]  # counter-clockwise: the next player on the right
    clockwise = screen(Match(new_game(3, Rules(clockwise=True), seed=2), seats), UiState(), EN)
    assert [seat.seat for seat in clockwise.opponents] == [1, 2]


def test_the_deal_sheet_adds_up_to_the_engine_totals() -> None:
    match = Match(new_game(2, Rules(), seed=4), [Seat("You", "human"), Seat("Sara", "easy")])
    play_until(match, lambda m: m.phase != "play")
    shown = screen(match, UiState(), EN)
    assert shown.sheet is not None and shown.sheet.kind in ("deal-end", "match-end")
    rows = {key: cells for _, _, cells, key in shown.sheet.breakdown.rows}
    result = match.game.deal_results[0]
    assert rows["total"] == tuple(str(result[side]["total"]) for side in range(2))
    assert shown.sheet.breakdown.head == ("You", "Sara")
    assert not shown.playable and shown.choice is None


def test_capture_choice_points_read_right_for_one() -> None:
    for seed in range(300):
        match = Match(new_game(2, Rules(), seed=seed), [Seat("You", "human"), Seat("Sara", "easy")])
        if match.game.turn != 0:
            continue
        for card in {str(m.card) for m in match.game.legal_moves()}:
            options = match.ordered_options(card)
            if len(options) > 1 and 1 in [match.option_points(m) for m in options]:
                ui = update(match, UiState(), PickCard(card))
                shown = screen(match, ui, EN)
                assert shown.choice is not None and len(shown.choice.options) == len(options)
                assert "1 point" in [option.points for option in shown.choice.options]
                assert all(option.points.endswith(("point", "points")) for option in shown.choice.options)
                return
    raise AssertionError("no position with a one-point choice found")


def test_pass_and_play_hides_the_hand_and_says_what_was_played() -> None:
    match = Match(new_game(2, Rules(), seed=3), [Seat("Ali", "human"), Seat("Mina", "human")])
    first = match.game.turn
    assert first is not None
    match.play(match.game.legal_moves()[0])
    shown = screen(match, UiState(), EN)
    assert shown.hand_hidden and not shown.playable and shown.handoff is not None
    assert shown.handoff.title == f"Pass the device to {match.seats[1 - first].name}"
    assert shown.handoff.since == ("Deal 1 · dealer: Mina", f"{match.seats[first].name} laid 4♦")


def test_the_last_move_is_said_in_words_and_notation_until_the_next_one() -> None:
    from helpers import scenario

    game = scenario(["4D 9H 2C KS", "AC 6S 8S 10H"], "4C 3S 2H AH")
    match = Match(game, [Seat("You", "human"), Seat("Sara", "medium")])
    assert screen(match, UiState(), EN).last_move is None
    match.play("KS")
    shown = screen(match, UiState(), EN).last_move
    assert shown is not None and (shown.text, shown.move, str(shown.laid)) == ("You lay K♠", "KS", "KS")
    match.play("AC:2H,3S,4C,AH")  # the K♠ stays on the table: not a sur
    shown = screen(match, UiState(), EN).last_move
    assert shown is not None
    assert shown.text == "Sara plays A♣ and takes A♥, 2♥, 3♠ and 4♣" and shown.move == "AC:AH,2H,3S,4C"
    assert shown.laid is None
    french = screen(match, UiState(), load_catalog("fr")).last_move
    assert french is not None and french.text == "Sara joue A♣ et prend A♥, 2♥, 3♠ et 4♣"


def test_a_sur_is_said_and_a_new_deal_starts_with_no_last_move() -> None:
    from helpers import scenario

    game = scenario(["AC 9H 2C KS", "5S 6S 8S 10H"], "4C 3S 2H AH")
    match = Match(game, [Seat("You", "human"), Seat("Sara", "medium")])
    match.play("AC:2H,3S,4C,AH")
    shown = screen(match, UiState(), EN).last_move
    assert shown is not None and shown.text == "You play A♣ and take A♥, 2♥, 3♠ and 4♣. Sur!"
    play_until(match, lambda m: m.phase != "play")
    ended = screen(match, UiState(), EN).last_move
    assert ended is not None and ended.move == str(match.game.history[-1].move)  # shown with the score sheet
    if match.phase == "deal-end":
        match.next_deal()
        assert screen(match, UiState(), EN).last_move is None
