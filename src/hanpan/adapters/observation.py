"""What a learner sees: ``view(player)`` as a flat vector of numbers, in a documented layout.

Every adapter (OpenSpiel, PettingZoo, Gymnasium) builds its observations here, from ``state.view(player)``
only, so nothing a player may not know reaches a learner.  A game gives its own encoding in
``hanpan.games.<id>.encoding`` (found by the registry's convention, like its ``render`` and ``webdata``)::

    def layout(players: int, options: Mapping[str, Any]) -> list[tuple[str, int, str]]:
        '''The segments, in order: (name, length, what each entry holds).'''
    def encode(view: Mapping[str, Any], players: int, options: Mapping[str, Any]) -> list[float]:
        '''The view as sum(lengths) numbers, segment after segment.'''

A game without one still works with every adapter: its views are *hashed* (each leaf of the view's JSON,
its path and value, adds 1 to one of :data:`HASHED_SIZE` bins; numbers add their value to their path's
bin), a lossy but stable encoding that a fourth game gets with no new code.

This module needs no numpy: the adapters turn the lists into arrays.

>>> import hanpan
>>> state = hanpan.game("spirits_of_the_wild").new(players=2, seed=1)
>>> encoding = encoding_for(state.game, 2, state.options)
>>> len(encoding.encode(state.view(0))) == encoding.size == sum(s.size for s in encoding.layout)
True
>>> hashed = Encoding.hashed(state.game.id)
>>> hashed.size, hashed.layout[0].name
(512, 'hashed')
"""

from __future__ import annotations

import importlib
import math
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hanpan.core.contract import Game

#: the bins of the hashed encoding of a game that has none of its own
HASHED_SIZE = 512


@dataclass(frozen=True)
class Segment:
    """One stretch of an observation vector: ``size`` numbers named ``name``, holding ``about``."""

    name: str
    size: int
    about: str


@dataclass(frozen=True)
class Encoding:
    """How one game (with a player count and options) turns a view into numbers."""

    game_id: str
    layout: tuple[Segment, ...]
    _encode: Callable[[Mapping[str, Any]], list[float]]

    @property
    def size(self) -> int:
        return sum(segment.size for segment in self.layout)

    def encode(self, view: Mapping[str, Any]) -> list[float]:
        """The view (``state.view(player)``) as ``size`` numbers."""
        values = self._encode(view)
        if len(values) != self.size:  # a game's encoder and layout out of step: say so, never pad silently
            raise ValueError(f"{self.game_id}: the encoding gave {len(values)} numbers, its layout {self.size}")
        return values

    def describe(self) -> str:
        """The layout as text lines: offset, length, name and what it holds.

        >>> print(Encoding.hashed("x").describe())
        [0:512] hashed (512): each leaf of the view's JSON (path and value) counted in one of 512 bins...
        """
        lines, offset = [], 0
        for segment in self.layout:
            lines.append(f"[{offset}:{offset + segment.size}] {segment.name} ({segment.size}): {segment.about}")
            offset += segment.size
        return "\n".join(lines)

    @classmethod
    def hashed(cls, game_id: str) -> Encoding:
        """The encoding of a game without its own: the view's leaves hashed into bins."""
        about = (f"each leaf of the view's JSON (path and value) counted in one of {HASHED_SIZE} bins; "
                 "a number adds its value to its path's bin")
        return cls(game_id, (Segment("hashed", HASHED_SIZE, about),), hash_view)


def encoding_for(game: Game, players: int, options: Mapping[str, Any]) -> Encoding:
    """The game's own encoding (``hanpan.games.<id>.encoding``) if it has one, else the hashed one."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.encoding")
    except ModuleNotFoundError as e:
        if e.name != f"{package}.encoding":  # the module exists but something it imports is missing
            raise
        return Encoding.hashed(game.id)
    layout = tuple(Segment(name, size, about) for name, size, about in module.layout(players, options))
    options = dict(options)

    def encode(view: Mapping[str, Any]) -> list[float]:
        return list(module.encode(view, players, options))

    return Encoding(game.id, layout, encode)


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
