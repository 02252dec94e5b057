"""Harmonies solo: an n-tuple afterstate value learned by TD(lambda), played by a turn-level beam planner.

Experiment code (issue 59, stage 1); docs/experiments/harmonies-ntuple.md keeps its log.

The policy plans whole turns (hanpan.games.harmonies.plans: a beam over the turn's decisions collects
complete turns); the turn played is the one whose afterstate (every decision of the turn made, before
the end-of-turn draws) has the best ``points + V``, where ``V`` predicts the points still to come
(hanpan.games.harmonies.afterstate: the heuristic's credit for what is under way, rescaled per turns
left, plus an n-tuple network of sparse lookup tables).

Training is TD(lambda) on the afterstates of each game, 2048-style: the target of afterstate a_t is
the points gained to a_(t+1) plus ((1 - lambda) V(a_(t+1)) + lambda G_(t+1)); the last one's, the final
score's remainder.  Checkpoints are model files (hanpan.core.models), written atomically.

    .venv/bin/python training/harmonies_ntuple.py train --games 2000 --seed 1 --out .runs/ntuple
    .venv/bin/python training/harmonies_ntuple.py measure --model .runs/ntuple/value-1p-A.model.gz --games 50 --seed 9
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time

from hanpan.core import models
from hanpan.games.harmonies import GAME
from hanpan.games.harmonies.actions import ACTIONS
from hanpan.games.harmonies.afterstate import LAYOUT, features, model_file, untrained, value_of
from hanpan.games.harmonies.plans import complete_turns
from hanpan.games.harmonies.state import HarmoniesState

Features = tuple[list[int], int, float]


class Model:
    """The weights being learned (the engine's ``afterstate`` module reads them the same way)."""

    def __init__(self, weights: list[float] | None = None) -> None:
        self.w = untrained() if weights is None else weights

    def value(self, s: HarmoniesState, p: int) -> float:
        return value_of(self.w, s, p)

    def update(self, feats: Features, delta: float, alpha: float, alpha_real: float) -> None:
        """Normalised LMS: V moves by ``alpha * delta``.  An entry active k times (a shared table's (empty,
        empty) pair is, 50 times on an empty board) is a feature of value k, so the norm is the sum of
        the squared counts, not the number of entries: with the number of entries the early game's steps
        were 17 times too large (a 2-player run diverged)."""
        idx, u, x = feats
        w = self.w
        counts: dict[int, int] = {}
        for i in idx:
            counts[i] = counts.get(i, 0) + 1
        norm = sum(k * k for k in counts.values())
        if alpha_real < 0:  # one normalised step over every feature, the real-valued one included
            step = alpha * delta / (norm + x * x)
            w[u] += step * x
        else:
            step = alpha * delta / norm
            w[u] += alpha_real * delta * x
        for i, k in counts.items():
            w[i] += step * k

    def save(self, path: str, meta: dict[str, object]) -> None:
        tmp = path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(models.dump(meta, self.w))
        os.replace(tmp, path)

    @staticmethod
    def load(path: str) -> tuple[Model, dict[str, object]]:
        with open(path, "rb") as f:
            model = models.load(f.read(), path)
        if len(model.weights) != LAYOUT.size:
            raise ValueError(f"{path}: {len(model.weights)} weights, the layout has {LAYOUT.size}")
        return Model(model.weights), dict(model.header)


Trace = list[tuple[int, Features, float]]


def play_game(model: Model, seed: int, beam: int, explore: float = 0.0, rng_seed: int = 0,
              players: int = 1, greedy_seat: int | None = None) -> list[tuple[int, Trace]]:
    """One game, every seat planned with ``model`` (but ``greedy_seat``, played by greedy); per seat, its
    final score and, per turn, (points at the afterstate, its features, V there)."""
    import random

    from hanpan.agents.base import Seat
    from hanpan.agents.simple import GreedyAgent

    rnd = random.Random(rng_seed)
    s = GAME.new(players=players, seed=seed)
    traces: list[Trace] = [[] for _ in range(players)]
    greedy = GreedyAgent(rng_seed)
    while not s.over:
        p = s.player
        if p == greedy_seat:
            s.apply(greedy.choose(Seat(s, p)))
            continue
        turns = complete_turns(s, beam)
        scored = []
        for acts, after in turns:
            v = model.value(after, p)
            scored.append((after.total(p) + v, acts, after, v))
        scored.sort(key=lambda x: -x[0])
        pick = scored[0]
        if explore and len(scored) > 1 and rnd.random() < explore:
            pick = scored[rnd.randrange(min(3, len(scored)))]
        _, acts, after, v = pick
        traces[p].append((after.total(p), features(after, p), v))
        for i in acts:
            s.apply(_ACTION[i])
    return [(s.total(p), traces[p]) for p in range(players)]


_ACTION = ACTIONS.actions


def td_update(model: Model, final: int, trace: list[tuple[int, tuple[list[int], int, float], float]],
              lam: float, alpha: float, alpha_real: float) -> float:
    """TD(lambda) over one game's afterstates (lambda-returns from the back); the mean squared error."""
    g = float(final)
    err = 0.0
    next_v: float | None = None
    next_points = final
    for points, feats, v in reversed(trace):
        # the last afterstate's target is what the game's end added; the others' the lambda-return
        target = float(final - points) if next_v is None else (next_points - points) + (1 - lam) * next_v + lam * g
        g = target
        delta = target - v
        err += delta * delta
        model.update(feats, delta, alpha, alpha_real)
        next_v, next_points = v, points
    return err / max(1, len(trace))


def train(args: argparse.Namespace) -> None:
    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, model_file(args.players, "A"))
    state_path = os.path.join(args.out, "progress.json")
    curve_path = os.path.join(args.out, "curve.jsonl")
    if os.path.exists(path):
        # the model's own header says where it stands: a run stopped between writing the curve, the model
        # and progress.json resumes from the model, and the curve's lines past it are dropped
        model, meta = Model.load(path)
        progress = {"games": int(str(meta["games"])), "cpu": float(str(meta["cpu_seconds"]))}
        if os.path.exists(curve_path):
            with open(curve_path) as f:
                kept = [x for x in f if x.strip() and json.loads(x)["games"] <= progress["games"]]
            with open(curve_path, "w") as f:
                f.writelines(kept)
        print(f"resumed at game {progress['games']}", flush=True)
    elif args.init:
        # a warm start: another run's weights (another player count's, say), named in every header
        model, _ = Model.load(args.init)
        progress = {"games": 0, "cpu": 0.0}
        print(f"starting from the weights of {args.init}", flush=True)
    else:
        model, progress = Model(), {"games": 0, "cpu": 0.0}
    commit = _commit()  # the code this process runs (HEAD may move while it trains)
    began = time.process_time() - progress["cpu"]
    wall = time.perf_counter()
    recent: list[int] = []
    errs: list[float] = []
    g0 = progress["games"]
    while progress["games"] < args.games:
        g = int(progress["games"])
        for final, trace in play_game(model, args.seed * 1_000_003 + g, args.beam, args.explore, g, args.players):
            errs.append(td_update(model, final, trace, args.lam, args.alpha, args.alpha_real))
            recent.append(final)
        progress["games"] = g + 1
        if progress["games"] % args.every == 0 or progress["games"] == args.games:
            progress["cpu"] = time.process_time() - began
            done = progress["games"] - g0
            rate = (time.perf_counter() - wall) / max(1, done)
            left = (args.games - progress["games"]) * rate
            mean = sum(recent) / len(recent)
            line = {"games": progress["games"], "cpu": round(progress["cpu"], 1), "mean": round(mean, 2),
                    "mse": round(sum(errs) / len(errs), 2)}
            print(f"{json.dumps(line)} ({rate:.2f} s a game, {left / 60:.0f} min left)", flush=True)
            recent, errs = [], []
            if args.eval_every and progress["games"] % args.eval_every == 0:
                line.update(held_out(model, args))
                print(f"held-out games 0-{args.eval_games - 1}: {line}", flush=True)
            with open(curve_path, "a") as f:
                f.write(json.dumps(line) + "\n")
            meta = {"name": f"harmonies-value-{args.players}p-A", "version": args.version, "game": "harmonies",
                    "players": args.players, "side": "A",
                    "command": " ".join(sys.argv), "commit": commit, "seed": args.seed,
                    **({"init": os.path.basename(args.init)} if args.init else {}),
                    "games": progress["games"], "cpu_seconds": round(progress["cpu"], 1)}
            model.save(path, meta)
            tmp = state_path + ".tmp"
            with open(tmp, "w") as f:
                json.dump(progress, f)
            os.replace(tmp, state_path)


