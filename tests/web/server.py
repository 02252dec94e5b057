"""``hanpan serve`` as a real process for the tests: started on a free loopback port, always stopped."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def hanpan_command() -> list[str]:
    script = Path(sys.executable).parent / "hanpan"
    return [str(script)] if script.exists() else [sys.executable, "-m", "hanpan.cli.main"]


def start_server(db_url: str, port: int, log_path: Path | None = None,
                 options: Sequence[str] = ()) -> subprocess.Popen[bytes]:
    """``hanpan serve`` with one bot worker and ``options`` (more ``hanpan serve`` flags)."""
    out = open(log_path, "ab") if log_path is not None else subprocess.DEVNULL  # noqa: SIM115
    return subprocess.Popen([*hanpan_command(), "serve", "--port", str(port), "--db", db_url, "--bot-workers", "1",
                             # the tests all come from one address: its limits far off
                             "--max-bot-games-per-client", "1000", "--registrations-per-hour", "10000",
                             "--site-registrations-per-minute", "10000", "--guests-per-hour", "10000",
                             "--site-guests-per-minute", "10000", *options],
                            stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})


def wait_until_up(base: str, process: subprocess.Popen[bytes], seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"hanpan serve exited with status {process.returncode}")
        try:
            with urllib.request.urlopen(base + "/api/meta", timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"hanpan serve did not answer at {base} within {seconds} s")


def stop(process: subprocess.Popen[bytes], kill: bool = False) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


@contextmanager
def running_server(db_url: str, log_path: Path | None = None, options: Sequence[str] = ()) -> Iterator[str]:
    """A server on a free port for the ``with`` block; yields its base URL."""
    port = free_port()
    process = start_server(db_url, port, log_path, options)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base, process)
        yield base
    finally:
        stop(process)
