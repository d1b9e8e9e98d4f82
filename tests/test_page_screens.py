"""screens/: what the game screen shows, computed from the state without a browser."""

from dataclasses import replace
from typing import Any

from helpers import elements, found, game_of, play_until
from pasur import Rules, new_game
from pasur_web.i18n import load_catalog
from pasur_web.model import actions as act
from pasur_web.model.match import Match, Phase
from pasur_web.model.params import parse_params
from pasur_web.model.seats import Seat
from pasur_web.model.state import NoticeKind, State, Turn, View
from pasur_web.model.update import initial_state, update
from pasur_web.screens.html import Node, attrs_of, find, find_all, text_of
from pasur_web.screens.page import NOTHING_ANNOUNCED, announcement, page
from pasur_web.screens.picking import choice
from pasur_web.screens.players import me_info, opponents
from pasur_web.screens.rules import rules_note
from pasur_web.screens.sheet import sheet
from pasur_web.screens.table import handoff, log
from pasur_web.screens.words import last_move

EN = load_catalog("en")
TODAY = __import__("datetime").date(2026, 12, 2)


def board(match: Match, lang: str = "en", **table: Any) -> State:
    """The page with ``match`` on the board."""
    state = initial_state(parse_params(f"?lang={lang}"), {}, lang)
    return replace(state, view=View.GAME, match=match, turn=Turn(**table))


def ai_move(match: Match) -> str:
    seat = game_of(match).turn
    assert seat is not None
    return str(match.player(seat).choose(game_of(match).view(seat)))


def seats_shown(state: State) -> list[dict[str, str]]:
    return [attrs_of(node) for node in find_all(opponents(state)[0], class_="*", data_seat="*")]


def counts(node: Node) -> tuple[str, ...]:
    pile = find(node, class_="pile")
    assert pile is not None
    return tuple(text_of(child) for child in pile[2] if not isinstance(child, str))


def test_the_human_is_you_in_the_log_and_the_others_by_name() -> None:
    match = play_until(Match.of(new_game(2, Rules(), seed=1), (Seat("You", "human"), Seat("Sara", "medium"))),
                       lambda m: len(game_of(m).history) >= 2)
    state = board(match)
    assert text_of(found(find(me_info(state)[0], class_="name"))) == "You"
    assert [text_of(found(find(node, class_="name")))
            for node in find_all(opponents(state)[0], data_seat="*")] == ["Sara"]
    lines = elements(log(state)[2])
    moves = [attrs_of(line) | {"text": text_of(line)} for line in lines if attrs_of(line)["data-kind"] == "move"]
    you = [line["text"] for line in moves if line["data-seat"] == "0"]
    sara = [line["text"] for line in moves if line["data-seat"] == "1"]
    assert you and all(text.startswith(("You took", "You laid")) for text in you)
    assert sara and all(text.startswith(("Sara took", "Sara laid")) for text in sara)
    assert text_of(lines[0]).startswith("Deal 1 · dealer: ")
    french = board(match, "fr")
    assert text_of(found(find(me_info(french)[0], class_="name"))) == "Vous"  # the default name follows the language
    assert all(text_of(line).startswith("Vous ")
               for line in elements(log(french)[2]) if attrs_of(line).get("data-seat") == "0")


def test_opponents_sit_in_playing_order() -> None:
    seats = (Seat("You", "human"), Seat("B", "easy"), Seat("C", "easy"))
    anti = board(Match.of(new_game(3, Rules(), seed=2), seats))
    assert [seat["data-seat"] for seat in seats_shown(anti)] == ["2", "1"]  # counter-clockwise: the next on the right
    clockwise = board(Match.of(new_game(3, Rules(clockwise=True), seed=2), seats))
    assert [seat["data-seat"] for seat in seats_shown(clockwise)] == ["1", "2"]


