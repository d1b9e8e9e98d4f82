"""A game between friends in CPython (model/hosting.py, visiting.py, handshake.py, wire.py,
seat_state.py): a host's page and friends' pages, each a page state changed by ``update`` only, joined
by connections (tests/online_net.py). Whole matches are played as people play them, every page drawn
after every message; the host refuses what it must and changes nothing; a friend's page never
receives a card its seat may not see, nor anything made from the deck's seed."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from online_net import CODE, FIRST, FORM, KEY, PASS, Net, knock

from helpers import game_of, match_of
from pasur.review import DealReview
from pasur_web.model import actions as act
from pasur_web.model import effects as fx
from pasur_web.model import wire
from pasur_web.model.handshake import claim, knock_pass, proof, table_id
from pasur_web.model.hosting import shown_seats
from pasur_web.model.match import Phase
from pasur_web.model.online_state import Hosting, Kept, Visiting, VisitStatus
from pasur_web.model.params import parse_params
from pasur_web.model.state import State, View
from pasur_web.model.storage import Loaded
from pasur_web.model.update import initial_state, update
from pasur_web.screens.html import Node, find_all, text_of
from pasur_web.screens.notices import notices
from pasur_web.screens.online import join_form, lobby, online_bar
from pasur_web.screens.picking import playable
from pasur_web.screens.players import opponents
from pasur_web.screens.review import review
from pasur_web.screens.sheet import deal_clubs, sheet

CARD = re.compile(r"\b(?:10|[2-9AJQK])[CDHS]\b")


def nodes_of(nodes: list[Node | None] | None) -> Node:
    """Parts of a screen, as one node to search."""
    return "div", (), tuple(node for node in nodes or [] if node is not None)


def notices_text(state: State) -> str:
    return text_of(nodes_of(list(notices(state))))


def seated(form: dict[str, str] | None = None, friends: tuple[str, ...] = ("mina",), start: bool = True,
           query: str = "?speed=instant") -> Net:
    """A table opened, its friends seated (each player named after the page, capitalised), started."""
    net = Net.open(form, query)
    for name in friends:
        net.join(name, name.capitalize())
    if start:
        net.act_host(act.Press.START_TABLE)
    return net


def secret_cards(host: State, seat: int) -> set[str]:
    """The cards ``seat`` may not see now: the other hands and the stock."""
    game = game_of(host.match)
    hidden = {str(card) for other, hand in enumerate(game.hands) if other != seat for card in hand}
    return hidden | {str(card) for card in game.stock}


def play_on(net: Net, done: Any, checks: bool = True) -> None:
    """Every page plays its turns (the host's computer seats included) until ``done(net)``; the host
    deals each next deal once every page shows the finished one."""
    for _ in range(2_000):
        if done(net):
            return
        host = match_of(net.host)
        if host.phase == Phase.DEAL_END:
            for name, state in net.friends.items():  # every friend sees the deal's end, its sheet and scores
                friend = match_of(state)
                assert friend.phase == Phase.DEAL_END and friend.pending_sheet == host.pending_sheet, name
                assert sheet(state) is not None and friend.board.scores == tuple(host.board.scores)
                ended = len(host.board.deal_results) - 1  # the clubs each side took, as the host counts them
                assert deal_clubs(friend.board, ended) == deal_clubs(host.board, ended), name
            net.act_host(act.Press.NEXT_DEAL)
            continue
        if host.phase != Phase.PLAY:
            raise AssertionError("the match ended before the test was done")
        turn = host.board.turn
        assert turn is not None
        if host.is_ai_turn():
            move = host.player(turn).choose(game_of(host).view(turn))
            net.act_host(act.Computer(act.Step.PLAY, host.id, host.moves, str(move)))
            continue
        seat_of = {match_of(state).viewer: name for name, state in net.friends.items()
                   if state.match is not None and not net.visiting(name).ended}
        found = seat_of.get(turn)
        if found is None:  # the host's own turn
            move = game_of(host).legal_moves()[0]
            net.act_host(act.PlayCard(str(move.card)))
            if net.host.turn.choosing is not None:
                net.act_host(act.PickCapture(",".join(map(str, move.sorted_captured()))))
            continue
        name = found
        friend = match_of(net.friends[name])
        if checks:
            assert friend.is_viewer_turn() and friend.board.table == host.board.table
            assert friend.board.hand(turn) == host.board.hand(turn) and friend.board.hand((turn + 1) % 2) is None
            assert friend.viewer_view() == game_of(host).view(turn)  # so the hint is the one a local game gives
        move = friend.viewer_view().legal_moves()[-1]
        sent = net.act_friend(name, act.PickCard(str(move.card)))
        if net.friends[name].turn.choosing is not None:
            sent = net.act_friend(name, act.PickCapture(",".join(map(str, move.sorted_captured()))))
        elif net.friends[name].turn.selected is not None:
            sent = net.act_friend(name, act.PlayCard(str(move.card)))
        assert [type(effect) for effect in sent] == [fx.Send], sent
        assert str(game_of(net.host.match).history[-1].move) == str(move)
    raise AssertionError("the match did not get there")


def phase_is(*phases: Phase) -> Any:
    return lambda net: match_of(net.host).phase in phases


def hidden_sent(net: Net, name: str, seat: int) -> list[str]:
    """Cards the host sent ``name``'s page that its seat could not see when they were sent: checked by
    replaying the host's game to each state message's moves."""
    problems = []
    for _sender, receiver, text in net.sent:
        data = json.loads(text)
        if receiver != name or data["t"] != "state":
            continue
        assert "seed" not in data and not {"hands", "stock", "deck"} & set(data["view"])
        seen = set(data["view"]["hand"]) | set(data["view"]["table"])
        seen |= {card for pile in data["view"]["piles"] for card in pile}
        seen |= set(CARD.findall(json.dumps(data["events"])))
        rest = {key: value for key, value in data.items() if key != "reviews"}
        problems += [card for card in CARD.findall(json.dumps(rest)) if card not in seen]
    return problems


# ---------------------------------------------------------------------- whole matches
def test_two_friends_play_a_whole_match_to_62_and_the_friend_sees_every_deal_end() -> None:
    net = seated()
    play_on(net, phase_is(Phase.MATCH_END))
    host, friend = match_of(net.host), match_of(net.friends["mina"])
    assert host.board.rules.target == 62 and len(host.board.deal_results) >= 2  # more than one deal played
    assert friend.phase == Phase.MATCH_END and friend.board.scores == tuple(host.board.scores)
    assert friend.board.winner == host.board.winner and max(host.board.scores) >= 62
    assert hidden_sent(net, "mina", 1) == []


def test_three_seats_host_friend_and_computer_play_a_whole_match() -> None:
    net = seated({**FORM, "setup-players": "3", "kind-2": "medium"})
    play_on(net, phase_is(Phase.MATCH_END))
    assert len(match_of(net.host).board.deal_results) >= 2 and match_of(net.friends["mina"]).phase == Phase.MATCH_END
    assert hidden_sent(net, "mina", 1) == []


def test_four_seats_in_teams_play_a_whole_match() -> None:
    net = seated({"setup-players": "4", "setup-preset": "seeds", "name-0": "Ana", "kind-1": "friend",
                  "kind-2": "friend", "kind-3": "friend"}, ("bea", "cyr", "dan"))
    assert [seat[2] for seat in net.visiting("cyr").seats] == ["here"] * 4
    play_on(net, phase_is(Phase.MATCH_END))
    host = match_of(net.host)
    assert host.board.sides == 2 and len(host.board.deal_results) >= 2
    for name in ("bea", "cyr", "dan"):
        assert match_of(net.friends[name]).board.scores == tuple(host.board.scores)
        assert hidden_sent(net, name, match_of(net.friends[name]).viewer) == []


def test_a_table_is_dealt_from_fresh_randomness_whatever_the_address_says() -> None:
    net = seated(query="?players=2&seed=1234&speed=instant")
    assert game_of(net.host.match).seed != 1234
    texts = [text for sender, _, text in net.sent if sender == "host"]
    assert texts and not any('"seed"' in text for text in texts)


# ---------------------------------------------------------------------- the handshake
def test_a_friend_joins_after_the_host_proves_itself_and_the_token_never_crosses() -> None:
    net = Net.open()
    net.join("mina", "Mina", "ab" * 16)
    kinds = [json.loads(text)["t"] for _, _, text in net.sent]
    assert kinds[:4] == ["knock", "proof", "table", "hello"] and "welcome" in kinds
    assert not any("ab" * 16 in text for _, _, text in net.sent)  # the browser's token stays in the browser
    assert match_of(net.host).seats[1].name == "Mina" and net.hosting.holder(1) is not None
    assert net.visiting("mina").seats[0][:2] == ("Ana", "host")
    assert net.friends["mina"].view == View.LOBBY and net.visiting("mina").seated


def test_the_friend_page_believes_only_the_page_that_signs_with_the_link_s_key() -> None:
    net = Net.open()
    net.visit("mina")
    # Someone holds the table's first id: it answers the knock with a proof it cannot make.
    page = net.friends["mina"]
    page, effects = update(page, act.Link("0", "connected", "A" * 22, "mina-peer"))
    sent = json.loads(next(effect.text for effect in effects if isinstance(effect, fx.Send)))
    assert sent == {"t": "knock", "nonce": "A" * 22, "pass": knock_pass(PASS, CODE, "mina-peer", "A" * 22)}
    forged = json.dumps({"t": "proof", "nonce": "B" * 22, "sig": "C" * 86})
    page, effects = update(page, act.Message("0", forged))
    assert effects == [fx.Drop("0")] and isinstance(page.online, Visiting) and page.online.host_slot is None
    page, effects = update(page, act.Join("Mina", "cd" * 16))  # the player joins: nothing goes to the impostor
    assert not any(isinstance(effect, fx.Send) for effect in effects)
    # A proof the real host made for another page (relayed) names that page, not this one.
    relayed = json.dumps({"t": "proof", "nonce": "D" * 22, "sig": proof("11" * 32, CODE, "eve-peer", "A" * 22,
                                                                          "D" * 22)})
    page, effects = update(page, act.Link("1", "connected", "A" * 22, "mina-peer"))
    page, effects = update(page, act.Message("1", relayed))
    assert effects == [fx.Drop("1")]
    genuine = json.dumps({"t": "proof", "nonce": "D" * 22, "sig": proof("11" * 32, CODE, "mina-peer", "A" * 22,
                                                                          "D" * 22)})
    page, effects = update(page, act.Link("2", "connected", "A" * 22, "mina-peer"))
    page, effects = update(page, act.Message("2", genuine))
    assert isinstance(page.online, Visiting) and page.online.host_slot == "2"
    hello = json.loads(next(effect.text for effect in effects if isinstance(effect, fx.Send)))
    assert hello["t"] == "hello" and set(hello) == {"t", "name", "claim", "key"}


def test_a_hello_replayed_on_another_connection_claims_nothing() -> None:
    net = seated()
    hello = next(text for sender, _, text in net.sent if sender == "mina" and json.loads(text)["t"] == "hello")
    net.act_host(act.Link("eve-peer/dc_9", "connected", "E" * 22))
    net.act_host(act.Message("eve-peer/dc_9", knock("eve-peer", "F" * 22)))  # (Eve has the link)
    before = net.host.match
    effects = net.act_host(act.Message("eve-peer/dc_9", hello))
    assert [json.loads(effect.text)["why"] for effect in effects if isinstance(effect, fx.Send)] == [
        "this seat is not yours"]
    assert net.host.match is before and net.hosting.seat_of("eve-peer/dc_9") is None


def test_a_connection_that_does_not_knock_first_is_dropped() -> None:
    net = seated()
    net.act_host(act.Link("eve-peer/dc_9", "connected", "E" * 22))
    effects = net.act_host(act.Message("eve-peer/dc_9", json.dumps({"t": "play", "move": "7C", "at": 0})))
    assert effects == [fx.Drop("eve-peer/dc_9")]
    effects = net.act_host(act.Message("eve-peer/dc_9", "x" * 5000))
    assert effects in ([fx.Drop("eve-peer/dc_9")], [])


def test_one_connection_holds_one_seat() -> None:
    net = seated({**FORM, "setup-players": "3", "kind-2": "friend"}, (), start=False)
    net.visit("eve")
    net.connect("eve")
    guest = net.conns[-1].guest
    challenge = net.hosting.guests[guest].challenge
    answers = []
    for index in range(3):
        key = f"{index:064x}"
        hello = json.dumps({"t": "hello", "name": f"Eve{index}", "claim": claim(key, challenge), "key": key})
        answers += [json.loads(effect.text) for effect in net.act_host(act.Message(guest, hello))
                    if isinstance(effect, fx.Send) and effect.peer == guest]
    assert [answer["t"] for answer in answers][:1] == ["welcome"]
    assert [answer.get("why") for answer in answers if answer["t"] == "refused"] == [
        "this connection holds a seat already"] * 2
    net.join("mina", "Mina")  # the real friend still finds a seat
    assert net.visiting("mina").seated and match_of(net.host).seats[2].name == "Mina"


# ---------------------------------------------------------------------- messages refused
@pytest.mark.parametrize(("message", "why"), [
    ('{"t": "play", "move": "ZZ", "at": 0}', "card notation"),
    ("{", "JSON"),
    ('{"t": "play", "move": "7C", "at": 0, "extra": 1}', "fields"),
    ('{"t": "shuffle"}', "no such message"),
    ('{"t": "play", "move": "' + "7C" * 600 + '", "at": 0}', "at most"),
    (knock("mina-peer", "A" * 22), "knocked already"),
])
def test_a_forged_or_malformed_message_is_refused_and_changes_nothing(message: str, why: str) -> None:
    net = seated()
    before = net.host.match
    guest = net.conns[0].guest
    effects = net.act_host(act.Message(guest, message))
    assert net.host.match is before
    assert len(effects) == 1 and isinstance(effects[0], fx.Send) and effects[0].peer == guest
    assert why in json.loads(effects[0].text)["why"]


@pytest.mark.parametrize("why", ["it is not your turn", "x" * 300])
def test_a_host_s_refusal_is_said_on_the_friend_s_page(why: str) -> None:
    net = seated()
    net.act_friend("mina", act.Message("0", json.dumps({"t": "refused", "why": why})))
    assert net.visiting("mina").refused == why


@pytest.mark.parametrize("why", ["", "x" * 301])
def test_a_refusal_without_a_reason_or_with_an_overlong_one_is_not_a_message(why: str) -> None:
    with pytest.raises(wire.Refused, match="a refusal says why in at most 300 characters"):
        wire.read(json.dumps({"t": "refused", "why": why}), wire.FROM_HOST)


@pytest.mark.parametrize(("key", "odd"), [("since", -1), ("winner", 4), ("pending_sheet", -1), ("id", ""),
                                          ("id", "x" * 33), ("seats", [["Ana", "friend", "here"]] * 5),
                                          ("said", [[1, 0, "oops"]] * 6)])
def test_a_state_whose_numbers_are_out_of_bounds_is_not_a_message(key: str, odd: object) -> None:
    net = seated()
    good = json.loads(next(text for _, _, text in reversed(net.sent) if json.loads(text)["t"] == "state"))
    assert wire.read(json.dumps(good), wire.FROM_HOST) == good
    with pytest.raises(wire.Refused, match="a state names its match, its events since a number"):
        wire.read(json.dumps({**good, key: odd}), wire.FROM_HOST)


def test_a_move_out_of_turn_for_another_seat_illegal_or_made_in_another_position_is_refused() -> None:
    net = seated()
    guest, host = net.conns[0].guest, match_of(net.host)
    assert host.board.turn == 0  # the host's turn, not the friend's

    def refusal(move: str, at: int) -> str:
        before = net.host.match
        effects = net.act_host(act.Message(guest, json.dumps({"t": "play", "move": move, "at": at})))
        assert net.host.match is before and isinstance(effects[0], fx.Send)
        return str(json.loads(effects[0].text)["why"])

    assert refusal(str(game_of(host).legal_moves()[0]), 0) == "it is not your turn"
    play_on(net, lambda net: match_of(net.host).board.turn == 1)
    game = game_of(net.host.match)
    assert "not in the hand" in refusal(str(game.hands[0][0]), len(game.history))
    mine = str(game.legal_moves()[0])
    assert refusal(mine, len(game.history) - 1) == "that move was made in another position"  # a stale or replayed move


# ---------------------------------------------------------------------- seats
def test_a_friend_who_comes_back_takes_the_same_seat_and_is_told_what_the_computer_played() -> None:
    net = seated()
    play_on(net, lambda net: match_of(net.host).board.turn == 1)
    net.cut("mina")
    assert [seat[2] for seat in shown_seats(match_of(net.host), net.hosting)] == ["here", "away"]
    net.act_host(act.StandIn(1))
    assert match_of(net.host).stand_ins == {1} and match_of(net.host).is_ai_turn()
    move = match_of(net.host).player(1).choose(game_of(net.host.match).view(1))
    net.act_host(act.Computer(act.Step.PLAY, match_of(net.host).id, match_of(net.host).moves, str(move)))
    net.connect("mina", "0")  # the same browser again: its seat back, played by the friend again
    assert match_of(net.host).stand_ins == frozenset() and match_of(net.host).seats[1].name == "Mina"
    assert net.visiting("mina").covered == (str(move),)
    assert "While you were away, the computer played for you" in notices_text(net.friends["mina"])
    net.act_friend("mina", act.Press.COVERED_SEEN)
    assert "While you were away" not in notices_text(net.friends["mina"])
    net.join("zoe", "Zoe")  # another browser finds the table full
    assert net.visiting("zoe").refused == "the table is full"


def test_a_friend_s_hand_waits_while_its_host_is_not_reached() -> None:
    net = seated()
    play_on(net, lambda net: match_of(net.host).board.turn == 1)
    assert playable(net.friends["mina"])
    net.cut("mina")  # the connection is lost: the page looks for the table again
    card = str(match_of(net.friends["mina"]).viewer_view().legal_moves()[0].card)
    assert not playable(net.friends["mina"]) and net.act_friend("mina", act.PickCard(card)) == []
    net.connect("mina")
    assert playable(net.friends["mina"]) and match_of(net.friends["mina"]).is_viewer_turn()


def test_a_second_page_of_the_friend_s_browser_takes_the_seat_and_the_first_says_so() -> None:
    net = seated()
    mine = net.visiting("mina")
    net.visit("tab2", kept=(Kept(CODE, KEY, mine.name, mine.token, True),))  # the same browser's storage
    net.connect("tab2", "0")
    assert net.visiting("mina").ended == "moved" and net.visiting("tab2").seated
    assert match_of(net.host).seats[1].name == "Mina" and match_of(net.friends["tab2"]).viewer == 1
    assert "another tab" in notices_text(net.friends["mina"])
    assert not match_of(net.friends["mina"]).is_viewer_turn() or net.visiting("mina").ended
    effects = net.act_friend("mina", act.Press.PLAY_HERE)
    assert fx.Connect(CODE, FIRST) in effects


def test_the_host_frees_a_seat_its_friend_is_told_and_another_takes_it() -> None:
    net = seated()
    net.act_host(act.FreeSeat(1))
    assert net.visiting("mina").ended == "freed" and 1 not in match_of(net.host).tokens
    assert match_of(net.host).stand_ins == {1}  # the computer plays it until someone joins
    net.join("zoe", "Zoe")
    assert match_of(net.host).seats[1].name == "Zoe" and match_of(net.host).stand_ins == frozenset()


def test_start_before_anyone_joined_the_computer_plays_the_free_seat_and_a_late_friend_takes_it() -> None:
    net = seated(friends=())
    host = match_of(net.host)
    assert host.stand_ins == {1} and host.phase == Phase.PLAY and net.host.view == View.GAME
    shown = nodes_of(online_bar(net.host))
    assert find_all(shown, id="table-link")  # the link stays in reach
    assert "free seat" in text_of(opponents(net.host)[0])  # said on the seat
    play_on(net, lambda net: match_of(net.host).moves >= 3)
    net.join("mina", "Mina")
    assert match_of(net.host).stand_ins == frozenset() and match_of(net.friends["mina"]).viewer == 1
    play_on(net, lambda net: match_of(net.host).moves >= 12)


def test_a_late_friend_is_told_the_computer_played_its_seat_until_it_sat_down() -> None:
    """The moves the computer made for a seat free since the start are said to be the computer's on the
    page of the friend who takes it (they show under the friend's name after): each of them, in a line
    of its own, "until you sat down", not "while you were away"."""
    net = seated(friends=())
    play_on(net, lambda net: match_of(net.host).moves >= 4)
    before = [str(record.move) for record in match_of(net.host).board.history if record.seat == 1]
    assert before  # the computer played the free seat
    net.join("mina", "Mina")
    assert net.visiting("mina").covered == tuple(before)
    said = notices_text(net.friends["mina"])
    assert "Until you sat down, the computer played for you" in said and "away" not in said, said
    net.act_friend("mina", act.Press.COVERED_SEEN)
    assert "Until you sat down" not in notices_text(net.friends["mina"])


def test_a_friend_taking_a_freed_seat_is_told_only_what_the_computer_played() -> None:
    """A seat freed by its host mid-deal: the next friend there is told the computer's moves since
    then, not those of the friend who sat there before."""
    net = seated()
    play_on(net, lambda net: match_of(net.host).moves >= 3)
    net.act_host(act.FreeSeat(1))
    played = match_of(net.host).moves
    play_on(net, lambda net: match_of(net.host).moves >= played + 4)
    since = [str(record.move) for record in match_of(net.host).board.history[played:] if record.seat == 1]
    net.join("zoe", "Zoe")
    assert net.visiting("zoe").covered == tuple(since)


def test_start_with_a_friend_s_seat_opens_the_table() -> None:
    state = initial_state(parse_params("?speed=instant"), {}, "en")
    state, effects = update(state, act.StartGame(FORM))
    online = state.online
    assert state.view == View.LOBBY and isinstance(online, Hosting)
    assert fx.Listen(online.code, table_id(online.code, online.table_pass)) in effects


# ---------------------------------------------------------------------- the table's life
def test_a_friend_reviews_its_own_moves_made_by_the_host_from_what_its_seat_saw() -> None:
    net = seated()
    play_on(net, phase_is(Phase.DEAL_END))
    friend = match_of(net.friends["mina"])
    assert friend.phase == Phase.DEAL_END and friend.reviewable_deal() == 0
    effects = net.act_friend("mina", act.OpenReview())
    assert net.friends["mina"].review is not None and net.friends["mina"].review.seat == 1
    assert not any(isinstance(effect, fx.ComputeReview) for effect in effects)  # a friend's page has not the deal
    host = match_of(net.host)
    entries = tuple(DealReview(game_of(host), 1, 0, worlds=3).run())
    net.act_host(act.Reviewed(host.id, "0:1", entries, True))
    last = json.loads(net.sent[-1][2])
    assert last["t"] == "state" and set(last["reviews"]) == {"0:1"}  # the friend's own review, never the host's
    assert match_of(net.friends["mina"]).reviews == {"0:1": entries}
    drawn = review(net.friends["mina"])
    assert drawn is not None and find_all(drawn[0], data_review_moment="*")
    _, effects = update(net.friends["mina"], act.OpenReview())
    assert not any(isinstance(effect, fx.Send) for effect in effects)  # kept: not asked again


def test_a_review_of_a_deal_in_play_is_refused() -> None:
    net = seated()
    effects = net.act_host(act.Message(net.conns[0].guest, '{"t":"review","deal":0}'))
    assert [json.loads(effect.text)["t"] for effect in effects if isinstance(effect, fx.Send)] == ["refused"]
    assert not any(isinstance(effect, fx.ComputeReview) for effect in effects)


def test_after_the_match_the_host_plays_again_at_the_same_table_and_a_friend_may_leave() -> None:
    net = seated({**FORM, "setup-fixed": "1"})  # one deal: the whole-match tests above play to 62
    play_on(net, phase_is(Phase.MATCH_END))
    first = match_of(net.host)
    shown = sheet(net.friends["mina"])
    assert shown is not None and not find_all(shown[0], id="play-again")  # the host starts the next match
    assert text_of(find_all(shown[0], id="host-rematch")[0]) == "Ana, the host, may start another match."
    net.act_host(act.Press.PLAY_AGAIN)
    again = match_of(net.host)
    assert again.id != first.id and again.moves == 0 and (again.table_code, again.tokens) == (CODE, first.tokens)
    friend = match_of(net.friends["mina"])
    assert friend.id == again.id and friend.moves == 0 and friend.board.events == tuple(again.board.events)
    play_on(net, phase_is(Phase.MATCH_END))
    effects = net.act_friend("mina", act.Press.NEW_GAME)  # "Leave the table"
    assert net.friends["mina"].online is None and net.friends["mina"].view == View.SETUP
    assert fx.CloseTable() in effects and fx.KeepSeat(CODE, KEY, None) in effects  # (its other tables kept)


def test_the_host_closes_the_table_and_a_friend_in_the_lobby_is_told() -> None:
    net = seated(start=False)
    net.act_host(act.Press.LEAVE_TABLE)
    assert net.host.view == View.SETUP and net.host.match is None
    assert net.visiting("mina").ended == "closed" and net.visiting("mina").status == VisitStatus.ENDED
    said = text_of(nodes_of(lobby(net.friends["mina"])))
    assert "Ana closed the table" in said and "trying again" not in said


def test_a_friend_leaves_the_lobby_and_may_decline_the_link() -> None:
    net = seated(start=False)
    effects = net.act_friend("mina", act.Press.LEAVE_TABLE)
    friend = net.friends["mina"]
    assert friend.view == View.SETUP and friend.online is None and friend.params.join is None
    assert fx.CloseTable() in effects and fx.KeepSeat(CODE, KEY, None) in effects  # (its other tables kept)
    assert any(isinstance(effect, fx.Address) and "join" not in dict(effect.keep) for effect in effects)
    net.visit("zoe", "&lang=en")
    effects = net.act_friend("zoe", act.Press.LEAVE_TABLE)
    assert net.friends["zoe"].view == View.SETUP and fx.Address((("lang", "en"), ("speed", "instant"))) in effects


def test_a_table_that_is_not_open_is_said_not_found_and_the_name_form_comes_back() -> None:
    net = Net.open()
    net.visit("ann")
    net.act_friend("ann", act.Join("Ann", "ef" * 16))
    net.act_friend("ann", act.Link(None, "missing"))  # web/peers.js: no page holds the table's ids
    page = net.friends["ann"]
    assert page.view == View.JOIN and [(n.words[0], n.words[1]) for n in page.notices] == [
        ("join_missing", {"code": CODE.upper()})]
    effects = net.act_friend("ann", act.Join("Ann", "ef" * 16))  # tried again: looked for anew
    assert net.friends["ann"].view == View.LOBBY and fx.Connect(CODE, FIRST) in effects


def test_a_link_without_the_host_s_key_says_so_and_connects_to_nothing() -> None:
    state = initial_state(parse_params(f"?join={CODE}&lang=en"), {}, "en")
    state, effects = update(state, act.Started(Loaded(None), today="2026-12-06"))
    assert state.view == View.JOIN and state.online is None and not any(isinstance(e, fx.Connect) for e in effects)
    assert state.cat.t("join_no_key", code=CODE.upper()).startswith(f"This link to table {CODE.upper()}")


ODD_VALUES: tuple[object, ...] = (None, "x", -1, 10**30, [], {}, [[1, 2]], True, "7C")


def test_a_friend_page_reads_any_state_the_host_sends_without_failing() -> None:
    """A host's state with any field (or any field of its view) replaced by something odd: the friend's
    page never fails (it is drawn after each); it keeps going, or asks for the whole position again
    (a hello), which the host sends."""
    net = seated()
    good = json.loads(next(text for sender, _, text in reversed(net.sent) if json.loads(text)["t"] == "state"))
    variants = [{**good, key: odd} for key in good if key != "t" for odd in ODD_VALUES]
    variants += [{**good, "view": {**good["view"], key: odd}} for key in good["view"] for odd in ODD_VALUES]
    variants += [{**good, "events": [[*event[:2], odd, *event[3:]] for event in good["events"]]}
                 for odd in ODD_VALUES]
    kept, asked = net.friends["mina"], 0
    for variant in variants:
        net.friends["mina"] = kept
        effects = net.act_friend("mina", act.Message("0", json.dumps(variant)))
        assert isinstance(net.friends["mina"].online, Visiting)
        if any(isinstance(effect, fx.Send) and '"hello"' in effect.text for effect in effects):
            asked += 1  # not readable: the whole position was asked for again, and came
            assert match_of(net.friends["mina"]).moves == match_of(net.host).moves
    assert asked > len(variants) // 3  # most odd values are refused, not taken


def test_a_friend_page_beside_its_host_in_the_same_browser_is_not_behind() -> None:
    net = seated()
    friend, effects = update(net.friends["mina"], act.Behind(net.host.match))
    assert friend == net.friends["mina"] and effects == []
    host, _ = update(net.host, act.Behind(net.host.match))  # a host is behind like any tab
    assert host.turn.behind


def test_the_join_form_says_who_invites_and_to_what_and_the_lobby_says_seated_once_answered() -> None:
    def said(nodes: list[Any]) -> str:
        return text_of(nodes_of(nodes))

    net = Net.open()
    net.visit("mina")
    assert "Connecting" in said(join_form(net.friends["mina"]))
    net.connect("mina")
    assert "Ana invites you to play: 2 players, to 62." in said(join_form(net.friends["mina"]))
    net.act_friend("mina", act.Join("Mina", "ab" * 16))
    assert "Seated: waiting for the host" in said(lobby(net.friends["mina"]))


def test_the_host_s_own_name_is_shown_and_can_be_typed_in_the_lobby() -> None:
    net = Net.open({"setup-players": "2", "kind-1": "friend"})  # no name typed: not "Player 1" nor "You"
    net.visit("mina")
    net.connect("mina")
    assert text_of(nodes_of(join_form(net.friends["mina"]))).count("Host invites you to play") == 1
    assert find_all(nodes_of(lobby(net.host)), id="host-name")
    net.act_host(act.Rename("Ana"))
    assert "Ana invites you to play" in text_of(nodes_of(join_form(net.friends["mina"])))  # told at once
    net.act_friend("mina", act.Join("Mina", "ab" * 16))
    net.act_host(act.Press.START_TABLE)
    assert "Ana" in text_of(opponents(net.friends["mina"])[0])


def test_a_friend_s_page_makes_the_sounds_of_each_move_and_of_a_new_deal() -> None:
    net = seated()
    play_on(net, phase_is(Phase.DEAL_END))
    sounds = [effect.names for effect in net.effects["mina"] if isinstance(effect, fx.Sound)]
    assert len(sounds) == match_of(net.host).moves and all(names[0] in ("lay", "capture", "sur") for names in sounds)
    net.act_host(act.Press.NEXT_DEAL)
    assert [effect for effect in net.effects["mina"] if isinstance(effect, fx.Sound)][-1] == fx.Sound(("deal",))


def test_a_host_whose_table_cannot_be_reached_shows_no_code_nor_link() -> None:
    net = Net.open()
    net.act_host(act.Link(None, "unreachable"))
    nodes = nodes_of(lobby(net.host))
    assert not find_all(nodes, id="table-link") and "cannot be opened now" in text_of(nodes)
    assert KEY not in text_of(nodes)


def test_a_friend_s_board_reads_what_its_seat_s_view_says() -> None:
    from pasur_web.model.seat_board import SeatBoard, _OfView

    net = seated()
    board = match_of(net.friends["mina"]).seen
    assert isinstance(board, SeatBoard)
    forwarded = [name for name, value in vars(SeatBoard).items() if isinstance(value, _OfView)]
    assert len(forwarded) == 14 and "turn" in forwarded and "hand_sizes" in forwarded
    assert {name: getattr(board, name) for name in forwarded} == {name: getattr(board.view, name) for name in forwarded}
    host = match_of(net.host).board  # the host's own position, as its table shows it
    assert (board.players, list(board.scores), board.turn, board.stock_size) == (
        host.players, list(host.scores), host.turn, host.stock_size)
