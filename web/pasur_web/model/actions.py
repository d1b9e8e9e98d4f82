"""Everything that can happen to the page, as plain values: a click or a key, a timer, another tab's
save, the computer's move, a finished background task. ``update.update`` takes one at a time.

The actions of the table (``PickCard``, ``PlayCard``, ``PickCapture``, ...) name cards and moves in card
notation only, so that they can cross a network as they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from pasur.review import MoveReview

from .demo_actions import DemoControl, DemoStep
from .match import Match
from .online_actions import FreeSeat, Join, Link, Message, OpenTable, Rename, Say, StandIn
from .online_state import Kept
from .stats import Stats
from .storage import Loaded, WriteResult

__all__ = ["TABLE_PRESSES", "Action", "DemoControl", "DemoStep", "FreeSeat", "Join", "Link", "Message", "OpenTable",
           "Press", "Rename", "Say", "StandIn", "Step"]


class Press(Enum):
    """A button or a key that says all there is to say by itself; its value is the ``data-action``
    of its button (``browser/events.py``)."""

    CANCEL_CHOICE = "capture-cancel"
    NEXT_DEAL = "next-deal"
    REVEAL = "handoff-ready"  # "I am …: show my hand" in pass-and-play
    UNDO = "undo"  # take back the human's last move and the computer's after it
    HINT = "hint"
    STOP_GUIDE = "guide-stop"
    START_GUIDE = "guide-start"
    NEW_GAME = "new-game"  # the top bar's button: asks first when a match is in progress
    BACK_TO_GAME = "back-to-game"
    PLAY_AGAIN = "play-again"
    CLOSE_SETTINGS = "settings-close"
    CLOSE_RULES = "rules-close"
    ESCAPE = "escape"
    INSTALL = "install"
    CLOSE_REVIEW = "review-close"
    REVIEW_ALL = "review-all"  # the review's list of every move
    REVIEW_KEY = "review-key"  # back to the review's key moments
    SHARE = "daily-share"
    START_TABLE = "table-start"  # the host starts the game between friends
    COPY_LINK = "table-copy"  # the table's link to the clipboard
    SHARE_LINK = "table-share"  # the table's link to the device's share sheet (else to the clipboard)
    LEAVE_TABLE = "table-leave"  # before the game: the host closes the table, a friend leaves it
    COVERED_SEEN = "covered-seen"  # a friend's page: what the computer played for it meanwhile, read
    PLAY_HERE = "play-here"  # a friend's page whose seat went to another of its browser's pages takes it back
    ADOPT = "adopt"  # continue here the game another tab saved (the notice's button): read it, then ``Adopt``


TABLE_PRESSES = frozenset({Press.CANCEL_CHOICE, Press.NEXT_DEAL, Press.REVEAL, Press.UNDO, Press.HINT,
                           Press.STOP_GUIDE})


# ---------------------------------------------------------------------- the table
@dataclass(frozen=True)
class PickCard:
    card: str  # a card of the hand clicked ("7C")


@dataclass(frozen=True)
class PlayCard:
    card: str  # a card of the hand to play now: dropped on the table, or its Play button pressed


@dataclass(frozen=True)
class PickCapture:
    captured: str  # one of the offered captures, in move notation ("4C,4D")


@dataclass(frozen=True)
class ShowHint:
    move: str
    match: str  # the match and the position it was searched for (its number of moves)
    moves: int


@dataclass(frozen=True)
class Tipped:
    """The guided deal's tip for a position (the match, its number of moves): the move, and the best
    move when the tip is a simpler capture that the judgement grades good (``pasur.judgement.tip_of``)."""

    match: str
    moves: int
    move: str
    best: str | None = None


class Step(Enum):
    """Where the computer's turn is (``Computer``)."""

    THINKING = "thinking"  # choosing its move
    PREVIEW = "preview"  # the move shown a moment before it is played
    PLAY = "play"
    DONE = "done"  # the computer's turns are over (or stopped)


@dataclass(frozen=True)
class Computer:
    """The computer's turn as it goes, for the match ``match`` at ``moves`` moves."""

    step: Step
    match: str
    moves: int
    move: str = ""


# ---------------------------------------------------------------------- games
@dataclass(frozen=True)
class Started:
    """The page is ready: what was stored, and what was pressed while Python loaded."""

    loaded: Loaded
    pending: str = ""  # "start", "guide-start" or "daily-start" pressed before Python was ready
    form: Mapping[str, str | bool] | None = None  # the new-game panel's values then
    today: str = ""
    friends: tuple[Kept, ...] = ()  # the tables this browser sits at (its seat at each)