def test_the_deal_sheet_adds_up_to_the_engine_totals() -> None:
    match = play_until(Match.of(new_game(2, Rules(), seed=4), (Seat("You", "human"), Seat("Sara", "easy"))),
                       lambda m: m.phase != Phase.PLAY)
    state = board(match)
    shown = sheet(state)
    assert shown is not None
    result = game_of(match).deal_results[0]
    totals = find_all(shown[0], tag="td", data_key="total")
    assert [text_of(cell) for cell in totals] == [str(result[side]["total"]) for side in range(2)]
    assert [text_of(cell) for cell in find_all(shown[0], tag="th", scope="col")][:2] == ["You", "Sara"]
    assert choice(state) is None
    assert all("disabled" in attrs_of(card)
               for card in elements(page(state, TODAY, NOTHING_ANNOUNCED).parts["hand"][1] or ()))


def test_capture_choice_points_read_right_for_one() -> None:
    for seed in range(300):
        match = Match.of(new_game(2, Rules(), seed=seed), (Seat("You", "human"), Seat("Sara", "easy")))
        if game_of(match).turn != 0:
            continue
        for card in {str(m.card) for m in game_of(match).legal_moves()}:
            options = match.ordered_options(card)
            if len(options) > 1 and 1 in [match.option_points(m) for m in options]:
                state, _ = update(board(match), act.PickCard(card))
                shown = choice(state)
                assert shown is not None
                points = [text_of(node) for node in find_all(shown[1], class_="points")]
                assert len(points) == len(options) and "1 point" in points
                assert all(text.endswith(("point", "points")) for text in points)
                return
    raise AssertionError("no position with a one-point choice found")


def test_pass_and_play_hides_the_hand_and_says_what_was_played() -> None:
    match = Match.of(new_game(2, Rules(), seed=3), (Seat("Ali", "human"), Seat("Mina", "human")))
    assert match.handoff == game_of(match).turn  # the first player takes the device too
    match = match.reveal()
    first = game_of(match).turn
    assert first is not None
    match = match.play(game_of(match).legal_moves()[0])
    state = board(match)
    parts = page(state, TODAY, NOTHING_ANNOUNCED).parts
    hand = parts["hand"][1]
    assert hand and all("back" in attrs_of(card)["class"] for card in elements(hand))  # face down
    shown = handoff(state)
    assert shown is not None
    assert text_of(found(find(shown[0], tag="h2"))) == f"Pass the device to {match.seats[1 - first].name}"
    assert [text_of(item) for item in find_all(shown[0], tag="li")] == [  # the moves only
        f"{match.seats[first].name} laid 4♦"]


def test_the_last_move_is_said_in_words_and_notation_until_the_next_one() -> None:
    from helpers import scenario

    match = Match.of(scenario(["4D 9H 2C KS", "AC 6S 8S 10H"], "4C 3S 2H AH"),
                     (Seat("You", "human"), Seat("Sara", "medium")))
    assert last_move(match, EN) is None
    match = match.play("KS")
    shown = last_move(match, EN)
    assert shown is not None and (shown.text, shown.move, str(shown.laid)) == ("You lay K♠", "KS", "KS")
    match = match.play("AC:2H,3S,4C,AH")  # the K♠ stays on the table: not a sur
    shown = last_move(match, EN)
    assert shown is not None
    assert shown.text == "Sara plays A♣ and takes A♥, 2♥, 3♠ and 4♣" and shown.move == "AC:AH,2H,3S,4C"
    assert shown.laid is None
    french = last_move(match, load_catalog("fr"))
    assert french is not None and french.text == "Sara joue A♣ et prend A♥, 2♥, 3♠ et 4♣"


def test_a_sur_is_said_and_a_new_deal_starts_with_no_last_move() -> None:
    from helpers import scenario

    match = Match.of(scenario(["AC 9H 2C KS", "5S 6S 8S 10H"], "4C 3S 2H AH"),
                     (Seat("You", "human"), Seat("Sara", "medium")))
    match = match.play("AC:2H,3S,4C,AH")
    shown = last_move(match, EN)
    assert shown is not None and shown.text == "You play A♣ and take A♥, 2♥, 3♠ and 4♣. Sur!"
    match = play_until(match, lambda m: m.phase != Phase.PLAY)
    ended = last_move(match, EN)
    assert ended is not None and ended.move == str(game_of(match).history[-1].move)  # shown with the score sheet
    if match.phase == Phase.DEAL_END:
        assert last_move(match.next_deal(), EN) is None


