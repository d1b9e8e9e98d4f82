"""model/turns.py: the computer's turns run in CPython with asyncio, through a host that applies the
actions to a real page state with ``update`` and records them."""

import asyncio
from dataclasses import replace

import pytest

from helpers import game_of, match_of
from pasur import Rules, new_game
from pasur_web.model import actions as act
from pasur_web.model.match import Match, Phase
from pasur_web.model.params import parse_params
from pasur_web.model.seats import Seat
from pasur_web.model.state import State, View
from pasur_web.model.turns import DELAYS, computer_turns, in_steps
from pasur_web.model.update import initial_state, update


class Host:
    """The page for the computer's turns: its state, changed by ``update`` only."""

    def __init__(self, match: Match, moves_allowed: int = 1000, delay: float = 0.0) -> None:
        self.state: State = replace(initial_state(parse_params(""), {}, "en"), view=View.GAME, match=match)
        self.events: list[str] = []
        self.moves_allowed = moves_allowed
        self._delay = delay
        self.paints = 0

    def match(self) -> Match | None:
        return self.state.match if self.moves_allowed > 0 else None  # the page moved on

    def delay(self) -> float:
        return self._delay

    def dispatch(self, action: act.Action) -> None:
        assert isinstance(action, act.Computer)
        self.events.append(f"{action.step.value} {action.move}".strip())
        self.state, _ = update(self.state, action)
        if action.step == act.Step.PLAY:
            self.moves_allowed -= 1

    async def wait_turn(self) -> None:
        return

    async def in_sight(self) -> bool:
        waited = False
        while self.state.covered:
            waited = True
            await asyncio.sleep(0.001)
        if waited:
            self.events.append("in sight")
        return waited

    async def after_paint(self) -> None:
        self.paints += 1


def three_computers() -> Match:
    return Match.of(new_game(3, Rules(target=1), seed=3), (Seat("A", "greedy"), Seat("B", "greedy"),
                                                           Seat("C", "greedy")))


def test_computer_players_play_until_the_deal_is_over() -> None:
    host = Host(three_computers())
    asyncio.run(computer_turns(host))
    match = host.state.match
    assert match is not None and (game_of(match).over or match.phase == Phase.DEAL_END)
    # Each move waited for a paint twice: before it started (the move before it on screen first),
    # and before its search (the "thinking" on screen first).
    assert host.paints == 2 * len(game_of(match).history)


def test_the_loop_stops_when_the_page_moves_on_and_at_a_human_turn() -> None:
    host = Host(Match.of(new_game(2, Rules(), seed=5), (Seat("A", "greedy"), Seat("B", "greedy"))), moves_allowed=3)
    asyncio.run(computer_turns(host))
    assert host.state.match is not None and len(game_of(host.state.match).history) == 3  # no fourth move
    human = Match.of(new_game(2, Rules(), seed=5), (Seat("You", "human"), Seat("B", "greedy")))
    assert game_of(human).turn == 0
    host = Host(human)
    asyncio.run(computer_turns(host))
    assert host.events == []


def test_a_move_is_previewed_before_it_is_played_when_there_is_a_delay() -> None:
    host = Host(Match.of(new_game(2, Rules(), seed=5), (Seat("A", "greedy"), Seat("B", "greedy"))),
                moves_allowed=1, delay=0.002)
    asyncio.run(computer_turns(host))
    assert host.state.match is not None
    move = str(game_of(host.state.match).history[0].move)
    assert host.events == ["thinking", f"preview {move}", f"play {move}"]


