"""A game between friends in CPython (model/online.py, wire.py, seen_game.py): a host's page and a
friend's page, each a page state changed by ``update`` only, with the messages carried by hand. The
host refuses what it must and changes nothing; a friend's messages never hold a card it may not see."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

import pytest

from helpers import game_of, match_of, online_of
from pasur.review import DealReview
from pasur_web.model import actions as act
from pasur_web.model import effects as fx
from pasur_web.model.online import seat_message
from pasur_web.model.params import parse_params
from pasur_web.model.seat_board import SeatBoard
from pasur_web.model.state import State
from pasur_web.model.storage import Loaded
from pasur_web.model.update import initial_state, update
from pasur_web.screens.html import find_all, text_of
from pasur_web.screens.review import review
from pasur_web.screens.sheet import sheet

CODE = "abc234"
TOKEN = "t0ken0ken0ken0ken0"
FORM = {"setup-players": "2", "setup-preset": "seeds", "name-0": "Ana", "kind-1": "friend"}
CARD = re.compile(r"\b(10|[2-9AJQK])[CDHS]\b")


class Table:
    """A host and a friend; ``sent`` holds the messages each page sent, in order."""

    def __init__(self, seed: int = 4, form: dict[str, str] | None = None) -> None:
        self.host = initial_state(parse_params(f"?seed={seed}&speed=instant"), {}, ["en"])
        self.host, effects = update(self.host, act.OpenTable(form or FORM, CODE))
        assert self.host.view == "lobby" and fx.OpenTable(CODE) in effects
        self.friend = initial_state(parse_params(f"?join={CODE}"), {}, ["en"])
        self.friend, effects = update(self.friend, act.Started(Loaded(None), today="2026-12-02"))
        assert self.friend.view == "join"
        self.friend, effects = update(self.friend, act.Join(CODE, "Mina", TOKEN))
        assert effects[-1] == fx.Connect(CODE)  # after keeping the name and the token of this browser
        assert carried(effects[0]) == {"code": CODE, "name": "Mina", "token": TOKEN}
        self.friend, effects = update(self.friend, act.Link(None, "connected"))
        self.to_host(effects)

    def to_host(self, effects: list[fx.Effect], peer: str = "p1") -> list[fx.Effect]:
        """The friend's messages reach the host; the host's answers reach the friend."""
        answers: list[fx.Effect] = []
        for effect in effects:
            if isinstance(effect, fx.Send) and effect.peer is None:
                self.host, more = update(self.host, act.Message(peer, effect.text))
                answers += more
        self.to_friend(answers)
        return answers

    def to_friend(self, effects: list[fx.Effect]) -> None:
        for effect in effects:
            if isinstance(effect, fx.Publish):
                self.friend, _ = update(self.friend, act.Message(None, self.published()))
            elif isinstance(effect, fx.Send) and effect.peer is not None:
                self.friend, _ = update(self.friend, act.Message(None, effect.text))

    def published(self) -> str:
        """What the host's page sends the friend (as browser/peers.py does: the events not sent yet
        of the same match, all of another)."""
        same = self.friend.match is not None and self.host.match is not None and (
            self.friend.match.id == self.host.match.id)
        return seat_message(self.host, 1, self.friend.online.since if self.friend.online and same else 0)

    def start(self) -> None:
        self.host, effects = update(self.host, act.Press.START_TABLE)
        self.to_friend(effects)


def carried(effect: fx.Effect) -> Any:
    """The JSON an effect carries: a message sent or a value stored."""
    assert isinstance(effect, fx.Send | fx.Store) and effect.text is not None
    return json.loads(effect.text)


def secret_cards(host: State, seat: int) -> set[str]:
    """The cards ``seat`` may not see now: the other hands and the stock."""
    assert host.match is not None
    game = game_of(host.match)
    hidden = {str(card) for other, hand in enumerate(game.hands) if other != seat for card in hand}
    return hidden | {str(card) for card in game.stock}


def test_a_friend_joins_sits_down_and_sees_the_lobby() -> None:
    table = Table()
    assert table.host.match is not None and table.host.match.seats[1].name == "Mina"
    assert match_of(table.host).tokens == {1: TOKEN} and online_of(table.host).here == {"p1": 1}
    assert table.friend.view == "lobby" and not online_of(table.friend).started
    assert [seat[:2] for seat in online_of(table.friend).seats] == [("Ana", "host"), ("Mina", "friend")]
    assert table.host.match.moves == 0 and not table.host.match.is_ai_turn()  # nothing before the start


def play_deal(table: Table) -> None:
    """Both pages play a deal to its end, each checking what the friend's page was sent."""
    for _ in range(60):
        host = table.host.match
        assert host is not None
        if host.phase != "play":
            break
        text = table.published()
        assert not secret_cards(table.host, 1) & {found.group(0) for found in CARD.finditer(text)}
        friend = table.friend.match
        assert friend is not None and friend.board.table == host.board.table and friend.moves == host.moves
        assert friend.board.hand(1) == host.board.hand(1) and friend.board.stock_size == host.board.stock_size
        assert friend.board.hand(0) is None and friend.board.hand_sizes == host.board.hand_sizes
        if game_of(host).turn == 0:  # the host plays from its own page
            table.host, effects = update(table.host, act.PlayCard(str(host.ordered_options(
                str(game_of(host).legal_moves()[0].card))[0].card)))
            if table.host.table.choosing is not None:
                option = host.ordered_options(table.host.table.choosing)[0]
                table.host, effects = update(table.host, act.PickCapture(",".join(map(str, option.sorted_captured()))))
            table.to_friend(effects)
        else:  # the friend plays on theirs: the move goes to the host
            assert friend.is_viewer_turn()
            assert friend.viewer_view() == game_of(host).view(1)  # so the hint is the one a local game gives
            move = friend.viewer_view().legal_moves()[-1]
            table.friend, effects = update(table.friend, act.PlayCard(str(move.card)))
            if table.friend.table.choosing is not None:
                captured = ",".join(map(str, move.sorted_captured()))
                table.friend, effects = update(table.friend, act.PickCapture(captured))
            assert [type(effect) for effect in effects] == [fx.Send]
            assert friend.moves == match_of(table.friend).moves  # shown once the host has played it
            again, more = update(table.friend, act.PickCard(str(move.card)))  # a second tap meanwhile
            assert more == [] and again == table.friend  # sends nothing: the hand waits for the host
            table.to_host(effects)
            assert not online_of(table.friend).sent  # the host's answer came: the hand is the player's again
            assert str(game_of(match_of(table.host)).history[-1].move) == str(move)


