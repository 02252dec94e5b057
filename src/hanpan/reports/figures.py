"""Every figure of a balance report, computed from simulated games' results (with their facts).

``figures(...)`` returns one JSON-ready dict; the plots and the page only draw what is in it, so
``report.json`` holds every number the report shows.

- ``seats``: per seat (0 = first to play) games, wins (a shared win split), win rate and its 95 %
  Wilson interval: the first-player advantage (games of 2 or more).
- ``agents``: per named player the same, plus score statistics.
- ``scores``: per agent the distribution of totals (histogram, quantiles) and per score category.
- ``length``: turns per game (mean, quantiles, histogram) and decisions per game; ``ties``: the share
  of finished games with more than one winner.
- ``items``: per family (``animal``, ``god``, …), per item: how often taken (``take_rate``: of all
  seat-games), completion rate when it can be completed, mean points when taken, and the win rate (2+
  players) or mean total (solo) of those who took it, with 95 % intervals.
- ``outcomes``: per game-level fact, how often each value came up; ``extras``: score-card extras
  (Harmonies solo suns) as histograms.
- ``elo``: when two or more different agents play, their strengths on the Elo scale (each pair of
  seats in a game a match won by the higher score), fitted by maximum likelihood.

>>> from hanpan.analysis.tournament import run_games
>>> results = list(run_games("spirits_of_the_wild", ["greedy", "random"], 20, 1, {}, keep_facts=True))
>>> f = figures("spirits_of_the_wild", ["greedy", "random"], {}, 1, results)
>>> f["games"], len(f["seats"]), f["agents"][0]["agent"], f["elo"]["greedy"] > f["elo"]["random"]
(20, 2, 'greedy', True)
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hanpan.analysis.ratings import fit_elo
from hanpan.analysis.stats import wilson_interval
from hanpan.core.registry import game as get_game

if TYPE_CHECKING:
    from hanpan.analysis.tournament import GameResult

Z95 = 1.959963984540054
#: an item is flagged only once this many seat-games took it (fewer make wide intervals anyway)
FLAG_MIN_TAKEN = 30
#: … and only if it is this far from what was expected of it: 5 points of win rate, or 5 % of the mean
#: solo total (over a million games every card differs *significantly*; a designer asks which matter)
FLAG_MIN_WIN_GAP = 0.05
FLAG_MIN_TOTAL_GAP = 0.05
#: the family-wise error rate of the flags: the chance that any flag of a report is a fluke (Holm's method
#: over every item tested, see ``holm``)
FLAG_ALPHA = 0.05


def figures(game_id: str, names: Sequence[str], options: dict[str, Any], seed: int,
            results: Sequence[GameResult]) -> dict[str, Any]:
    """All the figures of a report on these games (see the module doc)."""
    finished = [r for r in results if r.status == "finished"]
    players = len(names)
    out: dict[str, Any] = {
        "game": game_id, "players": list(names), "options": options, "seed": seed, "games": len(results),
        "finished": len(finished), "unfinished": len(results) - len(finished),
        "seats": seat_figures(finished, players) if players > 1 else [],
        "agents": agent_figures(finished, names),
        "scores": score_figures(finished, names),
        "length": length_figures(finished),
        "ties": round(sum(1 for r in finished if len(r.winners) > 1) / len(finished), 4) if finished else 0.0,
        "items": item_figures(finished, players, _win_rates(finished, players)),
        "outcomes": outcome_figures(finished),
        "extras": extra_figures(finished, names),
    }
    chosen = {spec.name for spec in get_game(game_id).option_specs}
    out["by_design"] = [name for name in out["outcomes"] if name in chosen]
    if len(set(names)) > 1 and players > 1:
        out["elo"] = elo(finished, names)
    return out


def rate(wins: float, games: int) -> dict[str, Any]:
    """A proportion with its 95 % Wilson interval.

    >>> rate(3, 4)
    {'n': 4, 'rate': 0.75, 'ci95': [0.3006, 0.9544]}
    """
    low, high = wilson_interval(wins, games)
    return {"n": games, "rate": round(wins / games, 4) if games else 0.0, "ci95": [round(low, 4), round(high, 4)]}


def mean_ci(values: Sequence[float]) -> dict[str, Any]:
    """Mean with a normal 95 % interval (the standard error from the sample).

    >>> mean_ci([1, 2, 3, 4])
    {'n': 4, 'mean': 2.5, 'ci95': [1.2348, 3.7652]}
    """
    n = len(values)
    if n == 0:
        return {"n": 0, "mean": 0.0, "ci95": [0.0, 0.0]}
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(n) if n > 1 else 0.0
    return {"n": n, "mean": round(mean, 4), "ci95": [round(mean - half, 4), round(mean + half, 4)]}


def seat_figures(finished: Sequence[GameResult], players: int) -> list[dict[str, Any]]:
    """Win rate by seat (0 = the first to play)."""
    wins = [0.0] * players
    for r in finished:
        for seat in r.winners:
            wins[seat] += 1 / len(r.winners)
    return [{"seat": seat, **rate(wins[seat], len(finished))} for seat in range(players)]


def agent_figures(finished: Sequence[GameResult], names: Sequence[str]) -> list[dict[str, Any]]:
    """Per named player: win rate (2+ players) and score statistics."""
    out = []
    for i, name in enumerate(names):
        wins = 0.0
        totals = []
        for r in finished:
            seat = r.order.index(i)
            totals.append(r.scores[seat])
            if seat in r.winners:
                wins += 1 / len(r.winners)
        entry: dict[str, Any] = {"agent": name, "score": mean_ci(totals)}
        if len(names) > 1:
            entry["win"] = rate(wins, len(finished))
        out.append(entry)
    return out


def distribution(values: Sequence[float]) -> dict[str, Any]:
    """Mean, standard deviation, quantiles and a histogram of integer-ish values (at most ~40 bins).

    >>> d = distribution([1, 2, 2, 3, 10])
    >>> d["mean"], d["quantiles"]["50"], d["histogram"]["counts"][:3]
    (3.6, 2, [1, 2, 1])
    """
    if not values:
        return {"n": 0, "mean": 0.0, "sd": 0.0, "quantiles": {}, "histogram": {"start": 0, "width": 1, "counts": []}}
    ordered = sorted(values)
    low, high = math.floor(ordered[0]), math.floor(ordered[-1])
    width = max(1, math.ceil((high - low + 1) / 40))
    counts = [0] * ((high - low) // width + 1)
    for v in ordered:
        counts[(math.floor(v) - low) // width] += 1
    quantiles = {str(q): ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))] for q in (5, 25, 50, 75, 95)}
    return {"n": len(values), "mean": round(statistics.fmean(values), 4),
            "sd": round(statistics.pstdev(values), 4), "quantiles": quantiles,
            "histogram": {"start": low, "width": width, "counts": counts}}


def score_figures(finished: Sequence[GameResult], names: Sequence[str]) -> list[dict[str, Any]]:
    """Per named player: the distribution of totals and of each score category."""
    out = []
    for i, name in enumerate(names):
        cards = [r.cards[r.order.index(i)] for r in finished]
        categories = list(cards[0].categories) if cards else []
        out.append({"agent": name, "total": distribution([c.total for c in cards]),
                    "categories": {k: distribution([c.categories[k] for c in cards]) for k in categories}})
    return out


def length_figures(finished: Sequence[GameResult]) -> dict[str, Any]:
    return {"turns": distribution([r.turns for r in finished]),
            "decisions": distribution([r.decisions for r in finished])}


def _win_rates(finished: Sequence[GameResult], players: int) -> list[float]:
    """Each named player's share of wins (a shared win split)."""
    wins = [0.0] * players
    for r in finished:
        for seat in r.winners:
            wins[r.order[seat]] += 1 / len(r.winners)
    return [w / len(finished) if finished else 0.0 for w in wins]


