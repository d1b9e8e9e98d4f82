"""The players around the table: the scoreboard, the other seats (their names, card backs and running
counts) and the player's own line above the hand."""

from __future__ import annotations

from dataclasses import dataclass

from pasur.cards import CLUBS
from pasur.scoring import CLUBS_MAJORITY

from ..i18n import Catalog
from ..model.match import Match, Phase
from ..model.state import State
from .cards import back_node
from .html import Node, h
from .memo import remembered
from .online import presence, seat_actions
from .words import name_of, side_label

__all__ = ["SeatView", "me_info", "opponents", "scoreboard", "seat_positions", "seat_view"]


@dataclass(frozen=True)
class SeatView:
    """A player at the table: the others around it, and the player whose hand is shown."""

    seat: int
    name: str
    dealer: bool
    turn: bool
    cards: int
    pile: str  # the cards the seat's side has taken this deal
    surs: str
    clubs: str  # the clubs among them: the race to 7
    clubs_won: bool  # 7 or more: the clubs' points are the side's
    team: int | None = None  # the side, in a game of two teams
    partner: bool = False  # the viewer's partner
    place: str | None = None  # around a table of four: "left", "top" or "right"


def seat_positions(match: Match) -> list[int]:
    """The other seats in screen order (left to right across the top)."""
    game = match.board
    after = [(match.viewer + k) % game.players for k in range(1, game.players)]
    # Counter-clockwise play: the next player sits on the right, so the row reads backwards.
    return after if game.rules.clockwise else list(reversed(after))


@remembered
def seat_view(match: Match, seat: int, cat: Catalog, place: str | None = None, previewed: bool = False) -> SeatView:
    game = match.board
    side = game.side_of(seat)
    clubs = sum(1 for card in game.piles[side] if card.suit == CLUBS)
    teams = game.sides == 2 and game.players == 4
    return SeatView(seat=seat, name=name_of(match, seat, cat), dealer=seat == game.dealer,
                    turn=game.turn == seat and match.phase == Phase.PLAY,
                    cards=game.hand_sizes[seat] - (1 if previewed else 0),  # the previewed card is on the table
                    pile=cat.t("pile", n=len(game.piles[side])), surs=cat.t("surs_n", n=game.surs[side]),
                    clubs=cat.t("clubs_taken", n=clubs), clubs_won=clubs >= CLUBS_MAJORITY,
                    team=side if teams else None,
                    partner=teams and seat != match.viewer and side == game.side_of(match.viewer), place=place)


def _badges(seat: SeatView, cat: Catalog, presence: str | None = None) -> list[Node]:
    """The seat's badges: dealer, partner, and, at a table between friends, a friend who is away (or
    the host a friend's page is reconnecting to), a seat the computer plays for now, a free seat."""
    badges = [h("span", "badge", text=cat.t("dealer"))] if seat.dealer else []
    if presence is not None:
        badges.append(h("span", "badge presence", data_presence=presence,
                        text=cat.t(f"presence_{presence.replace('-', '_')}")))
    return badges + ([h("span", "badge partner", text=cat.t("partner"))] if seat.partner else [])


def _counts(seat: SeatView, tag: str, cat: Catalog) -> Node:
    """The side's running counts: cards taken, clubs (the race to 7), surs; in a team game they are
    the team's, and say so."""
    team = [h("span", "team-label", text=cat.t("team_counts"))] if seat.team is not None else []
    return h(tag, "pile", children=[
        *team, h("span", text=seat.pile),
        h("span", "clubs" + (" won" if seat.clubs_won else ""), text=seat.clubs, data_count="clubs"),
        h("span", text=seat.surs, data_count="surs")])


def opponents(state: State) -> tuple[Node, bool]:
    """The other seats, left to right (around a table of four: left, across, right), and whether
    they sit around the table."""
    match, cat = state.match, state.cat
    assert match is not None
    preview = state.turn.preview
    seats = seat_positions(match)
    places: tuple[str | None, ...] = ("left", "top", "right") if len(seats) == 3 else (None,) * len(seats)
    previewing = match.board.turn if preview is not None else None
    views = [seat_view(match, seat, cat, place, seat == previewing) for seat, place in zip(seats, places, strict=True)]
    boxes = [h("div", "opponent" + (" turn" if seat.turn else ""), data_seat=seat.seat, data_team=seat.team,
               data_place=seat.place, children=[
                   h("div", "who", children=[h("span", "name", text=seat.name),
                                             *_badges(seat, cat, presence(state, seat.seat)),
                                             *seat_actions(state, seat.seat)]),
                   h("div", "backs", role="img", aria_label=cat.t("cards_n", n=seat.cards),
                     children=[back_node(data_back=f"{seat.seat}:{index}") for index in range(seat.cards)]),
                   _counts(seat, "div", cat)]) for seat in views]
    return h("div", id="opponents", children=boxes), any(seat.place for seat in views)


def me_info(state: State) -> tuple[Node, SeatView]:
    match, cat = state.match, state.cat
    assert match is not None
    me = seat_view(match, match.viewer, cat)
    return h("div", id="me-info", children=[h("span", "name", text=me.name), *_badges(me, cat),
                                            _counts(me, "span", cat)]), me


def scoreboard(state: State) -> Node:
    """The sides' names and scores, the goal, and the mark of an edited save."""
    match, cat = state.match, state.cat
    if match is None or not state.playing:
        return h("div", id="scoreboard")
    game, t = match.board, cat.t
    teams = game.sides == 2 and game.players == 4  # the teams' colours, as on their seats
    items = [h("span", "side-score", data_team=side if teams else None, children=[
        h("span", "side-name", text=side_label(match, side, cat)),
        h("strong", text=cat.num(score), data_side_score=side)]) for side, score in enumerate(game.scores)]
    # A save changed outside the game is marked, and the match is not counted in the statistics.
    mark = [h("span", "edited-mark", id="edited-mark", text=t("edited_mark"))] if match.edited else []
    attempt = None if match.daily is None else "counted" if match.counted_daily else "practice"
    return h("div", id="scoreboard", children=[*items, h("span", "goal", text=goal(state), data_daily_attempt=attempt),
                                               *mark])


def goal(state: State) -> str:
    match, cat = state.match, state.cat
    assert match is not None
    rules = match.board.rules
    if match.daily:  # which attempt this is, from its first move: counted, or practice
        key = "daily_goal_counted" if match.counted_daily else "daily_goal_practice"
        return cat.t(key, date=cat.isolate(match.daily))
    return cat.t("deals_short", n=rules.fixed_deals) if rules.fixed_deals else cat.t("target_short", n=rules.target)
