"""What-if: the same games (same seeds, same indices) played under a change, figure by figure.

Scores and game lengths are compared game by game (paired: game *i* has the same seed on both sides,
so the difference is the change's own and much tighter than two means); rates are compared as two
proportions.  Each difference carries its 95 % interval and p-value; ``significant`` accounts for the
number of differences tested together (Holm's method, ``hanpan.reports.figures.holm``): once over the
headline figures (players' scores and win rates, seats, length, ties), once over the players' points by
score category, once over each family's items per measure, and once over the outcomes.

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

from hanpan.reports.figures import FLAG_ALPHA, Z95, holm, p_value, value_order

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
    p = (p_value(mean / (half / Z95)) if half > 0 else float(mean == 0)) if finite else 1.0
    return {"n": n, "difference": round(mean, 4),
            "ci95": [round(mean - half, 4), round(mean + half, 4)] if finite else None,
            "p": float(f"{p:.3g}"), "significant": bool(finite and (mean - half > 0 or mean + half < 0))}


def adjust(differences: Sequence[dict[str, Any]]) -> None:
    """Holm's adjustment over differences tested together: each gets ``p_adjusted`` and ``significant``
    becomes whether that is below 5 %.

    >>> rows = [proportion_difference(50, 100, 65, 100), proportion_difference(50, 100, 52, 100)]
    >>> [r["significant"] for r in rows]
    [True, False]
    >>> adjust(rows * 20); [r["significant"] for r in rows]  # the same rows among 40 tests
    [False, False]
    """
    for d, p in zip(differences, holm([d["p"] for d in differences]), strict=True):
        d["p_adjusted"] = float(f"{p:.3g}")
        d["significant"] = bool(d["ci95"] is not None and p < FLAG_ALPHA)


def compare(names: Sequence[str], base: Sequence[GameResult], other: Sequence[GameResult],
            base_figures: dict[str, Any], other_figures: dict[str, Any]) -> dict[str, Any]:
    """Every comparable figure: agents' scores and win rates, seats, length, ties, items, outcomes."""
    both = _paired(base, other)
    out: dict[str, Any] = {"paired_games": len(both), "agents": [], "seats": [], "items": {}, "outcomes": {}}
    for i, name in enumerate(names):
        entry: dict[str, Any] = {"agent": name, "score": paired_difference(
            [a.scores[a.order.index(i)] for a, _ in both], [b.scores[b.order.index(i)] for _, b in both])}
        cards = [(a.cards[a.order.index(i)], b.cards[b.order.index(i)]) for a, b in both]
        categories = [c for c in cards[0][0].categories if c in cards[0][1].categories] if cards else []
        entry["categories"] = {c: paired_difference([x.categories[c] for x, _ in cards],
                                                    [y.categories[c] for _, y in cards]) for c in categories}
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
    adjust([*(a["score"] for a in out["agents"]), *(a["win"] for a in out["agents"] if "win" in a), *out["seats"],
            out["turns"], out["ties"]])
    adjust([d for a in out["agents"] for d in a["categories"].values()])
    out["items"] = _item_differences(base_figures, other_figures)
    for name in sorted(set(base_figures["outcomes"]) | set(other_figures["outcomes"])):
        a, b = base_figures["outcomes"].get(name, {}), other_figures["outcomes"].get(name, {})
        out["outcomes"][name] = {value: {"base": a.get(value, {}).get("rate", 0.0),
                                         "changed": b.get(value, {}).get("rate", 0.0),
                                         **proportion_difference(a.get(value, {}).get("rate", 0.0) * fa, fa,
                                                                 b.get(value, {}).get("rate", 0.0) * fb, fb)}
                                 for value in sorted(set(a) | set(b), key=value_order)}
    adjust([d for values in out["outcomes"].values() for d in values.values()])
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
            row: dict[str, Any] = {"item": item, "take_rate": {
                "base": ea["take_rate"] if ea else 0.0, "changed": eb["take_rate"] if eb else 0.0,
                **proportion_difference(ea["taken"] if ea else 0, seat_games_a, eb["taken"] if eb else 0,
                                        seat_games_b)}}
            for measure in ("win_when_taken", "total_when_taken"):  # 2+ players, solo
                if ea and eb and measure in ea and measure in eb:
                    ma, mb = ea[measure], eb[measure]
                    if measure == "win_when_taken":
                        d = proportion_difference(ma["rate"] * ma["n"], ma["n"], mb["rate"] * mb["n"], mb["n"])
                    else:
                        d = _means_difference(ma, mb)
                    key = "rate" if measure == "win_when_taken" else "mean"
                    row[measure] = {"base": ma[key], "changed": mb[key], **d}
            rows.append(row)
        for measure in ("take_rate", "win_when_taken", "total_when_taken"):
            adjust([row[measure] for row in rows if measure in row])
        out[family] = rows
    return out


def _means_difference(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """``b``'s mean less ``a``'s (two ``mean_ci`` figures of different games: unpaired) with its interval.

    >>> _means_difference({"n": 4, "mean": 10, "ci95": [8, 12]}, {"n": 4, "mean": 13, "ci95": [11, 15]})["ci95"]
    [0.1716, 5.8284]
    """
    half = math.hypot(a["ci95"][1] - a["ci95"][0], b["ci95"][1] - b["ci95"][0]) / 2
    n = min(a["n"], b["n"])
    return _difference(b["mean"] - a["mean"], half if n > 1 else math.inf, n)
