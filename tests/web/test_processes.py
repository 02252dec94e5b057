"""Several ``hanpan serve`` processes on one PostgreSQL database (issue 50 §3), as real processes.

- A move posted to one process reaches the WebSockets of the other (news through LISTEN/NOTIFY), and
  either process takes the next move, even one made before its news arrived.
- A game is hosted by one process at a time; after ``kill -9`` of its host, the other adopts it: a
  computer seat whose turn it was moves there, with nothing acknowledged lost.
- ``--bot-workers 0`` queues the computer seats' decisions in the database, and ``hanpan bots`` makes them
  (also on SQLite, polling).
- ``--workers 2`` runs two processes on one port and stops them all on SIGTERM; with SQLite it is refused.

Every wait is bounded; every process is killed in teardown.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import suppress
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect as ws_connect

from .test_restart import Server, Table, hanpan_script, new_table, stored

WAIT = 30.0  # seconds at most for anything to happen (a busy machine: usually well under one)


@pytest.fixture
def servers(postgres_url: str, tmp_path: Path) -> Iterator[Callable[..., Server]]:
    made: list[Server] = []

    def make(*options: str, name: str = "server") -> Server:
        server = Server(postgres_url, tmp_path, options or ("--bot-workers", "1"), name=f"{name}{len(made)}")
        made.append(server)
        server.start()
        return server

    try:
        yield make
    finally:
        for server in made:
            server.cleanup()


def until(what: Callable[[], Any], why: str, seconds: float = WAIT) -> Any:
    """``what()`` once it is truthy; fails after ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        found = what()
        if found:
            return found
        if time.monotonic() > deadline:
            pytest.fail(f"not within {seconds:.0f} s: {why}")
        time.sleep(0.05)


def on(server: Server, table: Table) -> Table:
    """The same game's seats, talking to another process."""
    return Table(httpx.Client(base_url=server.base, timeout=20.0, trust_env=False), table.id, table.tokens,
                 table.rng)


