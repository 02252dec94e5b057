"""Does the game review (``hanpan analyse``) see mistakes?  The figures of issue 59 §3, per title.

    .venv/bin/python benchmarks/coach.py [--titles harmonies,spirits_of_the_wild,four_gardens]
        [--games 20] [--parts duel,three] [--seed 9001] [--jobs 2] [--out .runs/coach] [--report-only]

Two sets of games per title, played by the real levels (with their clocks) on seeds nobody tuned on
(game i of a part has seed ``--seed`` + i; a tied game is replaced by the next seed):

- ``duel``: ``--games`` decisive 2-player games of ``greedy`` against ``hard``, seats alternating;
- ``three``: ``--games`` 3-player games of ``random``, ``greedy`` and ``hard``, seats rotating (Harmonies
  and Four Gardens; Spirits of the Wild is a 2-player game).

Each game is reviewed twice with the review's defaults (level, budget) and review seeds 1 and 2.
Printed per title and part:

- duel: in how many games the loser got the lower accuracy and the higher mean loss in expected points
  (both, in the review of seed 1);
- three: in how many games the seats' mean losses in expected points order random > greedy > hard;
- random's accuracy (lowest, highest) and its mistakes and blunders per 10 decisions (the fewest in
  any game);
- precision, over every decision with a choice in both reviews: the share whose mark is the same, and
  the share whose losses differ by less than the inaccuracy threshold (5 percentage points of win
  chance and half the game's ``mistake_points`` in expected points);
- the time per review: wall seconds on ``--jobs`` processes and CPU seconds (all processes).

Records go to ``--out``/``<title>-<part>-records.jsonl`` and reviews to ``<title>-<part>.jsonl`` as they
finish; a run started again goes on from there.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

from hanpan.agents import parallel
from hanpan.agents.base import Seat
from hanpan.agents.registry import make_agent
from hanpan.analysis.results import DecisionReview, Review
from hanpan.analysis.review import DEFAULT_LEVEL, DecisionTask, run_task, summarize, tasks
from hanpan.core.record import Record
from hanpan.core.registry import game as get_game
from hanpan.core.rng import mix_seed

TITLES = ("harmonies", "spirits_of_the_wild", "four_gardens")
PARTS = {"duel": ("greedy", "hard"), "three": ("random", "greedy", "hard")}
REVIEW_SEEDS = (1, 2)
OUT = Path(__file__).resolve().parents[1] / ".runs" / "coach"


def seats_of(part: str, index: int) -> list[str]:
    """The players of game ``index``: the part's levels, rotated one seat a game."""
    names = PARTS[part]
    shift = index % len(names)
    return list(names[shift:] + names[:shift])


def play(title: str, part: str, index: int, seed: int) -> dict[str, Any] | None:
    """One game on seed ``seed``; its record, or None if it ended in a tie (a duel needs a loser)."""
    names = seats_of(part, index)
    state = get_game(title).new(players=len(names), seed=seed)
    agents = [make_agent(name, seed=mix_seed(seed, seat)) for seat, name in enumerate(names)]
    actions = []
    while not state.is_over:
        mover = state.current_player
        actions.append(str(state.play(agents[mover].choose(Seat(state, mover)))))
    if part == "duel" and len(state.winners()) != 1:
        return None
    return Record.of(state, names, actions).to_json()


def _rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()] if path.exists() else []


def play_part(title: str, part: str, games: int, args: argparse.Namespace) -> None:
    """Play the games of ``title``'s ``part`` not yet recorded, one after another (``hard`` thinks on
    both cores in Harmonies)."""
    path = args.out / f"{title}-{part}-records.jsonl"
    rows = _rows(path)
    index, seed = len(rows), (rows[-1]["seed"] + 1 if rows else args.seed)
    began = time.perf_counter()
    while index < games:
        record = play(title, part, index, seed)
        if record is not None:
            with path.open("a", encoding="utf-8") as out:
                out.write(json.dumps({"index": index, "seed": seed, "record": record}) + "\n")
            print(f"{title} {part} game {index} (seed {seed}) played ({time.perf_counter() - began:.0f} s)",
                  file=sys.stderr, flush=True)
            index += 1
        seed += 1
    parallel.stop_workers()


def timed(task: DecisionTask) -> tuple[DecisionReview, float]:
    """In a worker: one decision judged, and the CPU seconds it took."""
    began = time.process_time()
    judged = run_task(task)
    return judged, time.process_time() - began


def review_part(title: str, part: str, args: argparse.Namespace, pool: Executor) -> None:
    """Review each recorded game of the part with each review seed not yet done."""
    path = args.out / f"{title}-{part}.jsonl"
    done = {(row["index"], row["review_seed"]) for row in _rows(path)}
    for row in _rows(args.out / f"{title}-{part}-records.jsonl"):
        for review_seed in REVIEW_SEEDS:
            if (row["index"], review_seed) in done:
                continue
            began = time.perf_counter()
            work = tasks(row["record"], DEFAULT_LEVEL, seed=review_seed)
            judged = list(pool.map(timed, work))
            result = summarize(row["record"], [d for d, _ in judged], DEFAULT_LEVEL, seed=review_seed)
            wall, cpu = time.perf_counter() - began, sum(c for _, c in judged)
            with path.open("a", encoding="utf-8") as out:
                out.write(json.dumps({"index": row["index"], "review_seed": review_seed, "review": result.to_json(),
                                      "scores": row["record"]["result"]["scores"], "wall": wall, "cpu": cpu}) + "\n")
            print(f"{title} {part} game {row['index']} reviewed (seed {review_seed}) in {wall:.1f} s "
                  f"({cpu:.1f} s CPU)", file=sys.stderr, flush=True)


