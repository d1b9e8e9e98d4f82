"""The rules, in the game: a panel written from the catalog, for the rules being played, with
small illustrations of captures drawn with the game's own cards and explained by ``model/explain.py``;
and the rules in a few words, under the table, when they are not the standard ones.
"""

from __future__ import annotations

from pasur import Card, Move, Rules
from pasur.cards import parse_cards
from pasur.moves import capture_options
from pasur.rules import OPTION_NAMES, PRESETS

from ..i18n import Catalog
from ..model.explain import explain_move
from .cards import capture_picture
from .html import Node, h

__all__ = ["EXAMPLES", "option_changes", "rules_body", "rules_note"]

# (played card, table, the capture shown): each is checked against the engine when drawn.
EXAMPLES = (
    ("7C", "4C 4D 2H 2S", "4D"),
    ("7C", "4C 4D 2H 2S", "4C 2H 2S"),
    ("KS", "KH QD 5C", "KH"),
    ("JD", "AC 3D KH 9S", "AC 3D 9S"),
    ("5H", "AC 5D", "AC 5D"),
)
KIDS_EXAMPLES = (("7C", "7D 4C 7S", "7D 7S"), ("JD", "JS 3C", "JS"))


def _examples(rules: Rules) -> list[tuple[Move, list[Card]]]:
    chosen = KIDS_EXAMPLES if rules.kids else EXAMPLES
    out = []
    for card_text, table_text, taken_text in chosen:
        table = parse_cards(table_text)
        card = parse_cards(card_text)[0]
        taken = frozenset(parse_cards(taken_text))
        if taken in capture_options(card, table, rules):  # shown only when these rules allow it
            out.append((Move(card, taken), table))
    return out


def option_changes(rules: Rules, base: Rules) -> list[str]:
    """The options of ``rules`` that differ from ``base``, as message keys (``opt_…`` when on,
    ``opt_off_…`` when off; only options on by default can be turned off)."""
    return [f"opt_{name}" if getattr(rules, name) else f"opt_off_{name}"
            for name in OPTION_NAMES if getattr(rules, name) != getattr(base, name)]


def rules_note(rules: Rules, goal: str, cat: Catalog) -> str | None:
    """The rules in a few words when they are not the standard ones: the nearest preset, the
    options changed from it, and the goal ("Rules: Classic Persian · to 62")."""
    default = Rules()
    # A preset is a base when every option it turns on is on here too, or can be said to be off.
    bases = [(name, base) for name, base in PRESETS.items() if all(
        getattr(rules, option) or not getattr(base, option) or getattr(default, option) for option in OPTION_NAMES)]
    name, base = min(bases, key=lambda item: len(option_changes(rules, item[1])))
    changes = option_changes(rules, base)
    if name == "seeds" and not changes:
        return None
    text = " + ".join([cat.t(f"preset_{name}"), *(cat.t(key) for key in changes)])
    return cat.t("rules_note", rules=text, goal=goal)


def rules_body(cat: Catalog, rules: Rules) -> list[Node]:
    """The rules of the game being played (its options included), with illustrated captures."""
    t = cat.t
    sections: list[Node] = [h("h2", id="rules-title", text=t("rules_title"), tabindex="-1")]

    def section(title: str, *texts: str) -> None:
        sections.append(h("h3", text=t(title)))
        sections.extend(h("p", text=text) for text in texts)

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
    sections.append(h("h3", text=t("rules_options_h")))
    sections.append(h("ul", children=[h("li", text=text) for text in items]) if items
                    else h("p", text=t("rules_options_none")))
    sections.append(h("h3", text=t("rules_examples_h")))
    figures = []
    for move, table in _examples(rules):
        played, cards = capture_picture(move, table, cat)
        figures.append(h("figure", "rules-example", children=[
            h("div", "example-cards", children=[played, h("span", "arrow", text="→", aria_hidden="true"),
                                                h("div", "mini-cards", children=cards)]),
            h("figcaption", text=t("demo_takes", card=cat.card_symbol(move.card),
                                    cards=cat.cards_text(move.captured)) + " "
               + cat.reasons(explain_move(move, table, rules))),
        ]))
    sections.append(h("div", "rules-examples", children=figures))
    section("rules_keys_h", t("rules_keys"))
    return sections