def pushed(server: Server, table: Table, seat: int, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first body pushed to ``seat``'s WebSocket on ``server`` for which ``wanted`` holds."""
    url = f"ws://127.0.0.1:{server.port}/api/games/{table.id}/ws"
    deadline = time.monotonic() + WAIT
    with ws_connect(url, subprotocols=["hanpan", f"token.{table.tokens[seat]}"], open_timeout=10,  # type: ignore[list-item]
                    close_timeout=2, proxy=None) as ws:
        while time.monotonic() < deadline:
            with suppress(TimeoutError):
                body: dict[str, Any] = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
                if wanted(body):
                    return body
    pytest.fail(f"no such body pushed within {WAIT:.0f} s")


def test_a_move_on_one_process_is_pushed_by_the_other_and_either_takes_the_next(
        servers: Callable[..., Server]) -> None:
    a, b = servers(), servers()
    with httpx.Client(base_url=a.base, timeout=20.0, trust_env=False) as http:
        at_a = new_table(http, ["human", "human"], seed=3)
        at_b = on(b, at_a)
        at_b.body(1)  # b holds the game now: what a's moves change there must come as news
        url = f"ws://127.0.0.1:{b.port}/api/games/{at_a.id}/ws"
        with ws_connect(url, subprotocols=["hanpan", f"token.{at_a.tokens[1]}"],  # type: ignore[list-item]
                        open_timeout=10, close_timeout=2, proxy=None) as ws:
            assert json.loads(ws.recv(timeout=WAIT))["move_number"] == 0
            at_a.move(0)
            numbers = []
            while not numbers or numbers[-1] < 1:
                numbers.append(json.loads(ws.recv(timeout=WAIT))["move_number"])
            assert numbers[-1] == 1
        # seats alternating between the processes, each move posted right after the other's answer
        for _ in range(20):
            body = at_a.body(0)
            if body["status"] != "playing":
                break
            seat = body["current_player"]
            (at_a if seat == 0 else at_b).move(seat)
        assert stored(a.url, at_a.id) == sorted(at_a.acked + at_b.acked)  # each acknowledged move, once
        assert at_b.body(0)["move_number"] == at_a.body(0)["move_number"] == len(at_a.acked) + len(at_b.acked)


def test_a_dead_hosts_game_goes_on_in_the_other_process(servers: Callable[..., Server]) -> None:
    # a hosts the game and thinks for nobody (--bot-workers 0, and no service runs): its computer seat's
    # decision waits in the queue until a is killed, then b adopts the game and its seat moves there
    a = servers("--bot-workers", "0")
    b = servers("--bot-workers", "1")
    with httpx.Client(base_url=a.base, timeout=20.0, trust_env=False) as http:
        at_a = new_table(http, ["human", "greedy"], seed=5)
        while at_a.body(0)["current_player"] == 0:
            at_a.move(0)
        waiting = len(at_a.acked)
        at_b = on(b, at_a)
        assert at_b.body(0)["move_number"] == waiting  # not moved: a hosts it and makes no decision
        a.kill9()
        body = pushed(b, at_b, 0, lambda body: body["move_number"] > waiting and not body["thinking"])
        assert body["log_total"] > waiting and body["log"][-1]["seat"] == 1  # the computer seat moved, on b
        assert stored(b.url, at_a.id)[:waiting] == at_a.acked  # nothing acknowledged by a is lost
        if body["status"] == "playing" and body["current_player"] == 0:  # and the game goes on there
            at_b.move(0)


def bots_service(url: str, folder: Path) -> subprocess.Popen[bytes]:
    with open(folder / "bots.log", "wb") as log:
        return subprocess.Popen([hanpan_script(), "bots", "--db", url, "--workers", "1"], stdout=log,
                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_hanpan_bots_makes_the_decisions_a_server_queues(database: str, tmp_path: Path,
                                                         request: pytest.FixtureRequest) -> None:
    url = (f"sqlite:///{tmp_path}/hanpan.sqlite3" if database == "sqlite"
           else str(request.getfixturevalue("postgres_url")))
    server = Server(url, tmp_path, ("--bot-workers", "0"))
    service: subprocess.Popen[bytes] | None = None
    try:
        server.start()
        with httpx.Client(base_url=server.base, timeout=20.0, trust_env=False) as http:
            table = new_table(http, ["human", "greedy"], seed=9)
            while table.body(0)["current_player"] == 0:
                table.move(0)
            waiting = len(table.acked)
            service = bots_service(url, tmp_path)
            body = until(lambda: (b := table.body(0))["move_number"] > waiting and b,
                         "the service's decision was not played")
            assert body["log"][-1]["seat"] == 1
        service.send_signal(signal.SIGTERM)  # it stops, its worker with it
        assert service.wait(20) == 0, (tmp_path / "bots.log").read_text()
        assert "decision(s)" in (tmp_path / "bots.log").read_text()
    finally:
        if service is not None:
            with suppress(ProcessLookupError):
                os.killpg(service.pid, signal.SIGKILL)
        server.cleanup()


def test_workers_share_one_port_and_stop_together(postgres_url: str, tmp_path: Path) -> None:
    server = Server(postgres_url, tmp_path, ("--workers", "2", "--bot-workers", "1"))
    try:
        server.start()
        assert server.proc is not None
        children = until(lambda: _children(server.proc.pid if server.proc else 0), "no server processes")
        with httpx.Client(base_url=server.base, timeout=20.0, trust_env=False) as http:
            table = new_table(http, ["human", "greedy"], seed=4)
            for _ in range(6):  # each request may land on either process
                body = table.body(0)
                if body["status"] != "playing":
                    break
                if body["current_player"] == 0:
                    table.move(0)
                else:
                    until(lambda: table.body(0)["current_player"] == 0 or table.body(0)["status"] != "playing",
                          "the computer seat did not move")
        server.proc.send_signal(signal.SIGTERM)
        assert server.proc.wait(30) == 0
        # the server processes (and multiprocessing's helper) go with it
        until(lambda: not [pid for pid in children if _alive(pid)], "processes outlived the server")
    finally:
        server.cleanup()


def _alive(pid: int) -> bool:
    """A process that runs (not a zombie waiting to be reaped)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _children(pid: int) -> list[int]:
    found = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in found.read_text().split()] if found.exists() else []


def test_workers_need_postgresql(tmp_path: Path) -> None:
    done = subprocess.run([hanpan_script(), "serve", "--workers", "2", "--db", f"sqlite:///{tmp_path}/x.sqlite3"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    said = [line for line in done.stderr.splitlines() if "Warning" not in line and line.startswith("hanpan")]
    assert len(said) == 1 and "--workers needs PostgreSQL" in said[0], done.stderr  # one line, no traceback
    assert "Traceback" not in done.stderr


def test_the_lobby_and_a_tables_chat_are_the_same_on_every_process(postgres_url: str) -> None:
    from fastapi.testclient import TestClient

    from hanpan.web.app import create_app

    from .helpers import TEST_SETTINGS
    from .test_tables import Lobby, wait_for

    with TestClient(create_app(postgres_url, settings=TEST_SETTINGS)) as a, \
            TestClient(create_app(postgres_url, settings=TEST_SETTINGS)) as b:
        at_a = Lobby(a)
        at_a.register("Ann")
        at_a.register("Bob")
        assert b.get("/api/tables").json()["open_total"] == 0  # b's list of open tables is cached now
        table = at_a.table("Ann", "spirits_of_the_wild", [{"kind": "me"}, {"kind": "open"}], public=True)
        assert wait_for(lambda: b.get("/api/tables").json()["open_total"] == 1)  # b heard of it
        game_id = at_a.call("Bob", "POST", f"/api/tables/{table['id']}/join", {}, ok=200).json()["game_id"]
        at_b = Lobby(b)
        at_b.sessions = at_a.sessions  # the same players, now talking to b
        assert at_b.game("Ann", game_id)["move_number"] == 0  # b holds the game: chat on a must come as news
        at_a.call("Ann", "POST", f"/api/tables/{table['id']}/chat", {"text": "good luck"}, ok=201)
        assert wait_for(lambda: [m["text"] for m in at_b.game("Bob", game_id)["chat"]] == ["good luck"])