def by_level(review: Review) -> dict[str, Any]:
    """Each level's seat summary in a review (the players are named by their level)."""
    return {s.player: s for s in review.summaries}


def agree(first: DecisionReview, second: DecisionReview, mistake_points: float) -> tuple[bool, bool]:
    """Whether two reviews of one decision give the same mark, and losses nearer than the inaccuracy
    threshold (5 percentage points of win chance; half of ``mistake_points`` expected points)."""
    near = abs((first.points_loss or 0.0) - (second.points_loss or 0.0)) < mistake_points / 2
    if first.unit == "win":
        near = near and abs((first.loss or 0.0) - (second.loss or 0.0)) < 0.05
    return first.mark == second.mark, near


def report(title: str, part: str, path: Path) -> None:
    rows = _rows(path)
    if not rows:
        return
    mistake_points = get_game(title).mistake_points
    reviews = {(row["index"], row["review_seed"]): Review.from_json(row["review"]) for row in rows}
    first = [(row, reviews[row["index"], 1]) for row in rows if row["review_seed"] == 1]
    names = PARTS[part]
    print(f"\n## {title}, {part}: {len(first)} games of {', '.join(names)}, reviewed by {DEFAULT_LEVEL} "
          f"(review seed 1; precision against seed 2)")
    if part == "duel":
        sound = 0
        for row, review in first:
            scores = row["scores"]
            loser = min(range(2), key=lambda seat: scores[seat])
            mine, theirs = review.summaries[loser], review.summaries[1 - loser]
            sound += (mine.accuracy or 0) < (theirs.accuracy or 0) and \
                (mine.mean_points_loss or 0) > (theirs.mean_points_loss or 0)
        print(f"- loser with the lower accuracy and the higher mean loss in expected points: {sound} of {len(first)}")
    else:
        ordered = sum(by_level(r)["random"].mean_points_loss > by_level(r)["greedy"].mean_points_loss
                      > by_level(r)["hard"].mean_points_loss for _, r in first)
        print(f"- mean losses in expected points ordered random > greedy > hard: {ordered} of {len(first)}")
    for name in names:
        seats = [by_level(r)[name] for _, r in first]
        accuracy = [s.accuracy for s in seats if s.accuracy is not None]
        bad = [10 * (s.marks.get("mistake", 0) + s.marks.get("blunder", 0)) / max(1, s.decisions) for s in seats]
        print(f"- {name}: accuracy {statistics.fmean(accuracy):.1f} % (lowest {min(accuracy):.1f}, highest "
              f"{max(accuracy):.1f}); mean loss {statistics.fmean(s.mean_points_loss or 0 for s in seats):.2f} "
              f"expected points a decision; mistakes and blunders per 10 decisions {statistics.fmean(bad):.1f} "
              f"(fewest {min(bad):.1f})")
    same = near = total = 0
    for row, review in first:
        other = reviews.get((row["index"], 2))
        if other is None:
            continue
        for a, b in zip(review.decisions, other.decisions, strict=True):
            if a.forced or a.loss is None:
                continue
            mark_same, loss_near = agree(a, b, mistake_points)
            same, near, total = same + mark_same, near + loss_near, total + 1
    if total:
        print(f"- precision over {total} decisions: same mark {100 * same / total:.1f} %, losses nearer than "
              f"the inaccuracy threshold {100 * near / total:.1f} %")
    methods = {d.method for _, r in first for d in r.decisions if not d.forced}  # a forced one is not judged
    walls, cpus = [row["wall"] for row in rows], [row["cpu"] for row in rows]
    decisions = statistics.fmean(len(r.decisions) for _, r in first)
    print(f"- judged by {', '.join(sorted(methods))}; time per review ({decisions:.0f} decisions): wall median "
          f"{statistics.median(walls):.1f} s, longest {max(walls):.1f} s; CPU mean {statistics.fmean(cpus):.1f} s")


def parts_of(title: str, parts: Sequence[str]) -> list[str]:
    game = get_game(title)
    return [part for part in parts if game.min_players <= len(PARTS[part]) <= game.max_players]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="games per title and part (default 20)")
    parser.add_argument("--titles", default=",".join(TITLES))
    parser.add_argument("--parts", default=",".join(PARTS))
    parser.add_argument("--jobs", type=int, default=2, help="processes for the reviews (default 2)")
    parser.add_argument("--seed", type=int, default=9001)
    parser.add_argument("--out", type=Path, default=OUT, help=f"where the games and reviews go (default {OUT})")
    parser.add_argument("--report-only", action="store_true", help="print the figures of what --out holds")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    titles = [t for t in args.titles.split(",") if t]
    parts = [p for p in args.parts.split(",") if p]
    if not args.report_only:
        for title in titles:
            for part in parts_of(title, parts):
                play_part(title, part, args.games, args)
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for title in titles:
                for part in parts_of(title, parts):
                    review_part(title, part, args, pool)
    for title in titles:
        for part in parts_of(title, parts):
            report(title, part, args.out / f"{title}-{part}.jsonl")


if __name__ == "__main__":
    main()
