"""The game in words: the players' names, the sides, each event of the match log, the last move."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from pasur import Card, Move
from pasur.events import DealStarted, Event, LeftoverTaken, MoveRecord

from ..i18n import Catalog
from ..model.match import Match, Phase
from ..model.seats import DEFAULT_NAMES, YOU_WORDS
from ..model.state import Words
from .memo import remembered

__all__ = ["LastMove", "Names", "cards_list", "is_you", "last_move", "listing", "log_events", "log_text",
           "move_words", "name_of", "sentence", "sentences", "side_label", "translate"]

_ENDS = ".!?…؟"  # what ends a sentence already ("Sur!", "¡Sur!", "Sur !")


def sentence(text: str) -> str:
    """``text`` as a sentence, with a full stop unless it ends one already ("Sur!" is not "Sur!.")."""
    return text if not text or text.rstrip()[-1:] in _ENDS else text + "."


def sentences(*parts: str) -> str:
    """The parts that say something, one after the other as sentences: a full stop between two unless
    the first ends one already; the last has none of its own (the status line's style)."""
    kept = [part for part in parts if part]
    return " ".join([*(sentence(part) for part in kept[:-1]), *kept[-1:]])


def translate(words: Words, cat: Catalog) -> str:
    """A message and its values in the catalog's language (a value may be a message of its own)."""
    key, values = words
    return cat.t(key, **{name: translate(value, cat) if isinstance(value, tuple) else
                         listing(value, cat) if isinstance(value, list) else value for name, value in values.items()})


def listing(items: Iterable[object], cat: Catalog) -> str:
    """Texts and messages (a default name, say) as one list in the catalog's language."""
    return cat.listing(translate(item, cat) if isinstance(item, tuple) else str(item) for item in items)


def is_you(match: Match, seat: int) -> bool:
    """Whether ``seat`` is the one human at the table under the default name ("You"), whom the
    page addresses as "you" in every language (in pass-and-play every player has a name)."""
    return match.human_seats() == [seat] and match.seats[seat].name in YOU_WORDS


_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")


def name_of(match: Match, seat: int, cat: Catalog) -> str:
    """A player's name in the page's language: "you", a default name in this language (a game
    started in Persian and shown in English says "Sara"), else the name given, kept apart from the
    words around it when it is written the other way (an Arabic-script name in English text)."""
    if is_you(match, seat):
        return cat.t("you")
    name = match.seats[seat].name
    key = DEFAULT_NAMES.get(name)
    if key is not None:
        return cat.t(key)
    return name if bool(_RTL.search(name)) == cat.rtl else "\u2068" + name + "\u2069"


def side_label(match: Match, side: int, cat: Catalog) -> str:
    names = [name_of(match, seat, cat) for seat in match.board.seats_of(side)]
    return cat.t("team_of", a=names[0], b=names[1]) if len(names) == 2 else names[0]


def log_events(match: Match) -> list[Event]:
    """The events the move log shows: each deal dealt, each move, the cards left at the end of a deal
    (the next deal is told once its score sheet is closed: the engine deals it at once)."""
    shown = match.board.events
    return [event for event in shown if isinstance(event, DealStarted | MoveRecord)
            or (isinstance(event, LeftoverTaken) and event.cards)]


@dataclass(frozen=True)
class Names:
    """What a match's log calls its players, in one language: each seat, "you" (the one human under
    the default name, addressed as "you"), and each side."""

    seats: tuple[str, ...]
    you: int | None
    sides: tuple[str, ...]

    @classmethod
    def of(cls, match: Match, cat: Catalog) -> Names:
        return _names_of(match, cat)


@remembered
def _names_of(match: Match, cat: Catalog) -> Names:
    seats = tuple(name_of(match, seat, cat) for seat in range(len(match.seats)))
    you = next((seat for seat in range(len(match.seats)) if is_you(match, seat)), None)
    return Names(seats, you, tuple(side_label(match, side, cat) for side in range(match.board.sides)))


def log_text(names: Names, event: Event, cat: Catalog, with_sur: bool = True) -> str:
    """One line of the move log in words."""
    t = cat.t
    if isinstance(event, MoveRecord):
        name = names.seats[event.seat]
        you = "_you" if names.you == event.seat else ""
        card = cat.card_symbol(event.card)
        if event.captured:
            text = t("log_took" + you, name=name, cards=cat.cards_text(event.captured), card=card)
            return text + (" " + t("log_sur") if event.sur and with_sur else "")
        return t("log_laid" + you, name=name, card=card)
    if isinstance(event, LeftoverTaken):
        cards = cat.cards_text(event.cards)
        if event.side is None:
            return t("log_leftover_none", cards=cards)
        if names.you is not None and names.sides[event.side] == names.seats[names.you]:  # the player's own side
            return t("log_leftover_you", cards=cards)
        return t("log_leftover", name=names.sides[event.side], cards=cards)
    assert isinstance(event, DealStarted)
    return t("log_deal", n=event.deal + 1, name=names.seats[event.dealer])


def cards_list(cards: Iterable[Card], cat: Catalog) -> str:
    """Cards in words: "4♣", "4♣ and 3♠", "2♠, 4♣ and 3♠"."""
    symbols = [cat.card_symbol(card) for card in cards]
    if len(symbols) < 2:
        return "".join(symbols)
    return cat.t("list_and", first=cat.listing(symbols[:-1]), last=symbols[-1])


def move_words(move: Move, cat: Catalog) -> str:
    """``7♣ takes 4♣ 4♦`` or ``7♣ laid``, in the page's language."""
    card = cat.card_symbol(move.card)
    if move.captured:
        return cat.t("review_took", card=card, cards=cat.cards_text(move.sorted_captured()))
    return cat.t("review_laid", card=card)


@dataclass(frozen=True)
class LastMove:
    """The move just made, shown until the next one: in words, in move notation, and the card it
    laid on the table (None for a capture, or once that card has been taken)."""

    text: str
    move: str  # "7D:4C,3S", "9H"
    laid: Card | None


@remembered
def last_move(match: Match, cat: Catalog) -> LastMove | None:
    """The last move of the deal on screen (none yet once the next deal is being played)."""
    game = match.board
    if not game.history:
        return None
    record = game.history[-1]
    if match.phase == Phase.PLAY and record.deal != game.deal_number:
        return None
    t = cat.t
    you = "_you" if is_you(match, record.seat) else ""
    name, card = name_of(match, record.seat, cat), cat.card_symbol(record.card)
    # The move that ended a deal is followed by where the cards left on the table went.
    left = next((event for event in reversed(game.events) if isinstance(event, LeftoverTaken)
                 and event.deal == record.deal), None) if record.deal < len(game.deal_results) else None
    then = log_text(Names.of(match, cat), left, cat) if left is not None and left.cards else ""
    if not record.captured:
        laid = record.card if record.card in match.board.table else None
        return LastMove(sentences(t("last_laid" + you, name=name, card=card), then), str(record.move), laid)
    text = t("last_took" + you, name=name, card=card, cards=cards_list(record.captured, cat))
    return LastMove(sentences(text, t("log_sur") if record.sur else "", then), str(record.move), None)
