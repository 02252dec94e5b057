"""Throughput of simulations over local processes (``--jobs``) against a local Dask cluster of 1, 2, 4
workers, and the cluster path's cost per game.

    .venv/bin/python benchmarks/cluster_speed.py [--game harmonies] [--players random] [--games 4000]

Each setting plays the same run (games 0 … N-1 of seed 1) and must give the same summary as ``--jobs 1``;
the figure is wall-clock games per second of ``simulate`` (a ``LocalCluster`` is started before the clock
runs, as a cluster of machines would be up already).  The overhead per game is the 1-worker cluster's
seconds per game less ``--jobs 1``'s: what batching, pickling and the scheduler add to each game.  About a
minute with the defaults; the last figures are in cluster_speed_results.md.
"""

from __future__ import annotations

import argparse
import time

from hanpan.analysis.tournament import simulate


def timed(run: dict[str, object], **kwargs: object) -> tuple[float, object]:
    began = time.perf_counter()
    summary = simulate(**run, **kwargs)  # type: ignore[arg-type]
    return time.perf_counter() - began, summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="harmonies")
    parser.add_argument("--players", default="random")
    parser.add_argument("--games", type=int, default=4000)
    args = parser.parse_args()
    from distributed import Client, LocalCluster

    run: dict[str, object] = {"game_id": args.game, "names": args.players.split(","), "games": args.games, "seed": 1}
    alone, reference = timed(run)
    print(f"{args.game} {args.players}, {args.games} games")
    print(f"  --jobs 1        {args.games / alone:9.1f} games/s")
    _, _ = timed(run, jobs=2)  # warm the pool's imports once
    seconds, summary = timed(run, jobs=2)
    assert summary == reference
    print(f"  --jobs 2        {args.games / seconds:9.1f} games/s")
    one_worker = 0.0
    for workers in (1, 2, 4):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
                Client(cluster) as client:
            client.run(lambda: __import__("hanpan.analysis.tournament"))  # imports done before the clock runs
            seconds, summary = timed(run, cluster=cluster.scheduler_address)
        assert summary == reference, "the cluster gave another summary"
        if workers == 1:
            one_worker = seconds
        print(f"  Dask {workers} worker{'s' if workers > 1 else ' '}  {args.games / seconds:9.1f} games/s")
    print(f"  cluster overhead per game (1 worker − --jobs 1): {(one_worker - alone) / args.games * 1e3:.3f} ms")


if __name__ == "__main__":
    main()
