"""The server on the internet (issue 60): each test reproduces one attack found on ``hanpan serve`` and
checks the defence: slow bodies, floods of accounts, guests and reports, secrets in the log, integers
too large for the database, a client posing as many through ``X-Forwarded-For``.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Awaitable, Callable, Iterator, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from hanpan.web.app import create_app
from hanpan.web.throttle import HashPool, Throttled

from .helpers import TEST_SETTINGS
from .server import running_server
from .test_abuse import _port, _raw_websocket
from .test_tables import PASSWORD

App = Callable[[MutableMapping[str, Any], Any, Any], Awaitable[None]]


def from_addresses(app: App) -> App:
    """``app`` seeing each request come from the address in its ``X-Test-Client`` header (the test client
    always comes from one)."""

    async def wrapped(scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            for name, value in scope["headers"]:
                if name == b"x-test-client":
                    scope = {**scope, "client": (value.decode(), 1234)}
        await app(scope, receive, send)

    return wrapped


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[tuple[TestClient, FastAPI]]:
    """The app with small limits: 2 accounts, guests and reports an address, 3 on the whole site."""
    settings = dataclasses.replace(TEST_SETTINGS, registrations_per_hour=2, site_registrations_per_minute=3,
                                   guests_per_hour=2, site_guests_per_minute=3, reports_per_hour=2,
                                   site_reports_per_minute=3)
    app = create_app(f"sqlite:///{tmp_path}/hanpan.sqlite3", settings=settings)
    with TestClient(from_addresses(app)) as client:
        yield client, app


def _as(address: str) -> dict[str, str]:
    return {"X-Test-Client": address}


def _refused_for_a_while(answer: Any, words: str) -> None:
    assert answer.status_code == 429, answer.text
    detail = answer.json()["detail"]
    assert words in detail and "try again in" in detail and "\n" not in detail, detail
    assert int(answer.headers["retry-after"]) >= 1


# --- finding 2: a registration flood ----------------------------------------------------------------------

def test_registrations_are_limited_per_address_and_for_the_whole_site(
        limited: tuple[TestClient, FastAPI]) -> None:
    client, _app = limited

    def register(name: str, address: str) -> Any:
        client.cookies.clear()
        return client.post("/api/account/register", json={"name": name, "password": PASSWORD}, headers=_as(address))

    assert register("ann1", "10.0.0.1").status_code == 201
    assert register("ann2", "10.0.0.1").status_code == 201
    _refused_for_a_while(register("ann3", "10.0.0.1"), "too many new accounts from your address")
    assert register("bob1", "10.0.0.2").status_code == 201  # another address: its own count
    _refused_for_a_while(register("cat1", "10.0.0.3"), "too many new accounts on this server")
    client.cookies.clear()
    assert client.post("/api/account/login", json={"name": "ann1", "password": PASSWORD},
                       headers=_as("10.0.0.1")).status_code == 200  # logging in is not registering


def test_registrations_at_once_from_one_address_get_no_more_than_its_limit(
        limited: tuple[TestClient, FastAPI]) -> None:
    """Checked before the password's hash and counted after it, 16 registrations at once all passed the
    check (benchmarks/abuse.py regflood: 24 new accounts of a limit of 10); a refused one is not counted."""
    client, _app = limited
    assert client.post("/api/account/register", json={"name": "x", "password": PASSWORD},
                       headers=_as("10.0.0.9")).status_code == 400  # a bad name: refused, not counted

    def register(i: int) -> int:
        answer = client.post("/api/account/register", json={"name": f"many{i}", "password": PASSWORD},
                             headers=_as("10.0.0.9"))
        return answer.status_code

    with ThreadPoolExecutor(8) as pool:
        statuses = sorted(pool.map(register, range(8)))
    assert statuses == [201, 201] + [429] * 6, statuses


def test_password_hashes_run_on_their_own_threads(limited: tuple[TestClient, FastAPI]) -> None:
    client, app = limited
    accounts = app.state.hanpan_accounts()
    threads: list[str] = []
    real = accounts.hasher

    class Watched:
        def __getattr__(self, name: str) -> Any:
            def call(*args: Any, **kwargs: Any) -> Any:
                threads.append(threading.current_thread().name)
                return getattr(real, name)(*args, **kwargs)
            return call

    accounts.hasher = Watched()
    assert client.post("/api/account/register", json={"name": "ann", "password": PASSWORD}).status_code == 201
    client.cookies.clear()
    assert client.post("/api/account/login", json={"name": "ann", "password": PASSWORD}).status_code == 200
    assert threads and all(name.startswith("hanpan-hash") for name in threads), threads


def test_the_hash_pool_refuses_more_than_it_may_hold() -> None:
    async def run() -> None:
        pool = HashPool(workers=1, waiting=1)
        release = threading.Event()
        started = threading.Event()

        def slow() -> str:
            started.set()
            release.wait(20)
            return "hashed"

        first = asyncio.ensure_future(pool.run(slow))
        second = asyncio.ensure_future(pool.run(slow))
        await asyncio.to_thread(started.wait, 20)
        with pytest.raises(Throttled) as refused:
            await pool.run(slow)
        assert refused.value.status == 503 and "busy" in str(refused.value)
        release.set()
        assert await first == await second == "hashed"
        assert await pool.run(lambda: "again") == "again"  # room once they are done
        pool.close()

    asyncio.run(run())


# --- finding 9: guests and chat reports ----------------------------------------------------------------

def test_guests_are_limited_per_address_and_for_the_whole_site(limited: tuple[TestClient, FastAPI]) -> None:
    client, _app = limited

    def guest(name: str, address: str) -> Any:
        client.cookies.clear()
        return client.post("/api/account/guest", json={"name": name}, headers=_as(address))

    assert guest("guest1", "10.0.0.1").status_code == 201
    assert guest("guest2", "10.0.0.1").status_code == 201
    _refused_for_a_while(guest("guest3", "10.0.0.1"), "too many new guests from your address")
    assert guest("guest4", "10.0.0.2").status_code == 201
    _refused_for_a_while(guest("guest5", "10.0.0.3"), "too many new guests on this server")


def test_chat_reports_are_limited_and_nobody_reports_their_own_message(
        limited: tuple[TestClient, FastAPI]) -> None:
    client, _app = limited
    sessions: dict[str, tuple[str, str]] = {}
    for name, address in (("ann", "10.0.0.1"), ("bob", "10.0.0.2"), ("cat", "10.0.0.3")):
        client.cookies.clear()
        answer = client.post("/api/account/register", json={"name": name, "password": PASSWORD},
                             headers=_as(address))
        sessions[name] = (client.cookies["hanpan_session"], answer.json()["csrf"])

    def call(who: str, path: str, body: dict[str, Any], address: str) -> Any:
        client.cookies.clear()
        client.cookies.set("hanpan_session", sessions[who][0])
        return client.post(path, json=body, headers={"X-CSRF-Token": sessions[who][1], **_as(address)})

    table = call("ann", "/api/tables", {"game": "spirits_of_the_wild", "seats": [{"kind": "me"}, {"kind": "open"}]},
                 "10.0.0.1").json()
    chat = f"/api/tables/{table['id']}/chat"
    messages = [call("ann", chat, {"text": f"hello {i}"}, "10.0.0.1").json()["id"] for i in range(4)]
    own = call("ann", f"{chat}/{messages[0]}/report", {"reason": "me"}, "10.0.0.1")
    assert own.status_code == 400 and own.json()["detail"] == "you cannot report your own message", own.text
    assert call("bob", f"{chat}/{messages[0]}/report", {}, "10.0.0.2").status_code == 204
    assert call("bob", f"{chat}/{messages[1]}/report", {}, "10.0.0.2").status_code == 204
    _refused_for_a_while(call("bob", f"{chat}/{messages[2]}/report", {}, "10.0.0.2"),
                         "too many chat reports from your address")
    assert call("cat", f"{chat}/{messages[2]}/report", {}, "10.0.0.3").status_code == 204
    _refused_for_a_while(call("cat", f"{chat}/{messages[3]}/report", {}, "10.0.0.4"),
                         "too many chat reports on this server")


# --- finding 8: integers too large for the database -----------------------------------------------------

def test_integers_past_the_databases_range_are_refused_with_one_line(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path}/hanpan.sqlite3", settings=TEST_SETTINGS)) as client:
        answer = client.post("/api/account/register", json={"name": "ann", "password": PASSWORD})
        csrf = {"X-CSRF-Token": answer.json()["csrf"]}
        table = client.post("/api/tables", json={"game": "spirits_of_the_wild",
                                                  "seats": [{"kind": "me"}, {"kind": "open"}]}, headers=csrf).json()
        for message, allowed in ((2**70, "9223372036854775807"), (2**63, "9223372036854775807"), (-1, "1")):
            answer = client.post(f"/api/tables/{table['id']}/chat/{message}/report", json={}, headers=csrf)
            assert answer.status_code == 422, (message, answer.text)
            detail = answer.json()["detail"]
            assert detail.startswith("message_id: ") and detail.endswith(f" {allowed}"), detail
        assert client.post(f"/api/tables/{table['id']}/chat/{2**63 - 1}/report", json={},
                           headers=csrf).status_code == 404  # in range: looked up, and not there
        huge_option = {"game": "spirits_of_the_wild", "seats": ["human", "human"], "options": {"x": 2**70}}
        answer = client.post("/api/games", json=huge_option)
        assert answer.status_code in (400, 422) and "\n" not in answer.json()["detail"], answer.text



# --- finding 4: a seat's token in the log ---------------------------------------------------------------

def _post_json(url: str, body: dict[str, Any], headers: dict[str, str] | None = None) -> Any:
    request = urllib.request.Request(url, method="POST", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json", **(headers or {})})
    with urllib.request.urlopen(request, timeout=20) as response:
        return json.load(response)


def _wait_for(check: Callable[[], bool], seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.05)


def test_the_log_holds_no_query_and_no_path_parameters_however_the_url_is_spelled(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    with running_server(f"sqlite:///{tmp_path}/games.sqlite3", log) as base:
        created = _post_json(base + "/api/games", {"game": "spirits_of_the_wild", "seats": ["human", "human"]})
        token = created["seats"][0]["token"]
        game = f"/api/games/{created['id']}"
        paths = [f"{game}/ws?x'=1&token={token}", f'{game}/ws?x"=1&token={token}', f"{game}/ws;token={token}",
                 f"{game}/ws;x=1?token={token}", f"{game}/ws%3Btoken={token}", f"{game}/ws%3Ftoken={token}",
                 f"/api/games/{token}/ws", f"{game}/ws?lang=en"]
        for path in paths:
            sock = _raw_websocket(_port(base), path)
            sock.recv(4096)  # the handshake's answer (accepted or refused)
            sock.close()
        _wait_for(lambda: log.read_text("utf-8", "replace").count('"WebSocket /') >= len(paths))
    text = log.read_text("utf-8", "replace")
    assert '"WebSocket /api/games/{game_id}/ws" [accepted]' in text  # logged as their route …
    assert token not in text  # … without the token, however it came
    assert "lang=en" not in text  # no query at all


# --- finding 10: X-Forwarded-For believed only from the proxies named -------------------------------------

def _registrations_from(base: str, addresses: list[str]) -> list[int]:
    """The status of a new account registered as each of ``addresses`` (X-Forwarded-For)."""
    statuses = []
    for address in addresses:
        try:
            _post_json(base + "/api/account/register", {"name": f"p{len(statuses)}x", "password": PASSWORD},
                       {"X-Forwarded-For": address})
            statuses.append(201)
        except urllib.error.HTTPError as e:
            statuses.append(e.code)
    return statuses


def test_x_forwarded_for_is_believed_only_from_the_proxies_named(tmp_path: Path) -> None:
    one_each = ["--registrations-per-hour", "1"]
    with running_server(f"sqlite:///{tmp_path}/a.sqlite3", options=one_each) as base:
        # a local process posing as two clients is one client: the second account is refused
        assert _registrations_from(base, ["10.1.1.1", "10.2.2.2"]) == [201, 429]
    with running_server(f"sqlite:///{tmp_path}/b.sqlite3",
                        options=[*one_each, "--forwarded-allow-ips", "127.0.0.1"]) as base:
        assert _registrations_from(base, ["10.1.1.1", "10.2.2.2", "10.2.2.2"]) == [201, 201, 429]  # a proxy named


# --- finding 1: slow request bodies -------------------------------------------------------------------

def _slow_request(port: int, path: str, length: int, first: bytes) -> socket.socket:
    """A request whose headers come at once and whose body starts with ``first`` (of ``length`` bytes)."""
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                 f"Content-Length: {length}\r\n\r\n".encode() + first)
    return sock


def _trickle_until_cut_off(socks: list[socket.socket], chunk: bytes, every: float, seconds: float) -> list[bytes]:
    """Send ``chunk`` on each socket every ``every`` seconds until the server closes it; what each was
    answered (the server must close them all within ``seconds``)."""
    answers = {sock: b"" for sock in socks}
    open_ = set(socks)
    for sock in socks:
        sock.setblocking(False)
    deadline = time.monotonic() + seconds
    while open_ and time.monotonic() < deadline:
        for sock in list(open_):
            try:
                while data := sock.recv(65536):
                    answers[sock] += data
                open_.discard(sock)  # b"": closed by the server
                continue
            except BlockingIOError:
                pass
            except OSError:
                open_.discard(sock)
                continue
            try:
                sock.send(chunk)
            except BlockingIOError:
                pass
            except OSError:
                open_.discard(sock)
        time.sleep(every)
    assert not open_, f"{len(open_)} of {len(socks)} slow requests still open after {seconds} s"
    for sock in socks:
        sock.close()
    return [answers[sock] for sock in socks]


def test_slow_request_bodies_are_cut_off_and_real_requests_still_answered(tmp_path: Path) -> None:
    options = ["--max-connections", "40", "--body-grace", "1", "--request-timeout", "4"]
    with running_server(f"sqlite:///{tmp_path}/games.sqlite3", tmp_path / "server.log", options) as base:
        port = _port(base)
        created = _post_json(base + "/api/games", {"game": "spirits_of_the_wild", "seats": ["human", "human"]})
        websocket = _raw_websocket(port, f"/api/games/{created['id']}/ws")
        assert websocket.recv(4096).startswith(b"HTTP/1.1 101")
        # more slow bodies than --max-connections: a byte every half second of a 1,000-byte login
        slow = [_slow_request(port, "/api/account/login", 1000, b"{") for _ in range(60)]
        with urllib.request.urlopen(base + "/api/meta", timeout=20) as response:
            assert response.status == 200  # answered while they hang
        answers = _trickle_until_cut_off(slow, b" ", 0.5, 20.0)  # under --min-body-rate after --body-grace
        assert any(a.startswith(b"HTTP/1.1 408") and b"bytes a second" in a for a in answers), answers[:3]
        # a body fast enough that would still take longer than --request-timeout
        (answer,) = _trickle_until_cut_off([_slow_request(port, "/api/replay", 500_000, b"{")], b" " * 2000,
                                           0.1, 20.0)
        assert answer.startswith(b"HTTP/1.1 408") and b"within 4 s" in answer, answer
        # a WebSocket, once open, is not a request: it outlives --request-timeout
        websocket.settimeout(0.5)
        with pytest.raises(TimeoutError):
            while True:  # what it was pushed, then nothing: open (a closed socket reads b"")
                assert websocket.recv(65536), "the server closed the WebSocket"
        websocket.close()