def test_a_whole_deal_between_friends_with_no_hidden_card_sent() -> None:
    table = Table()
    table.start()
    assert table.friend.view == "game" and isinstance(match_of(table.friend).board, SeatBoard)
    play_deal(table)
    assert match_of(table.friend).moves == match_of(table.host).moves > 20


def test_a_friend_reviews_its_own_moves_made_by_the_host_from_what_its_seat_saw() -> None:
    table = Table()
    table.start()
    play_deal(table)
    assert match_of(table.friend).phase == "deal-end" and match_of(table.friend).reviewable_deal() == 0
    table.friend, effects = update(table.friend, act.OpenReview())
    assert table.friend.review is not None and table.friend.review.seat == 1
    sent = [json.loads(effect.text) for effect in effects if isinstance(effect, fx.Send)]
    assert sent == [{"t": "review", "deal": 0}]
    assert not any(isinstance(effect, fx.ComputeReview) for effect in effects)  # a friend's page has not the deal
    host = match_of(table.host)
    answers = table.to_host(effects)
    assert fx.ComputeReview(host, 0, 1) in answers  # the host's page reviews the friend's seat
    entries = tuple(DealReview(game_of(host), 1, 0, worlds=3).run())
    assert [entry.played for entry in entries] == [record.move for record in game_of(host).history if record.seat == 1]
    table.host, effects = update(table.host, act.Reviewed(host.id, "0:1", entries, True))
    assert fx.Publish() in effects
    text = table.published()
    assert '"0:1"' in text and '"0:0"' not in text  # the friend's own review, never the host's
    table.to_friend(effects)
    assert match_of(table.friend).reviews == {"0:1": entries}
    drawn = review(table.friend)
    assert drawn is not None and find_all(drawn[0], data_review_moment="*")  # the key moments, on the friend's page
    _, effects = update(table.friend, act.OpenReview())
    assert not any(isinstance(effect, fx.Send) for effect in effects)  # kept: not asked again


def test_a_review_of_another_deal_than_the_one_just_played_is_refused() -> None:
    table = Table()
    table.start()
    table.host, effects = update(table.host, act.Message("p1", '{"t":"review","deal":0}'))
    assert [json.loads(effect.text)["t"] for effect in effects if isinstance(effect, fx.Send)] == ["refused"]
    assert not any(isinstance(effect, fx.ComputeReview) for effect in effects)  # a deal in play is never reviewed


@pytest.mark.parametrize(("message", "why"), [
    ('{"t": "play", "move": "ZZ"}', "card notation"),
    ("{", "JSON"),
    ('{"t": "play", "move": "7C", "extra": 1}', "fields"),
    ('{"t": "shuffle"}', "no such message"),
    ('{"t": "play", "move": "' + "7C" * 600 + '"}', "at most"),
])
def test_a_forged_or_malformed_message_is_refused_and_changes_nothing(message: str, why: str) -> None:
    table = Table()
    table.start()
    before = table.host
    table.host, effects = update(table.host, act.Message("p1", message))
    assert table.host.match is before.match
    assert len(effects) == 1 and isinstance(effects[0], fx.Send) and effects[0].peer == "p1"
    assert why in json.loads(effects[0].text)["why"]


