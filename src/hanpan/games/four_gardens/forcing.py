"""The draws of a Four Gardens decision under explicit chance, taken from a list of outcomes chosen so far.

``chance.run`` plays a decision (or the setup) with the outcomes chosen so far as the *picks*: each draw
(a card from the deck, a tower floor's resource, a whim tile) takes the next pick; a draw with one possible
outcome needs none; a draw with no pick left raises :class:`NeedDraw`, naming the possible outcomes (the
chance point the decision waits at) and the engine's own draw: the last candidate (the state keeps its
candidates in the order the default engine's generator shuffled them, so ``draw_chance`` drawing that one
plays the default engine's game).

>>> start((72,))
>>> pick(FLOOR, [0, 1, 2, 3]), pick(FLOOR, [3])
(2, 3)
>>> try:
...     pick(CARD, [9, 5])
... except NeedDraw as need:
...     need.outcomes, need.engine
((5, 9), 5)
"""

from __future__ import annotations

from typing import Final

#: the chance ids of a draw's outcomes: base + the card, the floor's resource or the whim tile
CARD: Final = 0
FLOOR: Final = 70
WHIM: Final = FLOOR + 4

_PICKS: list[int] = []
_USED: list[int] = [0]


class NeedDraw(Exception):
    """A draw with no outcome chosen yet: ``outcomes`` are the chance ids it may take, in order;
    ``engine`` the one the default engine draws."""

    def __init__(self, outcomes: tuple[int, ...], engine: int) -> None:
        super().__init__(outcomes)
        self.outcomes = outcomes
        self.engine = engine


def start(picks: tuple[int, ...]) -> None:
    """The draws to come take ``picks`` (chance ids), in order."""
    _PICKS[:] = picks
    _USED[0] = 0


def pick(base: int, candidates: list[int]) -> int:
    """The next draw among ``candidates`` (whose chance ids are ``base`` + each): the next pick; the engine's
    own draw is ``candidates[-1]``."""
    if len(candidates) == 1:
        return candidates[0]
    used = _USED[0]
    if used < len(_PICKS):
        _USED[0] = used + 1
        return _PICKS[used] - base
    raise NeedDraw(tuple(base + c for c in sorted(candidates)), base + candidates[-1])


def to_top(base: int, pile: list[int]) -> None:
    """The next draw among ``pile`` (not empty) becomes its top (its last item), the others staying in
    their order: a face-down pile whose top is turned up by chance.

    >>> start((4,)); pile = [7, 4, 2]; to_top(CARD, pile); pile
    [7, 2, 4]
    """
    c = pick(base, pile)
    i = pile.index(c)
    pile[i] = pile[-1]
    pile[-1] = c