def test_under_a_deal_s_score_sheet_the_table_shows_that_deal_as_it_ended() -> None:
    """The engine deals the next deal at once; the page shows the deal that ended until its sheet is
    closed: no cards in the hands or on the table, the piles and the status as the deal left them."""
    match = play_until(Match.of(new_game(2, Rules(), seed=4), (Seat("You", "human"), Seat("Sara", "medium"))),
                       lambda m: m.phase != Phase.PLAY)
    assert match.phase == Phase.DEAL_END and game_of(match).hands[0]  # the next deal is dealt already
    end = game_of(match).deal_end()
    assert end is not None
    parts = page(board(match), TODAY, NOTHING_ANNOUNCED).parts
    assert parts["hand"][1] == () and text_of(("div", (), parts["table"][1] or ())) == "The table is empty"
    assert find_all(("div", (), parts["opponents"][1] or ()), data_back="*") == []  # no card backs
    me = text_of(("div", (), parts["me-info"][1] or ()))
    assert f"Captured: {len(end.piles[0])}" in me and f"Surs: {end.surs[0]}" in me
    assert text_of(("div", (), parts["turn-status"][1] or ())) == "Deal 1 is over"
    assert "Deal 2" not in text_of(("ol", (), parts["log"][1] or ()))  # told once the sheet is closed
    assert "Round 6 of 6" in text_of(("div", (), parts["table-info"][1] or ())).replace("round", "Round")
    side, leftover = game_of(match).leftovers[0]
    said = text_of(("div", (), parts["last-move"][1] or ()))
    if leftover and side is not None:
        assert said.endswith(f"The last cards on the table go to {'you' if side == 0 else 'Sara'}: "
                             + " ".join(EN.card_symbol(card) for card in sorted(leftover)))
    # The sheet closed: the next deal's hand and table.
    parts = page(board(match.next_deal()), TODAY, NOTHING_ANNOUNCED).parts
    assert len(parts["hand"][1] or ()) == 4 and len(parts["table"][1] or ()) == 4
    assert "Deal 2 · dealer" in text_of(("ol", (), parts["log"][1] or ()))


def test_what_a_daily_attempt_counts_for_is_said_while_it_is_played_only() -> None:
    from pasur_web.model.state import Notice
    from pasur_web.screens.notices import notices

    match = Match.of(new_game(2, Rules(fixed_deals=1), seed=4), (Seat("You", "human"), Seat("Sara", "medium")),
                     daily="2026-12-06")
    said = Notice(("daily_counted_notice", {"date": "2026-12-06"}), NoticeKind.DAILY, ident="daily-notice")
    assert [attrs_of(node)["id"] for node in notices(replace(board(match), notices=(said,)))] == ["daily-notice"]
    over = play_until(match, lambda m: m.phase == Phase.MATCH_END)
    assert notices(replace(board(over), notices=(said,))) == []
    assert notices(replace(board(match), notices=(said,), view=View.SETUP)) == []  # New game pressed


def test_a_card_looked_at_says_how_to_play_it_by_tap_click_or_key() -> None:
    from pasur_web.screens.picking import selection

    match = stacked_match(["KD 9S 5H 7C", "3D 6S 8C QH"], "2C 4D JH QS")
    shown = selection(board(match, selected="KD"))  # a King with no King on the table: laid
    assert shown is not None
    ways = {attrs_of(node)["class"]: text_of(node) for node in find_all(("div", (), tuple(shown)), tag="span")
            if "again" in attrs_of(node).get("class", "")}
    assert ways == {"again again-tap": "Tap it again to play it", "again again-click": "Click it again to play it",
                    "again again-key": "Press Enter again to play it"}


def test_the_guided_deal_s_sheet_says_what_the_guide_s_last_tip_said() -> None:
    """The score sheet covers the guide's last tip: the sheet says it too, for the guided deal only."""
    match = play_until(Match.of(new_game(2, Rules(), seed=4), (Seat("You", "human"), Seat("Sara", "medium"))),
                       lambda m: m.phase == Phase.DEAL_END)
    guided = replace(board(match), turn=Turn(guide=True))
    shown = sheet(guided)
    assert shown is not None
    said = find(shown[0], id="sheet-guide")
    assert said is not None and text_of(said) == EN.t("guide_done")
    assert text_of(said).startswith("That was a whole deal")
    plain = sheet(board(match))
    assert plain is not None and find(plain[0], id="sheet-guide") is None


