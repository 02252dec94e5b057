"""What-if: the same games (same seeds, same indices) played under a change, figure by figure.

Scores and game lengths are compared game by game (paired: game *i* has the same seed on both sides,
so the difference is the change's own and much tighter than two means); rates are compared as two
proportions.  Each difference carries its 95 % interval and whether that interval excludes 0.

>>> d = proportion_difference(60, 100, 40, 100)
>>> d["difference"], d["significant"]
(-0.2, True)
>>> paired_difference([10, 12, 11], [11, 13, 12])["difference"]
1.0
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hanpan.reports.figures import Z95

if TYPE_CHECKING:
    from hanpan.analysis.tournament import GameResult


def paired_difference(before: Sequence[float], after: Sequence[float]) -> dict[str, Any]:
    """Mean of ``after[i] - before[i]`` with its 95 % interval."""
    diffs = [b - a for a, b in zip(before, after, strict=True)]
    n = len(diffs)
    mean = statistics.fmean(diffs) if n else 0.0
    half = Z95 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else math.inf
    return _difference(mean, half, n)


def proportion_difference(successes_a: float, n_a: int, successes_b: float, n_b: int) -> dict[str, Any]:
    """``rate_b - rate_a`` with a normal 95 % interval (unpooled)."""
    if not n_a or not n_b:
        return _difference(0.0, math.inf, min(n_a, n_b))
    pa, pb = successes_a / n_a, successes_b / n_b
    half = Z95 * math.sqrt(pa * (1 - pa) / n_a + pb * (1 - pb) / n_b)
    return _difference(pb - pa, half if half > 0 else math.inf * (pa != pb), min(n_a, n_b))


def _difference(mean: float, half: float, n: int) -> dict[str, Any]:
    finite = math.isfinite(half)
    return {"n": n, "difference": round(mean, 4),
            "ci95": [round(mean - half, 4), round(mean + half, 4)] if finite else None,
            "significant": bool(finite and (mean - half > 0 or mean + half < 0))}


def compare(names: Sequence[str], base: Sequence[GameResult], other: Sequence[GameResult],
            base_figures: dict[str, Any], other_figures: dict[str, Any]) -> dict[str, Any]:
    """Every comparable figure: agents' scores and win rates, seats, length, ties, items, outcomes."""
    both = _paired(base, other)
    out: dict[str, Any] = {"paired_games": len(both), "agents": [], "seats": [], "items": {}, "outcomes": {}}
    for i, name in enumerate(names):
        entry: dict[str, Any] = {"agent": name, "score": paired_difference(
            [a.scores[a.order.index(i)] for a, _ in both], [b.scores[b.order.index(i)] for _, b in both])}
        if len(names) > 1:
            wa, wb = base_figures["agents"][i]["win"], other_figures["agents"][i]["win"]
            entry["win"] = proportion_difference(wa["rate"] * wa["n"], wa["n"], wb["rate"] * wb["n"], wb["n"])
        out["agents"].append(entry)
    for sa, sb in zip(base_figures["seats"], other_figures["seats"], strict=True):
        out["seats"].append({"seat": sa["seat"], **proportion_difference(sa["rate"] * sa["n"], sa["n"],
                                                                         sb["rate"] * sb["n"], sb["n"])})
    out["turns"] = paired_difference([a.turns for a, _ in both], [b.turns for _, b in both])
    fa, fb = base_figures["finished"], other_figures["finished"]
    out["ties"] = proportion_difference(base_figures["ties"] * fa, fa, other_figures["ties"] * fb, fb)
    out["items"] = _item_differences(base_figures, other_figures)
    for name in sorted(set(base_figures["outcomes"]) | set(other_figures["outcomes"])):
        a, b = base_figures["outcomes"].get(name, {}), other_figures["outcomes"].get(name, {})
        out["outcomes"][name] = {value: proportion_difference(a.get(value, {}).get("rate", 0.0) * fa, fa,
                                                              b.get(value, {}).get("rate", 0.0) * fb, fb)
                                 for value in sorted(set(a) | set(b))}
    return out


def _paired(base: Sequence[GameResult], other: Sequence[GameResult]) -> list[tuple[GameResult, GameResult]]:
    """The games finished on both sides, by index."""
    theirs = {r.index: r for r in other if r.status == "finished"}
    return [(r, theirs[r.index]) for r in base if r.status == "finished" and r.index in theirs]


def _item_differences(base: dict[str, Any], other: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    seat_games_a = base["finished"] * len(base["players"])
    seat_games_b = other["finished"] * len(other["players"])
    out: dict[str, list[dict[str, Any]]] = {}
    for family in sorted(set(base["items"]) | set(other["items"])):
        a = {e["item"]: e for e in base["items"].get(family, [])}
        b = {e["item"]: e for e in other["items"].get(family, [])}
        rows = []
        for item in sorted(set(a) | set(b)):
            ea, eb = a.get(item), b.get(item)
            row: dict[str, Any] = {"item": item, "take_rate": proportion_difference(
                ea["taken"] if ea else 0, seat_games_a, eb["taken"] if eb else 0, seat_games_b)}
            if ea and eb and "win_when_taken" in ea and "win_when_taken" in eb:
                wa, wb = ea["win_when_taken"], eb["win_when_taken"]
                row["win_when_taken"] = proportion_difference(wa["rate"] * wa["n"], wa["n"], wb["rate"] * wb["n"],
                                                              wb["n"])
            rows.append(row)
        out[family] = rows
    return out
