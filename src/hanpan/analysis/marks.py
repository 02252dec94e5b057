"""How a reviewed decision is marked, and a seat's accuracy: the thresholds and the noise rule.

A decision's loss is what the move played threw away against the reviewing engine's best move, in two
units: *expected points* (the final score in solo, the final margin over the best other seat with 2-4
players) and, with 2-4 players, *win chance* (0-1).  Marks, as lichess's analysis board gives them:

- ``best``: the move played is the engine's choice, or does at least as well (no loss);
- ``good``: a loss under the inaccuracy threshold, or one not clearly above the noise;
- ``inaccuracy``, ``mistake``, ``blunder``: a loss of at least 5, 10 or 15 percentage points of win
  chance (lichess's thresholds), or of at least a half, one or 1.5 times the game's ``mistake_points``
  in expected points (Harmonies 1, 2, 3 points) — whichever is worse; and at least :data:`NOISE_Z`
  standard errors: a loss the samples cannot tell from luck stays ``good``.

Expected points mark a decision even where the game is already decided (the win chance near 0 or 1,
where no move changes it): a hopeless or a won position still shows what each move threw away.

>>> mark(0.12, 0.02, solo=False)
'mistake'
>>> mark(0.12, 0.07, solo=False)     # 0.12 is under 2 standard errors (0.14): not clearly a mistake
'good'
>>> mark(3.5, 0.5, solo=True), mark(-1.0, 0.5, solo=True)
('blunder', 'best')
>>> judge_mark(Loss(0.001, 0.0), Loss(4.0, 0.5), mistake_points=2.0)  # the win already lost, 4 points thrown away
'blunder'
>>> round(move_accuracy(0.0, solo=False), 1), round(move_accuracy(0.10, solo=False), 1)
(100.0, 63.6)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Final, NamedTuple

#: the marks, best first
MARKS: Final = ("best", "good", "inaccuracy", "mistake", "blunder")
#: the least loss of each mark worse than ``good``, in percentage points of win chance (lichess's)
THRESHOLDS: Final = {"inaccuracy": 5.0, "mistake": 10.0, "blunder": 15.0}
#: in solo, a point of final score counts as this many percentage points (so 1, 2, 3 points): Harmonies'
#: ``mistake_points`` (2) make 10, and :func:`points_percent` scales every game so
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
    """The mark of a decision judged in one unit: ``loss`` (standard error ``se``) in win chance, or in
    solo in points (2 a mistake); ``is_choice``: the move played is the level's own choice."""
    one = Loss(loss, se)
    return judge_mark(None if solo else one, one if solo else None, 10.0 / PERCENT_PER_POINT, is_choice)


def move_accuracy(loss: float, solo: bool) -> float:
    """One decision's accuracy in percent, from its loss by lichess's curve
    (103.1668 e^(-0.04354 L) - 3.1669, L the loss in percentage points; no loss, 100)."""
    return percent_accuracy(loss_percent(loss, solo))


def accuracy(losses: Iterable[float], solo: bool) -> float | None:
    """A seat's accuracy for a game: the mean of its decisions' accuracies (None without a decision).

    >>> accuracy([0.0, 0.0, 0.2], solo=False) is not None, accuracy([], solo=True)
    (True, None)
    """
    values = [move_accuracy(loss, solo) for loss in losses]
    return sum(values) / len(values) if values else None


class Loss(NamedTuple):
    """A loss and its standard error (0 where it was computed, not sampled)."""

    value: float
    se: float


def points_percent(points: float, mistake_points: float) -> float:
    """A loss in expected points on the thresholds' scale: ``mistake_points`` count as a mistake's 10
    percentage points.

    >>> points_percent(2.0, 2.0), points_percent(0.25, 0.5)
    (10.0, 5.0)
    """
    return points * THRESHOLDS["mistake"] / mistake_points


def severity(win: Loss | None, points: Loss | None, mistake_points: float, clear_only: bool = False) -> float:
    """A decision's loss on the thresholds' scale (percentage points of win chance): the larger of its
    win-chance loss and its expected-points loss, at least 0; ``clear_only``: counting only a loss of at
    least :data:`NOISE_Z` standard errors.

    >>> severity(Loss(0.02, 0.0), Loss(3.0, 0.0), 2.0), severity(None, Loss(3.0, 2.0), 2.0, clear_only=True)
    (15.0, 0.0)
    """
    worst = 0.0
    for loss, scale in ((win, None), (points, mistake_points)):
        if loss is None or (clear_only and loss.value < NOISE_Z * loss.se):
            continue
        worst = max(worst, 100.0 * loss.value if scale is None else points_percent(loss.value, scale))
    return worst


def judge_mark(win: Loss | None, points: Loss | None, mistake_points: float, is_choice: bool = False) -> str:
    """The mark of a decision that lost ``win`` (win chance; None in solo) and ``points`` (expected points)
    against the engine's choice; ``is_choice``: the move played is the choice itself (always ``best``)."""
    losses = [loss for loss in (win, points) if loss is not None]
    if is_choice or all(loss.value <= 0 for loss in losses):
        return "best"
    percent = severity(win, points, mistake_points, clear_only=True)
    worst = "good"
    for name, least in THRESHOLDS.items():
        if percent >= least:
            worst = name
    return worst


def unsettled(win: Loss | None, points: Loss | None, mistake_points: float) -> bool:
    """Whether the mark would change were each loss one standard error lower or higher: more samples
    may settle it (a loss judged without samples is always settled).

    >>> unsettled(None, Loss(2.2, 0.2), 2.0), unsettled(None, Loss(2.1, 0.5), 2.0), unsettled(None, Loss(3.0, 0.0), 2.0)
    (False, True, False)
    """
    def shifted(by: float) -> str:
        moved = [None if loss is None else Loss(loss.value + by * loss.se, loss.se) for loss in (win, points)]
        return judge_mark(moved[0], moved[1], mistake_points)
    return shifted(-1.0) != shifted(1.0)


def percent_accuracy(percent: float) -> float:
    """One decision's accuracy from its loss on the thresholds' scale, by lichess's curve (no loss: 100).

    >>> percent_accuracy(0.0), round(percent_accuracy(10.0), 1)
    (100.0, 63.6)
    """
    if percent <= 0:
        return 100.0
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * percent) - 3.1669))
