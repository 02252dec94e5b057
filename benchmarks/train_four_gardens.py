"""Fit the ``"learned"`` Four Gardens evaluation (``hanpan.games.four_gardens.learned``) by self-play.

    .venv/bin/python benchmarks/train_four_gardens.py --players 2 --steps 100 --games 400 --seed 402 \\
        --out src/hanpan/games/four_gardens/data/learned-2p.json
    .venv/bin/python benchmarks/train_four_gardens.py --players 2 --duel 2000 --measure-seed 9 \\
        --model src/hanpan/games/four_gardens/data/learned-2p.json

The evaluation keeps its form (``heuristic.Weights``) and learns its weights by simultaneous
perturbation stochastic approximation (SPSA) on self-play: each step perturbs every weight at once by
± its step (a random sign each, the size a share of the weight's standard value), and greedy with the
weights + plays greedy with the weights − on ``--games`` seeded games (seats and, beyond 2 players,
the rest of the table greedy with the standard weights, each seat's order rotating over the games);
the + side's mean margin over the − side (clipped to ``--clip`` points), divided by the
perturbation, is the slope estimate the weights move along.  Weights stay at 0 or above and within
``--bound`` units of the standard ones.  Every ``--check`` steps the weights so far play
``--check-games`` games of ``--check-seed`` against the standard weights; the best check is written.
Everything is seeded: the same command makes the same file.

``--duel N`` plays games 0..N-1 of ``--measure-seed`` between greedy with the model and greedy with
the standard weights (seats rotating) and prints the model's win rate and mean margin.

Session 33 (2026-12-05), 2 players.  A first run without the clip and the bound (``--steps 200 --games
200 --seed 401 --rate 0.3``) ran away: lopsided duels gave steps of a whole unit, and by step 25 the
weights lost every check game by 20.6 points.  With them, ``--steps 100 --games 400 --seed 402`` (16
min on 2 cores, beside another benchmark), checks on 1,000 games of seed 13 against the standard
weights: step 20 56.8 % (+1.29), 40 62.7 % (+2.51), 60 57.2 % (+1.74), 80 65.5 % (+2.85), 100 55.5 %
(+1.32) — the weights wander between checks, so the best check is kept.  That file (step 80) is the
packaged data/learned-2p.json; on games it never saw (``--duel 2000 --measure-seed 9``): won 64.5 %,
mean margin +3.04 ± 0.20.  What moved: ``placed`` 0.15 -> 0.007, ``token_on_card`` 0.7 -> 1.04,
``token_useful`` 0.55 -> 0.16, ``token_spare`` and ``pending_token`` -> 0, ``opponents`` 0.35 -> 0.41,
``push`` 0.3 -> 0.53, ``hand`` 0.05 -> 0.13: tokens count for where they lie, not for being held.

4 players, ``--players 4 --steps 60 --games 300 --check 15 --check-games 600 --seed 404`` (18 min):
the learned seat against one standard seat (the other two standard) at the checks 26.2 %, 28.3 %,
29.3 %, 27.8 % of games won (a quarter is even), margins +0.72, +0.81, +0.78, +0.90; the last is
data/learned-4p.json.  On ``--duel 2000 --measure-seed 9``: won 31.2 % of the games, mean margin over
the standard seat +0.87 ± 0.15.  It moved less than the 2-player weights (``opponents`` 0.35 -> 0.54,
``landscape_card`` 0.3 -> 0.49, ``push`` 0.3 -> 0.10, ``pending_tile`` 1.5 -> 0.77).

3 players, ``--players 3 --steps 60 --games 300 --check 15 --check-games 600 --seed 403`` (10 min): checks
35.0 %, 35.7 %, 35.6 %, 37.2 % won (a third is even), margins +0.22, +0.81, +0.90, +0.70; step 45's
weights are data/learned-3p.json.  On ``--duel 2000 --measure-seed 9``: won 37.3 %, margin +0.50 ± 0.17.

Where the weights are used: ``benchmarks/mcts_variants.py``'s notes (``hard`` with them beats ``hard``
67.5 of 100; ``master`` gains nothing from them).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from hanpan.agents.base import Seat
from hanpan.agents.simple import GreedyAgent
from hanpan.core.evaluation import STANDARD, using
from hanpan.core.registry import game as get_game
from hanpan.core.rng import Rng, mix_seed
from hanpan.games.four_gardens import learned
from hanpan.games.four_gardens.heuristic import WEIGHTS, Weights

NAMES = [f.name for f in dataclasses.fields(Weights)]
BASE = [getattr(WEIGHTS, name) for name in NAMES]
#: a weight's unit of change: its standard value (a floor for the small ones)
SCALE = [max(abs(b), 0.1) for b in BASE]


def as_weights(x: list[float]) -> Weights:
    """The weights ``x`` stands for (``x`` in units of ``SCALE`` from the standard weights)."""
    return Weights(**{n: max(0.0, b + s * v) for n, b, s, v in zip(NAMES, BASE, SCALE, x, strict=True)})


def duel_game(task: tuple[int, list[float], list[float] | None, int, int]) -> tuple[float, float]:
    """Game ``index`` of ``seed``: greedy with weights ``a`` (seat ``index % players``) against greedy
    with ``b`` (the next seat; None: the standard weights), any other seat standard: ``a``'s share of
    the win (1, shared, 0) and its margin over ``b``."""
    players, a, b, seed, index = task
    state = get_game("four_gardens").new(players=players, seed=mix_seed(seed, index) >> 16)
    first = index % players
    second = (first + 1) % players
    learned_a = as_weights(a)
    learned_b = as_weights(b) if b is not None else None
    agents = [GreedyAgent(mix_seed(seed, index, seat + 1)) for seat in range(players)]
    while not state.is_over:
        mover = state.current_player
        assert mover is not None
        fitted = learned_a if mover == first else learned_b if mover == second else None
        learned.use(players, fitted)
        with using("learned" if fitted is not None else STANDARD):
            state.play(agents[mover].choose(Seat(state, mover)))
    winners = state.winners()
    share = 1.0 / len(winners) if first in winners else 0.0
    scores = state.scores()
    return share, float(scores[first].total - scores[second].total)


def duels(pool: ProcessPoolExecutor, players: int, a: list[float], b: list[float] | None, seed: int,
          games: int) -> tuple[float, float, float]:
    """Win share, mean margin and its standard error of ``a`` against ``b`` over ``games`` games."""
    results = list(pool.map(duel_game, [(players, a, b, seed, i) for i in range(games)], chunksize=8))
    margins = [m for _, m in results]
    return (sum(w for w, _ in results) / games, statistics.fmean(margins),
            statistics.stdev(margins) / math.sqrt(games))


def train(args: argparse.Namespace, pool: ProcessPoolExecutor) -> None:
    rng = Rng(args.seed)
    x = [0.0] * len(NAMES)
    best: tuple[float, list[float]] | None = None
    history = []
    started = time.monotonic()
    for step in range(1, args.steps + 1):
        c = args.perturb / step ** 0.101  # the usual SPSA decays
        a = args.rate / (step + args.steps // 10) ** 0.602
        signs = [1.0 if rng.randbelow(2) else -1.0 for _ in NAMES]
        plus = [v + c * d for v, d in zip(x, signs, strict=True)]
        minus = [v - c * d for v, d in zip(x, signs, strict=True)]
        _, margin, _ = duels(pool, args.players, plus, minus, mix_seed(args.seed, step), args.games)
        margin = max(-args.clip, min(args.clip, margin))  # one lopsided step must not throw the weights far
        x = [v + a * margin / (2 * c) * d for v, d in zip(x, signs, strict=True)]
        # weights stay >= 0 and within --bound units of the standard ones
        x = [min(args.bound, max(v, -b / s)) for v, b, s in zip(x, BASE, SCALE, strict=True)]
        if step % args.check == 0 or step == args.steps:
            won, margin, se = duels(pool, args.players, x, None, args.check_seed, args.check_games)
            history.append({"step": step, "won": round(won, 4), "margin": round(margin, 3)})
            print(f"step {step}: against the standard weights {won:.1%}, margin {margin:+.2f} ± {se:.2f} "
                  f"({time.monotonic() - started:.0f} s) {as_weights(x)}", flush=True)
            if best is None or margin > best[0]:
                best = (margin, list(x))
    assert best is not None
    fitted = as_weights(best[1])
    out = {"players": args.players, "evaluation": "learned",
           "weights": {n: round(getattr(fitted, n), 4) for n in NAMES},
           "made_by": " ".join(["benchmarks/train_four_gardens.py", *sys.argv[1:]]),
           "checks": history}
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    print(f"wrote {args.out}: the check of margin {best[0]:+.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--games", type=int, default=400, help="games a step")
    parser.add_argument("--seed", type=int, default=401)
    parser.add_argument("--perturb", type=float, default=0.3, help="first perturbation, in units of a weight")
    parser.add_argument("--rate", type=float, default=0.15, help="SPSA's gain")
    parser.add_argument("--clip", type=float, default=2.0, help="a step's margin counts at most this much")
    parser.add_argument("--bound", type=float, default=3.0, help="a weight stays within this many units")
    parser.add_argument("--check", type=int, default=20, help="check every N steps")
    parser.add_argument("--check-games", type=int, default=1000)
    parser.add_argument("--check-seed", type=int, default=13)
    parser.add_argument("--out", default="learned-four-gardens.json")
    parser.add_argument("--duel", type=int, help="measure the model of --model in N games")
    parser.add_argument("--model")
    parser.add_argument("--measure-seed", type=int, default=9)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    with ProcessPoolExecutor(args.jobs) as pool:
        if args.duel:
            with open(args.model, encoding="utf-8") as f:
                fitted = learned.load(args.players, f.read())
            assert fitted is not None
            x = [(getattr(fitted, n) - b) / s for n, b, s in zip(NAMES, BASE, SCALE, strict=True)]
            won, margin, se = duels(pool, args.players, x, None, args.measure_seed, args.duel)
            print(json.dumps({"games": args.duel, "seed": args.measure_seed, "win_rate": round(won, 4),
                              "margin": round(margin, 3), "margin_se": round(se, 3)}))
        else:
            train(args, pool)


if __name__ == "__main__":
    main()
