"""browser/draw.py: a drawing sends only the parts that changed since the last one, and changes wait
for the next animation frame, one drawing a frame at most. In CPython: a player's move and the
computer's reply, each step drawn as the browser would."""

import json
from dataclasses import replace

from helpers import game_of, seed_with_a_choice
from pasur import Rules, new_game
from pasur_web.browser.draw import Drawer, DrawSchedule
from pasur_web.model import actions as act
from pasur_web.model.match import Match
from pasur_web.model.params import parse_params
from pasur_web.model.seats import Seat
from pasur_web.model.state import State, View
from pasur_web.model.update import initial_state, update


def at_table() -> tuple[State, str]:
    seed, _, single = seed_with_a_choice()
    match = Match.of(new_game(2, Rules(), seed=seed), (Seat("You", "human"), Seat("Sara", "medium")))
    return replace(initial_state(parse_params("?speed=normal"), {}, "en"), view=View.GAME, match=match), single


def drawn(drawer: Drawer, state: State) -> dict[str, list[object]]:
    batch = drawer.batch(state, [])
    return {} if batch is None else {item[0]: item[1:] for item in json.loads(batch)["parts"]}


def test_a_move_and_the_reply_draw_each_part_once_per_change_of_it() -> None:
    state, card = at_table()
    drawer = Drawer()
    drawn(drawer, state)
    assert drawn(drawer, state) == {}  # nothing changed: nothing drawn
    contents: dict[str, list[object]] = {}
    steps = [act.PlayCard(card)]
    state, _ = update(state, steps[0])
    for index in range(4):
        for ident, content in drawn(drawer, state).items():
            assert contents.get(ident, [None])[-1] != content, f"{ident} drawn again unchanged"
            contents.setdefault(ident, []).append(content)
        if index == 3:
            break
        match = state.match
        assert match is not None
        seat = game_of(match).turn
        assert seat is not None
        move = str(match.player(seat).choose(game_of(match).view(seat)))
        step = (act.Step.THINKING, act.Step.PREVIEW, act.Step.PLAY)[index]
        state, _ = update(state, act.Computer(step, match.id, match.moves, move))
    # The hand: played from, then playable again after the reply; the log: two lines more, twice.
    assert len(contents["hand"]) == 2 and len(contents["log"]) == 2
    assert "scoreboard" not in contents and "rules-body" not in contents  # parts that did not change
    # Sara to play, Sara is thinking…, Sara to play (her card shown), your turn
    assert len(contents["turn-status"]) == 4
    assert drawn(drawer, state) == {}


def test_one_drawing_a_frame_at_most_and_the_players_input_at_once() -> None:
    schedule = DrawSchedule()
    assert schedule.change(by_input=False) == (False, True)  # a change asks for a frame
    assert schedule.change(by_input=False) == (False, False)  # more changes before it: the same frame
    assert schedule.frame() == (True, False)  # the frame draws them all, once
    assert schedule.frame() == (False, False)  # no change: no drawing
    assert schedule.change(by_input=True) == (True, True)  # the player's input: drawn at once
    assert schedule.change(by_input=True) == (False, False)  # another in the same frame: waits for it
    assert schedule.change(by_input=False) == (False, False)
    assert schedule.frame() == (False, True)  # the frame was drawn already: the changes go to the next one
    assert schedule.frame() == (True, False)
    assert schedule.change(by_input=True) == (True, True)  # a new frame: drawn at once again


def test_only_what_changed_is_sent_each_unchanged_child_by_its_place() -> None:
    from pasur_web.browser.draw import changes

    a, b, c = ("li", (), ("a",)), ("li", (), ("b",)), ("li", (), ("c",))
    assert changes(None, (a, b)) == [a, b]  # the first drawing: everything
    assert changes((a, b), (a, b, c)) == [0, 1, c]  # a line added at the end
    assert changes((a, b, c), (b, c)) == [1, 2]  # the first line gone
    back = ("div", (("class", "card back"),), ())
    assert changes((back, back, back), (back, back)) == [0, 1]  # each place used once
    assert changes((back,), (back, back)) == [0, back]


def test_a_changed_element_sends_only_its_own_changes() -> None:
    from pasur_web.browser.draw import changes

    face = (("span", (("class", "pip"),), ()),) * 3
    card = ("button", (("data-card", "7C"), ("disabled", "")), face)
    playable = ("button", (("data-card", "7C"),), face)
    other = ("button", (("data-card", "KS"),), face)
    # The 7C is enabled, and the K♠ comes before it: the 7C keeps its node (the one at 0), its
    # "disabled" is removed, its face is neither sent again nor touched.
    assert changes((card,), (other, playable)) == [other, {"at": 0, "attrs": [["disabled", None]]}]
    log = tuple(("li", (("data-line", str(n)),), (f"line {n}",)) for n in range(3))
    assert changes(log, (*log[1:], ("li", (("data-line", "3"),), ("line 3",)))) == [1, 2, ("li", (("data-line", "3"),),
                                                                                               ("line 3",))]


def test_a_kept_element_gets_only_the_attributes_that_changed_and_its_children_s_instructions() -> None:
    from pasur_web.browser.draw import changes

    pip = ("span", (("class", "pip"),), ())
    seven = ("button", (("data-card", "7C"), ("class", "card"), ("title", "7")), (pip, "7"))
    king = ("button", (("data-card", "KS"), ("class", "card")), (pip, "K"))
    # The 7C moves after the K♠ and is lifted: one attribute changed, one gone, one new; its text
    # changed (a text is built anew), its pip is kept at its place. The K♠ moved unchanged.
    lifted = ("button", (("data-card", "7C"), ("class", "card lifted"), ("aria-pressed", "true")), (pip, "7!"))
    assert changes((seven, king), (king, lifted)) == [
        1, {"at": 0, "attrs": [["class", "card lifted"], ["aria-pressed", "true"], ["title", None]],
            "children": [0, "7!"]}]
    # Only its children changed: no attributes are sent; an element with no key keeps the node at its
    # own place when it has the same tag, else a new one is built.
    box = ("div", (("class", "box"),), ("a",))
    assert changes((box,), (("div", (("class", "box"),), ("b",)),)) == [{"at": 0, "children": ["b"]}]
    assert changes((box,), (("p", (("class", "box"),), ("a",)),)) == [("p", (("class", "box"),), ("a",))]
    # A card that left and one that came: the new one is built, nothing names the old one (it goes).
    assert changes((seven,), (king,)) == [king]


def test_a_state_drawn_again_is_not_worked_out_again_and_a_remembered_result_is_the_same_object() -> None:
    from pasur_web.screens import memo

    calls: list[object] = []

    @memo.remembered
    def shown(match: object) -> list[object]:
        calls.append(match)
        return [match]

    one, other = tuple(["a", 1]), tuple(["a", 1])
    assert shown(one) is shown(one) and calls == [one]  # the same object: worked out once
    assert shown(other) == [other] and len(calls) == 2  # an equal object that is another one: anew
    for number in range(memo.SIZE):
        shown((number,))
    shown(one)
    assert len(calls) == 3 + memo.SIZE  # the oldest results went, the last ones are kept
    state, _ = at_table()
    drawer = Drawer()
    first = drawer.batch(state, [])
    assert first is not None and drawer.last is not None
    kept = drawer.last[2]
    assert drawer.batch(state, []) is None and drawer.last[2] is kept  # the same state: the same page
    assert json.loads(drawer.batch(state, ["hand"]) or "{}") == {"parts": [], "focus": ["hand"],
                                                                  "myTurn": True}  # a focus alone