def test_after_the_match_the_host_plays_again_at_the_same_table_and_a_friend_may_leave() -> None:
    table = Table(form={**FORM, "setup-fixed": "1"})  # one deal
    table.start()
    play_deal(table)
    first = match_of(table.host)
    assert first.phase == match_of(table.friend).phase == "match-end"
    shown = sheet(table.friend)
    assert shown is not None and not find_all(shown[0], id="play-again")  # the host starts the next match
    assert text_of(find_all(shown[0], id="host-rematch")[0]) == "Ana, the host, may start another match."
    assert update(table.friend, act.Press.PLAY_AGAIN) == (table.friend, [])
    table.host, effects = update(table.host, act.Press.PLAY_AGAIN)
    again = match_of(table.host)
    assert again.id != first.id and again.moves == 0 and again.phase == "play" and table.host.view == "game"
    assert (again.table, again.tokens, again.seats) == (CODE, first.tokens, first.seats)  # the same table and friends
    assert table.host.online is not None and fx.Publish() in effects and fx.CloseTable() not in effects
    table.to_friend(effects)
    friend = match_of(table.friend)
    assert friend.id == again.id and friend.moves == 0 and friend.board.events == tuple(again.board.events)  # its log
    play_deal(table)  # the second match is played as the first
    assert match_of(table.friend).phase == "match-end"
    assert match_of(table.friend).moves == match_of(table.host).moves > 20
    table.friend, effects = update(table.friend, act.Press.NEW_GAME)  # "Leave the table"
    assert table.friend.online is None and table.friend.view == "setup"
    assert fx.CloseTable() in effects and fx.Store("pasur.friend", None) in effects


def test_a_move_out_of_turn_for_another_seat_or_illegal_is_refused() -> None:
    table = Table()
    table.start()
    host = table.host.match
    assert host is not None and game_of(host).turn == 0  # the host's turn, not the friend's
    for move in (str(game_of(host).legal_moves()[0]), "7C"):
        table.host, effects = update(table.host, act.Message("p1", json.dumps({"t": "play", "move": move})))
        assert table.host.match is host and carried(effects[0])["why"] == "it is not your turn"
    table.host, effects = update(table.host, act.Message("p2", json.dumps({"t": "play", "move": "7C"})))
    assert table.host.match is host and "hello" in carried(effects[0])["why"]  # not seated
    # The friend's turn: a card it does not hold.
    table.host, effects = update(table.host, act.PlayCard(str(game_of(host).legal_moves()[0].card)))
    if table.host.table.choosing is not None:
        option = match_of(table.host).ordered_options(table.host.table.choosing)[0]
        table.host, effects = update(table.host, act.PickCapture(",".join(map(str, option.sorted_captured()))))
    host = match_of(table.host)
    assert game_of(host).turn == 1
    foreign = next(card for card in game_of(host).hands[0])
    table.host, effects = update(table.host, act.Message("p1", json.dumps({"t": "play", "move": str(foreign)})))
    assert table.host.match is host and "not in the hand" in carried(effects[0])["why"]


def test_a_friend_who_comes_back_takes_the_same_seat_and_the_computer_may_play_meanwhile() -> None:
    table = Table()
    table.start()
    table.host, _ = update(table.host, act.Link("p1", "lost"))
    assert online_of(table.host).here == {} and [seat[2] for seat in
                                                 online_of(replace(table.friend)).seats] == ["here", "here"]
    table.host, effects = update(table.host, act.StandIn(1))
    assert match_of(table.host).seats[1].kind == "medium" and fx.RunComputer() in effects
    # The same browser again, on a new connection: its seat back, played by the friend again.
    table.host, effects = update(table.host, act.Message("p9", json.dumps({"t": "hello", "name": "X", "token": TOKEN})))
    assert online_of(table.host).here == {"p9": 1} and match_of(table.host).seats[1].kind == "friend"
    assert match_of(table.host).seats[1].name == "Mina"  # the seat keeps its name
    # Another browser finds the table full.
    table.host, effects = update(table.host, act.Message("p3", json.dumps({"t": "hello", "name": "Z",
                                                                             "token": "other0token0other"})))
    assert carried(effects[0])["why"] == "the table is full" and 3 not in online_of(table.host).here.values()