def item_figures(finished: Sequence[GameResult], players: int,
                 agent_win_rates: Sequence[float] = ()) -> dict[str, list[dict[str, Any]]]:
    """Per family, per item: take, completion, points, and how those who took it fared; in games of 2+
    also ``expected_win``, the win rate its takers had over all their games (an item a strong player
    takes more often is not strong for that).

    Each item also gets what "the rest" of its family did, the yardstick of the flags: solo,
    ``rest_total``, the mean total of the games that took the family's other items (each take
    counted); 2+ players, ``rest_win``, this item's ``expected_win`` plus how far the takers of the
    other items won above or below what was expected of them.  Taking items is part of playing well
    (a seat that completes more animal cards wins more), so an item is judged against its kind, not
    against all games."""
    seat_games = len(finished) * players
    taken: dict[str, list[tuple[GameResult, int, list[Any]]]] = {}
    for r in finished:
        assert r.facts is not None, "the results must carry their facts (keep_facts=True)"
        for seat, items in enumerate(r.facts["seats"]):
            for key, value in items.items():
                taken.setdefault(key, []).append((r, seat, value))
    solo = players == 1
    mean_total = statistics.fmean(r.scores[0] for r in finished) if solo and finished else 0.0
    rates = agent_win_rates or [1 / players] * players
    families: dict[str, list[dict[str, Any]]] = {}
    # per family: item -> (takes, what its takers did above expectation in total: wins - expected wins,
    # or solo the sum of their totals)
    sums: dict[str, dict[str, tuple[int, float]]] = {}
    for key in sorted(taken):
        uses = taken[key]
        done = [v[0] for _, _, v in uses if v[0] is not None]
        points = [v[1] for _, _, v in uses if v[1] is not None]
        entry: dict[str, Any] = {
            "item": key, "taken": len(uses), "take_rate": round(len(uses) / seat_games, 4) if seat_games else 0.0,
            "completed": rate(sum(done), len(done)) if done else None,
            "points": mean_ci(points) if points else None,
        }
        family = key.split("/", 1)[0]
        if solo:
            totals = [r.scores[0] for r, _, _ in uses]
            entry["total_when_taken"] = mean_ci(totals)
            entry["total_overall"] = round(mean_total, 4)
            sums.setdefault(family, {})[key] = (len(uses), float(sum(totals)))
        else:
            wins = sum(1 / len(r.winners) for r, seat, _ in uses if seat in r.winners)
            expected = [rates[r.order[seat]] for r, seat, _ in uses]
            entry["win_when_taken"] = rate(wins, len(uses))
            entry["expected_win"] = round(statistics.fmean(expected), 4)
            sums.setdefault(family, {})[key] = (len(uses), wins - math.fsum(expected))
        families.setdefault(family, []).append(entry)
    for family, entries in families.items():
        all_takes = sum(n for n, _ in sums[family].values())
        all_sum = math.fsum(s for _, s in sums[family].values())
        for entry in entries:
            n, own = sums[family][entry["item"]]
            rest_takes, rest_sum = all_takes - n, all_sum - own
            if solo:
                entry["rest_total"] = round(rest_sum / rest_takes, 4) if rest_takes else entry["total_overall"]
            else:
                above = rest_sum / rest_takes if rest_takes else 0.0
                entry["rest_win"] = round(entry["expected_win"] + above, 4)
    return families


