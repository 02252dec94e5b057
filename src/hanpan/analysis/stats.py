"""Small statistics for tournaments: Wilson score intervals, means, medians.

>>> low, high = wilson_interval(75, 100)
>>> round(low, 3), round(high, 3)
(0.657, 0.825)
>>> wilson_interval(0, 0)
(0.0, 1.0)
"""

from __future__ import annotations

import math


def wilson_interval(successes: float, trials: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default); shared wins may be fractional."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)
