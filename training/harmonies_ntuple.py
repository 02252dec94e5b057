"""Harmonies solo: an n-tuple afterstate value learned by TD(lambda), played by a turn-level beam planner.

Experiment code (issue 59, stage 1); docs/experiments/harmonies-ntuple.md keeps its log.

The policy plans whole turns: a beam over the turn's decisions (ranked by the heuristic ``evaluate``,
which places the tokens in hand) collects complete turns; the turn played is the one whose afterstate
(every decision of the turn made, before the end-of-turn draws) has the best ``points + V``, where
``V`` predicts the points still to come: the heuristic's credit for what is under way, rescaled per
turns left, plus an n-tuple network (sparse lookup tables over cells, neighbour pairs and triangles,
held cards with their progress, the display, the turns left and empty cells).

Training is TD(lambda) on the afterstates of each game, 2048-style: the target of afterstate a_t is
the points gained to a_(t+1) plus ((1 - lambda) V(a_(t+1)) + lambda G_(t+1)); the last one's, the final
score's remainder.  Checkpoints are written atomically (gzip of a float32 array with a JSON header).

    .venv/bin/python training/harmonies_ntuple.py train --games 2000 --seed 1 --out .runs/ntuple
    .venv/bin/python training/harmonies_ntuple.py measure --model .runs/ntuple/model.bin.gz --games 50 --seed 9
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import math
import os
import struct
import sys
import time
from array import array
from dataclasses import dataclass

from hanpan.games.harmonies import GAME
from hanpan.games.harmonies.actions import DISCARD, END
from hanpan.games.harmonies.board import NUM_STACKS
from hanpan.games.harmonies.cards import discard
from hanpan.games.harmonies.heuristic import static_value
from hanpan.games.harmonies.outlook import cards_short, turns_to_come
from hanpan.games.harmonies.state import HarmoniesState

S = NUM_STACKS  # 15 stacks
_TURNS = 16
_SHORT = 10  # tokens short 0-8, or no habitat buildable


@dataclass(frozen=True)
class Layout:
    """Offsets of each table in the weight vector (side A solo)."""

    ncells: int
    edges: tuple[tuple[int, int], ...]
    triangles: tuple[tuple[int, int, int], ...]
    cell: int
    pair_shared: int
    pair: int
    tri_shared: int
    tri: int
    card: int
    display: int
    turns_empty: int
    bag: int
    underway: int
    size: int

    @staticmethod
    def make() -> Layout:
        side = GAME.new(players=1, seed=0).side
        n = side.ncells
        adj = [set(side.neighbours(i)) for i in range(n)]
        edges = tuple((i, j) for i in range(n) for j in sorted(adj[i]) if j > i)
        triangles = tuple((i, j, k) for i, j in edges for k in sorted(adj[i] & adj[j]) if k > j)
        cell = 1
        pair_shared = cell + n * S * 2
        pair = pair_shared + S * S
        tri_shared = pair + len(edges) * S * S
        tri = tri_shared + S * S * S
        card = tri + len(triangles) * S * S * S
        display = card + 42 * 5 * _SHORT * 4
        turns_empty = display + 42 * 5
        bag = turns_empty + _TURNS * (n + 1)
        underway = bag + 6 * 8 * 4
        return Layout(n, edges, triangles, cell, pair_shared, pair, tri_shared, tri, card, display,
                      turns_empty, bag, underway, underway + _TURNS)


LAYOUT = Layout.make()


def features(s: HarmoniesState, p: int, L: Layout = LAYOUT) -> tuple[list[int], int, float]:
    """Active sparse indices, and the underway feature (its index and value, tens of points)."""
    st = s.stacks[p]
    cube_card = s.cube_card[p]
    idx = [0]
    cell = L.cell
    for i in range(L.ncells):
        idx.append(cell + (i * S + st[i]) * 2 + (cube_card[i] >= 0))
    ps, pp = L.pair_shared, L.pair
    for e, (i, j) in enumerate(L.edges):
        a, b = st[i], st[j]
        idx.append(ps + (a * S + b if a <= b else b * S + a))
        idx.append(pp + e * S * S + a * S + b)
    ts, tp = L.tri_shared, L.tri
    for t, (i, j, k) in enumerate(L.triangles):
        a, b, c = st[i], st[j], st[k]
        # shared: the sorted stacks (no orientation); own: as placed
        x, y, z = sorted((a, b, c))
        idx.append(ts + (x * S + y) * S + z)
        idx.append(tp + ((t * S + a) * S + b) * S + c)
    held = s.held[p]
    placed = s.placed
    turns = min(turns_to_come(s), _TURNS - 1)
    tb = min(turns // 4, 3)
    if held:
        for card, short in zip(held, cards_short(s, p, held), strict=True):
            b = _SHORT - 1 if short is None else min(short, _SHORT - 2)
            idx.append(L.card + ((card * 5 + min(placed[card], 4)) * _SHORT + b) * 4 + tb)
    free = 4 - len(held)
    for card in s.display:
        idx.append(L.display + card * 5 + free)
    idx.append(L.turns_empty + turns * (L.ncells + 1) + s.empties[p])
    counts = [0] * 6
    for token in s.bag:
        counts[token] += 1
    for colour in range(6):
        idx.append(L.bag + (colour * 8 + min(counts[colour] // 3, 7)) * 4 + tb)
    underway = (static_value(s, p) - s.total(p)) / 10.0
    return idx, L.underway + turns, underway


class Model:
    def __init__(self, weights: array | None = None) -> None:
        if weights is None:
            weights = array("d", bytes(8 * LAYOUT.size))
            for t in range(_TURNS):  # start as the heuristic: 10 points per unit of underway
                weights[LAYOUT.underway + t] = 10.0
        self.w = weights

    def value(self, s: HarmoniesState, p: int) -> float:
        idx, u, x = features(s, p)
        w = self.w
        return sum(w[i] for i in idx) + w[u] * x

    def update(self, feats: tuple[list[int], int, float], delta: float, alpha: float, alpha_real: float) -> None:
        idx, u, x = feats
        w = self.w
        step = alpha * delta / len(idx)
        for i in idx:
            w[i] += step
        w[u] += alpha_real * delta * x

    def save(self, path: str, meta: dict[str, object]) -> None:
        body = array("f", self.w).tobytes()
        meta = {**meta, "size": LAYOUT.size, "sha256": hashlib.sha256(body).hexdigest()}
        header = json.dumps(meta).encode()
        tmp = path + ".tmp"
        with gzip.open(tmp, "wb", compresslevel=6) as f:
            f.write(struct.pack("<I", len(header)))
            f.write(header)
            f.write(body)
        os.replace(tmp, path)

    @staticmethod
    def load(path: str) -> tuple[Model, dict[str, object]]:
        with gzip.open(path, "rb") as f:
            (n,) = struct.unpack("<I", f.read(4))
            meta = json.loads(f.read(n))
            body = f.read()
        if hashlib.sha256(body).hexdigest() != meta["sha256"]:
            raise ValueError(f"{path}: the weights' hash does not match its header")
        return Model(array("d", array("f", body))), meta


def _key(s: HarmoniesState, p: int) -> tuple[object, ...]:
    return (bytes(s.stacks[p]), s.cubes[p], tuple(s.held[p]), tuple(s.placed[c] for c in s.held[p]),
            s.card_taken, tuple(s.hand), s.took, s.taken_space)


def complete_turns(state: HarmoniesState, beam: int) -> list[tuple[list[int], HarmoniesState]]:
    """Complete turns from ``state`` (a turn's first decision) found by a beam over its decisions: each
    as its action ids (END or a solo DISCARD last) and its afterstate: the state before END, or after the
    discard but before the turn's end refills anything.

    The beam is kept per central space taken (and before one is taken, every child is kept: the spaces
    differ in the tokens they give, which a value of the board alone cannot see); within a space the
    children are ranked by the heuristic's ``static_value`` (the tokens in hand ignored: siblings hold
    the same number), about 20 times cheaper than ``evaluate``."""
    p = state.player
    frontier: list[tuple[HarmoniesState, list[int]]] = [(state, [])]
    complete: list[tuple[list[int], HarmoniesState]] = []
    seen: set[tuple[object, ...]] = set()
    while frontier:
        groups: dict[int, list[tuple[float, int, HarmoniesState, list[int]]]] = {}
        for st, acts in frontier:
            for a in st.legal_actions():
                i = a.id
                if i == END:
                    complete.append(([*acts, i], st))
                    continue
                if DISCARD <= i < END:  # solo: a displayed card discarded, which ends the turn
                    c = st.clone()
                    discard(c, i - DISCARD)
                    complete.append(([*acts, i], c))
                    continue
                c = st.clone()
                c.apply(a)
                k = _key(c, p)
                if k in seen:
                    continue
                seen.add(k)
                group = groups.setdefault(c.taken_space, [])
                group.append((0.0 if c.taken_space < 0 else static_value(c, p), len(group), c, [*acts, i]))
        frontier = []
        for space, group in groups.items():
            if space < 0:
                frontier += [(c, acts) for _, _, c, acts in group]
                continue
            group.sort(key=lambda x: (-x[0], x[1]))
            frontier += [(c, acts) for _, _, c, acts in group[:beam]]
    return complete


def play_game(model: Model, seed: int, beam: int, explore: float = 0.0,
              rng_seed: int = 0) -> tuple[int, list[tuple[int, tuple[list[int], int, float], float]]]:
    """One solo game by the planner; returns the final score and, per turn, (points at the afterstate,
    its features, V there)."""
    import random

    rnd = random.Random(rng_seed)
    s = GAME.new(players=1, seed=seed)
    trace = []
    while not s.over:
        turns = complete_turns(s, beam)
        scored = []
        for acts, after in turns:
            v = model.value(after, 0)
            scored.append((after.total(0) + v, acts, after, v))
        scored.sort(key=lambda x: -x[0])
        pick = scored[0]
        if explore and len(scored) > 1 and rnd.random() < explore:
            pick = scored[rnd.randrange(min(3, len(scored)))]
        _, acts, after, v = pick
        trace.append((after.total(0), features(after, 0), v))
        for i in acts:
            s.apply(_ACTION[i])
    return s.total(0), trace


_ACTION = {a.id: a for a in __import__("hanpan.games.harmonies.actions", fromlist=["ACTIONS"]).ACTIONS.actions}


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
    path = os.path.join(args.out, "model.bin.gz")
    state_path = os.path.join(args.out, "progress.json")
    curve_path = os.path.join(args.out, "curve.jsonl")
    if os.path.exists(path) and os.path.exists(state_path):
        model, meta = Model.load(path)
        with open(state_path) as f:
            progress = json.load(f)
        print(f"resumed at game {progress['games']}", flush=True)
    else:
        model, progress = Model(), {"games": 0, "cpu": 0.0}
    began = time.process_time() - progress["cpu"]
    wall = time.perf_counter()
    recent: list[int] = []
    errs: list[float] = []
    g0 = progress["games"]
    while progress["games"] < args.games:
        g = progress["games"]
        final, trace = play_game(model, args.seed * 1_000_003 + g, args.beam, args.explore, g)
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
                held_out = [play_game(model, 7_000_000 + k, args.beam)[0] for k in range(args.eval_games)]
                line["held_out"] = round(sum(held_out) / len(held_out), 2)
                print(f"held-out games 0-{args.eval_games - 1}: {line['held_out']}", flush=True)
            with open(curve_path, "a") as f:
                f.write(json.dumps(line) + "\n")
            meta = {"format": "hanpan.ntuple/1", "game": "harmonies", "players": 1, "side": "A",
                    "command": " ".join(sys.argv), "commit": _commit(), "seed": args.seed,
                    "games": progress["games"], "cpu_seconds": round(progress["cpu"], 1)}
            model.save(path, meta)
            tmp = state_path + ".tmp"
            with open(tmp, "w") as f:
                json.dump(progress, f)
            os.replace(tmp, state_path)


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
        ax.plot(hours, [x["mean"] for x in lines], alpha=0.35, label=f"{name}: training games (mean of {args.every})")
        held = [(x["cpu"] / 3600, x["held_out"]) for x in lines if "held_out" in x]
        if held:
            ax.plot(*zip(*held, strict=True), marker="o", label=f"{name}: held-out games")
    for level, score in (("greedy", 106.2), ("hard", 113.6), ("master", 117.1)):
        ax.axhline(score, linestyle=":", color="grey")
        ax.text(0, score + 0.3, level, color="grey", fontsize=8)
    ax.set_xlabel("CPU hours of training")
    ax.set_ylabel("solo score, side A, no spirit")
    ax.set_title("Harmonies solo: turn plans with the learned afterstate value")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(args.out, dpi=110)
    print(f"wrote {args.out}")


def measure(args: argparse.Namespace) -> None:
    model = Model.load(args.model)[0] if args.model else Model()
    scores = []
    t = time.perf_counter()
    for g in range(args.games):
        final, _ = play_game(model, g + args.seed * 1_000_003 if args.seed else g, args.beam)
        scores.append(final)
    n = len(scores)
    mean = sum(scores) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in scores) / max(1, n - 1))
    print(f"{n} games: mean {mean:.2f} ± {1.96 * sd / math.sqrt(n):.2f} (sd {sd:.1f}), "
          f"{(time.perf_counter() - t) / n:.2f} s a game")


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("train")
    t.add_argument("--games", type=int, default=1000)
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--beam", type=int, default=4)
    t.add_argument("--lam", type=float, default=0.5)
    t.add_argument("--alpha", type=float, default=0.1)
    t.add_argument("--alpha-real", type=float, default=0.002)
    t.add_argument("--explore", type=float, default=0.0)
    t.add_argument("--every", type=int, default=50)
    t.add_argument("--out", required=True)
    m = sub.add_parser("measure")
    m.add_argument("--model")
    m.add_argument("--games", type=int, default=50)
    m.add_argument("--seed", type=int, default=9)
    m.add_argument("--beam", type=int, default=4)
    t.add_argument("--eval-every", type=int, default=1000)
    t.add_argument("--eval-games", type=int, default=30)
    pl = sub.add_parser("plot")
    pl.add_argument("curves", nargs="+")
    pl.add_argument("--every", type=int, default=100)
    pl.add_argument("--out", required=True)
    args = ap.parse_args()
    {"train": train, "measure": measure, "plot": plot}[args.cmd](args)


if __name__ == "__main__":
    main()
