"""The score sheet after each deal and at the end of the match, with the daily deal's result and the
way to the move review."""

from __future__ import annotations

from pasur.cards import CLUBS
from pasur.daily import deal_points
from pasur.scoring import BREAKDOWN_KEYS, CLUBS_MAJORITY, CLUBS_POINTS

from ..i18n import Catalog
from ..model.board import Board
from ..model.match import Match, Phase
from ..model.online_state import Visiting
from ..model.state import State
from .html import Node, h
from .words import is_you, side_label

__all__ = ["breakdown_rows", "deal_clubs", "sheet", "totals_rows", "winner_words"]

Row = tuple[str, str, tuple[str, ...], str | None]  # (class, name, cells, key)


def deal_clubs(game: Board, number: int) -> list[int]:
    """The clubs each side took in deal ``number`` (the cards left on the table at its end included)."""
    counts = [0] * game.sides
    for record in game.history:
        if record.deal == number and record.captured:
            counts[record.side] += sum(card.suit == CLUBS for card in (record.card, *record.captured))
    side, left = game.leftovers[number]
    if side is not None:
        counts[side] += sum(card.suit == CLUBS for card in left)
    return counts


def _row_name(game: Board, number: int, key: str, cat: Catalog) -> str:
    """What a row of deal ``number``'s sheet counts; the clubs' row says how many clubs won them and
    that its 7 is points ("Most clubs (8): 7 points")."""
    if key != "clubs":
        return cat.t(f"score_{key}")
    most = max(deal_clubs(game, number))
    if most < CLUBS_MAJORITY:
        return cat.t("score_clubs_none", n=CLUBS_MAJORITY)
    return cat.t("score_clubs_most", n=most, points=cat.t("points_n", n=CLUBS_POINTS))


def breakdown_rows(match: Match, number: int, cat: Catalog, match_total: bool = True) -> list[Row]:
    """Deal ``number``'s score sheet: one row per kind of point, then the deal's total and (unless
    the match's totals are shown beside it) the match's."""
    game, t = match.board, cat.t
    results = game.deal_results[number]
    sides = range(game.sides)
    rows: list[Row] = [("total" if key == "total" else "", _row_name(game, number, key, cat),
                        tuple(cat.num(results[side][key]) for side in sides), key)
                       for key in BREAKDOWN_KEYS if key != "seven_diamonds" or game.rules.seven_diamonds_bonus]
    if match_total:
        totals = (sum(deal[side]["total"] for deal in game.deal_results[: number + 1]) for side in sides)
        rows.append(("match", t("score_match"), tuple(cat.num(total) for total in totals), None))
    return rows


def totals_rows(match: Match, cat: Catalog) -> list[Row]:
    game = match.board
    sides = range(game.sides)
    rows: list[Row] = [("", cat.t("deal_n", n=number + 1), tuple(cat.num(deal[side]["total"]) for side in sides),
                        None) for number, deal in enumerate(game.deal_results)]
    rows.append(("total", cat.t("totals"), tuple(cat.num(score) for score in game.scores), None))
    return rows


def _table(match: Match, rows: list[Row], cat: Catalog, classes: str, keys: bool) -> Node:
    head = h("tr", children=[h("td"), *(h("th", text=side_label(match, side, cat), scope="col")
                                        for side in range(match.board.sides))])
    body = [h("tr", cls or None, children=[h("th", text=name, scope="row"), *(
        h("td", text=cell, data_key=key if keys else None, data_side=side if keys and key else None)
        for side, cell in enumerate(cells))]) for cls, name, cells, key in rows]
    return h("table", classes, data_sides=match.board.sides,
             children=[h("thead", children=[head]), h("tbody", children=body)])


def _daily_verdict(state: State, mine: int, computer: int | None) -> str:
    """How the player did on the day's deal against the computer's play of the same cards."""
    t = state.cat.t
    if computer is None:
        return t("daily_computing")
    if mine == computer:
        return t("daily_matched")
    return t("daily_beat", n=mine - computer) if mine > computer else t("daily_behind", n=computer - mine)