def value_order(value: str) -> tuple[int, float, str]:
    """The order of a fact's values: numbers by size (2 before 10), then texts alphabetically.

    >>> sorted(["10", "2", "none", "0"], key=value_order)
    ['0', '2', '10', 'none']
    """
    try:
        return 0, float(value), value
    except ValueError:
        return 1, 0.0, value


def by_design(fig: dict[str, Any]) -> set[str]:
    """The outcomes the options decide (a fact named as an option: Harmonies' board ``side``, Four Gardens'
    ``whims``): each is what the options chose in every game, no finding, so the page and the plots leave
    them out (report.json keeps them).

    >>> sorted(by_design({"by_design": ["side"]})), by_design({})
    (['side'], set())
    """
    return set(fig.get("by_design", ()))


def outcome_figures(finished: Sequence[GameResult]) -> dict[str, dict[str, Any]]:
    """Per game-level fact: how often each value came up (values in ``value_order``)."""
    counts: dict[str, Counter[str]] = {}
    for r in finished:
        assert r.facts is not None
        for name, value in r.facts["outcome"].items():
            counts.setdefault(name, Counter())[str(value)] += 1
    n = len(finished)
    return {name: {value: rate(c[value], n) for value in sorted(c, key=value_order)}
            for name, c in sorted(counts.items())}


def extra_figures(finished: Sequence[GameResult], names: Sequence[str]) -> dict[str, dict[str, dict[str, int]]]:
    """Per named player, per score-card extra (solo suns): value → games."""
    out: dict[str, dict[str, dict[str, int]]] = {}
    for i, name in enumerate(names):
        for r in finished:
            for key, value in r.cards[r.order.index(i)].extra.items():
                histogram = out.setdefault(name, {}).setdefault(key, {})
                histogram[str(value)] = histogram.get(str(value), 0) + 1
    return {name: {k: dict(sorted(h.items(), key=lambda kv: float(kv[0]))) for k, h in per.items()}
            for name, per in out.items()}


