"""``kill -9`` the server mid-game and start it again on the same database (SQLite and PostgreSQL).

The server runs as a real process (the ``hanpan`` console script next to this Python).  Every move it
acknowledged must be there after the restart (the database, the move number and the log), the games go on
to their end, a stale repeat of an acknowledged move is refused, and a computer seat whose turn it was when
the server died moves by itself once it is back.  Every wait is bounded; the processes are killed in
teardown whatever happens.
"""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect as ws_connect

from hanpan.web.storage import Store

GAME = "spirits_of_the_wild"
START_TIMEOUT = 60.0  # the machine may be busy: a start is about 2 s on an idle one
BOT_TIMEOUT = 30.0
PLAY_TIMEOUT = 60.0


def hanpan_script() -> str:
    script = Path(sys.executable).parent / "hanpan"
    assert script.exists(), f"no hanpan console script next to {sys.executable}: pip install -e '.[web,dev]'"
    return str(script)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``hanpan serve`` on a loopback port and a database; ``start`` again after ``kill9`` restarts it."""

    def __init__(self, url: str, folder: Path, options: tuple[str, ...] = ("--bot-workers", "1"),
                 name: str = "server") -> None:
        self.url = url
        self.folder = folder
        self.options = options
        self.name = name
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.groups: list[int] = []
        self.starts = 0

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def log(self) -> Path:
        return self.folder / f"{self.name}-{self.starts}.log"

    def start(self) -> None:
        self.starts += 1
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(
                [hanpan_script(), "serve", "--host", "127.0.0.1", "--port", str(self.port), "--db", self.url,
                 *self.options],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
        self.groups.append(self.proc.pid)
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                pytest.fail(f"the server exited with {self.proc.returncode}:\n{self.tail()}")
            with suppress(httpx.HTTPError):
                if httpx.get(f"{self.base}/api/meta", timeout=2.0, trust_env=False).status_code == 200:
                    return
            time.sleep(0.1)
        pytest.fail(f"the server did not answer within {START_TIMEOUT:.0f} s:\n{self.tail()}")

    def kill9(self) -> None:
        """SIGKILL to the server process alone, as a crash would."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def cleanup(self) -> None:
        """Kill every process group this server ever had (the server and its bot workers)."""
        for group in self.groups:
            with suppress(ProcessLookupError, PermissionError):
                os.killpg(group, signal.SIGKILL)
        if self.proc is not None:
            with suppress(subprocess.TimeoutExpired):
                self.proc.wait(10)

    def tail(self, lines: int = 40) -> str:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return "\n".join(text.splitlines()[-lines:])


@pytest.fixture
def server(db_url: str, tmp_path: Path) -> Iterator[Server]:
    s = Server(db_url, tmp_path)
    try:
        yield s
    finally:
        s.cleanup()


class Table:
    """One game seen by its human seats: moves are random legal ones; every acknowledged move is kept."""

    def __init__(self, http: httpx.Client, game_id: str, tokens: dict[int, str], rng: random.Random) -> None:
        self.http = http
        self.id = game_id
        self.tokens = tokens
        self.rng = rng
        self.acked: list[tuple[int, int, str]] = []  # (number, seat, move)

    def headers(self, seat: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}

    def body(self, seat: int) -> dict[str, Any]:
        response = self.http.get(f"/api/games/{self.id}", headers=self.headers(seat))
        assert response.status_code == 200, response.text
        data: dict[str, Any] = response.json()
        return data

    def move(self, seat: int) -> dict[str, Any]:
        """A random legal move of ``seat``, which must be to move; returns the body after it."""
        body = self.body(seat)
        assert body["current_player"] == seat and body["legal"], body["current_player"]
        move, number = self.rng.choice(body["legal"]), body["move_number"]
        response = self.http.post(f"/api/games/{self.id}/moves", headers=self.headers(seat),
                                  json={"move": move, "move_number": number})
        assert response.status_code == 200, response.text
        after: dict[str, Any] = response.json()
        assert after["move_number"] >= number + 1
        self.acked.append((number, seat, move))
        return after


def new_table(http: httpx.Client, seats: list[str], seed: int) -> Table:
    response = http.post("/api/games", json={"game": GAME, "seats": seats, "seed": seed})
    assert response.status_code == 201, response.text
    data = response.json()
    return Table(http, data["id"], {s["seat"]: s["token"] for s in data["seats"] if "token" in s}, random.Random(seed))