def _daily_result(state: State, match: Match, day: str) -> list[Node]:
    """The daily deal's result: how the player did against the computer with the same cards (not the
    match against the opponent, which is the deal's score sheet below), what was counted, and Share."""
    cat = state.cat
    computer = state.daily.computer.get(day)
    mine = deal_points(match.board)
    opponent = 1 - match.board.side_of(0)
    children: list[Node | None] = [h("p", "muted", id="daily-against", text=cat.t("daily_against", name=side_label(
        match, opponent, cat), mine=cat.num(mine), theirs=cat.num(deal_points(match.board, 1))))]
    if match.practice:  # already started on this device, or a day that is neither today nor yesterday
        children.append(h("p", "muted", id="daily-counted", data_counted="false",
                          text=cat.t("daily_practice" if day in state.daily.days else "daily_practice_date")))
    else:
        children.append(h("p", "muted", id="daily-counted", data_counted="true", text=cat.t("daily_counted")))
    if computer is not None:
        text = cat.t("daily_compare", mine=cat.num(mine), theirs=cat.num(computer), diff=cat.signed(mine - computer))
        children += [h("p", "daily-compare", id="daily-compare", text=text), h("div", "sheet-actions", children=[
            h("button", "primary", id="daily-share", type="button", text=cat.t("daily_share")),
            h("span", "muted", id="daily-shared", role="status", text=state.shared)]),
            h("p", "daily-share-text", id="daily-share-text", text=state.shared_text) if state.shared_text else None]
    return [h("h2", text=cat.t("daily_title", date=cat.isolate(day))),
            h("p", "winner", id="daily-verdict", role="status", text=_daily_verdict(state, mine, computer)),
            h("section", "daily-result", id="daily-result", children=children)]


def winner_words(match: Match, cat: Catalog) -> str:
    """Who won the match: "You win the match!" for the one human under the default name, else the
    winning side by name, or a draw."""
    winner = match.board.winner
    if winner is None:
        return cat.t("draw")
    seats = match.board.seats_of(winner)
    if len(seats) == 1 and is_you(match, seats[0]):
        return cat.t("you_win")
    return cat.t("winner", name=side_label(match, winner, cat))


def _new_game(text: str) -> Node:
    """The sheet's way to the new-game panel, as the top bar's New game (or out of a friend's table)."""
    return h("button", "secondary", text=text, id="sheet-new-game", type="button", data_action="new-game")


def sheet(state: State) -> list[Node] | None:
    """The score sheet on screen, if any."""
    match, cat = state.match, state.cat
    if match is None or not state.playing or match.phase == Phase.PLAY:
        return None
    t = cat.t
    game = match.board
    demo = state.demo is not None
    review = ([h("button", "secondary", id="review-open", type="button", text=t("review_open"))]
              if match.human_seats() and match.reviewable_deal() is not None and not demo else [])
    online = state.online
    friend = isinstance(online, Visiting)
    host = next((name for name, kind, _ in online.seats if kind == "host"), "") if isinstance(online, Visiting) else ""
    if match.phase == Phase.DEAL_END:
        number = match.pending_sheet
        assert number is not None
        button = (h("button", "primary", text=t("demo_again"), id="demo-again", type="button", data_action="demo-again",
                    data_autofocus=True) if demo
                  else h("button", "primary", text=t("next_deal"), id="next-deal", type="button", data_autofocus=True))
        if friend:  # between friends, the host deals
            button = h("p", "muted", id="host-deals", role="status", text=t("host_deals", name=host))
        guided = state.turn.guide
        guide = h("p", "sheet-guide", id="sheet-guide", text=t("guide_done")) if guided else None
        # the guided deal's sheet says "Keep playing, or start a new game": it offers both
        return [h("div", "panel", children=[h("h2", text=t("deal_over", n=number + 1)), guide,
                                            _table(match, breakdown_rows(match, number, cat), cat, "score-sheet", True),
                                            h("div", "sheet-actions", children=[
                                                *review, button, _new_game(t("new_game")) if guided else None])])]
    last = len(game.deal_results) - 1
    if match.daily is not None and not demo:  # the day's deal: the player against the computer's play
        head = _daily_result(state, match, match.daily)
        tables = [_table(match, breakdown_rows(match, last, cat, match_total=False), cat, "score-sheet", True)]
    else:
        head = [h("h2", text=t("match_over")), h("p", "winner", text=winner_words(match, cat))]
        tables = [_table(match, totals_rows(match, cat), cat, "score-sheet totals", False),  # deal by deal
                  h("h3", "sheet-deal", text=t("deal_n", n=last + 1)),  # then how its last deal was counted
                  _table(match, breakdown_rows(match, last, cat, match_total=False), cat, "score-sheet", True)]
    return [h("div", "panel", children=[
        *head, *tables,
        h("p", "muted", id="host-rematch", role="status", text=t("host_rematch", name=host)) if friend else None,
        h("div", "sheet-actions", children=[
            None if friend else h("button", "primary", text=t("play_again"), id="play-again", type="button",
                                  data_autofocus=True),
            _new_game(t("table_leave" if friend else "new_game")),
            h("button", "secondary", text=t("stats"), id="show-stats", type="button"), *review])])]
