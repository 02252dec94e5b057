"""Fit the Harmonies solo weights on greedy play-outs of each turn's candidate turns.

    .venv/bin/python benchmarks/fit_harmonies.py collect --seed 11 --first 0 --games 300 --out a.pkl
    .venv/bin/python benchmarks/fit_harmonies.py decisions --seed 21 --first 0 --games 100 --out d.pkl
    .venv/bin/python benchmarks/fit_harmonies.py fit a.pkl [b.pkl ...]

``collect`` plays greedy solo games (side A, no spirit).  At 2 turn starts per game (drawn among turns
1-12) it builds the candidate turns with ``RolloutAgent.plan_turns``: each legal first action finished
by greedy, plus 2 turns drawn among the 3 best decisions by ``evaluate``.  Each candidate is played
out by greedy to the end on later draws all candidates share, and its end-of-turn state is kept with
its final score (pickled).  (Until session 8 each play-out drew its own tokens: a candidate that took
or discarded a card had moved the generator, so its final score was mostly the luck of its draws.)

``decisions`` collects greedy's own mid-turn decisions instead (``collect_decisions``), in the same
format.  ``fit`` splits ``static_value`` into its terms, one per weight of ``LINEAR`` (a term is the value
with the weight in use minus the value with it at 0; a weight at 0 is measured at 1).  It fits the
final score on the points so far and these terms within each turn's candidates (the turn's mean is
taken out: only differences between candidates count; ridge 1.0), and prints the weights that make
the points' coefficient 1.  It also prints how well each ranks a turn's candidates on games the fit
did not see (even games fit, odd ones tested, and the other way round): the mean points lost
against the candidate that did best.

``SOLO_WEIGHTS`` of session 6 came from this procedure, first written as scratch scripts, on 434 turn
starts of seed 11 (games 0-122 and 300-436, 2,743 play-outs, about 40 minutes on 2 cores), with
``WEIGHTS`` as the weights in use; tune_harmonies.py's notes say what it gained.  The scratch fit
also counted the board shapes on finished games (this one counts nothing under way there, as
``evaluate`` does), so this script on the same data gives somewhat other weights: brown 5.17 (4.86 in
use), red 2.77 (2.50), dead lone mountain -4.95 (-3.97), rising mountain 3.36 (2.75), river -0.08
(-0.73), single green -0.83 (-1.92); its ranking on unseen games: 6.79 points lost against 7.43 with
the old weights (even -> odd), 6.96 against 6.46 (odd -> even).  A new fit starts from
``SOLO_WEIGHTS`` and needs its own measurement (``tune_harmonies.py --compare``).

Session 8, on shared draws: 482 turn starts of seed 11 (games 0-259, 3,414 play-outs, about 17
minutes on 2 cores), fitted from ``SOLO_WEIGHTS``.  The fit ranked unseen turns better than the
weights in use (8.17 points lost against 8.80, even -> odd; 8.11 against 9.22), but greedy played far
worse with it: games 0-199 of seed 3, 89.84 against 103.50 (-13.65 ± 1.28;
``tune_harmonies.py --games 200 --seed 3 --compare`` with brown 4.8041, brown2 4.2324, red 0.5004,
lone_mountain 1.3979, lone_yellow 2.268, building_short 1.1556, empty 3.3628, slot 1.0885, cards
1.0518, dead_lone_mountain -1.9257, rising_mountain 1.5293, river 0.0533, river_open 0.7066,
isolated_empty -0.4222, single_green -1.9722).  Ranking finished turns is not what greedy asks of
the weights: it compares the states after each single decision, mid-turn, where these terms stand in
other proportions.  Not adopted.

Session 9: the same weights as the leaf value only (the end of ``hard``'s play-outs; greedy kept
``SOLO_WEIGHTS``) made ``hard`` worse: 103.75 on the validation games (games 0-39 of seed 2), where
the level scores 110.72 and 108.72 in two runs.  Then a fit on the decisions greedy itself faces:
``decisions --seed 21 --first 0 --games 58`` and ``--first 100 --games 58`` (1,148 decisions, 6,145
siblings, about 12 minutes on 2 cores), then ``fit``.  Each sibling's final score varies far more than
the terms can explain (siblings that ``evaluate`` ties end 10-25 points apart): the points so far get a
coefficient of 0.47, the rest of ``static_value`` about 0.34, and on unseen games the fit ranked worse
than the weights in use (7.18 against 6.85 points lost, even -> odd; 6.42 against 6.23).  Greedy played
worse with it: games 0-199 of seed 3, 100.48 against 103.50 (-3.01 ± 1.04; brown 3.9563, brown2
4.1994, red 1.7012, lone_mountain 1.0444, lone_yellow 0.5866, building_short 0.9221, empty 3.8473,
slot 0.9312, cards 0.5368, dead_lone_mountain -10.036, rising_mountain 2.1203, river -0.8037,
river_open 0.8984, isolated_empty -0.8574, single_green -2.1212).  Scaling all of ``static_value``
but the points by one factor (0.5 to 3) changes the points lost by 0.2 at most (the 945 decisions
where ``evaluate`` tells the siblings apart, scratch script).  Three fits, three
ways: the linear weights in use are as good as these data can make them.
"""