def stored(url: str, game_id: str) -> list[tuple[int, int, str]]:
    store = Store(url)
    try:
        return [(m.number, m.seat, m.notation) for m in store.moves(game_id)]
    finally:
        store.close()


def log_moves(body: dict[str, Any]) -> list[tuple[int, int, str]]:
    return [(entry["n"] - 1, entry["seat"], entry["move"]) for entry in body["log"]]


def log_starts_with(body: dict[str, Any], expected: list[tuple[int, int, str]]) -> bool:
    """The body's log (its newest moves, ``log_total`` in all) agrees with ``expected`` where both have moves."""
    shown = {entry[0]: entry for entry in log_moves(body)}
    return body["log_total"] >= len(expected) and all(shown[n] == m for n, m in enumerate(expected) if n in shown)


def wait_for_turn(server: Server, table: Table, seat: int) -> dict[str, Any]:
    """The first body pushed to ``seat``'s WebSocket in which it is to move (or the game is over)."""
    url = f"ws://127.0.0.1:{server.port}/api/games/{table.id}/ws?token={table.tokens[seat]}"
    deadline = time.monotonic() + BOT_TIMEOUT
    with ws_connect(url, open_timeout=10, close_timeout=2, proxy=None) as ws:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                pytest.fail(f"the computer seat did not move within {BOT_TIMEOUT:.0f} s:\n{server.tail()}")
            try:
                body: dict[str, Any] = json.loads(ws.recv(timeout=left))
            except TimeoutError:
                continue
            if body["status"] != "playing" or body["current_player"] == seat:
                return body


def test_kill_9_mid_game_loses_no_acknowledged_move(server: Server) -> None:
    server.start()
    with httpx.Client(base_url=server.base, timeout=20.0, trust_env=False) as http:
        humans = new_table(http, ["human", "human"], seed=11)
        versus = new_table(http, ["human", "random"], seed=12)
        for _ in range(30):
            humans.move(humans.body(0)["current_player"])
        # the human's decisions until its turn ends: then the computer seat is to move, and the server is
        # killed at once (its first decision needs a worker process that takes far longer than this to start)
        body = versus.body(0)
        while body["current_player"] == 0:
            body = versus.move(0)
        server.kill9()

    # the database holds every acknowledged move, and the computer seat had not moved yet
    assert stored(server.url, humans.id) == humans.acked
    assert stored(server.url, versus.id) == versus.acked, "the computer seat moved before the kill"

    server.start()
    with httpx.Client(base_url=server.base, timeout=20.0, trust_env=False) as http:
        humans.http = versus.http = http
        # the server rebuilt the game from its moves: the move number and the log are the acknowledged moves
        body = humans.body(0)
        assert body["status"] == "playing", server.tail()
        assert body["move_number"] == len(humans.acked)
        assert body["log_total"] == len(humans.acked) and log_starts_with(body, humans.acked)
        # an acknowledged move sent again with its number is refused: nothing is stored twice
        number, seat, move = humans.acked[-1]
        again = http.post(f"/api/games/{humans.id}/moves", headers=humans.headers(seat),
                          json={"move": move, "move_number": number})
        assert again.status_code in (403, 409), again.text

        # the computer seat whose turn it was moves by itself, and the human is told over the WebSocket
        pushed = wait_for_turn(server, versus, 0)
        assert pushed["move_number"] > len(versus.acked)
        assert log_starts_with(pushed, versus.acked)
        assert {entry["seat"] for entry in pushed["log"][len(versus.acked):]} == {1}

        # both games go on to their end
        deadline = time.monotonic() + PLAY_TIMEOUT
        body = humans.body(0)
        while body["status"] == "playing":
            assert time.monotonic() < deadline, "the human game did not end in time"
            body = humans.move(body["current_player"])
        assert body["winners"]
        assert stored(server.url, humans.id) == humans.acked

        body = versus.body(0)
        while body["status"] == "playing":
            assert time.monotonic() < deadline, "the game against the computer seat did not end in time"
            body = versus.move(0) if body["current_player"] == 0 else wait_for_turn(server, versus, 0)
        final = stored(server.url, versus.id)
        assert [m for m in final if m[1] == 0] == versus.acked
        assert versus.body(0)["log_total"] == len(final) and log_starts_with(versus.body(0), final)
