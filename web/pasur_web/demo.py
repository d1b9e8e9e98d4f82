"""Rule demos for rules pages (``?demo=...``), shown in the page instead of a game.

- ``demo=capture&card=7C&table=4C,4D,2H,2S``: the situation, and every capture the card can
  make, one at a time (Previous / Next), each with the reason it is allowed.
- ``demo=deal&seed=N``: a whole deal played by computer players, every move explained in the
  move log; Pause / Next step; the score sheet at the end.

Browser only; the page is reached through ``host.DemoHost``; the reasons come from ``explain.py``.
"""

from __future__ import annotations

import asyncio

from pasur import Move, Rules
from pasur.moves import capture_options

from .dom import byid, clear, el
from .draw import capture_picture, card_node, set_phase
from .explain import explain_move
from .host import Demo, DemoHost
from .session import Seat

__all__ = ["CaptureDemo", "DealDemo", "DemoError", "start_demo"]


class DemoError:
    """A demo that cannot be shown: a clear message in the frame, and a link to the full game."""

    def __init__(self, app: DemoHost, key: str, values: dict[str, str]) -> None:
        app.show_demo(self)
        self.app, self.key, self.values = app, key, values
        self.render()
        set_phase("demo")

    def render(self) -> None:
        t = self.app.cat.t
        clear(byid("demo"), el("div", "demo-error", role="alert", children=[
            el("h2", text=t("demo_error_title")),
            el("p", id="demo-error-text", text=t(self.key, **self.values)),
            el("p", "muted", text=t("demo_error_help")),
        ]))

    def on_click(self, ident: str, action: str, index: str) -> None:
        pass

    async def wait_turn(self) -> None:
        return


class CaptureDemo:
    def __init__(self, app: DemoHost) -> None:
        app.show_demo(self)
        self.app = app
        params = app.params
        self.rules: Rules = Rules.preset(params.preset)
        assert params.demo_card is not None  # checked with the parameters (params.py)
        self.card = params.demo_card
        self.table = list(params.demo_table)
        options = capture_options(self.card, self.table, self.rules)
        self.moves = sorted((Move(self.card, option) for option in options),
                            key=lambda move: (len(move.captured), sorted(move.captured)))
        self.current = 0
        self.render()
        set_phase("demo")

    def on_click(self, ident: str, action: str, index: str) -> None:
        if action in ("demo-prev", "demo-next") and self.moves:
            step = 1 if action == "demo-next" else -1
            self.current = (self.current + step) % len(self.moves)
            self.render()
            byid(action).focus()
        elif action == "demo-pick" and index.isdigit() and int(index) < len(self.moves):
            self.current = int(index)
            self.render()

    async def wait_turn(self) -> None:
        return

    def render(self) -> None:
        app = self.app
        t = app.cat.t
        card = self.card
        symbol = app.cat.card_symbol(card)
        move = self.moves[self.current] if self.moves else Move(card)
        played, table = capture_picture(move, self.table, app.cat)
        if not table:
            table.append(el("p", "empty", text=t("table_empty")))
        if self.moves:
            step = t("demo_option_n", n=self.current + 1, total=len(self.moves))
            summary = t("demo_takes", card=symbol, cards=app.cat.cards_text(move.captured))
        else:
            step = t("demo_no_capture", card=symbol)
            summary = ""
        why = app.cat.reasons(explain_move(move, self.table, self.rules))
        options = []
        for index, option in enumerate(self.moves):
            options.append(el("li", children=[el("button", "option" + (" current" if index == self.current else ""),
                                                  type="button", data_action="demo-pick", data_index=index,
                                                  data_capture=",".join(str(c) for c in sorted(option.captured)),
                                                  aria_pressed="true" if index == self.current else "false",
                                                  children=[
                el("span", "mini-cards", children=[card_node(c, app.cat) for c in sorted(option.captured)]),
            ])]))
        controls = [] if len(self.moves) < 2 else [el("div", "demo-controls", children=[
            el("button", "secondary", text="‹ " + t("demo_previous"), type="button", id="demo-prev",
               data_action="demo-prev"),
            el("button", "primary", text=t("demo_next") + " ›", type="button", id="demo-next",
               data_action="demo-next"),
        ])]
        clear(byid("demo"),
              el("h2", text=t("demo_capture_title", card=symbol)),
              el("div", "demo-situation", children=[
                  el("div", "demo-played", children=[el("span", "muted", text=t("demo_played")), played]),
                  el("div", "demo-table", children=[el("span", "muted", text=t("table")),
                                                    el("div", "table-cards", id="demo-table", children=table)]),
              ]),
              el("p", "demo-step", id="demo-step", text=step),
              el("p", "demo-why", id="demo-why", aria_live="polite", text=(summary + " " + why).strip()),
              *controls,
              el("ol", "demo-options", id="demo-options", aria_label=t("demo_all_options"), children=options))


class DealDemo:
    """A deal played by the computer, one explained move at a time."""

    def __init__(self, app: DemoHost) -> None:
        app.show_demo(self)
        self.app = app
        self.paused = False
        self.steps = 0  # moves allowed while paused ("Next step")
        self.wake = asyncio.Event()
        params = app.params
        rules = Rules.preset(params.preset)
        seats = [Seat(app.cat.t(f"default_name_{seat + 1}" if seat < 3 else "player_n", n=seat + 1), "medium")
                 for seat in range(params.players)]
        byid("demo-bar").hidden = False
        self.render_controls()
        app.begin(params.players, rules, seats, params.seed)

    def on_click(self, ident: str, action: str, index: str) -> None:
        if action == "demo-pause":
            self.paused = not self.paused
            self.wake.set()
            self.render_controls()
            byid("demo-pause").focus()
        elif action == "demo-step":
            self.paused = True
            self.steps += 1
            self.wake.set()
            self.render_controls()
        elif action == "demo-again":
            match = self.app.match
            if match is not None:
                self.app.begin(match.game.players, match.game.rules, match.seats, match.game.seed)

    async def wait_turn(self) -> None:
        while self.paused and self.steps == 0:
            self.wake.clear()
            await self.wake.wait()
        if self.paused:
            self.steps -= 1

    def render(self) -> None:
        self.render_controls()
        self.app.render()

    def render_controls(self) -> None:
        t = self.app.cat.t
        clear(byid("demo-bar"),
              el("button", "primary", id="demo-pause", type="button", data_action="demo-pause",
                 aria_pressed="true" if self.paused else "false",
                 text=t("demo_play") if self.paused else t("demo_pause")),
              el("button", "secondary", id="demo-step", type="button", data_action="demo-step",
                 text=t("demo_step")))


def start_demo(app: DemoHost) -> Demo:
    params = app.params
    if params.demo_error is not None:
        key, values = params.demo_error
        return DemoError(app, key, values)
    if params.demo == "capture":
        return CaptureDemo(app)
    return DealDemo(app)
