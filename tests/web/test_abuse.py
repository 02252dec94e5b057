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
    settings = ServerSettings(bot_workers=1, max_sockets_per_game=2, max_sockets_per_client=3)
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
