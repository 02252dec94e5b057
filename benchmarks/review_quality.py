"""How well a game review (``hanpan.analysis.review``, issue 51) tells a strong player from a weak one.

    .venv/bin/python benchmarks/review_quality.py [--games 50] [--titles harmonies,spirits_of_the_wild,four_gardens]
        [--level hard] [--samples 8] [--alternatives 2] [--jobs 2] [--seed 1] [--out .runs/review_quality]

For each title (2 players), ``--games`` games of ``greedy`` against ``master`` (the real levels, with their
clocks; seats alternate, game i has seed ``--seed`` + i), each reviewed by ``--level`` at the given
budget (the default budget unless told) with the decisions shared out among ``--jobs`` processes.
Printed per title and side:

- the mean loss per decision (percentage points of win chance against the reviewing level's choice),
  with a 95 % interval from a bootstrap over the games (2,000 resamplings; a game's decisions are not
  independent of each other), and the same for the final margin (points);
- how often the move played was the reviewing level's own choice (loss 0 by definition);
- the marks (best, good, inaccuracy, mistake, blunder) over all decisions with a choice, and the mean
  accuracy;
- greedy's mean loss per decision minus master's, game by game, with its bootstrap interval (the pairing
  the side-by-side intervals leave out), and in how many games master's was the lower;
- the time per review: wall seconds on ``--jobs`` processes, and CPU seconds (all processes).

Every game's record goes to ``--out``/``<title>-records.jsonl`` and its review and times to
``<title>.jsonl`` as they finish (all games are played first, then reviewed), and a run started
again goes on from there (the records make the reviews reproducible; the games, played with
clocks, are not).

How long, on a 2-core machine doing nothing else (from the CPU seconds measured): a Harmonies game of
master takes about 15 s to play (on both cores) and its review about 65 s (130 CPU seconds); a Four
Gardens game about 20 s to play and 55 s to review (110 CPU seconds, its 215 decisions); Spirits of
the Wild about 8 s and 2 s.  So ``--games 50`` takes about 1 h 10 min for Harmonies, 1 h for Four
Gardens and 10 min for Spirits of the Wild; benchmarks/README.md gives the last figures and how many
games they rest on.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from hanpan.agents import parallel
from hanpan.agents.base import Seat
from hanpan.agents.levels import LEVELS, level_settings
from hanpan.agents.registry import make_agent
from hanpan.analysis.estimates import Budget
from hanpan.analysis.marks import MARKS
from hanpan.analysis.results import DecisionReview, Review
from hanpan.analysis.review import DecisionTask, run_task, summarize, tasks
from hanpan.core.record import Record
from hanpan.core.registry import game as get_game
from hanpan.core.rng import mix_seed

TITLES = ("harmonies", "spirits_of_the_wild", "four_gardens")
SIDES = ("greedy", "master")
OUT = Path(__file__).resolve().parents[1] / ".runs" / "review_quality"


def play(title: str, index: int, seed: int) -> dict[str, Any]:
    """Game ``index``: greedy against master, seats alternating; its record."""
    names = list(SIDES) if index % 2 == 0 else list(reversed(SIDES))
    state = get_game(title).new(players=2, seed=seed + index)
    agents = [make_agent(name, seed=mix_seed(seed, index, seat)) for seat, name in enumerate(names)]
    actions = []
    while not state.is_over:
        mover = state.current_player
        assert mover is not None
        actions.append(str(state.play(agents[mover].choose(Seat(state, mover)))))
    return Record.of(state, names, actions).to_json()


def timed(task: DecisionTask) -> tuple[DecisionReview, float]:
    """In a worker: one decision judged, and the CPU seconds it took."""
    began = time.process_time()
    judged = run_task(task)
    return judged, time.process_time() - began


def review_timed(record: dict[str, Any], pool: Executor, level: str, budget: Budget,
                 seed: int) -> tuple[Review, float, float]:
    """A record's review made task by task in ``pool`` (as a server would), its wall and CPU seconds."""
    began = time.perf_counter()
    work = tasks(record, level, budget=budget, seed=seed)
    done = list(pool.map(timed, work))
    result = summarize(record, [d for d, _ in done], level, budget=budget, seed=seed)
    return result, time.perf_counter() - began, sum(cpu for _, cpu in done)


