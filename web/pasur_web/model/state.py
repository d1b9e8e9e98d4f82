"""The page's whole state, as values: ``update.update`` makes a new one for each action, and the
screen is drawn from it alone (``screens/page.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from pasur import Card, Move, Rules
from pasur.review import MoveReview

from ..i18n import Catalog, Words, load_catalog
from .daily import DailyBook
from .explain import Reason
from .match import Match
from .online_state import Online
from .params import Params
from .stats import Stats

__all__ = ["CaptureDemo", "DealDemo", "DemoError", "Notice", "NoticeKind", "Online", "Review", "SettingsPanel", "State",
           "Turn", "View", "Words"]


class View(Enum):
    """What the page shows; its value is the page's ``data-view``."""

    LOADING = "loading"  # Python is not ready yet
    SETUP = "setup"  # the new-game panel (over the match on the board, if any)
    GAME = "game"
    DEMO = "demo"  # a rule's demo (``?demo=``)
    LOBBY = "lobby"  # a table between friends before its host starts it
    JOIN = "join"  # a friend's page before it asks to sit down


class NoticeKind(Enum):
    """What a notice is, which says when it goes (and how it looks: ``screens/notices.py``)."""

    RESUMED = "resumed"  # a saved game taken up: goes with the next move
    EDITED = "edited"  # the save was changed outside the game
    TAB = "tab"  # another tab's game: goes once a game here replaced it
    SAVE_ERROR = "save-error"  # a write failed: goes once one works
    PARAM = "param"  # a game parameter of the address that was not taken
    START = "start"  # what was set aside as the page started
    DAILY = "daily"  # the daily deal's rules, while it is played
    SHARE = "share"  # the share text could not be copied
    JOIN = "join"  # a friend's link the page cannot follow


class SettingsPanel(Enum):
    """The settings panel is open (``State.settings_panel``), or open and asking "Erase every statistic?"."""

    OPEN = "open"
    ASKING_RESET = "asking-reset"


@dataclass(frozen=True)
class Notice:
    """A notice under the top bar: its words, and what it is (``kind``), which says when it goes."""

    words: Words
    kind: NoticeKind
    action: tuple[str, str] | None = None  # (data-action, message key) of its button
    ident: str | None = None


@dataclass(frozen=True)
class Turn:
    """The play at the table as it stands between moves: the card selected or whose captures are
    being chosen, the computer's move thought of or previewed, the hint, the guided deal's tip, the
    reasons kept, and whether this tab may move at all (``behind``). (The cards on the table are the
    match's: ``Match.board``.)"""

    choosing: str | None = None  # the card whose captures the player is choosing between
    selected: str | None = None  # the card tapped once: what it would take is shown, a second tap plays it
    preview: Move | None = None  # the computer's move, shown a moment before it is played
    hint: str | None = None  # the hinted move, in move notation
    hinting: bool = False  # the hint is being searched
    thinking: bool = False  # a computer player is choosing its move
    guide: bool = False  # the guided first deal: a tip before each move, the reason after
    # the guide's suggestion at so many moves: the move, why, and the best move when the tip is a simpler capture
    tip: tuple[int, Move, tuple[Reason, ...], Move | None] | None = None
    tipping: tuple[str, int] | None = None  # the guide's suggestion is worked out for (match, moves)
    explain: bool = False  # keep the reasons of every move (the deal demo)
    behind: bool = False  # another tab played on from this game: this tab must not move
    reasons: Mapping[int, tuple[Reason, ...]] = field(default_factory=dict)  # move number -> why


@dataclass(frozen=True)
class Review:
    """The review panel is open on ``seat``'s moves: its key moments, or every move (``full``); the
    replay of the deal at one move (``step``, over every seat's moves); one of the seat's positions
    (``position``) played again (``trying``: the card whose captures are offered, ``choosing``; the
    move tried, ``tried``, in move notation)."""

    seat: int
    position: int | None = None
    full: bool = False
    trying: bool = False
    choosing: str | None = None
    tried: str | None = None
    step: int | None = None


@dataclass(frozen=True)
class CaptureDemo:
    card: Card
    table: tuple[Card, ...]
    rules: Rules
    moves: tuple[Move, ...]
    current: int = 0


@dataclass(frozen=True)
class DealDemo:
    paused: bool = False
    steps: int = 0  # moves allowed while paused ("Next step")


@dataclass(frozen=True)
class DemoError:
    key: str
    values: Mapping[str, str]


@dataclass(frozen=True)
class State:
    params: Params
    settings: Mapping[str, Any]  # as stored (speed, lang, persian_digits, four_colour, hints, undo)
    lang: str
    speed: str
    view: View = View.LOADING
    match: Match | None = None  # the match on the board (kept while the new-game panel is over it)
    turn: Turn = Turn()  # the play at the table between moves: what is selected, previewed, hinted
    asking: Match | None = None  # the saved game a link with game parameters would replace
    leaving: bool = False  # "Leave this game?" is asked
    settings_panel: SettingsPanel | None = None  # the settings panel, when it is open
    offline_ready: bool = False
    installable: bool = False
    rules: Rules | None = None  # the rules panel is open on these rules
    review: Review | None = None
    running: Mapping[str, tuple[MoveReview, ...]] = field(default_factory=dict)  # "id/key" -> reviewed so far
    notices: tuple[Notice, ...] = ()
    storage: str | None = None  # why nothing can be stored, found on start ("quota", "disabled", ...)
    failing: Mapping[str, str] = field(default_factory=dict)  # key -> why its last write failed
    stats: Stats = field(default_factory=Stats)
    daily: DailyBook = field(default_factory=DailyBook)
    shared: str = ""  # what the daily deal's share button did
    shared_text: str = ""  # the daily deal's text copied, shown under its Share button
    demo: CaptureDemo | DealDemo | DemoError | None = None
    online: Online | None = None  # the table between friends this page is at
    address: str = ""  # the page's own address, without its query (a table's link starts with it)

    @property
    def cat(self) -> Catalog:
        """The page's words now (the language and, in Persian, its digits: Latin ones only when the
        setting is stored as false, as web/boot.js reads it for the panel it draws before Python)."""
        return load_catalog(self.lang, self.settings.get("persian_digits") is not False)

    @property
    def covered(self) -> bool:
        """A dialog is over the table (leaving the game, the settings, the rules, a review)."""
        return self.leaving or self.settings_panel is not None or self.rules is not None or self.review is not None

    @property
    def playing(self) -> bool:
        """A match is on the board, in front."""
        return self.view == View.GAME and self.match is not None
