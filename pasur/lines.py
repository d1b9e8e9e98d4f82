"""Why a move is worse than the best, from the lines the search found: in each sample of the hidden
cards the judgement played the move and the best move to the end of the deal (:mod:`pasur.judgement`),
so the difference between the two can be told in cards: a sur the next player makes, a card left to
another player, the race for the clubs given up.

Only cards the seat has seen are named (its hand, the table); a sur is named by the rank that makes
it, which is what the samples agree on, never by a hidden card. A story is told when it accounts for
a point or more of the loss on average over the samples; :func:`reason_for` puts it among the reasons
read from the position itself (:func:`pasur.grades.why_worse`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Final

from .cards import FULL_DECK
from .deal import Deal
from .evaluation import after_move, medium_option
from .grades import Reason, why_worse
from .judgement import Judgement, Line
from .scoring import CLUB, CLUBS_MAJORITY, CLUBS_POINTS, SUR_POINTS, points_by_number
from .search import _solve, option_of
from .view import PlayerView

__all__ = ["STRONG_FACTS", "line_story", "reason_for", "traced"]

#: Reasons read from the position that say all there is to say: a story from the lines comes after them.
STRONG_FACTS: Final = frozenset({"missed_sur", "leaves_sur", "leaves_sur_cards", "leaves_sur_jack",
                                 "leaves_sur_queen", "leaves_sur_king", "clubs_majority"})
TOLD: Final = 1.0  # a story accounts for at least this many points of the loss, on average
TRACED: Final = 12  # samples replayed move by move to find who makes a sur, and with what
_CLUBS_MASK: Final = sum(1 << number for number, club in enumerate(CLUB) if club)

Step = tuple[int, int, bool]  # (seat, card number, whether it made a sur)


def _rank(card: int) -> str:
    return str(FULL_DECK[card])[:-1]


def _clubs(mask: int) -> int:
    return (mask & _CLUBS_MASK).bit_count()


def _majority(line: Line, side: int) -> int:
    return int(_clubs(line[0][side]) >= CLUBS_MAJORITY)


def _has(line: Line, side: int, card: int) -> bool:
    return bool(line[0][side] >> card & 1)


def traced(deal: Deal, card: int, mask: int, side: int, exact: bool = False) -> list[Step]:
    """The rest of the deal after ``(card, mask)`` move by move: the medium policy for every seat, or
    with ``exact`` (nothing hidden, two players) the moves of a perfect game for ``side``."""
    steps: list[Step] = []
    while True:
        seat = deal.turn
        surs = sum(deal.surs)
        ended = deal.apply(card, mask)
        steps.append((seat, card, sum(deal.surs) > surs))
        if ended:
            return steps
        card, mask = _perfect(deal, side) if exact else medium_option(deal)


def _perfect(deal: Deal, side: int) -> tuple[int, int]:
    """The move of the seat to play in a perfect game (two players, every card known)."""
    mine = deal.seat_sides[deal.turn] == side

    def value(option: tuple[int, int]) -> float:
        child = deal.copy()
        return child.outcome(side) if child.apply(*option) else _solve(child, side, -math.inf, math.inf)

    values = [(value(option), option) for option in deal.options()]
    chosen = max(values) if mine else min(values)
    return chosen[1]


def _lines(judgement: Judgement, at: int) -> tuple[list[Line], list[Deal]]:
    """What move ``at`` led to in each sample (the exact line when nothing was hidden)."""
    if not judgement.exact:
        return list(judgement.lines[at]), list(judgement.worlds)
    world = judgement.worlds[0].copy()
    card, mask = option_of(judgement.view, judgement.moves[at])
    traced(world, card, mask, judgement.view.side, exact=True)
    return [(tuple(sum(1 << c for c in pile) for pile in world.piles), tuple(world.surs))], [judgement.worlds[0]]


def _sur_story(judgement: Judgement, worse: int, best: int, side: int, samples: Sequence[int],
               mine: bool) -> Reason | None:
    """Who makes the sur the worse move allows (or, ``mine``, the sur the best move leads to), and with
    what rank: the commonest among the samples where it happens."""
    view = judgement.view
    move = judgement.moves[best if mine else worse]
    card, mask = option_of(view, move)
    found: Counter[tuple[int, str, bool]] = Counter()
    for w in samples[:TRACED]:
        steps = traced(judgement.worlds[w].copy(), card, mask, view.side, judgement.exact)
        made = [(index, seat, played) for index, (seat, played, sur) in enumerate(steps)
                if sur and index > 0 and view.side_of(seat) == side]
        if made:
            index, seat, played = made[0]
            found[(seat, _rank(played), index == 1)] += 1
    if not found:
        return None
    (seat, rank, then), _ = found.most_common(1)[0]
    if mine:
        return "sur_own", {"rank": rank, "best": judgement.moves[best].card.symbol}
    return ("sur_next" if then else "sur_later"), {"player": str(seat), "rank": rank}


def line_story(judgement: Judgement, worse: int) -> tuple[Reason, float] | None:
    """The biggest difference in cards between the lines of move ``worse`` and of the best move, and
    how many points it accounts for on average: a sur, the race for the clubs, a card the seat has
    seen; None when nothing accounts for :data:`TOLD` points."""
    view, best = judgement.view, judgement.best
    lost_lines, _ = _lines(judgement, worse)
    best_lines, _ = _lines(judgement, best)
    count = min(len(lost_lines), len(best_lines))
    if not count:
        return None
    pairs = list(zip(best_lines[:count], lost_lines[:count], strict=True))
    me, others = view.side, [side for side in range(view.sides) if side != view.side]
    stories: list[tuple[float, Reason | None]] = []
    for side in others:  # a sur the worse move lets another side make
        where = [w for w, (b, p) in enumerate(pairs) if p[1][side] > b[1][side]]
        gain = SUR_POINTS * sum(p[1][side] - b[1][side] for b, p in pairs) / count
        if gain >= TOLD:
            stories.append((gain, _sur_story(judgement, worse, best, side, where, mine=False)))
    own = SUR_POINTS * sum(b[1][me] - p[1][me] for b, p in pairs) / count
    if own >= TOLD:
        where = [w for w, (b, p) in enumerate(pairs) if b[1][me] > p[1][me]]
        stories.append((own, _sur_story(judgement, worse, best, me, where, mine=True)))
    mine_now = _clubs(sum(1 << card.index for card in view.piles[me]))
    for side in others:  # the clubs majority: the other side's with the worse move, not with the best
        flips = [_clubs(p[0][side]) for b, p in pairs if _clubs(p[0][side]) >= CLUBS_MAJORITY > _clubs(b[0][side])]
        swing = CLUBS_POINTS * sum(_majority(p, side) - _majority(b, side) + _majority(b, me) - _majority(p, me)
                                   for b, p in pairs) / count
        if flips and swing >= TOLD:
            theirs = sorted(flips)[len(flips) // 2]
            stories.append((swing, ("clubs_race", {"mine": str(mine_now), "player": str(_seat_of(view, side)),
                                                   "theirs": str(theirs)})))
    won = sorted(_clubs(b[0][me]) for b, p in pairs if _clubs(b[0][me]) >= CLUBS_MAJORITY > _clubs(p[0][me]))
    raced = any(story is not None and story[0] == "clubs_race" for _, story in stories)
    if CLUBS_POINTS * len(won) / count >= TOLD and not raced:  # won with the best move, nobody's with the worse
        values = {"mine": str(mine_now), "ours": str(won[len(won) // 2]), "best": judgement.moves[best].card.symbol}
        stories.append((CLUBS_POINTS * len(won) / count, ("clubs_race_own", values)))
    stories += _card_stories(judgement, worse, pairs)
    told = [(points, story) for points, story in stories if story is not None and points >= TOLD]
    if not told:
        return None
    points, story = max(told, key=lambda found: found[0])
    assert story is not None
    return story, points


def _seat_of(view: PlayerView, side: int) -> int:
    """The seat of ``side`` that plays first after the reviewed seat (the one a story names)."""
    for step in range(1, view.players):
        other = (view.seat + step) % view.players
        if view.side_of(other) == side:
            return other
    return view.seat


def _card_stories(judgement: Judgement, worse: int, pairs: Sequence[tuple[Line, Line]]
                  ) -> list[tuple[float, Reason | None]]:
    """A card worth points that the seat has seen and that another side takes after the worse move
    rather than after the best one: what that costs is its points for each side it moves between."""
    view = judgement.view
    points = points_by_number(view.rules)
    left = {card.index for card in after_move(view.table, judgement.moves[worse])}
    seen = [card.index for card in (*view.hand, *view.table) if points[card.index]]
    me, count = view.side, len(pairs)
    stories: list[tuple[float, Reason | None]] = []
    for card in seen:
        for side in range(view.sides):
            if side == me:
                continue
            shift = sum(_has(p, side, card) - _has(b, side, card) for b, p in pairs) / count
            mine = sum(_has(b, me, card) - _has(p, me, card) for b, p in pairs) / count
            if shift <= 0:
                continue
            key = "leaves_card" if card in left else "card_goes"
            values = {"card": FULL_DECK[card].symbol, "player": str(_seat_of(view, side))}
            if key == "card_goes":
                values["best"] = judgement.moves[judgement.best].card.symbol
            stories.append((points[card] * (shift + mine), (key, values)))
    return stories


def reason_for(judgement: Judgement, worse: int) -> Reason:
    """Why move ``worse`` is worse than the best: a strong fact of the position (a sur missed or left,
    the clubs majority missed), else the story of the lines when it accounts for half the loss or
    more, else another fact (a card given away, fewer points or clubs now, a Jack spent), else any
    story of the lines, else that the rest of the deal goes better after the best move."""
    view, moves = judgement.view, judgement.moves
    fact = why_worse(view, moves[worse], moves[judgement.best])
    if fact[0] in STRONG_FACTS:
        return fact
    found = line_story(judgement, worse)
    if found is not None and found[1] >= max(TOLD, judgement.losses[worse] / 2):
        return found[0]
    if fact[0] != "later" or found is None:
        return fact
    return found[0]