from __future__ import annotations

import argparse
import dataclasses
import pickle
import sys
from pathlib import Path
from typing import Any

from hanpan.agents.base import Seat
from hanpan.agents.rollout import RolloutAgent
from hanpan.agents.simple import GreedyAgent, after
from hanpan.core.contract import State
from hanpan.core.registry import game as get_game
from hanpan.core.rng import Rng, mix_seed
from hanpan.games.harmonies import heuristic

#: the weights a term of ``static_value`` is linear in
LINEAR = ("brown", "brown2", "red", "lone_mountain", "lone_yellow", "building_short", "empty", "slot", "cards",
          "dead_lone_mountain", "rising_mountain", "river", "river_open", "isolated_empty", "single_green")


def collect(seed: int, first: int, games: int, out: Path) -> None:
    rows: list[tuple[int, int, list[tuple[State, int]]]] = []
    for index in range(first, first + games):
        rng = Rng(mix_seed(seed, index, 7))
        state = get_game("harmonies").new(players=1, seed=mix_seed(seed, index) >> 16)
        greedy = GreedyAgent(mix_seed(seed, index, 1))
        sampled: set[int] = set()
        while len(sampled) < 2:
            sampled.add(1 + rng.randbelow(12))
        while not state.is_over:
            if state.turn in sampled and not (state.took or state.hand_count or state.card_taken):  # type: ignore[attr-defined]
                sampled.discard(state.turn)
                rows.append((index, state.turn, candidate_finals(state, rng)))
            state.apply(greedy.choose(Seat(state, 0)))
        print(f"game {index}: {len(rows)} turn starts", file=sys.stderr, flush=True)
        out.write_bytes(pickle.dumps(rows))


def collect_decisions(seed: int, first: int, games: int, out: Path, width: int = 6, share: float = 0.15) -> None:
    """Greedy's own decisions, mid-turn: at about ``share`` of the decisions of greedy solo games
    with 2 or more legal actions, the ``width`` children greedy ranks best (it plays the first), each
    scored as ``evaluate`` scores it (the hand placed) and played to the end by greedy (``prune`` 6, as
    in ``hard``'s play-outs) on the true state: the pouch and its generator are copied, so all
    siblings draw the same tokens, and one choice seed is shared.  Rows as ``collect`` writes them."""
    rows: list[tuple[int, int, list[tuple[State, int]]]] = []
    finisher = RolloutAgent(1, prune=6, turns=None)
    for index in range(first, first + games):
        rng = Rng(mix_seed(seed, index, 7))
        state = get_game("harmonies").new(players=1, seed=mix_seed(seed, index) >> 16)
        greedy = GreedyAgent(mix_seed(seed, index, 1))
        while not state.is_over:
            legal = state.legal_actions()
            if len(legal) >= 2 and rng.random() < share:
                ranked = sorted(((after(state, a), rng.next64()) for a in legal),
                                key=lambda pair: (-pair[0].evaluate(0), pair[1]))[:width]
                choices = rng.next64()
                # each sibling as evaluate scores it (its hand placed), with its final score
                rows.append((index, state.turn, [(heuristic.hand_placed(child, 0),
                                                  int(finisher.play_greedy(child.clone(), 0, Rng(choices))))
                                                 for child, _ in ranked]))
            state.apply(greedy.choose(Seat(state, 0)))
        print(f"game {index}: {len(rows)} decisions", file=sys.stderr, flush=True)
        out.write_bytes(pickle.dumps(rows))


def candidate_finals(state: State, rng: Rng) -> list[tuple[State, int]]:
    """Each candidate turn's end-of-turn state and its final score after greedy play to the end, on
    later draws all candidates share (``RolloutAgent``'s plan with every legal first decision, 2
    noisy turns and play-outs to the end)."""
    agent = RolloutAgent(rng.next64(), width=len(state.legal_actions()), noisy=2, turns=None)
    firsts = agent.ranked_firsts(state, 0, state.legal_actions())  # width: every legal one
    planned = agent.plan_turns(state, 0, [], firsts, agent.noisy, [(rng.next64(), rng.next64())], None, agent.rng)
    finals = []
    for candidate in planned:
        assert candidate.before_last is not None
        finals.append((after(candidate.before_last, candidate.actions[-1]), int(candidate.values[0])))
    return finals


