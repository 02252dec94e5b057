"""A throwaway PostgreSQL cluster for the tests: Debian's PostgreSQL, a temporary data folder, trust auth,
a loopback port.  ``initdb`` refuses root, so as root the cluster runs as the ``postgres`` user.

``HANPAN_TEST_PG_URL`` points the tests at a server of your own instead.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def pg_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


def missing_reason() -> str | None:
    """Why no cluster can be started here (None when one can)."""
    if os.environ.get("HANPAN_TEST_PG_URL"):
        return None
    if pg_bin("initdb") is None or pg_bin("pg_ctl") is None:
        return "PostgreSQL is not installed (Debian: apt-get install postgresql)"
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "running as root without runuser to start PostgreSQL as the postgres user"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def throwaway_cluster(durable: bool = False) -> Iterator[str]:
    """Start a cluster and yield its SQLAlchemy URL; it is stopped and deleted afterwards.

    The tests run it without fsync (faster; nothing there must outlive a power cut); benchmarks of
    durability ask for ``durable=True``."""
    given = os.environ.get("HANPAN_TEST_PG_URL")
    if given:
        yield given
        return
    folder = Path(tempfile.mkdtemp(prefix="hanpan-pg-"))
    data = folder / "data"
    as_root = os.geteuid() == 0
    prefix = ["runuser", "-u", "postgres", "--"] if as_root else []
    if as_root:
        shutil.chown(folder, "postgres")
        folder.chmod(0o700)
    port = _free_port()
    initdb, pg_ctl = pg_bin("initdb"), pg_bin("pg_ctl")
    assert initdb and pg_ctl
    subprocess.run([*prefix, initdb, "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync"],
                   check=True, capture_output=True)
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1" + ("" if durable else " -c fsync=off")
    subprocess.run([*prefix, pg_ctl, "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w", "start"],
                   check=True, capture_output=True)
    try:
        url = f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
        _wait(port)
        yield url
    finally:
        subprocess.run([*prefix, pg_ctl, "-D", str(data), "-m", "immediate", "stop"], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def _wait(port: int, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError(f"PostgreSQL did not listen on port {port}")
