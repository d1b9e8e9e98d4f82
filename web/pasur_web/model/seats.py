"""The players at the table: a name and a kind (a human, or a computer player by name)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pasur.players import make_player

from ..i18n import LANGUAGES, load_catalog

__all__ = ["DEFAULT_NAMES", "FRIEND", "HUMAN", "MAX_NAME", "STAND_IN", "YOU_WORDS", "Seat", "clean_name",
           "default_seats", "known_kind"]

MAX_NAME = 24
HUMAN = "human"
FRIEND = "friend"  # a friend playing on another device, in a game between friends (the host's view)
YOU_WORDS = frozenset(load_catalog(lang).t("you") for lang in LANGUAGES)  # the human seat's default name
# The computer seats' default names in every language, by message key: shown in the page's language.
DEFAULT_NAMES = {load_catalog(lang).t(f"default_name_{number}"): f"default_name_{number}"
                 for lang in LANGUAGES for number in (1, 2, 3)}


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str  # "human" or a computer player's name ("easy", "hard:80", ...)

    @property
    def human(self) -> bool:
        """A player at this device."""
        return self.kind == HUMAN

    @property
    def friend(self) -> bool:
        """A player on another device: their moves come over the network."""
        return self.kind == FRIEND

    @property
    def computer(self) -> bool:
        return not self.human and not self.friend


STAND_IN = "medium"  # the computer level that plays a friend's seat while nobody is there, when the host says so


def clean_name(text: object, default: str) -> str:
    """A player's name as plain text: control characters removed, trimmed, at most 24 characters."""
    if not isinstance(text, str):
        return default
    cleaned = "".join(ch for ch in text if ch.isprintable()).strip()
    return cleaned[:MAX_NAME] or default


def known_kind(kind: object) -> bool:
    """A seat's kind: human, or a computer player ``make_player`` knows (``hard:80`` included)."""
    if not isinstance(kind, str):
        return False
    if kind in (HUMAN, FRIEND):
        return True
    try:
        make_player(kind)
    except ValueError:
        return False
    return True


def default_seats(players: int, ai: str, t: Callable[..., str]) -> tuple[Seat, ...]:
    """The seats a game starts with: "You", then computer players with the default names."""
    return (Seat(t("you"), HUMAN), *(Seat(t(f"default_name_{i}"), ai) for i in range(1, players)))
