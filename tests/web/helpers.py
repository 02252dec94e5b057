"""Shared helpers of the web API tests: a small setup per game, seats and their tokens, bounded waits
for WebSocket frames and computer seats, and the checks every error answer must pass.

Every wait here has a deadline: a test fails with a message rather than hanging.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import anyio
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

import hanpan
from hanpan.core.contract import State
from hanpan.web.settings import PUSH_SERVICES, ServerSettings

#: how long a test waits for a WebSocket frame or a computer seat before it fails
WAIT = 20.0
#: the test client's requests come to host "testserver" (its WebSockets always do)
#: the tests all come from one address: the per-address and site-wide limits are far off; devices may
#: subscribe with a push service on this machine (tests/web/test_notifications.py) or push.example.org
TEST_SETTINGS = ServerSettings(push_services=(*PUSH_SERVICES, "push.example.org", "http://127.0.0.1"),
                               bot_workers=1, allowed_hosts=("testserver",), max_bot_games_per_client=1000,
                               warm_workers=False, registrations_per_hour=10_000, site_registrations_per_minute=10_000,
                               guests_per_hour=10_000, site_guests_per_minute=10_000, reports_per_hour=10_000,
                               site_reports_per_minute=10_000)


@dataclass(frozen=True)
class Setup:
    """A small game of each kind for the API tests."""

    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)

    def request(self, seats: list[str] | None = None, seed: int | None = 11) -> dict[str, Any]:
        body: dict[str, Any] = {"game": self.game, "seats": seats or ["human"] * self.players,
                                "options": dict(self.options)}
        if seed is not None:
            body["seed"] = seed
        return body

    def new(self, seed: int) -> State:
        return hanpan.game(self.game).new(self.players, seed, **self.options)


SETUPS = {
    "harmonies": Setup("harmonies", 2),
    "spirits_of_the_wild": Setup("spirits_of_the_wild", 2),
    "four_gardens": Setup("four_gardens", 3, {"whims": True}),
}
GAMES = list(SETUPS)


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def rebuild(setup: Setup, seed: int, moves: Iterable[str]) -> State:
    """The true state: a new game from ``seed`` and the moves, checked one by one."""
    state = setup.new(seed)
    for move in moves:
        state.play(move)
    return state


@dataclass
class Table:
    """A game made through the API: its id and each human seat's token."""

    client: TestClient
    setup: Setup
    id: str
    tokens: dict[int, str]
    seed: int | None
    seats: list[str]

    @classmethod
    def create(cls, client: TestClient, setup: Setup, seats: list[str] | None = None,
               seed: int | None = 11) -> Table:
        request = setup.request(seats, seed)
        response = client.post("/api/games", json=request)
        assert response.status_code == 201, response.text
        data = response.json()
        tokens = {s["seat"]: s["token"] for s in data["seats"] if "token" in s}
        return cls(client, setup, data["id"], tokens, seed, request["seats"])

    @property
    def url(self) -> str:
        return f"/api/games/{self.id}"

    def get(self, seat: int | None = None, **params: Any) -> dict[str, Any]:
        headers = auth(self.tokens[seat]) if seat is not None else {}
        response = self.client.get(self.url, headers=headers, params=params)
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        return body

    def post_move(self, seat: int | None, move: str, number: int | None = None) -> Any:
        if number is None:
            number = self.get()["move_number"]
        headers = auth(self.tokens[seat]) if seat is not None else {}
        return self.client.post(f"{self.url}/moves", json={"move": move, "move_number": number}, headers=headers)

    def move(self, seat: int, move: str) -> dict[str, Any]:
        response = self.post_move(seat, move)
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        return body

    def undo(self, seat: int | None, number: int | None = None) -> Any:
        headers = auth(self.tokens[seat]) if seat is not None else {}
        if number is None:
            return self.client.post(f"{self.url}/undo", headers=headers)
        return self.client.post(f"{self.url}/undo", headers=headers, json={"move_number": number})

    def moves(self) -> list[str]:
        """The notations made so far (the log is public: every seat sees every move)."""
        return [entry["move"] for entry in self.get()["log"]]

    def ws(self, seat: int | None = None, **params: str) -> WebSocketTestSession:
        query = dict(params)
        if seat is not None:
            query["token"] = self.tokens[seat]
        suffix = "?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else ""
        return self.client.websocket_connect(f"{self.url}/ws{suffix}")

    def snapshot(self) -> list[Any]:
        """What every seat and a spectator see now (for 'the game is unchanged' checks)."""
        return [_stable(self.get(seat)) for seat in [None, *sorted(self.tokens)]]

    def wait(self, done: Callable[[dict[str, Any]], bool], seconds: float = WAIT) -> dict[str, Any]:
        """Poll the spectators' body until ``done`` holds (bounded)."""
        deadline = time.monotonic() + seconds
        while True:
            body = self.get()
            if done(body):
                return body
            if time.monotonic() > deadline:
                raise AssertionError(f"gave up after {seconds} s waiting; last body: "
                                     f"move {body['move_number']}, status {body['status']}, "
                                     f"thinking {body['thinking']}")
            time.sleep(0.05)