def test_the_match_over_sheet_says_who_won_then_the_deals_then_the_last_deal() -> None:
    from pasur_web.screens.sheet import winner_words

    for seed in range(1, 40):  # a match the player wins, and one Sara wins
        match = play_until(Match.of(new_game(2, Rules(fixed_deals=1), seed=seed),
                                    (Seat("You", "human"), Seat("Sara", "medium"))),
                           lambda m: m.phase == Phase.MATCH_END)
        if game_of(match).winner is None:
            continue
        said = winner_words(match, EN)
        assert said == ("You win the match!" if game_of(match).winner == 0 else "Winner: Sara")
        assert winner_words(match, load_catalog("fr")) == ("Vous gagnez la partie !" if game_of(match).winner == 0
                                                           else "Vainqueur : Sara")
        shown = sheet(board(match))
        assert shown is not None
        tables = find_all(shown[0], tag="table")
        assert [attrs_of(table)["class"] for table in tables] == ["score-sheet totals", "score-sheet"]
        assert text_of(found(find(shown[0], tag="h3"))) == "Deal 1"
        # the match's totals once, in the first table: the last deal's stops at its own total
        row_names = [[text_of(row[2][0]) for row in find_all(table, tag="tr")] for table in tables]
        assert row_names[0][-1] == "Totals" and row_names[1][-1] == "Deal total"
        assert "Match total" not in row_names[1]
    named = Match.of(new_game(2, Rules(fixed_deals=1), seed=3), (Seat("Ana", "human"), Seat("Bo", "medium")))
    named = play_until(named, lambda m: m.phase == Phase.MATCH_END)
    if game_of(named).winner == 0:
        assert winner_words(named, EN) == "Winner: Ana"  # a player with a name of their own is named


def test_a_notice_names_the_players_in_the_page_s_language() -> None:
    """A game started in English and taken up in French: its default names are said in French, a
    name of the player's own as it is."""
    from pasur_web.model.games import resume
    from pasur_web.screens.notices import notices

    match = Match.of(new_game(2, Rules(), seed=4), (Seat("You", "human"), Seat("Sara", "medium")))
    state, _ = resume(board(match, "fr"), match)
    assert "Vous, Sara" in text_of(notices(state)[0])
    named = Match.of(new_game(3, Rules(), seed=4), (Seat("Ana", "human"), Seat("Dariush", "easy"),
                                                    Seat("Sara", "easy")))
    state, _ = resume(board(named, "fa"), named)
    said = text_of(notices(state)[0])
    assert "Ana" in said and "داریوش" in said and "سارا" in said


def test_the_cards_left_at_a_deal_s_end_are_said_to_go_to_you_or_by_name() -> None:
    from pasur import Card
    from pasur.events import LeftoverTaken
    from pasur_web.screens.words import Names, log_text

    match = Match.of(new_game(2, Rules(), seed=4), (Seat("You", "human"), Seat("Sara", "medium")))
    left = (Card.parse("4C"), Card.parse("9H"))
    for lang, mine, hers in (("en", "go to you: 4♣ 9♥", "go to Sara: 4♣ 9♥"),
                             ("nl", "gaan naar jou: 4♣ 9♥", "gaan naar Sara: 4♣ 9♥")):
        cat = load_catalog(lang)
        names = Names.of(match, cat)
        for side, said in ((0, mine), (1, hers)):
            text = log_text(names, LeftoverTaken(0, side, left), cat)
            assert text.replace("\u2066", "").replace("\u2069", "").endswith(said)

def stacked_match(hands: list[str], table: str, rules: Rules | None = None) -> Match:
    from helpers import scenario

    names = ["You", "Sara", "Dariush", "Leyla"]
    seats = (Seat(names[0], "human"), *(Seat(name, "easy") for name in names[1:len(hands)]))
    return Match.of(scenario(hands, table, rules=rules), seats)


