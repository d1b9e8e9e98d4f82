"""The review's replay: every move of the reviewed deal, one position at a time, with what the reviewed
seat saw then (the table, its own hand), the move played and, where its judgement may be shown, the
best move. In a local game, once the deal is over, every hand is shown and every seat's moves are
judged (each from that seat's view); at a table between friends a page shows what its seat saw and
nothing else: the other seats' hands and judgements never reach it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pasur import Card, Game, new_game
from pasur.events import MoveRecord
from pasur.review import MoveReview

from .match import Match, review_key, running_slot
from .state import State

__all__ = ["Step", "entries_of", "local", "next_own", "others_worse", "replay_of", "review_key", "step_of"]


@dataclass(frozen=True)
class Step:
    """One move of the deal: the move as played, the table before it, the reviewed seat's hand before
    it, every hand (a local game only), the judgement of that move when it may be shown, and, for the
    reviewed seat's own moves, its place among that seat's reviewed moves."""

    record: MoveRecord
    table: tuple[Card, ...]
    hand: tuple[Card, ...]
    hands: Hands | None
    entry: MoveReview | None
    own: int | None


def entries_of(state: State) -> tuple[Sequence[MoveReview], int] | None:
    """The reviewed moves of the panel's seat so far, and how many there are to review in all."""
    match, shown = state.match, state.review
    deal = None if match is None else match.reviewable_deal()
    if match is None or shown is None or deal is None:
        return None
    key = review_key(deal, shown.seat)
    if key in match.reviews:
        return match.reviews[key], len(match.reviews[key])
    total = sum(1 for record in match.board.history if record.deal == deal and record.seat == shown.seat)
    return state.running.get(running_slot(match.id, key), ()), total


def local(state: State) -> bool:
    """Whether every seat of the match is at this device (or the computer's): not a table between friends."""
    match = state.match
    return (match is not None and state.online is None and match.table_code is None
            and not any(seat.friend for seat in match.seats))


Hands = tuple[tuple[Card, ...], ...]


def _from_game(game: Game, deal: int) -> list[tuple[MoveRecord, tuple[Card, ...], Hands]]:
    """Each move of ``deal`` with the table and every hand before it, replayed from the match's set-up."""
    replay = new_game(game.players, game.rules, game.seed, game.stacked_deck, game.first_leader)
    found = []
    for record in game.history:
        if record.deal > deal:
            break
        if record.deal == deal:
            found.append((record, tuple(replay.table), tuple(tuple(hand) for hand in replay.hands)))
        replay.play(record.move)
    return found


def _from_entries(records: Sequence[MoveRecord], entries: Sequence[MoveReview],
                  seat: int) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """The table and ``seat``'s hand before each of ``records`` (every move of a deal, public), from the
    seat's own reviewed moves (the table and its hand at each): what a friend's page knows."""
    own = [index for index, record in enumerate(records) if record.seat == seat]
    table = list(entries[0].table)
    for record in reversed(records[:own[0]]):  # back to the deal's first table
        if record.move.captured:
            table += record.move.captured
        else:
            table.remove(record.move.card)
    first_of_round: dict[int, MoveReview] = {}
    for index, entry in zip(own, entries, strict=False):
        first_of_round.setdefault(records[index].round, entry)
    found = []
    for index, record in enumerate(records):
        start = first_of_round.get(record.round)
        played = {records[earlier].move.card for earlier in own if earlier < index
                  and records[earlier].round == record.round}
        hand = () if start is None else tuple(card for card in start.hand if card not in played)
        found.append((tuple(sorted(table)), hand))
        if record.move.captured:
            table = [card for card in table if card not in record.move.captured]
        else:
            table.append(record.move.card)
    return found


def _judged(match: Match, state: State, deal: int, seat: int) -> Sequence[MoveReview]:
    key = review_key(deal, seat)
    return match.reviews.get(key) or state.running.get(running_slot(match.id, key), ())


def replay_of(state: State) -> list[Step] | None:
    """Every move of the deal under review, in order, as :class:`Step` values (None: no review open,
    or the reviewed seat's moves not all reviewed yet)."""
    match, shown, found = state.match, state.review, entries_of(state)
    deal = None if match is None else match.reviewable_deal()
    if match is None or shown is None or found is None or deal is None:
        return None
    entries, total = found
    if len(entries) < total or not entries:
        return None
    seat, every = shown.seat, local(state)
    records = [record for record in match.board.history if record.deal == deal]
    positions: list[tuple[tuple[Card, ...], tuple[Card, ...], Hands | None]]
    if match.game is None:  # a friend's page: what its seat saw, from its review and the public moves
        positions = [(table, hand, None) for table, hand in _from_entries(records, entries, seat)]
    else:
        positions = [(table, hands[seat], hands if every else None) for _, table, hands in _from_game(
            match.game, deal)]
    steps, counts = [], [0] * match.board.players
    for record, (table, hand, hands) in zip(records, positions, strict=True):
        number = counts[record.seat]
        counts[record.seat] += 1
        judged = entries if record.seat == seat else _judged(match, state, deal, record.seat) if every else ()
        steps.append(Step(record, table, hand, hands, judged[number] if number < len(judged) else None,
                          number if record.seat == seat else None))
    return steps


def step_of(steps: Sequence[Step], own: int) -> int:
    """Where the reviewed seat's move ``own`` (its place among that seat's moves) is in the deal."""
    return next(index for index, step in enumerate(steps) if step.own == own)


def next_own(steps: Sequence[Step], at: int) -> int | None:
    """The reviewed seat's first move at or after step ``at`` (its place among that seat's moves)."""
    return next((step.own for step in steps[at:] if step.own is not None), None)


def others_worse(steps: Sequence[Step]) -> list[tuple[float, Step]]:
    """The other seats' moves graded worse than good, each with where it falls among the reviewed seat's
    moves (2.5: between its second and third move)."""
    found, done = [], 0
    for step in steps:
        if step.own is not None:
            done += 1
        elif step.entry is not None and step.entry.better is not None:
            found.append((done + 0.5, step))
    return found
