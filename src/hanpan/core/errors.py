"""The one error hierarchy of hanpan.

Every error the library raises on bad input is a :class:`HanpanError`, itself a
``ValueError``, and its message is one line that says what was wrong and what is
allowed.  Each may also carry a Korean message for the apps (``ko``).

>>> try:
...     raise IllegalActionError("'take2' is not legal now; legal: take1, add2")
... except HanpanError as e:
...     print(e)
'take2' is not legal now; legal: take1, add2
"""

from __future__ import annotations


class HanpanError(ValueError):
    """Base of every hanpan error; ``str(e)`` is one line in English, ``e.ko`` Korean if known."""

    def __init__(self, message: str, ko: str | None = None) -> None:
        super().__init__(message)
        self.ko = ko

    def localized(self, lang: str) -> str:
        """The message in ``lang`` ('en' or 'ko'), falling back to English."""
        if lang == "ko" and self.ko:
            return self.ko
        return str(self)


class UnknownGameError(HanpanError):
    """A game id that is not registered."""


class OptionError(HanpanError):
    """An unknown option, or a value the option does not allow."""


class NotationError(HanpanError):
    """Text that is not the notation of any action of the game."""


class IllegalActionError(HanpanError):
    """A well-formed action that is not legal in the current state (or the game is over)."""


class PositionError(HanpanError):
    """A malformed or impossible position (``to_json`` / ``hanpan score`` input)."""


class RecordError(HanpanError):
    """A malformed record, or one whose actions or result do not replay."""

    def __init__(self, message: str, ko: str | None = None, move_number: int | None = None) -> None:
        super().__init__(message, ko)
        self.move_number = move_number


class AgentError(HanpanError):
    """An unknown agent name or bad agent parameters."""


class DataError(HanpanError):
    """A component data file (cards, decks) that breaks its format."""
