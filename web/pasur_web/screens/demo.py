"""Rule demos for rules pages (``?demo=...``), shown in the page instead of a game.

- ``demo=capture&card=7C&table=4C,4D,2H,2S``: the situation, and every capture the card can
  make, one at a time (Previous / Next), each with the reason it is allowed.
- ``demo=deal&seed=N``: a whole deal played by computer players, every move explained in the
  move log; Pause / Next step (``#demo-bar``); the score sheet at the end.
- A bad parameter: a clear message in the frame, naming it.
"""

from __future__ import annotations

from pasur import Move

from ..model.explain import explain_move
from ..model.state import CaptureDemo, DealDemo, DemoError, State
from .cards import capture_picture, card_node
from .html import Node, h

__all__ = ["demo", "demo_bar"]


def _error(state: State, demo: DemoError) -> list[Node]:
    t = state.cat.t
    return [h("div", "demo-error", role="alert", children=[
        h("h2", text=t("demo_error_title")),
        h("p", id="demo-error-text", text=t(demo.key, **demo.values)),
        h("p", "muted", text=t("demo_error_help"))])]


def _capture(state: State, demo: CaptureDemo) -> list[Node]:
    cat = state.cat
    t = cat.t
    symbol = cat.card_symbol(demo.card)
    move = demo.moves[demo.current] if demo.moves else Move(demo.card)
    played, table = capture_picture(move, demo.table, cat)
    if demo.moves:
        step = t("demo_option_n", n=demo.current + 1, total=len(demo.moves))
        summary = t("demo_takes", card=symbol, cards=cat.cards_text(move.captured))
    else:
        step, summary = t("demo_no_capture", card=symbol), ""
    why = cat.reasons(explain_move(move, demo.table, demo.rules))
    options = [h("li", children=[h("button", "option" + (" current" if index == demo.current else ""), type="button",
                                   data_action="demo-pick", data_index=index,
                                   data_capture=",".join(str(c) for c in sorted(option.captured)),
                                   aria_pressed="true" if index == demo.current else "false", children=[
                                       h("span", "mini-cards", children=[card_node(c, cat)
                                                                         for c in sorted(option.captured)])])])
               for index, option in enumerate(demo.moves)]
    controls = [] if len(demo.moves) < 2 else [h("div", "demo-controls", children=[
        h("button", "secondary", text="‹ " + t("demo_previous"), type="button", id="demo-prev",
          data_action="demo-prev"),
        h("button", "primary", text=t("demo_next") + " ›", type="button", id="demo-next", data_action="demo-next")])]
    return [h("h2", text=t("demo_capture_title", card=symbol)),
            h("div", "demo-situation", children=[
                h("div", "demo-played", children=[h("span", "muted", text=t("demo_played")), played]),
                h("div", "demo-table", children=[h("span", "muted", text=t("table")), h(
                    "div", "table-cards", id="demo-table",
                    children=table or [h("p", "empty", text=t("table_empty"))])])]),
            h("p", "demo-step", id="demo-step", text=step),
            h("p", "demo-why", id="demo-why", aria_live="polite", text=(summary + " " + why).strip()),
            *controls,
            h("ol", "demo-options", id="demo-options", aria_label=t("demo_all_options"), children=options)]


def demo(state: State) -> list[Node]:
    """What ``#demo`` shows: the capture demo or a demo's error (the deal demo plays on the board)."""
    shown = state.demo
    if isinstance(shown, DemoError):
        return _error(state, shown)
    if isinstance(shown, CaptureDemo):
        return _capture(state, shown)
    return []


def demo_bar(state: State) -> list[Node] | None:
    """The deal demo's Pause / Play and Next step."""
    shown = state.demo
    if not isinstance(shown, DealDemo):
        return None
    t = state.cat.t
    return [h("button", "primary", id="demo-pause", type="button", data_action="demo-pause",
              aria_pressed="true" if shown.paused else "false",
              text=t("demo_play") if shown.paused else t("demo_pause")),
            h("button", "secondary", id="demo-step", type="button", data_action="demo-step", text=t("demo_step"))]