def elo(finished: Sequence[GameResult], names: Sequence[str], iterations: int = 200) -> dict[str, float]:
    """Elo ratings (mean 1500) of the named agents: every two seats of a game are a match (the higher
    score wins, equal scores draw), fitted by maximum likelihood of the Bradley-Terry model
    (minorization-maximization); an agent that won or lost everything is held 800 points off.

    >>> from hanpan.analysis.tournament import GameResult
    >>> from hanpan.core.contract import ScoreCard
    >>> def game(a, b):
    ...     return GameResult(0, 0, (0, 1), (a, b), (), "finished", 1, 1, (ScoreCard({}, a), ScoreCard({}, b)))
    >>> r = elo([game(2, 1)] * 3 + [game(1, 2)], ["x", "y"])  # x wins 3 of 4: 3 times as strong
    >>> round(r["x"] - r["y"])
    191
    """
    wins: dict[tuple[str, str], float] = {}
    for r in finished:
        seated = [names[r.order[seat]] for seat in range(len(r.order))]
        for s in range(len(seated)):
            for t in range(s + 1, len(seated)):
                a, b = seated[s], seated[t]
                if a == b:
                    continue
                share = 1.0 if r.scores[s] > r.scores[t] else 0.0 if r.scores[s] < r.scores[t] else 0.5
                wins[a, b] = wins.get((a, b), 0.0) + share
                wins[b, a] = wins.get((b, a), 0.0) + 1.0 - share
    fitted = fit_elo(wins, iterations=iterations)
    held = {a: max(-800.0, min(800.0, value)) for a, value in fitted.items()}
    shift = 1500 - statistics.fmean(held.values()) if held else 1500.0
    return {a: round(held.get(a, 0.0) + shift, 1) for a in sorted(set(names))}


def p_value(z: float) -> float:
    """The two-sided p-value of a standard normal statistic.

    >>> round(p_value(1.959963984540054), 4)
    0.05
    """
    return math.erfc(abs(z) / math.sqrt(2))


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of p-values (in the order given): a test is significant at level
    alpha when its adjusted p-value is below alpha, and then the chance that any of the tests is a fluke
    is at most alpha, whatever the tests' dependence (family-wise error).

    >>> holm([0.01, 0.04, 0.03, 0.2])
    [0.04, 0.09, 0.09, 0.2]
    """
    m = len(p_values)
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(sorted(range(m), key=lambda j: p_values[j])):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = round(running, 12)
    return adjusted


def _item_test(e: dict[str, Any], solo: bool) -> tuple[float, float, float]:
    """An item's measure, its yardstick and the p-value of their difference: solo, a z test of the mean
    total (the standard error its interval was made with); else the score test of the win rate, whose
    inversion is the Wilson interval shown (the interval excludes the yardstick when p < 0.05)."""
    if solo:
        measure, reference = e["total_when_taken"], e["rest_total"]
        value = measure["mean"]
        se = (measure["ci95"][1] - measure["ci95"][0]) / (2 * Z95)
    else:
        measure, reference = e["win_when_taken"], e["rest_win"]
        value = measure["rate"]
        se = math.sqrt(reference * (1 - reference) / measure["n"]) if measure["n"] and 0 < reference < 1 else 0.0
    if se <= 0:
        return value, reference, 0.0 if value != reference else 1.0
    return value, reference, p_value((value - reference) / se)


def flags(fig: dict[str, Any]) -> list[dict[str, Any]]:
    """Items that look too strong or too weak against the rest of their kind: how those who took them
    fared differs from what the takers of the family's other items did (``rest_win`` or solo
    ``rest_total``, see ``item_figures``) by at least ``FLAG_MIN_WIN_GAP`` (``FLAG_MIN_TOTAL_GAP`` of that
    mean total), and significantly once the number of items tested is accounted for: Holm's adjusted
    p-value below ``FLAG_ALPHA`` over every item of the report taken at least ``FLAG_MIN_TAKEN`` times
    (32 cards tested at 95 % each would flag one or two by chance in most reports).  Strongest first;
    each flag names its p-value, the adjusted one and how many items were tested."""
    solo = len(fig["players"]) == 1
    tested = [(family, e, *_item_test(e, solo)) for family, entries in fig["items"].items() for e in entries
              if e["taken"] >= FLAG_MIN_TAKEN]
    adjusted = holm([t[4] for t in tested])
    out = []
    for (family, e, value, reference, p), p_adjusted in zip(tested, adjusted, strict=True):
        gap = FLAG_MIN_TOTAL_GAP * abs(reference) if solo else FLAG_MIN_WIN_GAP
        if p_adjusted < FLAG_ALPHA and abs(value - reference) >= gap:
            measure = e["total_when_taken" if solo else "win_when_taken"]
            out.append({"family": family, "item": e["item"], "measure": "total" if solo else "win",
                        "value": value, "ci95": list(measure["ci95"]), "reference": round(reference, 4),
                        "strong": value > reference, "taken": e["taken"], "p": float(f"{p:.3g}"),
                        "p_adjusted": float(f"{p_adjusted:.3g}"), "tested": len(tested), "adjustment": "holm"})
    return sorted(out, key=lambda f: -(f["value"] - f["reference"]))
