"""Print the speed of every game's rules at every player count (random play, one process).

    .venv/bin/python benchmarks/bench_all.py [--seconds 2] [--runs 5]

The same figures as ``hanpan bench GAME --num-players N``, for all games at once.  Takes about a minute and a
half with the defaults (8 game and player counts × ``--runs`` × ``--seconds``).
"""

from __future__ import annotations

import argparse

from hanpan.analysis.bench import bench
from hanpan.core.registry import all_games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"{'game':<22}{'players':>8}{'games/s':>12}{'decisions/s':>14}{'decisions/game':>16}")
    for game in all_games():
        for players in range(game.min_players, game.max_players + 1):
            r = bench(game.id, players, seconds=args.seconds, runs=args.runs)
            print(f"{game.id:<22}{players:>8}{r['games_per_s']:>12,.0f}{r['decisions_per_s']:>14,.0f}"
                  f"{r['decisions_per_game']:>16.1f}")


if __name__ == "__main__":
    main()
