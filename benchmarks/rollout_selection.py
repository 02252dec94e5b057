"""Harmonies solo: how a turn plan should pick among its candidates, judged on held-out play-outs.

    .venv/bin/python benchmarks/rollout_selection.py collect --first 200 --count 40 --out a.json
    .venv/bin/python benchmarks/rollout_selection.py analyse a.json b.json

``collect`` plays greedy solo game ``seed`` (seeds ``first`` … ``first + count - 1``) to turn
``1 + seed % 13`` and builds the candidate turns ``RolloutAgent`` (width 8, noisy 2, ``prune`` 6, 2-turn
play-outs, the solo ``hard`` settings) would build there; each is played on for 10 sample rounds shared
by all candidates.  ``analyse`` lets each selection rule pick from the first rounds and judges its pick
on rounds 3-9, which no rule saw: the mean gain over greedy's own turn (the best-prior candidate).

Session 8 (2026-11-30), 69 states of seeds 200-279 (two collections of 40; 11 ended before their
turn), in points of the 2-turn play-out value per turn, paired against the plain rule (1 round, pick
the best):

    greedy's turn ........................ -0.74 ± 0.45
    1 round, best ........................ +0.74 over greedy (the reference)
    1 round, margin 1 / 1.5 / 2 / 3 ...... +0.24 / +0.29 / +0.29 / +0.25 (± 0.16-0.18)
    2 rounds / 3 rounds, best ............ +0.25 ± 0.24 / +0.38 ± 0.21
    width 4, 2 rounds (the same play-outs) +0.40 ± 0.29
    the best on the judged rounds ........ +1.18 ± 0.29 (an upper bound, biased upward)

By this measure a margin (keep greedy's turn unless another beats it by the margin) gains as much as
two more rounds and costs nothing.  It did not carry over to whole games: solo ``hard`` with
``margin: 2`` scored 107.33 on the validation games (games 0-39 of seed 2), against 110.72 without
(scratch runs of ``RolloutAgent`` with the level's settings, on an idle machine).  The 2-turn
play-out value is not the final score, and the turns it ranks below greedy's are where ``hard`` gains
on greedy.  The level keeps ``margin`` at 0 (the setting stays, for experiments).
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections.abc import Callable, Sequence

from hanpan.agents.base import Seat
from hanpan.agents.rollout import RolloutAgent
from hanpan.agents.simple import GreedyAgent
from hanpan.core.registry import game as get_game
from hanpan.core.rng import Rng

ROUNDS = 10
JUDGED = slice(3, ROUNDS)  # no rule below looks at these rounds

Values = list[list[float]]  # per candidate (best prior first), per sample round


def collect(first: int, count: int) -> list[Values]:
    """Per state reached, every candidate's play-out values over ``ROUNDS`` shared rounds."""
    states: list[Values] = []
    for seed in range(first, first + count):
        state = get_game("harmonies").new(players=1, seed=seed)
        greedy = GreedyAgent(seed)
        while state.turn < 1 + seed % 13 and not state.is_over:
            state.apply(greedy.choose(Seat(state, 0)))
        if state.is_over:
            continue
        agent = RolloutAgent(seed, prune=6, turns=2)
        root = state.determinize(0, agent.rng)
        firsts = agent.ranked_firsts(root, 0, root.legal_actions())
        rng = Rng(seed)
        seeds = [(rng.next64(), rng.next64()) for _ in range(ROUNDS)]
        candidates = agent.plan_turns(root, 0, [], firsts, agent.noisy, seeds, None, agent.rng)
        states.append([c.values for c in candidates])
        print(f"seed {seed}: {len(candidates)} candidates", flush=True)
    return states


def pick(values: Values, width: int, rounds: int, margin: float) -> int:
    """The candidate (among the ``width`` best priors) with the best mean over ``rounds`` rounds, if it
    beats the best prior's by more than ``margin / sqrt(rounds)``; else the best prior (0)."""
    def total(i: int) -> float:
        return sum(values[i][:rounds])

    best = max(range(min(width, len(values))), key=lambda i: (total(i), -i))
    return best if (total(best) - total(0)) / rounds > margin / rounds ** 0.5 else 0


def analyse(states: Sequence[Values]) -> None:
    def judged(values: Values, i: int) -> float:
        return statistics.fmean(values[i][JUDGED]) - statistics.fmean(values[0][JUDGED])

    rules: dict[str, Callable[[Values], int]] = {"greedy's turn": lambda v: 0}
    for width in (4, 8):
        for rounds in (1, 2, 3):
            for margin in (0.0, 1.0, 1.5, 2.0, 3.0):
                rules[f"width {width}, {rounds} round(s), margin {margin}"] = (
                    lambda v, w=width, r=rounds, m=margin: pick(v, w, r, m))
    reference = [judged(v, pick(v, 8, 1, 0.0)) for v in states]
    print(f"{len(states)} states; gain over greedy's turn, and paired against width 8, 1 round, margin 0:")
    for name, rule in rules.items():
        gains = [judged(v, rule(v)) for v in states]
        diffs = [g - r for g, r in zip(gains, reference, strict=True)]
        print(f"{name:36s} {statistics.fmean(gains):+.2f}   {statistics.fmean(diffs):+.2f} "
              f"± {statistics.stdev(diffs) / len(diffs) ** 0.5:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--first", type=int, default=200)
    c.add_argument("--count", type=int, default=40)
    c.add_argument("--out", required=True)
    a = sub.add_parser("analyse")
    a.add_argument("files", nargs="+")
    args = parser.parse_args()
    if args.command == "collect":
        with open(args.out, "w") as out:
            json.dump(collect(args.first, args.count), out)
    else:
        states: list[Values] = []
        for name in args.files:
            with open(name) as f:
                states += json.load(f)
        analyse(states)


if __name__ == "__main__":
    main()
