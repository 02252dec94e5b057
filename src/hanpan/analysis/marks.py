"""How a reviewed decision is marked, and a seat's accuracy: the thresholds and the noise rule.

A decision's *loss* is how much worse the move played is than the reviewing level's own choice,
estimated on the same samples (see :mod:`hanpan.analysis.estimates`): in win chance (0-1) with 2 or
more players, in final points in solo.  Marks, as lichess's analysis board gives them:

- ``best``: the move played is the level's choice, or does at least as well (loss ≤ 0);
- ``good``: a loss under the inaccuracy threshold, or one not clearly above the noise;
- ``inaccuracy``, ``mistake``, ``blunder``: a loss of at least 5, 10 or 15 percentage points of win
  chance (lichess's thresholds), in solo 1, 2 or 3 points — and at least :data:`NOISE_Z` standard
  errors: a loss the samples cannot tell from luck stays ``good``.

>>> mark(0.12, 0.02, solo=False)
'mistake'
>>> mark(0.12, 0.07, solo=False)     # 0.12 is under 2 standard errors (0.14): not clearly a mistake
'good'
>>> mark(3.5, 0.5, solo=True), mark(-1.0, 0.5, solo=True)
('blunder', 'best')
>>> round(move_accuracy(0.0, solo=False), 1), round(move_accuracy(0.10, solo=False), 1)
(100.0, 63.6)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Final

#: the marks, best first
MARKS: Final = ("best", "good", "inaccuracy", "mistake", "blunder")
#: the least loss of each mark worse than ``good``, in percentage points of win chance (lichess's)
THRESHOLDS: Final = {"inaccuracy": 5.0, "mistake": 10.0, "blunder": 15.0}
#: in solo, a point of final score counts as this many percentage points (so 1, 2, 3 points)
PERCENT_PER_POINT: Final = 5.0
#: a mark worse than ``good`` needs a loss of at least this many standard errors (one-sided, about 2.3 %
#: of equal moves would pass it by luck)
NOISE_Z: Final = 2.0


def loss_percent(loss: float, solo: bool) -> float:
    """A loss on the thresholds' scale: percentage points of win chance (solo: points × 5).

    >>> loss_percent(0.07, solo=False), loss_percent(2.0, solo=True)
    (7.000000000000001, 10.0)
    """
    return loss * (PERCENT_PER_POINT if solo else 100.0)


def mark(loss: float, se: float, solo: bool, is_choice: bool = False) -> str:
    """The mark of a decision whose move lost ``loss`` (standard error ``se``) against the level's choice;
    ``is_choice``: the move played is the level's own choice (always ``best``)."""
    if is_choice or loss <= 0:
        return "best"
    if loss < NOISE_Z * se:
        return "good"
    percent = loss_percent(loss, solo)
    worst = "good"
    for name, least in THRESHOLDS.items():
        if percent >= least:
            worst = name
    return worst


def move_accuracy(loss: float, solo: bool) -> float:
    """One decision's accuracy in percent, from its loss by lichess's curve
    (103.1668 e^(-0.04354 L) - 3.1669, L the loss in percentage points; no loss, 100)."""
    percent = max(0.0, loss_percent(loss, solo))
    if percent == 0:
        return 100.0  # the curve gives 99.9999 here
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * percent) - 3.1669))


def accuracy(losses: Iterable[float], solo: bool) -> float | None:
    """A seat's accuracy for a game: the mean of its decisions' accuracies (None without a decision).

    >>> accuracy([0.0, 0.0, 0.2], solo=False) is not None, accuracy([], solo=True)
    (True, None)
    """
    values = [move_accuracy(loss, solo) for loss in losses]
    return sum(values) / len(values) if values else None