def test_capture_choices_say_points_clubs_and_sur() -> None:
    state, _ = update(board(stacked_match(["7C 5H 9S KD", "3D 6S 8C QH"], "4C 4D 2H 2S")), act.PickCard("7C"))

    def worth(state: State) -> dict[str, tuple[str, ...]]:
        shown = choice(state)
        assert shown is not None
        return {attrs_of(option)["data-capture"]:
                tuple(text_of(part) for part in found(find(option, class_="worth"))[2])
                for option in find_all(shown[1], data_capture="*")}

    # By hand: no card of these scores by itself; taking all four clears the table (a sur, 5 points);
    # the played 7C is a club, and so is 4C.
    shown = worth(state)
    assert shown["2H,2S,4C,4D"] == ("5 points", "2 clubs", "Sur!")
    assert shown["4D"] == ("0 points", "1 club")
    assert shown["4C"] == ("0 points", "2 clubs")
    assert shown["2H,2S,4D"] == ("0 points", "1 club")
    assert worth(replace(state, lang="fr"))["4D"] == ("0 point", "1 trèfle")
    assert worth(replace(state, lang="es"))["2H,2S,4C,4D"][2] == "¡Sur!"


def test_running_counts_follow_the_captures() -> None:
    match = stacked_match(["7C 5H 9S KD", "3D 6S 8C QH"], "4C 4D 2H 2S")
    assert counts(me_info(board(match))[0]) == ("Captured: 0", "Clubs: 0", "Surs: 0")
    state = board(match.play("7C:2H,2S,4C,4D"))  # a sur: five cards, two of them clubs
    me, seat = me_info(state)
    assert counts(me) == ("Captured: 5", "Clubs: 2", "Surs: 1") and not seat.clubs_won
    assert counts(opponents(state)[0])[:2] == ("Captured: 0", "Clubs: 0")


def test_the_board_names_rules_that_are_not_the_standard_ones() -> None:
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
    match = Match.of(new_game(2, Rules.preset("classic"), seed=1), (Seat("You", "human"), Seat("Sara", "easy")))
    info = page(board(match), TODAY, NOTHING_ANNOUNCED).parts["table-info"][1]
    assert info is not None and text_of(info[-1]) == "Rules: Classic Persian · to 62"


def test_four_players_sit_around_the_table_with_the_partner_across() -> None:
    seats = (Seat("You", "human"), Seat("Sara", "easy"), Seat("Dariush", "easy"), Seat("Leyla", "easy"))
    shown = seats_shown(board(Match.of(new_game(4, Rules(), seed=2), seats)))
    # Play passes counter-clockwise: the next seat (1) on the right, the partner (2) across, seat 3 on the left.
    assert [(seat["data-seat"], seat["data-place"]) for seat in shown] == [("3", "left"), ("2", "top"), ("1", "right")]
    assert [seat.get("data-team") for seat in shown] == ["1", "0", "1"]
    state = board(Match.of(new_game(4, Rules(), seed=2), seats))
    partner = find_all(opponents(state)[0], class_="badge partner")
    assert len(partner) == 1 and me_info(state)[1].team == 0 and not me_info(state)[1].partner
    clockwise = seats_shown(board(Match.of(new_game(4, Rules(clockwise=True), seed=2), seats)))
    assert [(seat["data-seat"], seat["data-place"]) for seat in clockwise] == [("1", "left"), ("2", "top"),
                                                                                ("3", "right")]
    solo = board(Match.of(new_game(4, Rules(solo4=True), seed=2), seats))
    assert not find_all(opponents(solo)[0], class_="badge partner")
    assert all("data-team" not in seat for seat in seats_shown(solo))
    three = seats_shown(board(Match.of(new_game(3, Rules(), seed=2), seats[:3])))
    assert all("data-place" not in seat and "data-team" not in seat for seat in three)


def undo_shown(state: State) -> bool:
    return dict(page(state, TODAY, NOTHING_ANNOUNCED).parts["undo"][0])["hidden"] is None


