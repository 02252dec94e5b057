"""Elo ratings from head-to-head results: the Bradley–Terry model, fitted by maximum likelihood.

Player *a* beats *b* with probability ``s_a / (s_a + s_b)``; on the Elo scale a rating is
``400 · log10(s)``, so 200 points more is a 76 % favourite.  ``wins[a, b]`` counts a's wins over b
(a draw is half a win each).  The fit is the minorization–maximization iteration (Hunter 2004).

>>> wins = {("hard", "greedy"): 150.0, ("greedy", "hard"): 50.0}
>>> r = fit_elo(wins)
>>> round(r["hard"] - r["greedy"])  # 3 wins in 4: three times as strong
191
>>> ladder = rate(wins, anchor="greedy", samples=200)
>>> hard = ladder["hard"]
>>> ladder["greedy"].elo, round(hard.elo - 1500), hard.low < hard.elo < hard.high
(1500.0, 190, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass

#: a's wins over b (draws count half to each)
Wins = Mapping[tuple[str, str], float]


def fit_elo(wins: Wins, prior: float = 0.0, iterations: int = 1000,
            start: Mapping[str, float] | None = None) -> dict[str, float]:
    """Each player's Elo rating, their mean 0.  ``prior`` adds that many drawn games to every pair that
    met (a weak prior: it keeps a player who won or lost every game at a finite rating); without it
    such a player is placed ``±inf``.  ``start``: ratings to start the iteration from (a nearby fit
    makes it converge in a few steps).

    >>> fit_elo({("a", "b"): 10.0})["a"]
    inf
    >>> round(fit_elo({("a", "b"): 10.0}, prior=0.5)["a"])  # 10.25 to 0.25: 41 times as strong
    323
    """
    players = sorted({p for pair in wins for p in pair})
    index = {p: i for i, p in enumerate(players)}
    k = len(players)
    won = [[0.0] * k for _ in range(k)]
    for (a, b), count in wins.items():
        if a != b:
            won[index[a]][index[b]] += count
    for i in range(k):
        for j in range(i + 1, k):
            if won[i][j] + won[j][i] > 0:
                won[i][j] += prior / 2
                won[j][i] += prior / 2
    strength = [10 ** (start[p] / 400) if start and math.isfinite(start.get(p, math.nan)) else 1.0
                for p in players]
    for _ in range(iterations):
        new = []
        for i in range(k):
            total = sum(won[i])
            denominator = sum((won[i][j] + won[j][i]) / (strength[i] + strength[j])
                              for j in range(k) if j != i and strength[i] + strength[j] > 0)
            new.append(total / denominator if denominator else 0.0)
        positive = [s for s in new if s > 0]
        if not positive:
            break
        scale = math.exp(sum(math.log(s) for s in positive) / len(positive))
        new = [s / scale for s in new]
        change = max(abs(a - b) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < 1e-9:
            break
    # a player who won every game cannot be placed: give it +inf (the others keep their fit)
    unbeaten = [i for i in range(k) if sum(won[j][i] for j in range(k)) == 0 and sum(won[i]) > 0]
    ratings = [400 * math.log10(s) if s > 0 else -math.inf for s in strength]
    for i in unbeaten:
        ratings[i] = math.inf
    finite = [r for r in ratings if math.isfinite(r)]
    shift = sum(finite) / len(finite) if finite else 0.0
    return {p: ratings[i] - shift for i, p in enumerate(players)}


@dataclass(frozen=True)
class Rating:
    """An Elo rating and its 95 % interval (a parametric bootstrap of the games behind it)."""

    elo: float
    low: float
    high: float


def rate(wins: Wins, anchor: str | None = None, at: float = 1500.0, prior: float = 0.5,
         samples: int = 1000, seed: int = 0) -> dict[str, Rating]:
    """Ratings with 95 % intervals: the fit of ``fit_elo`` (with ``prior``), placed so that ``anchor``
    (or the mean, without one) is at ``at``; each interval is the middle 95 % of the fits to ``samples``
    replays of every pair's games, each game won with the rate that pair showed (seeded: the same
    input gives the same intervals)."""
    fitted = fit_elo(wins, prior)
    base = _placed(fitted, anchor, at)
    pairs: dict[tuple[str, str], tuple[int, float]] = {}  # (games, first's rate) per pair that met
    for a, b in sorted({(min(a, b), max(a, b)) for a, b in wins if a != b}):
        ab, ba = wins.get((a, b), 0.0), wins.get((b, a), 0.0)
        if ab + ba > 0:
            pairs[a, b] = (round(ab + ba), ab / (ab + ba))
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {p: [] for p in base}
    for _ in range(samples):
        replay: dict[tuple[str, str], float] = {}
        for (a, b), (games, rate_ab) in pairs.items():
            won = float(sum(rng.random() < rate_ab for _ in range(games)))
            replay[a, b], replay[b, a] = won, games - won
        for p, value in _placed(fit_elo(replay, prior, start=fitted), anchor, at).items():
            draws[p].append(value)
    out = {}
    for p, value in base.items():
        ordered = sorted(draws[p])
        low = ordered[int(0.025 * (len(ordered) - 1))] if ordered else value
        high = ordered[math.ceil(0.975 * (len(ordered) - 1))] if ordered else value
        out[p] = Rating(round(value, 1), round(low, 1), round(high, 1))
    return out


def _placed(ratings: dict[str, float], anchor: str | None, at: float) -> dict[str, float]:
    if anchor is not None and anchor not in ratings:
        raise ValueError(f"anchor {anchor!r} played no game; players: {', '.join(sorted(ratings))}")
    shift = at - (ratings[anchor] if anchor is not None else 0.0)
    return {p: r + shift for p, r in ratings.items()}