def held_out(model: Model, args: argparse.Namespace) -> dict[str, float]:
    """Solo: the mean score of the held-out games.  With others: the planner against greedy (seats
    alternating), its mean score, mean margin and share of the games won."""
    if args.players == 1:
        scores = [play_game(model, 7_000_000 + k, args.beam)[0][0] for k in range(args.eval_games)]
        return {"held_out": round(sum(scores) / len(scores), 2)}
    own, margins, won = [], [], 0.0
    for k in range(args.eval_games):
        seat = k % args.players
        results = play_game(model, 7_000_000 + k, args.beam, players=args.players,
                            greedy_seat=(seat + 1) % args.players)
        totals = [final for final, _ in results]
        best_other = max(t for q, t in enumerate(totals) if q != seat)
        own.append(totals[seat])
        margins.append(totals[seat] - best_other)
        won += 1.0 if totals[seat] > best_other else 0.5 if totals[seat] == best_other else 0.0
    n = args.eval_games
    return {"held_out": round(sum(own) / n, 2), "held_out_margin": round(sum(margins) / n, 2),
            "held_out_won": round(won / n, 3)}


def release(args: argparse.Namespace) -> None:
    """A checkpoint made the packaged model: copied into the game's data/ under its version name (its
    weights and how they were made unchanged)."""
    with open(args.checkpoint, "rb") as f:
        model = models.load(f.read(), args.checkpoint)
    header = {key: value for key, value in model.header.items() if key not in ("format", "size", "sha256")}
    header["version"] = args.version
    target = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "hanpan", "games", "harmonies",
                          "data", model_file(int(header["players"]), str(header["side"])))
    with open(target, "wb") as f:
        f.write(models.dump(header, model.weights))
    print(f"wrote {os.path.normpath(target)}: {header['name']}/{args.version}, {header['games']} games, "
          f"{header['cpu_seconds']} CPU seconds")


