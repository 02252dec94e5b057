"""What a learner sees: what ``view(player)`` shows, as a flat vector of numbers, in a documented layout.

Every adapter (OpenSpiel, PettingZoo, Gymnasium) builds its observations here.  A game gives its own
encoding in ``hanpan.games.<id>.encoding`` (found by the registry's convention, like its ``render`` and
``webdata``)::

    def layout(players: int, options: Mapping[str, Any]) -> list[tuple]:
        '''The segments, in order: (name, length, what each entry holds), and a fourth item, the most an
        entry may be, when that is more than 1 (every entry lies in [0, 1] unless its segment says).'''
    def encoder(players: int, options: Mapping[str, Any]) -> Callable[[State, int], Encoded]:
        '''encoder(players, options)(state, seat): the numbers that are not 0, as (ones, offsets, values):
        a bytearray with 1 where the number is 1.0, and the other numbers at their offsets.'''

The encoder reads the state itself (building the view and reading it back took most of an adapter's
time) but only what ``state.view(seat)`` shows: ``tests/adapters/test_encoding.py`` checks it gives the
very numbers of the view's encoding as it was (``tests/adapters/reference``) and nothing another seat's
secrets change.

A game without one still works with every adapter: its views are *hashed* (each leaf of the view's JSON,
its path and value, adds 1 to one of :data:`HASHED_SIZE` bins; numbers add their value to their path's
bin), a lossy but stable encoding that a fourth game gets with no new code.

This module needs no numpy: the adapters turn the numbers into arrays.

>>> import hanpan
>>> state = hanpan.game("spirits_of_the_wild").new(players=2, seed=1)
>>> encoding = encoding_for(state.game, 2, state.options)
>>> len(encoding.encode(state, 0)) == encoding.size == sum(s.size for s in encoding.layout)
True
>>> ones, offsets, values = encoding.sparse(state, 0)
>>> vector = encoding.encode(state, 0)
>>> all(vector[at] == value for at, value in zip(offsets, values)), sum(ones) <= vector.count(1.0)
(True, True)
>>> hashed = Encoding.hashed(state.game.id)
>>> hashed.size, hashed.layout[0].name, len(hashed.encode(state, 0))
(512, 'hashed', 512)
"""

from __future__ import annotations

import importlib
import math
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import hanpan
from hanpan.core.encoding import OPEN, Encoded, dense

if TYPE_CHECKING:
    from hanpan.core.contract import Game, State

#: the bins of the hashed encoding of a game that has none of its own
HASHED_SIZE = 512


@dataclass(frozen=True)
class Segment:
    """One stretch of an observation vector: ``size`` numbers named ``name``, holding ``about``, each
    from ``low`` to ``high`` (:data:`~hanpan.core.encoding.OPEN`: no bound)."""

    name: str
    size: int
    about: str
    high: float = 1.0
    low: float = 0.0

    def bounds_text(self) -> str:
        """The bounds when they are not [0, 1].

        >>> Segment("x", 1, "", 2.5).bounds_text(), Segment("t", 1, "", OPEN).bounds_text()
        (' [0, 2.5 at most]', ' [0, no bound]')
        """
        if (self.low, self.high) == (0.0, 1.0):
            return ""
        low = "no bound" if self.low == -OPEN else f"{self.low:g}"
        high = "no bound" if self.high == OPEN else f"{self.high:.3g} at most"
        return f" [{low}, {high}]"