def test_before_the_game_the_host_closes_the_table_and_a_friend_leaves_it() -> None:
    table = Table()
    friend, effects = update(table.friend, act.Press.LEAVE_TABLE)
    assert friend.view == "setup" and friend.online is None and friend.params.join is None
    assert fx.CloseTable() in effects and fx.Store("pasur.friend", None) in effects  # this browser forgets the seat
    assert any(isinstance(effect, fx.Address) and "join" not in dict(effect.keep) for effect in effects)
    host, effects = update(table.host, act.Press.LEAVE_TABLE)
    assert host.view == "setup" and host.online is None and host.match is None
    assert fx.CloseTable() in effects and fx.ForgetMatch() in effects  # a reload does not open it again
    table.start()
    playing, effects = update(table.host, act.Press.LEAVE_TABLE)  # once started: "New game" leaves
    assert playing == table.host and effects == []


def test_a_friend_may_decline_the_link() -> None:
    page = initial_state(parse_params(f"?join={CODE}&lang=en"), {}, ["en"])
    page, _ = update(page, act.Started(Loaded(None), today="2026-12-02"))
    assert page.view == "join"
    page, effects = update(page, act.Press.LEAVE_TABLE)
    assert page.view == "setup" and fx.Address((("lang", "en"),)) in effects


def test_a_table_that_is_not_open_is_said_not_found_and_the_name_form_comes_back() -> None:
    page = initial_state(parse_params("?join=zzzzzz&lang=en"), {}, ["en"])
    page, _ = update(page, act.Started(Loaded(None), today="2026-12-02"))
    page, effects = update(page, act.Join("zzzzzz", "Ann", TOKEN))
    assert page.view == "lobby" and effects[-1] == fx.Connect("zzzzzz")
    page, effects = update(page, act.Link(None, "missing"))  # web/peers.js: no table under this code
    assert page.view == "join" and page.online is None and fx.CloseTable() in effects
    assert [(n.words[0], n.words[1]) for n in page.notices] == [("join_missing", {"code": "ZZZZZZ"})]
    assert page.cat.t("join_missing", code="ZZZZZZ").startswith("No table is open under the code ZZZZZZ")
    page, effects = update(page, act.Join("zzzzzz", "Ann", TOKEN))  # tried again: the notice goes
    assert page.view == "lobby" and page.notices == () and effects[-1] == fx.Connect("zzzzzz")
    table = Table()
    table.start()
    friend, _ = update(table.friend, act.Link(None, "lost"))  # a table reached before: tried again, as before
    assert friend.view == "game" and online_of(friend).status == "lost"


ODD_VALUES: tuple[object, ...] = (None, "x", -1, 10**30, [], {}, [[1, 2]], True, "7C")


def test_a_friend_page_reads_any_state_the_host_sends_without_failing() -> None:
    """A host's state with any field (or any field of its view) replaced by something odd: the friend's
    page never fails; it keeps going or asks for the whole position again."""
    table = Table()
    table.start()
    good = json.loads(table.published())
    variants = [{**good, key: odd} for key in good if key != "t" for odd in ODD_VALUES]
    variants += [{**good, "view": {**good["view"], key: odd}} for key in good["view"] for odd in ODD_VALUES]
    variants += [{**good, "events": [[*event[:2], odd, *event[3:]] for event in good["events"]]}
                 for odd in ODD_VALUES]
    asked = 0
    for variant in variants:
        page, effects = update(table.friend, act.Message(None, json.dumps(variant)))
        assert page.online is not None and page.online.code == CODE
        if page.match is None:  # not readable: the whole position is asked for again
            assert [json.loads(effect.text)["t"] for effect in effects if isinstance(effect, fx.Send)] == ["hello"]
            asked += 1
    assert asked > len(variants) // 3  # most odd values are refused, not taken
    page, _ = update(table.friend, act.Message(None, table.published()))
    assert page.match is not None and page.match.moves == match_of(table.host).moves


def test_a_friend_page_beside_its_host_in_the_same_browser_is_not_behind() -> None:
    """Host and friend as two tabs of one browser: the host's saves reach the friend's tab as storage
    events; the friend's tab saves nothing, so it plays on."""
    table = Table()
    table.start()
    friend, effects = update(table.friend, act.Behind(table.host.match))
    assert friend == table.friend and effects == []
    host, _ = update(table.host, act.Behind(table.host.match))  # a host is behind like any tab
    assert host.table.behind


def test_a_friend_is_said_seated_once_the_host_has_answered() -> None:
    from pasur_web.screens.online import lobby

    def said(state: State) -> str:
        return text_of(("div", (), tuple(node for node in lobby(state) if node is not None)))

    friend = initial_state(parse_params(f"?join={CODE}"), {}, ["en"])
    friend, _ = update(friend, act.Started(Loaded(None), today="2026-12-06"))
    friend, _ = update(friend, act.Join(CODE, "Mina", TOKEN))
    assert "Seated" not in said(friend) and "Connecting" in said(friend)
    assert "Seated: waiting for the host" in said(Table().friend)
