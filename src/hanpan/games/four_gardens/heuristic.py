"""The greedy agent's evaluation of a Four Gardens position: the score now plus progress.

>>> from hanpan.games.four_gardens import GAME
>>> s = GAME.new(players=2, seed=1)
>>> evaluate(s, 0) == evaluate(s, 1)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hanpan.games.four_gardens.state import GardensState


def evaluate(s: GardensState, player: int) -> float:
    return float(sum(s.points(player)))
