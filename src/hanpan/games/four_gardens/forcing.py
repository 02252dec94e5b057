"""The draws of a Four Gardens decision under explicit chance, taken from a list of outcomes chosen so far.

``chance.run`` plays a decision (or the setup) with the outcomes chosen so far as the *picks*: each draw
(a card from the deck, a tower floor's resource, a whim tile) takes the next pick; a draw with one possible
outcome needs none; a draw with no pick left raises :class:`NeedDraw`, naming the possible outcomes (the
chance point the decision waits at).

>>> start((72,))
>>> pick(70, [0, 1, 2, 3]), pick(70, [3])
(2, 3)
>>> pick(0, [5, 9])
Traceback (most recent call last):
...
hanpan.games.four_gardens.forcing.NeedDraw: (5, 9)
"""

from __future__ import annotations

_PICKS: list[int] = []
_USED: list[int] = [0]


class NeedDraw(Exception):
    """A draw with no outcome chosen yet: ``outcomes`` are the chance ids it may take, in order."""

    def __init__(self, outcomes: tuple[int, ...]) -> None:
        super().__init__(outcomes)
        self.outcomes = outcomes


def start(picks: tuple[int, ...]) -> None:
    """The draws to come take ``picks`` (chance ids), in order."""
    _PICKS[:] = picks
    _USED[0] = 0


def pick(base: int, candidates: list[int]) -> int:
    """The next draw among ``candidates`` (whose chance ids are ``base`` + each): the next pick."""
    if len(candidates) == 1:
        return candidates[0]
    used = _USED[0]
    if used < len(_PICKS):
        _USED[0] = used + 1
        return _PICKS[used] - base
    raise NeedDraw(tuple(base + c for c in sorted(candidates)))