def terms(state: Any, base: heuristic.Weights) -> list[float]:
    """The points so far and each ``LINEAR`` term of ``static_value`` (0 once the game is over)."""
    out = [float(sum(state.points(0)))]
    if state.is_over:  # the exact total: nothing under way counts
        return out + [0.0] * len(LINEAR)
    saved = heuristic.SOLO_WEIGHTS
    try:
        for name in LINEAR:
            weight = getattr(base, name) or 1.0
            heuristic.SOLO_WEIGHTS = dataclasses.replace(base, **{name: weight})
            on = heuristic.static_value(state, 0)
            heuristic.SOLO_WEIGHTS = dataclasses.replace(base, **{name: 0.0})
            out.append(on - heuristic.static_value(state, 0))
    finally:
        heuristic.SOLO_WEIGHTS = saved
    return out


def fit(paths: list[Path], base: heuristic.Weights) -> None:
    turns: list[tuple[int, list[list[float]], list[float]]] = []  # (game, candidates' terms, finals)
    for path in paths:
        for index, _turn, candidates in pickle.loads(path.read_bytes()):
            turns.append((index, [terms(s, base) for s, _ in candidates], [float(f) for _, f in candidates]))

    def solve(train: list[tuple[int, list[list[float]], list[float]]]) -> list[float]:
        size = len(LINEAR) + 1
        a = [[float(i == j) for j in range(size)] for i in range(size)]  # ridge 1.0
        b = [0.0] * size
        for _, xs, ys in train:
            mx = [sum(col) / len(xs) for col in zip(*xs, strict=True)]
            my = sum(ys) / len(ys)
            for x, y in zip(xs, ys, strict=True):
                d = [v - m for v, m in zip(x, mx, strict=True)]
                for i in range(size):
                    b[i] += d[i] * (y - my)
                    for j in range(size):
                        a[i][j] += d[i] * d[j]
        return _gauss(a, b)

    def lost(coef: list[float] | None, test: list[tuple[int, list[list[float]], list[float]]]) -> float:
        """Mean points lost against each turn's best candidate, ranking by ``coef`` (None: in use)."""
        out = []
        for _, xs, ys in test:
            scores = [sum(c * v for c, v in zip(coef or in_use, x, strict=True)) for x in xs]
            out.append(max(ys) - ys[scores.index(max(scores))])
        return sum(out) / len(out)

    in_use = [1.0] + [float(getattr(base, name) != 0) for name in LINEAR]  # static_value's own mix
    even = [t for t in turns if t[0] % 2 == 0]
    odd = [t for t in turns if t[0] % 2]
    for train, test, label in ((even, odd, "even -> odd"), (odd, even, "odd -> even")):
        if train and test:
            print(f"{label}: fitted {lost(solve(train), test):.2f} points lost, in use {lost(None, test):.2f}")
    coef = solve(turns)
    weights = {name: round(c / coef[0] * (getattr(base, name) or 1.0), 4)
               for name, c in zip(LINEAR, coef[1:], strict=True)}
    print(f"{len(turns)} turn starts, {sum(len(t[2]) for t in turns)} candidates; points coefficient {coef[0]:.2f}")
    print("Weights(" + ", ".join(f"{k}={v}" for k, v in weights.items()) + ")")


def _gauss(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve ``a x = b`` (a small, well-conditioned system: the ridge keeps it so)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col:
                factor = m[r][col] / m[col][col]
                m[r] = [v - factor * p for v, p in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--seed", type=int, default=11)
    c.add_argument("--first", type=int, default=0)
    c.add_argument("--games", type=int, default=100)
    c.add_argument("--out", type=Path, required=True)
    d = sub.add_parser("decisions")
    d.add_argument("--seed", type=int, default=21)
    d.add_argument("--first", type=int, default=0)
    d.add_argument("--games", type=int, default=100)
    d.add_argument("--out", type=Path, required=True)
    f = sub.add_parser("fit")
    f.add_argument("paths", type=Path, nargs="+")
    args = parser.parse_args()
    if args.command == "collect":
        collect(args.seed, args.first, args.games, args.out)
    elif args.command == "decisions":
        collect_decisions(args.seed, args.first, args.games, args.out)
    else:
        fit(args.paths, heuristic.SOLO_WEIGHTS)


if __name__ == "__main__":
    main()
