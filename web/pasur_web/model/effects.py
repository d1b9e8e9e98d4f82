"""What the page must do besides drawing, as plain values that ``update.update`` returns; the
browser's runtime (``browser/runtime.py``) does them, and what comes of them returns as actions."""

from __future__ import annotations

from dataclasses import dataclass

from .match import Match
from .online_state import Kept
from .stats import Stats, counting

__all__ = ["Effect"]


@dataclass(frozen=True)
class SaveMatch:
    """Save the match: ``Saved`` follows (or ``Behind``, when another tab saved since); when it
    ``counts``, ``MatchWritten`` follows instead, with the statistics stored then."""

    match: Match

    @property
    def counts(self) -> bool:
        """The match is over and not counted yet: its save is followed by counting it (``CountMatch``)."""
        return counting(Stats(), self.match) is not None


@dataclass(frozen=True)
class CountMatch:
    """Save the match as counted, then ``stats`` (which count it); when ``stats`` cannot be written,
    the match again as not counted, so that its next save counts it. ``Saved`` follows: a failed
    count counts the match once too few, never twice."""

    match: Match
    stats: Stats


@dataclass(frozen=True)
class Store:
    """Store ``text`` under ``key`` (None: remove the key): ``Saved`` follows for a failed write."""

    key: str
    text: str | None


@dataclass(frozen=True)
class ReadSaved:
    pass  # read the game saved now (another tab's, perhaps): ``Adopt`` follows with it


@dataclass(frozen=True)
class ForgetMatch:
    pass  # the finished match's save goes: a reload shows the new-game panel


@dataclass(frozen=True)
class Sound:
    names: tuple[str, ...]  # played one after the other (``web/sound.js``; silent when muted)


@dataclass(frozen=True)
class RunComputer:
    pass  # play the computer's turns of the match on screen, unless that is under way


@dataclass(frozen=True)
class StopComputer:
    pass  # stop the computer's turn under way (and the hint's search)


@dataclass(frozen=True)
class SearchHint:
    match: Match


@dataclass(frozen=True)
class JudgeTip:
    match: Match  # the guided deal's tip for the player's turn: ``Tipped`` follows


@dataclass(frozen=True)
class ComputeReview:
    match: Match
    deal: int
    seat: int


@dataclass(frozen=True)
class PlayDuplicate:
    day: str  # the computer plays the day's deal with the player's cards, in the background


@dataclass(frozen=True)
class Focus:
    selector: str  # after the next drawing; "hand": the first playable card, unless something else has it


@dataclass(frozen=True)
class MarkTarget:
    """The new-game panel's "Play to" (web/setup.js draws the panel): said to be wrong or not (None:
    as it is), and written anew (``shown``: the number in the page's digits)."""
    wrong: bool | None
    shown: str | None = None


@dataclass(frozen=True)
class Address:
    """Replace the address's query by these parameters (the game parameters dropped, so that a
    reload resumes the game)."""

    keep: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Copy:
    text: str  # to the clipboard: ``Shared`` follows
    copied_key: str = "daily_copied"  # the message the page says once it is copied
    share: bool = False  # offered to the device's share sheet first, where there is one (Web Share)


@dataclass(frozen=True)
class PromptInstall:
    pass


@dataclass(frozen=True)
class Listen:
    """The host's page opens its table between friends: it listens under the table's ids (``first``,
    then ``first``-1 to -3: ``handshake.table_id``); ``code`` picks the signalling server."""

    code: str
    first: str


@dataclass(frozen=True)
class Connect:
    """A friend's page looks for the table under its ids (and again, whenever its host is lost)."""

    code: str
    first: str


@dataclass(frozen=True)
class KeepSeat:
    """This browser's seat at the table ``code`` of the host ``key``, kept beside its seats at other
    tables (``storage.FRIEND_KEY``: ``visiting.kept_tables``); None: forgotten (the table ended)."""

    code: str
    key: str
    kept: Kept | None


@dataclass(frozen=True)
class Send:
    peer: str  # at the host, a friend's connection; at a friend's page, the table's id it reached
    text: str


@dataclass(frozen=True)
class Drop:
    peer: str  # close this connection (once what was sent on it is on its way)


@dataclass(frozen=True)
class Admit:
    peer: str  # the host seated this friend's connection: it counts among the seated ones, and may be silent


@dataclass(frozen=True)
class CloseTable:
    pass  # leave the table between friends (the connections close, once what was sent is on its way)


Effect = (SaveMatch | CountMatch | ReadSaved | Store | ForgetMatch | Sound | RunComputer | StopComputer
          | SearchHint | JudgeTip | ComputeReview | PlayDuplicate | Focus | MarkTarget | Address | Copy | PromptInstall
          | Listen | Connect | Send | Drop | Admit | CloseTable | KeepSeat)
