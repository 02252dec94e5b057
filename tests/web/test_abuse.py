"""The server under abuse (issue 50): no client can starve the others.

Each test reproduces one attack found on ``hanpan serve`` and checks the defence: slow headers, a
WebSocket that never reads, too many sockets on one game or from one client.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from hanpan.web.app import create_app
from hanpan.web.settings import ServerSettings

from .helpers import SETUPS, Table
from .server import running_server


@pytest.fixture
def guarded(tmp_path: Path) -> Iterator[str]:
    """A real ``hanpan serve`` with short limits: 1.5 s for headers, 40 connections, 1 s of stall."""
    options = ["--header-timeout", "1.5", "--max-connections", "40", "--stall-timeout", "1",
               "--send-buffer", "8192"]
    with running_server(f"sqlite:///{tmp_path}/games.sqlite3", tmp_path / "server.log", options) as base:
        yield base


def _port(base: str) -> int:
    return int(base.rsplit(":", 1)[1])


def _closed_by_server(sock: socket.socket, seconds: float) -> bool:
    """True once the server closed or reset ``sock`` (reading what it sent until then)."""
    sock.settimeout(0.2)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if sock.recv(65536) == b"":
                return True
        except TimeoutError:
            continue
        except OSError:  # reset
            return True
    return False


def test_connections_that_never_finish_their_headers_are_cut_off_and_real_requests_still_answered(
        guarded: str) -> None:
    slow = []
    for _ in range(60):  # more than --max-connections: the oldest slow ones make room
        sock = socket.create_connection(("127.0.0.1", _port(guarded)))
        sock.sendall(b"GET /api/meta HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # and never the rest
        slow.append(sock)
    began = time.monotonic()
    with urllib.request.urlopen(guarded + "/api/meta", timeout=5) as response:
        assert response.status == 200
    assert time.monotonic() - began < 1.0  # answered at once, not after the slow ones timed out
    assert all(_closed_by_server(sock, 4.0) for sock in slow)  # within --header-timeout, with margin
    for sock in slow:
        sock.close()


def _raw_websocket(port: int, path: str) -> socket.socket:
    """A WebSocket handshake on a socket with a tiny receive buffer whose owner then reads nothing."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    return sock