def _commit() -> str:
    import subprocess

    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              check=True, cwd=os.path.dirname(os.path.abspath(__file__))).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def plot(args: argparse.Namespace) -> None:
    """The learning curve: training games' mean score and the held-out games' mean, over CPU hours."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    runs = []
    for path in args.curves:
        with open(path) as f:
            lines = [json.loads(x) for x in f if x.strip()]
        runs.append((os.path.basename(os.path.dirname(path)) or path, lines))
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for name, lines in runs:
        hours = [x["cpu"] / 3600 for x in lines]
        if args.metric == "won":  # 2-4 players: the held-out games won against greedy
            held = [(x["cpu"] / 3600, 100 * x["held_out_won"]) for x in lines if "held_out_won" in x]
            ax.plot(*zip(*held, strict=True), marker="o", label=f"{name}: held-out games won against greedy")
            continue
        ax.plot(hours, [x["mean"] for x in lines], alpha=0.35, label=f"{name}: training games (mean of {args.every})")
        held = [(x["cpu"] / 3600, x["held_out"]) for x in lines if "held_out" in x]
        if args.untrained is not None:
            held.insert(0, (0.0, args.untrained))
        if held:
            ax.plot(*zip(*held, strict=True), marker="o", label=f"{name}: held-out games")
    for label, text in args.line:
        score = float(text)
        ax.axhline(score, linestyle=":", color="grey")
        ax.text(0, score + 0.3, label, color="grey", fontsize=8)
    ax.set_xlabel("CPU hours of training")
    if args.metric == "won":
        ax.set_ylabel("% of held-out games won against greedy (side A)")
        ax.set_ylim(0, 100)  # the whole scale: 50 held-out games make each point about ±13 (95 %)
        ax.axhline(50, linestyle=":", color="grey")
        ax.text(0, 51, "even with greedy", color="grey", fontsize=8)
        ax.set_title("Harmonies, 2 players: turn plans with the learned afterstate value")
    else:
        ax.set_ylabel("solo score, side A, no spirit")
        ax.set_title("Harmonies solo: turn plans with the learned afterstate value")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(args.out, dpi=110)
    print(f"wrote {args.out}")


def measure(args: argparse.Namespace) -> None:
    """Solo games 0..N-1 of ``--seed`` played by the engine's plan agent with the model's weights."""
    from hanpan.agents.base import Seat
    from hanpan.agents.plans import PlanAgent
    from hanpan.games.harmonies import afterstate

    model = Model.load(args.model)[0] if args.model else Model()
    afterstate.use(model.w, 1, "A")
    scores = []
    t = time.perf_counter()
    for g in range(args.first, args.first + args.games):
        state = GAME.new(players=1, seed=mix(args.seed, g))
        agent = PlanAgent(seed=g, width=args.beam, samples=args.samples, finalists=args.finalists)
        while not state.over:
            state.apply(agent.choose(Seat(state, 0)))
        scores.append(state.total(0))
    n = len(scores)
    mean = sum(scores) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in scores) / max(1, n - 1))
    print(f"{n} games: mean {mean:.2f} ± {1.96 * sd / math.sqrt(n):.2f} (sd {sd:.1f}), "
          f"{(time.perf_counter() - t) / n:.2f} s a game; scores {scores}")


def mix(seed: int, game: int) -> int:
    """The game's seed, as hanpan simulate --seed S makes game g's."""
    from hanpan.core.rng import mix_seed

    return mix_seed(seed, game) >> 16


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("train")
    t.add_argument("--games", type=int, default=1000)
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--players", type=int, default=1, choices=(1, 2, 3, 4))
    t.add_argument("--beam", type=int, default=4)
    t.add_argument("--lam", type=float, default=0.5)
    t.add_argument("--alpha", type=float, default=0.1)
    t.add_argument("--alpha-real", type=float, default=0.002,
                   help="the underway weight's own step; below 0: one normalised step over all the features")
    t.add_argument("--explore", type=float, default=0.0)
    t.add_argument("--every", type=int, default=50)
    t.add_argument("--out", required=True)
    t.add_argument("--version", default="1", help="the model's version name, written in its header")
    t.add_argument("--init", help="a model file whose weights a new run starts from (ignored when resuming)")
    m = sub.add_parser("measure")
    m.add_argument("--model")
    m.add_argument("--games", type=int, default=50)
    m.add_argument("--seed", type=int, default=9)
    m.add_argument("--beam", type=int, default=4)
    m.add_argument("--first", type=int, default=0)
    m.add_argument("--samples", type=int, default=0)
    m.add_argument("--finalists", type=int, default=4)
    t.add_argument("--eval-every", type=int, default=1000)
    t.add_argument("--eval-games", type=int, default=30)
    pl = sub.add_parser("plot")
    pl.add_argument("curves", nargs="+")
    pl.add_argument("--every", type=int, default=100)
    pl.add_argument("--untrained", type=float, help="the held-out games' mean before training")
    pl.add_argument("--line", nargs=2, action="append", default=[], metavar=("LABEL", "SCORE"),
                    type=str, help="a reference score drawn across (e.g. greedy on the held-out games)")
    pl.add_argument("--metric", choices=("score", "won"), default="score",
                    help="score: the solo means; won: 2-4 players' held-out games won against greedy")
    pl.add_argument("--out", required=True)
    r = sub.add_parser("release")
    r.add_argument("checkpoint")
    r.add_argument("--version", required=True)
    args = ap.parse_args()
    {"train": train, "measure": measure, "plot": plot, "release": release}[args.cmd](args)


if __name__ == "__main__":
    main()
