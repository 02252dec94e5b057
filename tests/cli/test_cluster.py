"""Simulations on a Dask cluster: a scheduler and two workers on loopback give the summary ``--jobs 1``
gives, a worker killed mid-run changes nothing, and a worker of another hanpan or no scheduler at all is
refused with a one-line error."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("distributed")

from hanpan.analysis import cluster as cluster_module
from hanpan.analysis.cluster import ClusterError
from hanpan.analysis.tournament import simulate
from hanpan.cli.main import main

GAME = "spirits_of_the_wild"
PLAYERS = ["greedy", "random"]
SLOW_GAME = "four_gardens"  # a run a worker can be killed in


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Cluster:
    """A scheduler and workers, each in its own process group (killed whole, as a machine that dies)."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.address = f"tcp://127.0.0.1:{free_port()}"
        self.processes: list[subprocess.Popen[bytes]] = []
        self.scheduler = self._start("dask_scheduler", "--host", "127.0.0.1", "--port",
                                     self.address.rsplit(":", 1)[1], "--dashboard-address", ":0")

    def _start(self, command: str, *args: str) -> subprocess.Popen[bytes]:
        log = open(self.tmp / f"{command}-{len(self.processes)}.log", "wb")  # noqa: SIM115 (closed with the process)
        process = subprocess.Popen([sys.executable, "-m", f"distributed.cli.{command}", *args], stdout=log, stderr=log,
                                   start_new_session=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        self.processes.append(process)
        return process

    def worker(self, *extra: str) -> subprocess.Popen[bytes]:
        return self._start("dask_worker", self.address, "--nthreads", "1", "--nworkers", "1",
                           "--dashboard-address", ":0", *extra)

    def wait_for(self, workers: int) -> None:
        from distributed import Client

        with Client(self.address, timeout=30) as client:
            client.wait_for_workers(workers, timeout=60)

    def kill(self, process: subprocess.Popen[bytes]) -> None:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


@pytest.fixture
def dask_cluster(tmp_path: Path) -> Iterator[Cluster]:
    cluster = Cluster(tmp_path)
    try:
        yield cluster
    finally:
        cluster.stop()


def test_two_workers_give_what_one_process_gives_and_a_killed_worker_changes_nothing(dask_cluster: Cluster) -> None:
    from distributed import Client

    workers = {}  # address -> its process
    for count in (1, 2):
        process = dask_cluster.worker()
        dask_cluster.wait_for(count)
        with Client(dask_cluster.address, timeout=30) as client:
            (address,) = set(client.nthreads()) - set(workers)
        workers[address] = process
    alone = simulate(GAME, PLAYERS, games=120, seed=5)
    assert simulate(GAME, PLAYERS, games=120, seed=5, cluster=dask_cluster.address) == alone

    # Now a worker dies while it plays a batch.  A watcher polls the scheduler and kills the first worker
    # it sees busy: looking only when a result comes missed it on a busy machine, where every result
    # could arrive after the last batch was done.  The run must last for that (Four Gardens' games take
    # about 10 times as long as GAME's), and another seed makes other tasks (the same games would be the
    # same task keys, whose results the scheduler may still hold).
    alone = simulate(SLOW_GAME, PLAYERS, games=120, seed=6)
    seen: list[int] = []
    killed: list[str] = []  # the worker killed while it held a batch
    finished = threading.Event()

    def kill_the_first_busy_worker() -> None:
        with Client(dask_cluster.address, timeout=30) as watcher:
            while not finished.is_set():
                held = watcher.processing(workers=list(workers))
                busy = [address for address, keys in held.items() if keys]
                if busy:
                    killed.append(busy[0])
                    dask_cluster.kill(workers[busy[0]])
                    return
                time.sleep(0.01)

    watcher = threading.Thread(target=kill_the_first_busy_worker)
    watcher.start()
    try:
        disturbed = simulate(SLOW_GAME, PLAYERS, games=120, seed=6, cluster=dask_cluster.address,
                             on_result=lambda result: seen.append(result.index))
    finally:
        finished.set()
        watcher.join()
    assert killed, "a worker should have held batches while the games ran"
    assert workers[killed[0]].poll() is not None
    assert sorted(seen) == list(range(120))  # every game reported once
    assert disturbed == alone
    assert json.dumps(disturbed.to_json()) == json.dumps(alone.to_json())


def test_records_and_resume_work_on_the_cluster(dask_cluster: Cluster, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    dask_cluster.worker()
    dask_cluster.wait_for(1)
    records = tmp_path / "records"
    args = ["simulate", GAME, "--players", ",".join(PLAYERS), "--seed", "2", "--json", "--quiet"]
    assert main([*args, "--games", "6"]) == 0
    local = json.loads(capsys.readouterr().out)
    assert main([*args, "--games", "3", "--cluster", dask_cluster.address, "--records", str(records)]) == 0
    capsys.readouterr()
    assert len(list(records.glob("*.json"))) == 3
    assert main([*args, "--games", "6", "--cluster", dask_cluster.address, "--records", str(records),
                 "--resume"]) == 0
    assert json.loads(capsys.readouterr().out) == local
    assert len(list(records.glob("*.json"))) == 6


def test_a_worker_of_another_hanpan_is_refused(dask_cluster: Cluster, tmp_path: Path) -> None:
    preload = tmp_path / "other_hanpan.py"
    preload.write_text("import hanpan\nhanpan.__version__ = '0.0.0-other'\n")
    dask_cluster.worker("--preload", str(preload))
    dask_cluster.wait_for(1)
    with pytest.raises(ClusterError, match=r"runs hanpan 0\.0\.0-other .*install the same hanpan on every worker"):
        simulate(GAME, PLAYERS, games=4, seed=1, cluster=dask_cluster.address)


def test_no_scheduler_is_a_one_line_error(monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(cluster_module, "CONNECT_TIMEOUT", 1)
    address = f"tcp://127.0.0.1:{free_port()}"
    began = time.monotonic()
    code = main(["simulate", GAME, "--players", "greedy,random", "--games", "4", "--cluster", address, "--quiet"])
    error = capsys.readouterr().err.strip()
    assert code == 2 and "\n" not in error and time.monotonic() - began < 30
    assert error.startswith(f"hanpan: error: cannot reach the Dask scheduler at {address}")


def test_a_local_cluster_gives_the_same_summary() -> None:
    assert simulate(GAME, PLAYERS, games=30, seed=9, jobs=2, cluster="local") == simulate(GAME, PLAYERS, 30, 9)