def test_a_websocket_that_never_reads_is_cut_off_and_the_game_goes_on(guarded: str) -> None:
    request = urllib.request.Request(guarded + "/api/games", method="POST",
                                     data=json.dumps({"game": "harmonies", "seats": ["random"] * 4,
                                                      "seed": 1}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        game_id = json.load(response)["id"]
    sock = _raw_websocket(_port(guarded), f"/api/games/{game_id}/ws?lang=en")
    time.sleep(6)  # four computer seats push hundreds of bodies it never reads; 1 s of stall is allowed
    assert _closed_by_server(sock, 3.0)
    sock.close()
    with urllib.request.urlopen(guarded + f"/api/games/{game_id}") as response:
        assert json.load(response)["move_number"] > 0  # the game was not held up by it


def test_sockets_per_game_and_per_client_are_capped(tmp_path: Path) -> None:
    settings = ServerSettings(bot_workers=1, max_sockets_per_game=2, max_sockets_per_client=3,
                              allowed_hosts=("testserver",))
    with TestClient(create_app(f"sqlite:///{tmp_path}/hanpan.sqlite3", settings=settings)) as client:
        first, second = (Table.create(client, SETUPS["spirits_of_the_wild"]) for _ in range(2))
        with first.ws() as a, first.ws() as b:
            assert a.receive_json()["id"] == b.receive_json()["id"] == first.id
            with first.ws() as c, pytest.raises(WebSocketDisconnect) as refused:
                c.receive_json()
            assert refused.value.code == 1013 and "most it takes" in refused.value.reason
            with second.ws() as d:
                d.receive_json()  # a third socket of this client, on another game: allowed
                with second.ws() as e, pytest.raises(WebSocketDisconnect) as refused:
                    e.receive_json()
                assert refused.value.code == 1013 and "one client" in refused.value.reason
        with first.ws() as again:  # closed sockets no longer count
            assert again.receive_json()["id"] == first.id


def test_a_host_name_not_allowed_is_refused_and_addresses_always_served(tmp_path: Path) -> None:
    settings = ServerSettings(bot_workers=1, allowed_hosts=("testserver", "play.example.org"))
    with TestClient(create_app(f"sqlite:///{tmp_path}/hanpan.sqlite3", settings=settings)) as client:
        assert client.get("/api/meta").status_code == 200
        for host in ("play.example.org", "127.0.0.1:8000", "[::1]:8000", "192.168.1.5"):
            assert client.get("/api/meta", headers={"host": host}).status_code == 200, host
        refused = client.get("/api/games", headers={"host": "rebound.attacker.example"})
        assert refused.status_code == 400
        assert "rebound.attacker.example" in refused.json()["detail"] and "--allowed-host" in refused.json()["detail"]
        game = Table.create(client, SETUPS["spirits_of_the_wild"])
        with pytest.raises(WebSocketDisconnect), \
                client.websocket_connect(f"{game.url}/ws", headers={"host": "rebound.attacker.example"}) as ws:
            ws.receive_json()


def test_a_websocket_opened_by_another_sites_page_is_refused(client: TestClient) -> None:
    game = Table.create(client, SETUPS["spirits_of_the_wild"])
    with client.websocket_connect(f"{game.url}/ws", headers={"origin": "http://testserver"}) as ws:
        assert ws.receive_json()["id"] == game.id  # the site's own page
    with client.websocket_connect(f"{game.url}/ws") as ws:
        assert ws.receive_json()["id"] == game.id  # no Origin: not a browser
    with pytest.raises(WebSocketDisconnect) as refused, \
            client.websocket_connect(f"{game.url}/ws", headers={"origin": "https://evil.example"}) as ws:
        ws.receive_json()
    assert refused.value.code == 1008


def test_the_seats_token_travels_as_a_subprotocol_not_in_the_url(client: TestClient) -> None:
    game = Table.create(client, SETUPS["spirits_of_the_wild"])
    token = game.tokens[0]
    with client.websocket_connect(f"{game.url}/ws", subprotocols=["hanpan", f"token.{token}"]) as ws:
        assert ws.accepted_subprotocol == "hanpan"
        assert ws.receive_json()["seat"] == 0
    with client.websocket_connect(f"{game.url}/ws", subprotocols=["hanpan"]) as ws:
        assert ws.receive_json()["seat"] is None  # no token: a spectator


def test_pages_may_connect_only_to_their_own_server_and_the_api_explorer_has_a_policy(client: TestClient) -> None:
    page = client.get("/")
    assert "connect-src 'self';" in page.headers["content-security-policy"]
    assert "ws:" not in page.headers["content-security-policy"]
    for path in ("/docs", "/redoc"):
        policy = client.get(path).headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "connect-src 'self'" in policy, path


def test_no_token_reaches_the_log_however_the_url_spells_it(guarded: str, tmp_path: Path) -> None:
    request = urllib.request.Request(guarded + "/api/games", method="POST",
                                     data=json.dumps({"game": "spirits_of_the_wild", "seats": ["human", "human"]
                                                      }).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        created = json.load(response)
    token = created["seats"][0]["token"]
    port = _port(guarded)
    for query in (f"token={token}", f"%74oken={token}", f"tokn={token}", f"lang=en&TOKEN={token}"):
        sock = _raw_websocket(port, f"/api/games/{created['id']}/ws?{query}")
        sock.recv(4096)  # the handshake's answer: the server logged the connection by now
        sock.close()
    time.sleep(0.5)
    log = (tmp_path / "server.log").read_text("utf-8", "replace")
    assert "WebSocket /api/games/" in log  # the connections were logged …
    assert token not in log  # … without the token


def test_the_database_file_and_its_folder_are_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import stat

    from hanpan.web.serve import default_db_url, private_sqlite

    monkeypatch.setenv("HANPAN_DATA_DIR", str(tmp_path / "data"))
    url = default_db_url()
    private_sqlite(url)
    database = Path(url.removeprefix("sqlite:///"))
    assert stat.S_IMODE(database.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE(database.stat().st_mode) == 0o600
    shared = tmp_path / "old.sqlite3"
    shared.write_bytes(b"")
    shared.chmod(0o644)
    private_sqlite(f"sqlite:///{shared}")  # one made before: narrowed
    assert stat.S_IMODE(shared.stat().st_mode) == 0o600


def test_games_left_idle_are_abandoned_and_games_of_people_only_are_not_rebuilt_at_start(tmp_path: Path) -> None:
    """After a restart only the games a computer seat must go on with are rebuilt; games nobody moved in
    for ``idle_days`` are marked abandoned (5,000 abandoned games once cost a restart ~39 s of CPU)."""
    import asyncio
    from datetime import UTC, datetime, timedelta

    from sqlalchemy import update

    from hanpan.web.hub import Hub
    from hanpan.web.storage import Store, games_table

    url = f"sqlite:///{tmp_path}/hanpan.sqlite3"
    settings = ServerSettings(bot_workers=1, idle_days=7)

    async def first_run() -> tuple[str, str, str]:
        hub = Hub(Store(url), settings=settings)
        made = [await hub.create("spirits_of_the_wild", seats, {}, seed)
                for seats, seed in ((["human", "human"], 1), (["human", "human"], 2), (["human", "greedy"], 3))]
        await hub.close()
        return made[0].game.id, made[1].game.id, made[2].game.id

    idle, fresh, with_bot = asyncio.run(first_run())
    store = Store(url)
    with store.engine.begin() as c:
        c.execute(update(games_table).where(games_table.c.id == idle)
                  .values(updated_at=datetime.now(UTC) - timedelta(days=8)))
    store.close()

    async def restart() -> None:
        hub = Hub(Store(url), settings=settings)
        await hub.start()
        deadline = time.monotonic() + 20
        while with_bot not in hub._games and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert with_bot in hub._games  # its computer seat goes on
        assert idle not in hub._games and fresh not in hub._games  # people only: rebuilt when opened
        stored = await hub.db(hub.store.game, idle)
        assert stored is not None and stored.status == "abandoned"
        opened = await hub.get(fresh)
        assert opened is not None and opened.status == "playing"
        stale = await hub.get(idle)
        assert stale is not None and stale.status == "abandoned"
        await hub.close()

    asyncio.run(restart())


def _finished_record(client: TestClient) -> dict[str, object]:
    table = Table.create(client, SETUPS["spirits_of_the_wild"], seats=["random", "random"], seed=5)
    table.wait(lambda b: b["status"] != "playing" and not b["thinking"], seconds=60)
    record: dict[str, object] = client.get(f"{table.url}/record").json()
    return record


def test_a_record_is_replayed_once_however_many_steps_are_asked_and_new_records_are_rate_limited(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import hanpan.web.app as web_app

    built: list[int] = []

    class CountedReplay(web_app.Replay):  # type: ignore[misc,name-defined]
        def __init__(self, *args: object) -> None:
            built.append(1)
            super().__init__(*args)

    monkeypatch.setattr(web_app, "Replay", CountedReplay)
    settings = ServerSettings(bot_workers=1, allowed_hosts=("testserver",), new_records_per_minute=2)
    with TestClient(create_app(f"sqlite:///{tmp_path}/hanpan.sqlite3", settings=settings)) as client:
        record = _finished_record(client)
        for move in range(12):  # the replay page steps through it
            assert client.post("/api/replay", json={"record": record, "move": move}).json()["move_number"] == move
        assert len(built) == 1
        other = {**record, "players": ["human", "random"]}  # another record: counted
        assert client.post("/api/replay", json={"record": other}).status_code == 200
        third = {**record, "players": ["random", "human"]}
        refused = client.post("/api/replay", json={"record": third})
        assert refused.status_code == 429 and "try again in" in refused.json()["detail"]
        assert client.post("/api/replay", json={"record": record, "move": 3}).status_code == 200  # kept: free
        too_long = {**record, "actions": ["take 2"] * 3001, "result": None}
        refused = client.post("/api/replay", json={"record": too_long})
        assert refused.status_code == 413 and "3001 moves" in refused.json()["detail"]
        game_id = client.get("/api/games", params={"status": "finished"}).json()[0]["id"]
        for move in range(5):
            assert client.get(f"/api/games/{game_id}/replay", params={"move": move}).status_code == 200
        assert len(built) == 3  # the record, the other one and the finished game: once each


def test_games_with_computer_seats_are_limited_per_client(tmp_path: Path) -> None:
    settings = ServerSettings(bot_workers=1, allowed_hosts=("testserver",), max_bot_games_per_client=2)
    with TestClient(create_app(f"sqlite:///{tmp_path}/hanpan.sqlite3", settings=settings)) as client:
        setup = SETUPS["spirits_of_the_wild"]
        for seed in (1, 2):
            Table.create(client, setup, seats=["human", "master"], seed=seed)
        refused = client.post("/api/games", json=setup.request(["greedy", "human"], 3))
        assert refused.status_code == 429 and "finish one first" in refused.json()["detail"]
        Table.create(client, setup, seats=["human", "human"], seed=4)  # people only: not counted


def _descendants(pid: int) -> set[int]:
    """Every process below ``pid`` (read from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process tree from /proc")
def test_no_worker_process_outlives_the_server(tmp_path: Path) -> None:
    """A master seat of Harmonies thinks on a worker that starts 2 search processes of its own; a SIGTERM of
    the server used to leave those behind."""
    from .server import free_port, start_server, stop, wait_until_up

    port = free_port()
    server = start_server(f"sqlite:///{tmp_path}/games.sqlite3", port, tmp_path / "server.log")
    try:
        base = f"http://127.0.0.1:{port}"
        wait_until_up(base, server)
        request = urllib.request.Request(base + "/api/games", method="POST",
                                         data=json.dumps({"game": "harmonies", "seats": ["master", "master"],
                                                          "seed": 3}).encode(),
                                         headers={"Content-Type": "application/json"})
        urllib.request.urlopen(request).close()
        deadline = time.monotonic() + 60
        workers: set[int] = set()
        while len(workers) < 3 and time.monotonic() < deadline:  # the seat's worker and its 2 searchers
            time.sleep(0.2)
            workers = _descendants(server.pid)
        assert len(workers) >= 3, workers
    finally:
        stop(server)  # SIGTERM
    deadline = time.monotonic() + 15
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not [pid for pid in workers if _alive(pid)]
