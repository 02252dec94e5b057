"""Random play and greedy play of this checkout's engine against an earlier commit's, side by side.

    .venv/bin/python benchmarks/engine_speed.py [--baseline 99edb24] [--compile-baseline] [--rounds 4]
                                                [--seconds 3] [--greedy-games 3] [--only random|greedy]

The baseline commit is checked out in a temporary git worktree and run from its sources (the pure-Python
engine of its day; with ``--compile-baseline`` its own hot modules are compiled there first, by its own
``setup.py``, a few minutes more, so that compiled meets compiled); this checkout runs as it is (compiled
after ``make``; ``HANPAN_PURE=1`` in the environment measures both sides' pure-Python engines
instead).  Each workload runs in a fresh subprocess, the two sides alternating round by round so that a
busy machine slows both alike, and the figure kept is the median over rounds of the CPU time
(``time.process_time``) of the timed part.

- random: the same loop for both sides, written here (``legal_actions`` then ``apply`` of a uniformly
  chosen action on the true state, ``game.new`` included), in games/s and decisions/s.
- greedy: solo Harmonies games of the greedy agent, seconds per game; the hash of every decision must be
  the same on both sides (the same play, only faster).
- hard (``--only hard``): the Harmonies ``hard`` level in solo (turn plans on both cores, 0.9 s each):
  play-outs per planned decision over the first ``--hard-plans`` plans of games 0, 1, … (its clock is
  wall time, so nothing else should run).
- hard games (``--only hard-games``): whole solo games of each side's own ``hard`` level (its settings
  of the day) on games 0 … ``--hard-games``-1 (game seed = agent seed = the game's number), in blocks of
  ``--block`` games, the sides alternating block by block: the mean final score, the paired difference
  (same games), play-outs per plan and wall seconds per plan.  Wall time again: run nothing else.

The default run (random and greedy) takes about 5 minutes; ``--only hard-games`` plays 100 whole games of
``hard`` on each side, tens of minutes.  The last figures are in engine_speed_results.md.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parents[1]

#: (game, players): the issue's list
RANDOM = (("harmonies", 1), ("harmonies", 2), ("harmonies", 4), ("spirits_of_the_wild", 2),
          ("four_gardens", 2), ("four_gardens", 3), ("four_gardens", 4))


def child_random(game_id: str, players: int, seconds: float) -> dict[str, float]:
    """Random games for about ``seconds`` of CPU time (the loop of hanpan.analysis.bench, inlined)."""
    from hanpan.core.registry import game
    from hanpan.core.rng import Rng

    g = game(game_id)
    rng = Rng(12345)
    games = decisions = 0
    start = time.process_time()
    while True:
        state = g.new(players=players, seed=rng.next64() >> 16)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
            decisions += 1
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return {"games": games, "decisions": decisions, "cpu": elapsed}


def child_greedy(games: int) -> dict[str, object]:
    """Solo Harmonies games of greedy: CPU seconds per game and a hash of all decisions and scores."""
    from hanpan.agents.base import Seat
    from hanpan.agents.registry import make_agent
    from hanpan.core.registry import game

    digest = hashlib.sha256()
    decisions = 0
    start = time.process_time()
    for seed in range(games):
        state = game("harmonies").new(players=1, seed=seed)
        agent = make_agent("greedy", seed=seed)
        while not state.is_over:
            action = agent.choose(Seat(state, 0))
            digest.update(f"{action.id};".encode())
            state.apply(action)
            decisions += 1
        digest.update(json.dumps([c.total for c in state.scores()]).encode())
    cpu = time.process_time() - start
    return {"cpu_per_game": cpu / games, "decisions": decisions, "hash": digest.hexdigest()[:16]}


def hard_decision(agent: Any, state: Any, counts: list[int], seconds: list[float]) -> Any:
    """The solo ``hard`` level's next decision; when it made a plan, its play-outs and wall seconds are
    added to ``counts`` and ``seconds``."""
    from hanpan.agents.base import Seat

    planner = getattr(agent, "search", None)  # the level's RolloutAgent, made at its first decision
    if planner is not None:
        planner.last_playouts = -1  # set again only when a plan is made
    began = time.perf_counter()
    action = agent.choose(Seat(state, 0))
    took = time.perf_counter() - began
    if agent.search.last_playouts >= 0:
        counts.append(agent.search.last_playouts)
        seconds.append(took)
    return action


def child_hard(plans: int) -> dict[str, object]:
    """Play-outs per planned decision of the solo ``hard`` level, over its first ``plans`` plans."""
    from hanpan.agents.registry import make_agent
    from hanpan.core.registry import game

    counts: list[int] = []
    seconds: list[float] = []
    seed = 0
    while len(counts) < plans:
        state = game("harmonies").new(players=1, seed=seed)
        agent = make_agent("hard", seed=seed)
        while not state.is_over and len(counts) < plans:
            state.apply(hard_decision(agent, state, counts, seconds))
        seed += 1
    return {"playouts_per_plan": statistics.mean(counts), "seconds_per_plan": statistics.mean(seconds),
            "plans": len(counts)}


def child_hard_games(first: int, count: int) -> dict[str, object]:
    """Solo games ``first`` … ``first + count - 1`` of the ``hard`` level: final totals and plan figures."""
    from hanpan.agents.registry import make_agent
    from hanpan.core.registry import game

    totals: list[int] = []
    counts: list[int] = []
    seconds: list[float] = []
    for seed in range(first, first + count):
        state = game("harmonies").new(players=1, seed=seed)
        agent = make_agent("hard", seed=seed)
        while not state.is_over:
            state.apply(hard_decision(agent, state, counts, seconds))
        totals.append(state.scores()[0].total)
    return {"totals": totals, "playouts": counts, "seconds": seconds}


def run_child(src: Path, argv: list[str]) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run([sys.executable, __file__, "--child", *argv], capture_output=True, text=True,
                         env=env, check=True).stdout
    result: dict[str, object] = json.loads(out.strip().splitlines()[-1])
    return result


def engine_of(src: Path) -> str:
    code = ("import hanpan\ntry:\n from hanpan._native import engine; print(engine())\n"
            "except ImportError:\n print('pure Python (before the compiled engine)')")
    env = {**os.environ, "PYTHONPATH": str(src)}
    where = subprocess.run([sys.executable, "-c", "import hanpan; print(hanpan.__file__)"], env=env,
                           capture_output=True, text=True, check=True).stdout.strip()
    assert where.startswith(str(src)), f"{src} should provide hanpan, but {where} did"
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          check=True).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", default="99edb24")
    parser.add_argument("--compile-baseline", action="store_true",
                        help="compile the baseline's hot modules (mypyc) before measuring")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per random-play run")
    parser.add_argument("--greedy-games", type=int, default=3)
    parser.add_argument("--hard-plans", type=int, default=20)
    parser.add_argument("--hard-games", type=int, default=100)
    parser.add_argument("--block", type=int, default=10, help="hard games per block (sides alternate)")
    parser.add_argument("--only", choices=("random", "greedy", "hard", "hard-games"))
    parser.add_argument("--random-games", default=None, metavar="GAME[,GAME]",
                        help="random play of these games only (e.g. four_gardens)")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        kind, *rest = args.child
        if kind == "random":
            print(json.dumps(child_random(rest[0], int(rest[1]), float(rest[2]))))
        elif kind == "hard":
            print(json.dumps(child_hard(int(rest[0]))))
        elif kind == "hard-games":
            print(json.dumps(child_hard_games(int(rest[0]), int(rest[1]))))
        else:
            print(json.dumps(child_greedy(int(rest[0]))))
        return

    with tempfile.TemporaryDirectory() as tmp:
        base_tree = Path(tmp) / "baseline"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(base_tree),
                        args.baseline], check=True)
        try:
            if args.compile_baseline:
                subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=base_tree,
                               check=True, capture_output=True)
            sides = {"baseline": base_tree / "src", "this": ROOT / "src"}
            print(f"baseline {args.baseline}: {engine_of(sides['baseline'])}; "
                  f"this checkout: {engine_of(sides['this'])}; {args.rounds} alternating rounds, "
                  "medians of CPU time")
            if args.only in (None, "random"):
                print(f"\n{'random play':<26}{'baseline':>14}{'this':>14}{'ratio':>8}   (decisions/s; games/s)")
                wanted = set(args.random_games.split(",")) if args.random_games else None
                for game_id, players in RANDOM:
                    if wanted is not None and game_id not in wanted:
                        continue
                    runs: dict[str, list[dict[str, float]]] = {"baseline": [], "this": []}
                    for _ in range(args.rounds):
                        for side, src in sides.items():
                            runs[side].append(run_child(src, ["random", game_id, str(players),
                                                              str(args.seconds)]))  # type: ignore[arg-type]
                    dps = {s: statistics.median(r["decisions"] / r["cpu"] for r in runs[s]) for s in runs}
                    gps = {s: statistics.median(r["games"] / r["cpu"] for r in runs[s]) for s in runs}
                    print(f"{game_id + ' ' + str(players) + 'p':<26}{dps['baseline']:>14,.0f}{dps['this']:>14,.0f}"
                          f"{dps['this'] / dps['baseline']:>7.2f}×   games/s {gps['baseline']:,.1f} → "
                          f"{gps['this']:,.1f} ({gps['this'] / gps['baseline']:.2f}×)", flush=True)
            if args.only in (None, "greedy"):
                per: dict[str, list[dict[str, object]]] = {"baseline": [], "this": []}
                for _ in range(args.rounds):
                    for side, src in sides.items():
                        per[side].append(run_child(src, ["greedy", str(args.greedy_games)]))
                secs = {s: statistics.median(float(r["cpu_per_game"]) for r in per[s]) for s in per}  # type: ignore[arg-type]
                hashes = {s: {str(r["hash"]) for r in per[s]} for s in per}
                print(f"\ngreedy solo Harmonies, {args.greedy_games} games: {secs['baseline']:.3f} s/game → "
                      f"{secs['this']:.3f} s/game ({secs['baseline'] / secs['this']:.2f}× faster); "
                      f"decision hashes {sorted(hashes['baseline'])} → {sorted(hashes['this'])} "
                      f"({'the same' if hashes['baseline'] == hashes['this'] else 'DIFFERENT'})")
            if args.only == "hard":
                plans: dict[str, list[dict[str, object]]] = {"baseline": [], "this": []}
                for _ in range(args.rounds):
                    for side, src in sides.items():
                        plans[side].append(run_child(src, ["hard", str(args.hard_plans)]))
                plays = {s: statistics.median(float(r["playouts_per_plan"]) for r in plans[s]) for s in plans}  # type: ignore[arg-type]
                secs = {s: statistics.median(float(r["seconds_per_plan"]) for r in plans[s]) for s in plans}  # type: ignore[arg-type]
                print(f"\nhard solo Harmonies, {args.hard_plans} plans: play-outs per planned decision "
                      f"{plays['baseline']:.1f} → {plays['this']:.1f} ({plays['this'] / plays['baseline']:.2f}×), "
                      f"wall seconds per plan {secs['baseline']:.2f} → {secs['this']:.2f}")
            if args.only == "hard-games":
                hard_games(sides, args.hard_games, args.block)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base_tree)], check=True)


def hard_games(sides: dict[str, Path], games: int, block: int) -> None:
    """Each side's ``hard`` level on the same solo games, blocks alternating; prints the comparison."""
    runs: dict[str, dict[str, list[float]]] = {side: {"totals": [], "playouts": [], "seconds": []} for side in sides}
    for first in range(0, games, block):
        for side, src in sides.items():
            result = run_child(src, ["hard-games", str(first), str(min(block, games - first))])
            for key in runs[side]:
                runs[side][key] += cast("list[float]", result[key])
        print(f"  games 0-{min(first + block, games) - 1}: mean "
              f"{statistics.mean(runs['baseline']['totals']):.2f} → {statistics.mean(runs['this']['totals']):.2f}",
              flush=True)
    diffs = [b - a for a, b in zip(runs["baseline"]["totals"], runs["this"]["totals"], strict=True)]
    spread = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("nan")
    print(f"\nhard solo Harmonies, games 0-{games - 1}:")
    for side in sides:
        r = runs[side]
        print(f"  {side:<9} mean {statistics.mean(r['totals']):.2f} (s.e. "
              f"{statistics.stdev(r['totals']) / len(r['totals']) ** 0.5:.2f}); play-outs per plan "
              f"{statistics.mean(r['playouts']):.1f}; wall seconds per plan {statistics.mean(r['seconds']):.2f}")
    print(f"  paired difference (this - baseline): {statistics.mean(diffs):+.2f} ± {spread:.2f} (s.e.)")


if __name__ == "__main__":
    main()