def _indices(path: Path) -> set[int]:
    return {json.loads(line)["index"] for line in path.read_text("utf-8").splitlines()} if path.exists() else set()


def play_title(title: str, games: int, args: argparse.Namespace) -> None:
    """Play the games of ``title`` not yet in its records file: two at a time in worker processes where
    master thinks on one core; else here, one after another (master's Harmonies search has worker
    processes of its own, which a pool's worker could not end with it).  A worker that dies (it happened
    once, a segmentation fault while ``make`` rewrote the compiled modules in place under it) costs its
    game only: the pool is
    made again and the games not recorded are played."""
    path = args.out / f"{title}-records.jsonl"
    workers = int(level_settings(LEVELS["master"], title, 2).get("workers", 1))
    began = time.perf_counter()

    def keep(index: int, record: dict[str, Any]) -> None:
        with path.open("a", encoding="utf-8") as out:
            out.write(json.dumps({"index": index, "record": record}) + "\n")
        print(f"{title} game {index} played ({time.perf_counter() - began:.0f} s)", file=sys.stderr, flush=True)

    if workers > 1 or args.jobs == 1:
        for index in [i for i in range(games) if i not in _indices(path)]:
            keep(index, play(title, index, args.seed))
        parallel.stop_workers()
        return
    for _ in range(5):
        todo = [i for i in range(games) if i not in _indices(path)]
        try:
            with ProcessPoolExecutor(max_workers=args.jobs) as pool:
                for index, record in zip(todo, pool.map(play, [title] * len(todo), todo, [args.seed] * len(todo)),
                                         strict=True):
                    keep(index, record)
            return
        except BrokenProcessPool:
            print(f"{title}: a worker died; playing the games not recorded again", file=sys.stderr, flush=True)


def review_title(title: str, games: int, args: argparse.Namespace, pool: Executor) -> None:
    """Review the played games of ``title`` not yet in its reviews file, one after another."""
    path = args.out / f"{title}.jsonl"
    reviewed = _indices(path)
    budget = Budget(**{k: v for k, v in (("samples", args.samples), ("alternatives", args.alternatives))
                       if v is not None})
    played = [json.loads(line) for line in (args.out / f"{title}-records.jsonl").read_text("utf-8").splitlines()]
    for row in sorted(played, key=lambda r: r["index"]):
        if row["index"] in reviewed or row["index"] >= games:
            continue
        result, wall, cpu = review_timed(row["record"], pool, args.level, budget, args.seed)
        with path.open("a", encoding="utf-8") as out:
            out.write(json.dumps({"index": row["index"], "review": result.to_json(), "wall": wall, "cpu": cpu}) + "\n")
        print(f"{title} game {row['index']}: reviewed in {wall:.1f} s ({cpu:.1f} s CPU)", file=sys.stderr, flush=True)


def interval(per_game: Sequence[tuple[float, int]], rng: random.Random) -> tuple[float, float, float]:
    """The mean per decision over games of (sum, count), and its 95 % bootstrap interval over the games."""
    def mean(sample: Sequence[tuple[float, int]]) -> float:
        return sum(s for s, _ in sample) / max(1, sum(n for _, n in sample))

    means = sorted(mean([rng.choice(per_game) for _ in per_game]) for _ in range(2000))
    return mean(per_game), means[49], means[1949]


def side_decisions(review: Review, side: str) -> list[DecisionReview]:
    """The decisions of ``side``'s seat in ``review`` that had a choice."""
    return [d for d in review.decisions if review.players[d.seat] == side and not d.forced]


