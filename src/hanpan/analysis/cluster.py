"""Simulations on a Dask cluster: the games of a run sent to a ``distributed`` scheduler in batches.

Game ``i`` of a run depends only on ``(seed, i)`` (see ``hanpan.analysis.tournament``), so a batch is
a plain list of game indices: any worker may play it, a batch lost with a worker that died is played
again elsewhere (Dask re-runs the task; its result arrives once), and the run's summary is the one
``--jobs 1`` gives.  ``"local"`` starts a ``LocalCluster`` on this machine for a quick try.

Needs the ``cluster`` extra (``pip install 'hanpan[cluster]'``); nothing else in hanpan imports Dask.

>>> batches(range(10), 4)
[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]]
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from hanpan.core.errors import HanpanError

if TYPE_CHECKING:
    from collections.abc import Callable

    from distributed import Client

    from hanpan.analysis.tournament import GameResult

    #: ``hanpan.analysis.tournament.play_one``, which the tournament hands over (this module serves it and
    #: does not import it: a worker unpickles it by name)
    PlayOne = Callable[..., GameResult]

#: seconds to wait for the scheduler to answer before giving up with a one-line error
CONNECT_TIMEOUT = 10


class ClusterError(HanpanError):
    """The cluster cannot be used: Dask missing, the scheduler unreachable, a worker of another hanpan."""


def batches(indices: Sequence[int], size: int) -> list[list[int]]:
    """The game indices cut into batches of ``size`` (the last may be shorter)."""
    return [list(indices[i:i + size]) for i in range(0, len(indices), size)]


def batch_size(games: int, workers: int) -> int:
    """Games per task: about 8 tasks per worker (a dead worker's batches spread over the others, and the
    progress bar moves), but at most 64 games and at least 1 (a task costs the scheduler ~1 ms).

    >>> batch_size(1000, 2), batch_size(10, 4), batch_size(10**6, 8)
    (62, 1, 64)
    """
    return max(1, min(64, games // (8 * max(1, workers))))


def play_batch(play_one: PlayOne, game_id: str, names: tuple[str, ...], indices: list[int], seed: int,
               options: dict[str, Any], keep_records: bool, keep_facts: bool = False) -> list[GameResult]:
    """Run on a worker: the games of one batch, in order."""
    return [play_one(game_id, names, index, seed, options, keep_records, keep_facts) for index in indices]


def identity(play_one: PlayOne, game_id: str) -> tuple[str, str]:
    """Run on a worker (and here): hanpan's version and a fingerprint of how ``game_id`` plays (a hash of
    a seeded random game's actions and scores), so a worker with other rules is refused, not trusted."""
    import hanpan

    result = play_one(game_id, ("random",) * _fingerprint_players(game_id), 0, 20261202, {}, keep_record=True)
    assert result.record is not None
    text = repr((result.record["actions"], result.scores))
    return hanpan.__version__, hashlib.sha256(text.encode()).hexdigest()[:16]


def _fingerprint_players(game_id: str) -> int:
    from hanpan.core.registry import game

    return game(game_id).min_players


def connect(address: str, local_workers: int = 2) -> Client:
    """A client of the scheduler at ``address`` (``tcp://HOST:8786``), or of a new ``LocalCluster`` of
    ``local_workers`` single-threaded worker processes when ``address`` is ``"local"``."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError("--cluster needs Dask: pip install 'hanpan[cluster]'") from None
    if address == "local":
        cluster = LocalCluster(n_workers=local_workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        return Client(cluster)
    try:
        return Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError) as e:
        reason = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise ClusterError(f"cannot reach the Dask scheduler at {address} ({reason}); start one with "
                           f"'dask scheduler' and give its address, e.g. --cluster tcp://HOST:8786, "
                           f"or use --cluster local") from None


def check_workers(client: Client, play_one: PlayOne, game_id: str) -> int:
    """The number of workers, once each has shown it plays ``game_id`` as this machine does."""
    try:
        client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
    except TimeoutError:
        raise ClusterError(f"no Dask worker joined the scheduler within {CONNECT_TIMEOUT} s; start some with "
                           "'dask worker tcp://HOST:8786'") from None
    mine = identity(play_one, game_id)
    for address, theirs in client.run(identity, play_one, game_id).items():
        if tuple(theirs) != mine:
            raise ClusterError(f"the worker at {address} runs hanpan {theirs[0]} playing {game_id} as "
                               f"{theirs[1]}; this machine runs hanpan {mine[0]} playing it as {mine[1]}: "
                               "install the same hanpan on every worker")
    return len(client.nthreads())


def run_on_cluster(play_one: PlayOne, address: str, game_id: str, names: Sequence[str], indices: Sequence[int],
                   seed: int, options: dict[str, Any], keep_records: bool = False,
                   local_workers: int = 2, keep_facts: bool = False) -> Iterator[GameResult]:
    """Yield the results of the given games as their batches finish (in no set order); ``play_one`` is
    the tournament's (``hanpan.analysis.tournament.play_one``)."""
    client = connect(address, local_workers)
    cluster = client.cluster
    try:
        workers = check_workers(client, play_one, game_id)
        if not indices:
            return
        from distributed import KilledWorker, as_completed

        size = batch_size(len(indices), workers)
        token = hashlib.sha256(repr((game_id, tuple(names), seed, sorted(options.items()), keep_records,
                                     keep_facts, tuple(indices))).encode()).hexdigest()[:12]
        futures = [client.submit(play_batch, play_one, game_id, tuple(names), batch, seed, options, keep_records,
                                 keep_facts, key=f"hanpan-{token}-{batch[0]}")
                   for batch in batches(indices, size)]
        for future in as_completed(futures):
            try:
                results = future.result()
            except KilledWorker as e:
                raise ClusterError(f"the batch {e.task} was lost with every worker that took it; see the workers' "
                                   "logs, then go on with --records DIR --resume") from None
            yield from results
            future.release()
    finally:
        client.close()
        if cluster is not None and address == "local":
            cluster.close()
