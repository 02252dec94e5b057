"""The observation encoders as they were before issue 52, from ``view(seat)``: the reference that the games'
encoders, straight from the state (``hanpan.games.<id>.encoding``), must match number for number.

One module per game, its ``encode(view, players, options)`` kept as it was (only the old caches
``plan.card`` / ``plan.base`` became direct calls of the feature functions, and Harmonies' ``plan.template``
is built in place); the plans (offsets) are the
games' own, which docs/observations.md pins.  ``ENCODE[game_id]`` is each game's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from . import four_gardens, harmonies, spirits_of_the_wild

ENCODE: dict[str, Callable[[Mapping[str, Any], int, Mapping[str, Any]], list[float]]] = {
    "harmonies": harmonies.encode,
    "spirits_of_the_wild": spirits_of_the_wild.encode,
    "four_gardens": four_gardens.encode,
}
