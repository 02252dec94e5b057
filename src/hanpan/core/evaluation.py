"""Which of its evaluations a game's ``State.evaluate`` uses: the agent deciding chooses.

Every game has its ``"standard"`` evaluation; a game may offer more, named in ``Game.evaluations``
(Harmonies: ``"learned"``, which adds the learned corrections not part of the standard one).  A
level names its evaluation in its settings (``"evaluation": "learned"``) and decides under
:func:`using`; searches that deal work out to other processes send the current name along.  It is a
context variable, so two games played in two threads never mix their evaluations.

>>> current()
'standard'
>>> with using("learned"):
...     current()
'learned'
>>> current()
'standard'
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Final

STANDARD: Final = "standard"
_CURRENT: ContextVar[str] = ContextVar("hanpan_evaluation", default=STANDARD)


def current() -> str:
    """The name of the evaluation in use here (``"standard"`` unless a :func:`using` block says)."""
    return _CURRENT.get()


@contextmanager
def using(name: str) -> Iterator[None]:
    """Evaluate with the game's evaluation ``name`` inside the block."""
    token = _CURRENT.set(name)
    try:
        yield
    finally:
        _CURRENT.reset(token)
