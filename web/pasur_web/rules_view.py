"""The rules, in the game: a panel written from the catalog, for the rules being played, with
small illustrations of captures drawn with the game's own cards and explained by ``explain.py``.
"""

from __future__ import annotations

from typing import Any

from pasur import Move, Rules
from pasur.cards import parse_cards
from pasur.moves import capture_options

from .dom import byid, clear, el
from .draw import capture_picture
from .explain import explain_move
from .i18n import Catalog
from .screen import option_changes

__all__ = ["EXAMPLES", "close_rules", "open_rules", "render_rules"]

# (played card, table, the capture shown): each is checked against the engine when drawn.
EXAMPLES = (
    ("7C", "4C 4D 2H 2S", "4D"),
    ("7C", "4C 4D 2H 2S", "4C 2H 2S"),
    ("KS", "KH QD 5C", "KH"),
    ("JD", "AC 3D KH 9S", "AC 3D 9S"),
    ("5H", "AC 5D", "AC 5D"),
)
KIDS_EXAMPLES = (("7C", "7D 4C 7S", "7D 7S"), ("JD", "JS 3C", "JS"))


def _examples(rules: Rules) -> list[tuple[Move, list[Any]]]:
    chosen = KIDS_EXAMPLES if rules.kids else EXAMPLES
    out = []
    for card_text, table_text, taken_text in chosen:
        table = parse_cards(table_text)
        card = parse_cards(card_text)[0]
        taken = frozenset(parse_cards(taken_text))
        if taken in capture_options(card, table, rules):  # shown only when these rules allow it
            out.append((Move(card, taken), table))
    return out


def render_rules(cat: Catalog, rules: Rules) -> None:
    t = cat.t
    sections: list[Any] = [el("h2", id="rules-title", text=t("rules_title"), tabindex="-1")]

    def section(title: str, *texts: str) -> None:
        sections.append(el("h3", text=t(title)))
        sections.extend(el("p", text=text) for text in texts)

    section("rules_goal_h", t("rules_goal"))
    section("rules_deal_h", t("rules_deal"))
    if rules.kids:
        section("rules_kids_h", t("rules_kids"))
    else:
        section("rules_eleven_h", t("rules_eleven"), t("rules_multi" if rules.multi_combo else "rules_single"))
        section("rules_faces_h", t("rules_faces"))
        section("rules_jack_h", t("rules_jack" if rules.jack_wild else "rules_jack_tame"))
    section("rules_sur_h", t("rules_sur"))
    section("rules_end_h", t("rules_end"))
    section("rules_score_h", t("rules_score"))
    win = t("rules_win_fixed", n=rules.fixed_deals) if rules.fixed_deals else t("rules_win", target=rules.target)
    section("rules_win_h", win)
    items = [t(key) for key in option_changes(rules, Rules())]
    sections.append(el("h3", text=t("rules_options_h")))
    sections.append(el("ul", children=[el("li", text=text) for text in items]) if items
                    else el("p", text=t("rules_options_none")))
    sections.append(el("h3", text=t("rules_examples_h")))
    figures = []
    for move, table in _examples(rules):
        played, cards = capture_picture(move, table, cat)
        figures.append(el("figure", "rules-example", children=[
            el("div", "example-cards", children=[played, el("span", "arrow", text="→", aria_hidden="true"),
                                                 el("div", "mini-cards", children=cards)]),
            el("figcaption", text=t("demo_takes", card=cat.card_symbol(move.card),
                                    cards=cat.cards_text(move.captured)) + " "
               + cat.reasons(explain_move(move, table, rules))),
        ]))
    sections.append(el("div", "rules-examples", children=figures))
    section("rules_keys_h", t("rules_keys"))
    clear(byid("rules-body"), *sections)


def open_rules(cat: Catalog, rules: Rules) -> None:
    render_rules(cat, rules)
    byid("rules").hidden = False
    byid("rules-title").focus()


def close_rules() -> None:
    byid("rules").hidden = True
    byid("rules-button").focus()
