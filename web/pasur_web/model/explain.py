"""Why a move did what it did, in words: the reasons the rule demos and the move log can show.

Pure Python. Each explanation is a list of (message key, values) pairs; the page translates
them with its catalog, so the reasons read the same in every language.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pasur.cards import ACE, Card
from pasur.moves import Move, is_sur
from pasur.rules import Rules

__all__ = ["Reason", "explain_move", "split_combinations"]

Reason = tuple[str, dict[str, str]]


def _symbols(cards: Iterable[Card]) -> str:
    return " ".join(card.symbol for card in sorted(cards))


def split_combinations(cards: Sequence[Card], total: int) -> list[list[Card]] | None:
    """``cards`` split into disjoint groups each summing to ``total`` (values A=1 .. 10=10), or None."""
    if not cards:
        return []
    first, rest = cards[0], list(cards[1:])

    def groups_with(chosen: list[Card], remaining: list[Card], start: int, needed: int) -> list[list[Card]] | None:
        if needed == 0:
            others = split_combinations(remaining, total)
            return None if others is None else [chosen, *others]
        for index in range(start, len(remaining)):
            card = remaining[index]
            if card.value <= needed:
                found = groups_with([*chosen, card], remaining[:index] + remaining[index + 1:], index,
                                    needed - card.value)
                if found is not None:
                    return found
        return None

    if first.value > total:
        return None
    return groups_with([first], rest, 0, total - first.value)


def _sum_text(card: Card | None, group: Sequence[Card]) -> str:
    """``7♣ + 2♥ + 2♠ = 11`` (an Ace shows its value: ``A♦ (1)``)."""
    parts = ([] if card is None else [card]) + sorted(group, key=lambda c: (-c.value, c.index))
    return " + ".join(part.symbol + (" (1)" if part.rank == ACE else "") for part in parts) + " = 11"


def explain_move(move: Move, table: Sequence[Card], rules: Rules, last_round: bool = False) -> list[Reason]:
    """The reasons for ``move`` played on ``table`` (the table before the move)."""
    card = move.card
    captured = sorted(move.captured)
    names = {"card": card.symbol, "cards": _symbols(captured)}
    if not captured:
        if rules.kids:
            return [("why_laid_kids", names)]
        if card.rank in (12, 13):
            return [(f"why_laid_{'king' if card.rank == 13 else 'queen'}", names)]
        if card.rank == 11 and rules.jack_wild:
            return [("why_laid_jack", names)]
        return [("why_laid_sum", names)]
    reasons: list[Reason] = []
    if rules.kids:
        reasons.append(("why_kids", names))
    elif card.rank in (12, 13):
        reasons.append((f"why_{'king' if card.rank == 13 else 'queen'}", names))
    elif card.rank == 11 and rules.jack_wild:
        reasons.append(("why_jack", names))
    else:
        jacks = [c for c in captured if c.rank == 11]
        numbers = [c for c in captured if c.rank <= 10]
        if jacks:
            reasons.append(("why_jack_jacks", {"card": card.symbol, "cards": _symbols(jacks)}))
        partner = None if card.rank == 11 else card
        groups = split_combinations(numbers, 11 - (0 if partner is None else card.value)) or []
        for group in groups:
            reasons.append(("why_sum", {"card": card.symbol, "cards": _symbols(group),
                                        "sum": _sum_text(partner, group)}))
    if len(captured) == len(table) and is_sur(rules, card, True, last_round):
        reasons.append(("why_sur", names))
    elif len(captured) == len(table):
        reasons.append(("why_clear_no_sur", names))
    return reasons