@dataclass(frozen=True)
class StartGame:
    form: Mapping[str, str | bool]  # the new-game panel's fields by id (``setup_form.read_setup``)


@dataclass(frozen=True)
class TypeTarget:
    text: str  # the new-game panel's "Play to", as it stands
    left: bool  # the field was left (a change), or is being typed in (an input)


@dataclass(frozen=True)
class StartDaily:
    today: str  # the date (UTC) as the page reads it
    day: str | None = None  # the deal of this date; None: today's


@dataclass(frozen=True)
class Leave:
    confirmed: bool  # "Leave this game?" answered


@dataclass(frozen=True)
class AnswerLink:
    resume: bool  # the saved game (True) or the link's new game
    today: str = ""  # the date (UTC) as the page reads it (the link may be a daily deal's)


# ---------------------------------------------------------------------- panels
@dataclass(frozen=True)
class OpenSettings:
    focus: str = "#settings-speed"
    offline_ready: bool = False
    installable: bool = False


@dataclass(frozen=True)
class ChangeSetting:
    name: str  # the field's id ("settings-speed", "settings-lang", ...)
    value: str
    checked: bool


@dataclass(frozen=True)
class ResetStats:
    confirmed: bool | None  # None asks, True erases, False keeps


@dataclass(frozen=True)
class OpenRules:
    preset: str = ""  # the preset chosen in the new-game panel, when it is open


@dataclass(frozen=True)
class Dismiss:
    notice: int  # its place in the list of notices (-1: the notice of a failed save)


@dataclass(frozen=True)
class Adopt:
    match: Match | None  # continue here the game another tab saved (as read now)


# ---------------------------------------------------------------------- the review and the daily deal
@dataclass(frozen=True)
class OpenReview:
    seat: int | None = None


@dataclass(frozen=True)
class ReviewMove:
    index: int | None  # a reviewed move shown in the replay of the deal; None: one level back


@dataclass(frozen=True)
class ReviewStep:
    to: str  # the replay of the deal: "first", "prev", "next" or "last" move (the first opens it)


@dataclass(frozen=True)
class TryAgain:
    index: int  # play this reviewed position again


@dataclass(frozen=True)
class TryMove:
    card: str  # a card of the position's hand ("7C"),
    captured: str | None = None  # and, when it had a choice, the capture chosen ("4C,4D")


@dataclass(frozen=True)
class Reviewed:
    """The review under way has more entries (``done``: all of them)."""

    match: str
    key: str
    entries: tuple[MoveReview, ...]
    done: bool


@dataclass(frozen=True)
class Shared:
    copied: bool
    text: str
    copied_key: str = "daily_copied"  # the message the page says when it was copied


@dataclass(frozen=True)
class DuplicatePlayed:
    day: str
    points: int


# ---------------------------------------------------------------------- storage and other tabs
@dataclass(frozen=True)
class Saved:
    """A value was stored (``result`` None) or not (why); for the match, ``stats`` are the statistics
    with it counted, when its save counted it."""

    key: str
    result: WriteResult | None
    stats: Stats | None = None


@dataclass(frozen=True)
class MatchWritten:
    """A match that counts in the statistics was saved (``effects.SaveMatch.counts``); ``stats`` are
    those stored now (what could be read of them)."""

    match: Match
    stats: Stats


@dataclass(frozen=True)
class Behind:
    """Another tab saved a game since this tab last read or wrote (``newer``, when it can be read)."""

    newer: Match | None


@dataclass(frozen=True)
class Stored:
    """What storage holds under ``key`` now (settings, statistics, daily results): another tab wrote
    it, or this tab reads it again before deciding from it."""

    key: str
    text: str | None


@dataclass(frozen=True)
class Fresh:
    """``action``, with what storage holds now, read just before it as ``update.reads_first`` asks: a
    game another tab saved since this tab's (``newer``), another tab's game in progress that a new
    game here would replace (``elsewhere``), the stored value ``action`` decides from (``stored``)."""

    action: Action
    newer: Match | None = None
    elsewhere: Match | None = None
    stored: Stored | None = None


Action = (Press | PickCard | PlayCard | PickCapture | ShowHint | Tipped | Computer | Started | StartGame | TypeTarget
          | StartDaily
          | Leave | AnswerLink | OpenSettings | ChangeSetting | ResetStats | OpenRules | Dismiss | Adopt | OpenReview
          | ReviewMove | ReviewStep | TryAgain | TryMove | Reviewed | Shared | DuplicatePlayed | Saved | MatchWritten
          | Behind | Stored | Fresh | DemoStep | OpenTable | Join | Message | Link | StandIn | FreeSeat | Say | Rename)