@pytest.mark.parametrize("step", [act.Step.THINKING, act.Step.PREVIEW])
def test_a_dialog_over_the_table_holds_the_computer_s_move_until_it_closes(step: act.Step) -> None:
    host = Host(Match.of(new_game(2, Rules(), seed=5), (Seat("A", "greedy"), Seat("B", "greedy"))),
                moves_allowed=1, delay=0.002)
    original = host.dispatch

    def dispatch(action: act.Action) -> None:
        original(action)
        if isinstance(action, act.Computer) and action.step == step:
            host.state = replace(host.state, leaving=True)  # "Leave this game?" is asked over the table

    host.dispatch = dispatch  # type: ignore[method-assign]

    async def the_player() -> list[str]:
        turns = asyncio.ensure_future(computer_turns(host))
        for _ in range(100):
            await asyncio.sleep(0.001)
        seen = list(host.events)
        host.state = replace(host.state, leaving=False)  # "No": back to the game
        await turns
        return seen

    seen = asyncio.run(the_player())
    match = host.state.match
    assert match is not None and len(game_of(match).history) == 1
    move = str(game_of(match).history[0].move)
    assert seen == ["thinking"] + ([f"preview {move}"] if step == act.Step.PREVIEW else [])  # nothing played unseen
    assert host.events == ["thinking", f"preview {move}", "in sight", f"play {move}"] if step == act.Step.PREVIEW else \
        ["thinking", "in sight", f"preview {move}", f"play {move}"]


def test_a_search_stops_when_its_position_is_gone() -> None:
    host = Host(Match.of(new_game(2, Rules(), seed=5), (Seat("A", "hard:200"), Seat("B", "greedy"))))
    original = host.dispatch

    def dispatch(action: act.Action) -> None:
        original(action)
        if action == act.Computer(act.Step.THINKING, match_of(host.state).id, 0):
            host.moves_allowed = 0  # a new game, the setup panel: the page moves on while it searches

    host.dispatch = dispatch  # type: ignore[method-assign]
    asyncio.run(computer_turns(host))
    assert host.events == ["thinking"] and host.state.match is not None and not game_of(host.state.match).history


def test_work_in_steps_pauses_between_them_and_stops_when_asked() -> None:
    pauses: list[int] = []
    done = asyncio.run(in_steps(range(5), lambda: True, lambda: pauses.append(1), budget=-1.0))
    assert done and len(pauses) == 5  # with no time left, a pause after every step
    stopped = asyncio.run(in_steps(range(5), lambda: False, budget=-1.0))
    assert not stopped


MOVE_SECONDS = 1.5  # at the normal speed, the most a computer move may take (the page's own figure: ./dev bench-page)
LEFT_FOR_WORK = 0.2  # of which the search and the drawing have at least this much


def test_at_the_normal_speed_the_loop_s_own_pauses_leave_time_for_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The loop's pauses of each computer move (before its search, showing it, after a capture),
    counted rather than timed: what the page takes per move on a real machine is measured by
    ./dev bench-page ("a computer move at the normal speed"), not by a test."""
    pauses: list[float] = []
    sleep = asyncio.sleep

    async def counted(seconds: float) -> None:
        pauses.append(seconds)
        await sleep(0)

    monkeypatch.setattr(asyncio, "sleep", counted)
    seats = (Seat("A", "greedy"), Seat("B", "medium"), Seat("C", "easy"), Seat("D", "greedy"))
    host = Host(Match.of(new_game(4, Rules(), seed=8), seats), moves_allowed=12, delay=DELAYS["normal"])
    per_move: list[float] = []
    dispatch = host.dispatch

    def dispatched(action: act.Action) -> None:
        dispatch(action)
        if isinstance(action, act.Computer) and action.step == act.Step.THINKING and pauses:
            per_move.append(sum(pauses))
            pauses.clear()

    host.dispatch = dispatched  # type: ignore[method-assign]
    asyncio.run(computer_turns(host))
    per_move.append(sum(pauses))
    match = host.state.match
    assert match is not None and len(game_of(match).history) == 12 == len(per_move)
    assert any(record.move.captured for record in game_of(match).history)  # the longest pause is among them
    assert all(DELAYS["normal"] <= seconds <= MOVE_SECONDS - LEFT_FOR_WORK for seconds in per_move), per_move