def _stable(body: dict[str, Any]) -> Any:
    return {k: body[k] for k in ("status", "move_number", "current_player", "view", "legal", "log", "scores")}


def recv(ws: WebSocketTestSession, seconds: float = WAIT) -> str:
    """The next text frame of ``ws`` within ``seconds`` (TimeoutError otherwise); a close raises
    WebSocketDisconnect with its code."""

    async def get() -> Any:
        with anyio.fail_after(seconds):
            return await ws._send_rx.receive()

    message = ws.portal.call(get)
    ws._raise_on_close(message)
    text: str = message["text"]
    return text


def recv_json(ws: WebSocketTestSession, seconds: float = WAIT) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(recv(ws, seconds))
    return data


def pending(ws: WebSocketTestSession, seconds: float = 0.3) -> list[str]:
    """Every frame that arrives within ``seconds`` of the last one (for 'nothing more came')."""
    out = []
    while True:
        try:
            out.append(recv(ws, seconds))
        except TimeoutError:
            return out


def recv_until(ws: WebSocketTestSession, done: Callable[[dict[str, Any]], bool],
               seconds: float = WAIT) -> list[dict[str, Any]]:
    """Frames until one for which ``done`` holds (that one last); bounded by ``seconds`` overall."""
    deadline = time.monotonic() + seconds
    frames = []
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"no frame matched within {seconds} s; got {len(frames)} frames")
        frames.append(recv_json(ws, left))
        if done(frames[-1]):
            return frames


def assert_error(response: Any, *statuses: int) -> str:
    """A refusal: one of ``statuses`` (any 4xx if none), JSON ``{"detail": one line, "code", "params"}`` with a
    known code and its parameters (``assert_code``); its detail."""
    if statuses:
        assert response.status_code in statuses, (response.status_code, response.text)
    else:
        assert 400 <= response.status_code < 500, (response.status_code, response.text)
    data = response.json()
    assert_code(data)
    detail = data["detail"]
    assert isinstance(detail, str) and detail, data
    assert "\n" not in detail and "\r" not in detail, detail
    assert "Traceback" not in detail, detail
    return detail


def assert_code(data: Any) -> None:
    """An error answer's body: ``detail``, a code of ``hanpan.web.errors.CODES`` and exactly its parameters,
    each a string, a number or a text in English and Korean."""
    from hanpan.web.errors import CODES

    assert isinstance(data, dict) and set(data) == {"detail", "code", "params"}, data
    assert data["code"] in CODES, data
    params = data["params"]
    assert isinstance(params, dict) and set(params) == set(CODES[data["code"]]), data
    for value in params.values():
        if isinstance(value, dict):
            assert set(value) == {"en", "ko"} and all(isinstance(v, str) and v for v in value.values()), data
        else:
            assert isinstance(value, str | int | float) and not isinstance(value, bool), data


def first_turn_paths(state: State, budget: int = 4000) -> dict[str, list[str]]:
    """Ways through the first decisions of the seat to move, found by search on the true state:

    - ``same``: one decision after which the seat is still to move, nothing revealed (undoable);
    - ``reveal``: decisions of that turn whose last one reveals something, the seat still to move;
    - ``pass``: decisions ending that seat's turn.
    A kind is missing when the game has no such path near the start."""
    seat = state.current_player
    turn = state.turn
    found: dict[str, list[str]] = {}
    stack: list[tuple[State, list[str]]] = [(state, [])]
    seen = 0
    while stack and len(found) < 3 and seen < budget:
        here, path = stack.pop()
        children = []
        for action in here.legal_actions():
            seen += 1
            after = here.clone()
            after.apply(action)
            steps = [*path, str(action)]
            if after.current_player != seat or after.turn != turn:
                found.setdefault("pass", steps)
            elif after.reveals != here.reveals:
                found.setdefault("reveal", steps)
            else:
                if not path:
                    found.setdefault("same", steps)
                children.append((after, steps))
        stack.extend(reversed(children[:3]))
    return found
