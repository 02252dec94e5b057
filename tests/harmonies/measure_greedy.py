"""Strength of the greedy agent at solo Harmonies (side A, no spirit): mean, spread and suns.

Run: ``.venv/bin/python tests/harmonies/measure_greedy.py [GAMES] [FIRST_SEED] [WORKERS]``.
Each game ``seed`` is ``game.new(players=1, seed=seed)`` played by ``make_agent("greedy", seed=seed)``.
"""

from __future__ import annotations

import statistics
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor


def play(seed: int) -> tuple[int, int, int]:
    """(total, suns, turns) of one seeded solo game played by the greedy agent."""
    import hanpan
    from hanpan.agents import Seat, make_agent

    state = hanpan.game("harmonies").new(players=1, seed=seed, side="A", spirits=False)
    agent = make_agent("greedy", seed=seed)
    while not state.is_over:
        state.apply(agent.choose(Seat(state, 0)))
    card = state.scores()[0]
    return card.total, int(card.extra["suns"]), state.turn


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    workers = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(play, range(first, first + games)))
    totals = [r[0] for r in results]
    suns = Counter(r[1] for r in results)
    print(f"games {games} (seeds {first}–{first + games - 1}), side A, no spirit")
    print(f"mean {statistics.mean(totals):.1f}  sd {statistics.pstdev(totals):.1f}  "
          f"min {min(totals)}  median {statistics.median(totals)}  max {max(totals)}")
    print(f"turns mean {statistics.mean(r[2] for r in results):.2f}")
    print("suns " + "  ".join(f"{k}: {suns[k]}" for k in sorted(suns)))


if __name__ == "__main__":
    main()