def paired_difference(reviews: Sequence[Review], rng: random.Random) -> str:
    """Greedy's mean loss per decision minus master's, game by game (both sides of a game face the same
    draws and each other), with a 95 % bootstrap interval over the games: the side-by-side intervals above
    leave out that pairing."""
    differences = []
    for review in reviews:
        per_side = []
        for side in SIDES:
            mine = [d.loss or 0.0 for d in side_decisions(review, side)]
            per_side.append(sum(mine) / max(1, len(mine)))
        differences.append(per_side[0] - per_side[1])
    means = sorted(statistics.fmean(rng.choices(differences, k=len(differences))) for _ in range(2000))
    lower = sum(d > 0 for d in differences)
    return (f"{SIDES[0]} − {SIDES[1]}, mean loss per decision game by game: "
            f"{100 * statistics.fmean(differences):.2f} pp (95 % {100 * means[49]:.2f} – {100 * means[1949]:.2f}); "
            f"{SIDES[1]}'s lower in {lower} of {len(differences)} games")


def report(title: str, path: Path, seed: int) -> None:
    """Print the figures of ``title`` from its file."""
    rows = [json.loads(line) for line in path.read_text("utf-8").splitlines()]
    if not rows:
        return
    reviews = [Review.from_json(row["review"]) for row in rows]
    print(f"\n## {title}, 2 players: {len(rows)} games of greedy against master, reviewed by {reviews[0].level} "
          f"({reviews[0].budget.samples} samples, {reviews[0].budget.alternatives} alternatives a decision)")
    print("| side | decisions | mean loss, pp of win chance (95 %) | mean margin loss, points (95 %) | "
          "level's own choice | accuracy | " + " | ".join(MARKS) + " |")
    print("|---|---|---|---|---|---|" + "---|" * len(MARKS))
    rng = random.Random(seed)
    for side in SIDES:
        losses, margins, marks = [], [], dict.fromkeys(MARKS, 0)
        own = total = 0
        accuracies = []
        for review in reviews:
            mine = side_decisions(review, side)
            losses.append((sum(d.loss or 0.0 for d in mine), len(mine)))
            margins.append((sum(d.margin_loss or 0.0 for d in mine), len(mine)))
            own += sum(d.played == d.choice for d in mine)
            total += len(mine)
            for d in mine:
                marks[d.mark or "best"] += 1
            accuracies += [s.accuracy for s in review.summaries if s.player == side and s.accuracy is not None]
        loss, low, high = interval(losses, rng)
        margin, m_low, m_high = interval(margins, rng)
        spread = " | ".join(f"{marks[m]} ({100 * marks[m] / max(1, total):.1f} %)" for m in MARKS)
        print(f"| {side} | {total} | {100 * loss:.2f} ({100 * low:.2f} – {100 * high:.2f}) | {margin:.2f} "
              f"({m_low:.2f} – {m_high:.2f}) | {100 * own / max(1, total):.1f} % | "
              f"{statistics.fmean(accuracies):.1f} | {spread} |")
    print(paired_difference(reviews, rng))
    walls, cpus = [row["wall"] for row in rows], [row["cpu"] for row in rows]
    decisions = statistics.fmean(len(r.decisions) for r in reviews)
    print(f"time per review ({decisions:.0f} decisions): wall median {statistics.median(walls):.1f} s, "
          f"mean {statistics.fmean(walls):.1f} s, longest {max(walls):.1f} s; CPU mean {statistics.fmean(cpus):.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=50, help="games per title (default 50)")
    parser.add_argument("--titles", default=",".join(TITLES))
    parser.add_argument("--level", default="hard", help="the reviewing level (default hard)")
    parser.add_argument("--samples", type=int, default=None, help="samples a decision (default: the review's)")
    parser.add_argument("--alternatives", type=int, default=None, help="alternatives (default: the review's)")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the reviews and the play (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT, help=f"where the games and reviews go (default {OUT})")
    parser.add_argument("--report-only", action="store_true", help="print the figures of what --out holds")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    titles = [t for t in args.titles.split(",") if t]
    if not args.report_only:
        for title in titles:
            play_title(title, args.games, args)
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for title in titles:
                review_title(title, args.games, args, pool)
    for title in titles:
        path = args.out / f"{title}.jsonl"
        if path.exists():
            report(title, path, args.seed)


if __name__ == "__main__":
    main()
