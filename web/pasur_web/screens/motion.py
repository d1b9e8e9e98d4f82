"""How the cards move from one screen to the next: which card comes from where, which goes to
which pile, and when. ``web/motion.js`` measures the cards before a redraw and animates them
from there after it (FLIP, Web Animations), so the DOM itself stays a pure function of the state.

Pure Python (no browser import), so every plan is tested in CPython. A card is named by its key:
``"7D"`` for a face-up card (its ``data-card``), ``"back:1:3"`` for the fourth card back shown for
seat 1 (its ``data-back``). Places are CSS selectors of the page's own elements.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..model.match import Match, Phase
from ..model.state import Turn

__all__ = ["FLIGHT_MS", "STOCK", "BoardShown", "Plan", "board_shown", "pile_of", "plan", "source_of"]

# Milliseconds one card takes to fly at each speed; "instant" moves nothing.
FLIGHT_MS = {"slow": 520, "normal": 300, "fast": 170, "instant": 0}
STOCK = "#table-info > :first-child"  # where dealt cards come from: the count of the stock
SURS = ' [data-count="surs"]'  # in a pile: the count of surs, where a sur is celebrated
DEAL_STEP = 0.18  # flights between two dealt cards
CAPTURE_FLIGHTS = 1.6  # a capture: the played card joins the taken cards, then all go to the pile


@dataclass(frozen=True)
class BoardShown:
    """What the last drawn screen showed, as far as the cards' motion is concerned."""

    match: str
    moves: int
    viewer: int
    phase: Phase
    handoff: int | None
    preview: str | None  # the previewed computer move, in move notation


@dataclass(frozen=True)
class Plan:
    """The motion of one redraw; a card not named here slides from where it was, if it was shown."""

    ms: int  # one card's flight; 0: nothing moves
    # (key, where it comes from, delay in ms, dealt: it comes from there even when it was shown
    # before, as a new deal's cards under the score sheet; else only when it was not shown)
    enter: tuple[tuple[str, str, int, bool], ...] = ()
    exit: tuple[tuple[str, str, int], ...] = ()  # (key of a card leaving the screen, its pile, delay)
    via: tuple[str, str] | None = None  # (played card, a taken card it joins before they go together)
    sur: str | None = None  # the pile that celebrates a sur
    slide: bool = True  # the cards shown before slide to where they are now

    def to_js(self, sur_text: str) -> dict[str, Any]:
        """The plan for ``web/motion.js``; ``sur_text`` is what the sur's celebration says."""
        return {"ms": self.ms, "sur_text": sur_text, "enter": [list(item) for item in self.enter],
                "exit": [list(item) for item in self.exit], "via": list(self.via) if self.via else None,
                "sur": self.sur, "slide": self.slide}


def board_shown(match: Match, ui: Turn) -> BoardShown:
    return BoardShown(match.id, match.moves, match.viewer, match.phase, match.handoff,
                str(ui.preview) if ui.preview is not None else None)


def _opponent(seat: int) -> str:
    return f'#opponents [data-seat="{seat}"]'


def source_of(match: Match, seat: int) -> str:
    """Where a card played by ``seat`` comes from: its hand, or the backs shown for it."""
    return "#hand" if seat == match.viewer else _opponent(seat) + " .backs"


def pile_of(match: Match, seat: int) -> str:
    """Where the cards ``seat`` takes go: the pile shown with its name."""
    return "#me-info .pile" if seat == match.viewer else _opponent(seat) + " .pile"


def _deal(match: Match, start: int, ms: int, table: bool) -> tuple[tuple[str, str, int, bool], ...]:
    """Every card of the hands (and of the table) coming from the stock, one at a time, in dealing order."""
    game = match.board
    keys: list[str] = []
    hand = [str(card) for card in sorted(game.hand(match.viewer) or [])] if match.handoff is None else []
    sizes = game.hand_sizes
    for index in range(max(sizes)):
        for k in range(game.players):
            seat = (game.leader + k) % game.players
            if index >= sizes[seat]:
                continue
            if seat != match.viewer:
                keys.append(f"back:{seat}:{index}")
            elif index < len(hand):
                keys.append(hand[index])
    if table:
        keys.extend(str(card) for card in game.table)
    return tuple((key, STOCK, round(start + ms * DEAL_STEP * step), True) for step, key in enumerate(keys))


def _capturer_seat(match: Match, side: int, deal: int) -> int:
    """The seat of ``side`` that made the last capture of deal ``deal`` (the leftover goes there)."""
    for record in reversed(match.board.history):
        if record.deal == deal and record.side == side and record.captured:
            return record.seat
    return match.board.seats_of(side)[0]


def _move(match: Match, ms: int) -> Plan:
    """The last move: the card laid, or the capture going to the capturer's pile; then the cards
    left at the end of a deal to the last capturer, or the next hands of the deal."""
    game = match.board
    record = game.history[-1]
    seat = record.seat
    enter: tuple[tuple[str, str, int, bool], ...] = ()
    exits: list[tuple[str, str, int]] = []
    via = None
    card = str(record.card)
    if record.captured:
        pile = pile_of(match, seat)
        exits = [(card, pile, 0)] + [(str(taken), pile, 0) for taken in record.captured]
        via = (card, str(record.captured[0]))
        done = round(ms * CAPTURE_FLIGHTS)
    else:
        enter = ((card, source_of(match, seat), 0, False),)  # when the card was not shown before
        done = ms
    if record.deal < len(game.deal_results):  # the move ended its deal
        side, leftover = game.leftovers[record.deal]
        if side is not None:
            pile = pile_of(match, _capturer_seat(match, side, record.deal))
            exits += [(str(left), pile, done) for left in leftover]
        # The next deal's cards are dealt when its score sheet is closed.
    elif record.round != game.round_number:
        enter += _deal(match, done, ms, table=False)
    return Plan(ms, enter, tuple(exits), via, pile_of(match, seat) + SURS if record.sur else None)


def plan(match: Match, ui: Turn, before: BoardShown | None, ms: int) -> Plan:
    """How the cards move from the screen ``before`` showed to the one ``match`` and ``ui`` show."""
    game = match.board
    now = board_shown(match, ui)
    if ms <= 0:
        return Plan(0)
    if now == before:
        return Plan(ms)  # the same cards: any that the layout moved slide there
    fresh_deal = not game.history or game.history[-1].deal < game.deal_number
    if before is None or before.match != match.id:
        # A new match deals its first hands; a match taken up again (a reload) is shown as it was.
        return Plan(ms, _deal(match, 0, ms, table=True)) if match.phase == Phase.PLAY and not game.history else Plan(ms)
    if (before.viewer, before.handoff) != (match.viewer, match.handoff):
        return Plan(ms, slide=False)  # another player's view (pass-and-play): nothing flies across the screen
    if before.phase == Phase.DEAL_END and match.phase == Phase.PLAY and fresh_deal:
        return Plan(ms, _deal(match, 0, ms, table=True))  # the score sheet closed: the next deal
    if now.moves == before.moves + 1:
        return _move(match, ms)
    if now.moves == before.moves and ui.preview is not None and now.preview != before.preview:
        seat = game.turn
        assert seat is not None
        return Plan(ms, ((str(ui.preview.card), source_of(match, seat), 0, False),))
    return Plan(ms)