@dataclass(frozen=True)
class Encoding:
    """How one game (with a player count and options) turns what a seat sees into numbers."""

    game_id: str
    players: int
    options: Mapping[str, Any]
    layout: tuple[Segment, ...]
    _encode: Callable[[State, int], Encoded] = field(repr=False)

    @property
    def size(self) -> int:
        return sum(segment.size for segment in self.layout)

    def sparse(self, state: State, seat: int) -> Encoded:
        """What ``seat`` knows of ``state`` (only what ``state.view(seat)`` shows): the numbers that are
        not 0, as (ones, offsets, values) (:data:`hanpan.core.encoding.Encoded`)."""
        return self._encode(state, seat)

    def encode(self, state: State, seat: int) -> list[float]:
        """What ``seat`` knows of ``state`` as ``size`` numbers."""
        return dense(self._encode(state, seat))

    def bounds(self) -> tuple[list[float], list[float]]:
        """The least and the most each number can be."""
        low = [segment.low for segment in self.layout for _ in range(segment.size)]
        high = [segment.high for segment in self.layout for _ in range(segment.size)]
        return low, high

    def describe(self) -> str:
        """The layout as text lines: offset, length, name, what it holds (and its bounds if not [0, 1]).

        >>> print(Encoding.hashed("x").describe())
        [0:512] hashed (512): each leaf of the view's JSON (path and value) counted in one of 512 bins...
        """
        lines, offset = [], 0
        for segment in self.layout:
            lines.append(f"[{offset}:{offset + segment.size}] {segment.name} ({segment.size}): {segment.about}"
                         f"{segment.bounds_text()}")
            offset += segment.size
        return "\n".join(lines)

    def __reduce__(self) -> tuple[Callable[..., Encoding], tuple[Any, ...]]:
        # made again from its arguments: a game's encoder is a method of a plan that pickle cannot name
        if self.layout[0].name == "hashed":
            return (Encoding.hashed, (self.game_id,))
        return (_remade, (self.game_id, self.players, dict(self.options)))

    @classmethod
    def hashed(cls, game_id: str) -> Encoding:
        """The encoding of a game without its own: the view's leaves hashed into bins."""
        about = (f"each leaf of the view's JSON (path and value) counted in one of {HASHED_SIZE} bins; "
                 "a number adds its value to its path's bin")
        return cls(game_id, 0, {}, (Segment("hashed", HASHED_SIZE, about, OPEN, -OPEN),), _hashed)


def encoding_for(game: Game, players: int, options: Mapping[str, Any]) -> Encoding:
    """The game's own encoding (``hanpan.games.<id>.encoding``) if it has one, else the hashed one."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.encoding")
    except ModuleNotFoundError as e:
        if e.name != f"{package}.encoding":  # the module exists but something it imports is missing
            raise
        return Encoding.hashed(game.id)
    options = dict(options)
    layout = tuple(Segment(*spec) for spec in module.layout(players, options))
    return Encoding(game.id, players, options, layout, module.encoder(players, options))


def _remade(game_id: str, players: int, options: dict[str, Any]) -> Encoding:
    return encoding_for(hanpan.game(game_id), players, options)


def _hashed(state: State, seat: int) -> Encoded:
    bins = hash_view(state.view(seat))
    at = [i for i, value in enumerate(bins) if value]
    return bytearray(HASHED_SIZE), at, [bins[i] for i in at]


def hash_view(view: Mapping[str, Any]) -> list[float]:
    """The hashed encoding: every leaf of ``view`` adds to one of :data:`HASHED_SIZE` bins (crc32, stable
    across runs and machines, unlike ``hash``).

    >>> a = hash_view({"hand": ["x"], "score": 3})
    >>> len(a), sum(a)
    (512, 4.0)
    """
    bins = [0.0] * HASHED_SIZE
    stack: list[tuple[str, Any]] = [("", view)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, Mapping):
            stack.extend((f"{path}/{key}", item) for key, item in value.items())
        elif isinstance(value, list | tuple):
            stack.extend((f"{path}/{i}", item) for i, item in enumerate(value))
        elif isinstance(value, bool) or value is None or isinstance(value, str):
            bins[zlib.crc32(f"{path}={value}".encode()) % HASHED_SIZE] += 1.0
        elif isinstance(value, int | float) and math.isfinite(value):
            bins[zlib.crc32(path.encode()) % HASHED_SIZE] += float(value)
    return bins