def test_undo_is_offered_after_a_move_of_the_deal_when_the_setting_is_on() -> None:
    match = Match.of(new_game(2, Rules(), seed=1), (Seat("You", "human"), Seat("Sara", "easy")))
    while match.is_ai_turn():
        match = match.play(ai_move(match))
    assert not undo_shown(board(match))  # nothing to take back
    match = match.play(game_of(match).legal_moves()[0])
    assert undo_shown(board(match))
    assert not undo_shown(replace(board(match), settings={"undo": False}))  # the setting is off
    assert not undo_shown(board(match, behind=True))
    pass_and_play = Match.of(new_game(2, Rules(), seed=1), (Seat("Ana", "human"), Seat("Bo", "human"))).reveal()
    assert not undo_shown(board(pass_and_play.play(game_of(pass_and_play).legal_moves()[0])))


def test_an_undo_is_announced() -> None:
    match = Match.of(new_game(2, Rules(), seed=1), (Seat("You", "human"), Seat("Sara", "easy")))
    while match.is_ai_turn():
        match = match.play(ai_move(match))
    match = match.play(game_of(match).legal_moves()[0])
    match = match.play(ai_move(match))
    spoken, _ = announcement(match, NOTHING_ANNOUNCED, board(match))
    undone = match.undo()
    assert undone is not None
    assert announcement(undone, spoken, board(undone))[1] == "Your move was taken back. Your turn: play a card."


def test_a_daily_deal_says_so_in_the_top_bar() -> None:
    from pasur_web.screens.players import goal

    match = Match.of(new_game(2, Rules(fixed_deals=1), seed=1), (Seat("You", "human"), Seat("Sara", "hard")))
    assert goal(board(match)) == "1 deal"
    assert goal(board(replace(match, daily="2026-12-01"))) == "Daily deal 2026-12-01 · counted"
    assert goal(board(replace(match, daily="2026-12-01", practice=True))) == "Daily deal 2026-12-01 · practice"


CARD = __import__("re").compile(r"(?:10|[2-9AJQK])[♣♦♥♠]")


def texts_and_bdis(node: Node | str, inside: bool = False) -> list[tuple[str, bool]]:
    """Every text below ``node``, and whether it is inside a left-to-right ``bdi``."""
    if isinstance(node, str):
        return [(node, inside)]
    inside = inside or (node[0] == "bdi" and attrs_of(node).get("dir") == "ltr")
    return [piece for child in node[2] for piece in texts_and_bdis(child, inside)]


def test_in_persian_each_card_named_in_the_log_the_selection_and_play_reads_left_to_right_on_its_own() -> None:
    """A card's name ("5♥") keeps its rank before its suit, each card of a list in its own left-to-right
    run, so that the list reads in the sentence's direction ("2♥ 4♣" first 2♥, from the right)."""
    from pasur import Move
    from pasur_web.model.explain import explain_move
    from pasur_web.screens.picking import selection

    match = stacked_match(["5H 7C 9S KD", "3D 6S 8C QH"], "4C 4D 2H 2S")
    table = game_of(match).table
    match = match.play(Move.parse("5H:2H,4C"))
    match = play_until(match, lambda m: game_of(m).turn == 0)
    why = {0: tuple(explain_move(Move.parse("5H:2H,4C"), table, game_of(match).rules))}
    state = board(match, "fa", selected="7C", reasons=why)
    looked = selection(state)
    assert looked is not None
    shown = [log(state), *looked]
    pieces = [piece for node in shown for piece in texts_and_bdis(node)]
    isolated = [text for text, ltr in pieces if ltr]
    assert isolated and all(CARD.fullmatch(text) or " = " in text for text in isolated), isolated
    assert not [text for text, ltr in pieces if not ltr and CARD.search(text)]
    took = [found(find(line, tag="span")) for line in elements(log(state)[2])
            if attrs_of(line).get("data-move") == "5H:2H,4C"]
    assert [text for text, ltr in texts_and_bdis(took[0]) if ltr] == ["5♥", "2♥", "4♣"]
    play = found(find(looked[-1], id="play-card"))
    assert [text for text, ltr in texts_and_bdis(play) if ltr] == ["7♣"]
    # In English nothing is isolated, and the texts read as they did.
    english = board(match, "en", selected="7C", reasons=why)
    assert not find_all(log(english), tag="bdi")
    assert [text_of(line) for line in elements(log(english)[2])][1].startswith("You took 2♥ 4♣ with 5♥")
