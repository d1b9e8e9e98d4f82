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

def stacked_match(hands: list[str], table: str, rules: Rules | None = None) -> Match:
    from helpers import scenario

    names = ["You", "Sara", "Dariush", "Leyla"]
    seats = [Seat(names[0], "human")] + [Seat(name, "easy") for name in names[1:len(hands)]]
    return Match(scenario(hands, table, rules=rules), seats)


def test_capture_choices_say_points_clubs_and_sur() -> None:
    from pasur_web.ui import PickCard

    match = stacked_match(["7C 5H 9S KD", "3D 6S 8C QH"], "4C 4D 2H 2S")
    ui = update(match, UiState(), PickCard("7C"))
    shown = screen(match, ui, EN)
    assert shown.choice is not None
    worth = {option.capture: (option.points, option.clubs, option.sur) for option in shown.choice.options}
    # By hand: no card of these scores by itself; taking all four clears the table (a sur, 5 points);
    # the played 7C is a club, and so is 4C.
    assert worth["2H,2S,4C,4D"] == ("5 points", "2 clubs", "Sur!")
    assert worth["4D"] == ("0 points", "1 club", None)
    assert worth["4C"] == ("0 points", "2 clubs", None)
    assert worth["2H,2S,4D"] == ("0 points", "1 club", None)
    french = screen(match, ui, load_catalog("fr")).choice
    assert french is not None
    assert {(o.points, o.clubs) for o in french.options if o.capture == "4D"} == {("0 point", "1 trèfle")}
    spanish = screen(match, ui, load_catalog("es")).choice
    assert spanish is not None and spanish.options[0].sur == "¡Sur!"


def test_running_counts_follow_the_captures() -> None:
    match = stacked_match(["7C 5H 9S KD", "3D 6S 8C QH"], "4C 4D 2H 2S")
    shown = screen(match, UiState(), EN)
    assert (shown.me.pile, shown.me.clubs, shown.me.surs) == ("Captured: 0", "Clubs: 0", "Surs: 0")
    match.play("7C:2H,2S,4C,4D")  # a sur: five cards, two of them clubs
    shown = screen(match, UiState(), EN)
    assert (shown.me.pile, shown.me.clubs, shown.me.surs) == ("Captured: 5", "Clubs: 2", "Surs: 1")
    assert not shown.me.clubs_won
    assert (shown.opponents[0].pile, shown.opponents[0].clubs) == ("Captured: 0", "Clubs: 0")


def test_the_board_names_rules_that_are_not_the_standard_ones() -> None:
    from pasur_web.screen import rules_note

    assert rules_note(Rules(), "to 62", EN) is None
    assert rules_note(Rules(target=11), "to 11", EN) is None  # the goal alone is in the top bar
    assert rules_note(Rules.preset("classic"), "to 62", EN) == "Rules: Classic Persian · to 62"
    assert rules_note(Rules.preset("kids", target=51), "to 51", EN) == "Rules: Children's Pasur · to 51"
    assert rules_note(Rules(clockwise=True), "to 62", EN) == "Rules: Standard + Play clockwise · to 62"
    assert (rules_note(Rules.preset("classic", seven_diamonds_bonus=True), "11 deals", EN)
            == "Rules: Classic Persian + 7♦ scores 1 point · 11 deals")
    # An option of Classic turned off: said from the standard rules, which never had it.
    assert (rules_note(Rules.preset("classic", no_sur_last_round=False), "to 62", EN)
            == "Rules: Standard + One combination at a time + No sur with a Jack"
               " + No surs for a side at 50 or more + Surs cancel each other (2 sides) · to 62")
    match = Match(new_game(2, Rules.preset("classic"), seed=1), [Seat("You", "human"), Seat("Sara", "easy")])
    assert screen(match, UiState(), EN).rules == "Rules: Classic Persian · to 62"


def test_four_players_sit_around_the_table_with_the_partner_across() -> None:
    seats = [Seat("You", "human"), Seat("Sara", "easy"), Seat("Dariush", "easy"), Seat("Leyla", "easy")]
    shown = screen(Match(new_game(4, Rules(), seed=2), seats), UiState(), EN)
    # Play passes counter-clockwise: the next seat (1) on the right, the partner (2) across, seat 3 on the left.
    assert [(seat.seat, seat.place) for seat in shown.opponents] == [(3, "left"), (2, "top"), (1, "right")]
    assert [(seat.seat, seat.team, seat.partner) for seat in shown.opponents] == [
        (3, 1, False), (2, 0, True), (1, 1, False)]
    assert shown.me.team == 0 and not shown.me.partner
    clockwise = screen(Match(new_game(4, Rules(clockwise=True), seed=2), seats), UiState(), EN)
    assert [(seat.seat, seat.place) for seat in clockwise.opponents] == [(1, "left"), (2, "top"), (3, "right")]
    solo = screen(Match(new_game(4, Rules(solo4=True), seed=2), seats), UiState(), EN)
    assert all(seat.team is None and not seat.partner for seat in solo.opponents)
    three = screen(Match(new_game(3, Rules(), seed=2), seats[:3]), UiState(), EN)
    assert all(seat.place is None and seat.team is None for seat in three.opponents)


def test_undo_is_offered_after_a_move_of_the_deal_when_the_setting_is_on() -> None:
    match = Match(new_game(2, Rules(), seed=1), [Seat("You", "human"), Seat("Sara", "easy")])
    while match.is_ai_turn():
        match.play(match.ai_move())
    assert not screen(match, UiState(), EN, undo=True).undo  # nothing to take back
    match.play(match.game.legal_moves()[0])
    assert screen(match, UiState(), EN, undo=True).undo
    assert not screen(match, UiState(), EN, undo=False).undo  # the setting is off
    assert not screen(match, UiState(behind=True), EN, undo=True).undo
    pass_and_play = Match(new_game(2, Rules(), seed=1), [Seat("Ana", "human"), Seat("Bo", "human")])
    pass_and_play.play(pass_and_play.game.legal_moves()[0])
    assert not screen(pass_and_play, UiState(), EN, undo=True).undo


def test_an_undo_is_announced() -> None:
    match = Match(new_game(2, Rules(), seed=1), [Seat("You", "human"), Seat("Sara", "easy")])
    while match.is_ai_turn():
        match.play(match.ai_move())
    match.play(match.game.legal_moves()[0])
    match.play(match.ai_move())
    spoken = screen(match, UiState(), EN).announcement[0]
    match.undo()
    said = screen(match, UiState(), EN, spoken=spoken).announcement[1]
    assert said == "Your move was taken back. Your turn: play a card."


def test_a_daily_deal_says_so_in_the_top_bar() -> None:
    match = Match(new_game(2, Rules(fixed_deals=1), seed=1), [Seat("You", "human"), Seat("Sara", "hard")])
    assert screen(match, UiState(), EN).goal == "1 deal"
    match.daily = "2026-12-01"
    assert screen(match, UiState(), EN).goal == "Daily deal of 2026-12-01"
