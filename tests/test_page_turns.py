"""turns.py: the computer's turns run in CPython with asyncio, through a host that records them."""

import asyncio

from pasur import Move, Rules, new_game
from pasur_web.session import Match, Seat
from pasur_web.turns import computer_turns


class Host:
    def __init__(self, match: Match, moves_allowed: int = 1000, delay: float = 0.0) -> None:
        self.match = match
        self.events: list[str] = []
        self.moves_allowed = moves_allowed
        self._delay = delay

    def alive(self) -> bool:
        return self.moves_allowed > 0

    def delay(self) -> float:
        return self._delay

    async def wait_turn(self) -> None:
        return

    def thinking(self, on: bool) -> None:
        self.events.append(f"thinking {on}")

    def preview(self, move: Move | None) -> None:
        self.events.append(f"preview {move}")

    def apply(self, move: Move) -> None:
        self.events.append(f"play {move}")
        self.match.play(move)
        self.moves_allowed -= 1

    def timed(self, level: str, seconds: float) -> None:
        assert level == "greedy" and seconds >= 0


def test_computer_players_play_until_the_match_is_over() -> None:
    match = Match(new_game(3, Rules(target=1), seed=3), [Seat("A", "greedy"), Seat("B", "greedy"),
                                                          Seat("C", "greedy")])
    asyncio.run(computer_turns(match, Host(match)))
    assert match.game.over or match.phase == "deal-end"


def test_the_loop_stops_when_the_page_moves_on_and_at_a_human_turn() -> None:
    match = Match(new_game(2, Rules(), seed=5), [Seat("A", "greedy"), Seat("B", "greedy")])
    host = Host(match, moves_allowed=3)
    asyncio.run(computer_turns(match, host))
    assert len(match.game.history) == 3  # alive() turned False: no fourth move
    human = Match(new_game(2, Rules(), seed=5), [Seat("You", "human"), Seat("B", "greedy")])
    host = Host(human)
    if human.game.turn == 0:
        asyncio.run(computer_turns(human, host))
        assert host.events == []


def test_a_move_is_previewed_before_it_is_played_when_there_is_a_delay() -> None:
    match = Match(new_game(2, Rules(), seed=5), [Seat("A", "greedy"), Seat("B", "greedy")])
    host = Host(match, moves_allowed=1, delay=0.002)
    asyncio.run(computer_turns(match, host))
    move = str(match.game.history[0].move)
    assert host.events == ["thinking True", "thinking False", f"preview {move}", f"play {move}"]
