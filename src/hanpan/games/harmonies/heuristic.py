"""The evaluation the greedy agent maximizes: the score now plus progress toward later points.

>>> from hanpan.games.harmonies import GAME
>>> s = GAME.new(players=1, seed=1)
>>> evaluate(s, 0) >= 0
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hanpan.games.harmonies.state import HarmoniesState


def evaluate(state: HarmoniesState, player: int) -> float:
    """Score now (a first version; refined for the greedy agent)."""
    return float(state.total(player))
