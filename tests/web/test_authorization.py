"""Every route of the server has a written rule of who may call it (``hanpan.web.authorization``), and
each rule holds: without credentials, with the wrong ones and with the right ones."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.routing import APIRoute, APIWebSocketRoute
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from starlette.routing import Mount, Route

from hanpan.web.app import create_app
from hanpan.web.authorization import (
    ACCOUNT,
    ADMIN,
    ANYONE,
    AUTHORIZATION,
    CREATOR,
    OPERATOR,
    PAGE,
    PLAYER,
    SEAT,
    TABLE_PLAYER,
)
from hanpan.web.moderation import Moderation

from .helpers import TEST_SETTINGS

DENIED = (401, 403)


def served(routes: list[Any]) -> Iterator[tuple[str, str]]:
    """(method, path) of every route, inside included routers too (HEAD goes with GET)."""
    for route in routes:
        inner = getattr(route, "original_router", None)
        if inner is not None:
            yield from served(inner.routes)
        elif isinstance(route, APIWebSocketRoute):
            yield "WS", route.path
        elif isinstance(route, Mount):
            yield "GET", route.path
        elif isinstance(route, APIRoute | Route):
            for method in sorted((route.methods or set()) - {"HEAD"}):
                yield method, route.path


def test_every_route_has_a_rule() -> None:
    app = create_app("sqlite://", settings=TEST_SETTINGS)
    routes = set(served(app.routes))
    assert routes - AUTHORIZATION.keys() == set(), "routes without a rule in hanpan.web.authorization"
    assert AUTHORIZATION.keys() - routes == set(), "rules for routes the app does not serve"


class World:
    """A server with: accounts Ann (a table's creator, seated) and Bob (not seated), a guest, a practice
    game with its seat tokens, Ann's table with a chat message."""

    def __init__(self, client: TestClient) -> None:
        self.c = client
        self.sessions: dict[str, tuple[str, str]] = {}
        for name, path, body in [("Ann", "/api/account/register", {"name": "Ann", "password": "pass word 1"}),
                                 ("Bob", "/api/account/register", {"name": "Bob", "password": "pass word 2"}),
                                 ("Gus", "/api/account/guest", {"name": "Gus"}),
                                 ("Ada", "/api/account/register", {"name": "Ada", "password": "pass word 3"}),
                                 ("Vic", "/api/account/register", {"name": "Vic", "password": "pass word 4"})]:
            self.c.cookies.clear()
            answer = self.c.post(path, json=body)
            assert answer.status_code in (200, 201), answer.text
            self.sessions[name] = (self.c.cookies.get("hanpan_session") or "", answer.json()["csrf"])
        self.c.cookies.clear()
        practice = self.c.post("/api/games", json={"game": "spirits_of_the_wild", "seats": ["human", "human"]}).json()
        self.game_id = practice["id"]
        self.tokens = [s["token"] for s in practice["seats"]]
        other = self.c.post("/api/games", json={"game": "spirits_of_the_wild", "seats": ["human", "human"]}).json()
        self.other_token = other["seats"][0]["token"]
        # a finished game (two computer seats), for its record and replay
        self.finished_id = self.c.post("/api/games", json={"game": "spirits_of_the_wild",
                                                           "seats": ["random", "random"]}).json()["id"]
        deadline = time.monotonic() + 60
        while self.c.get(f"/api/games/{self.finished_id}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "two computer seats did not finish a game"
            time.sleep(0.05)
        seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]
        table = self.request("POST", "/api/tables", "Ann", {"game": "four_gardens", "seats": seats})
        assert table.status_code == 201, table.text
        self.table_id = table.json()["id"]
        chat = self.request("POST", f"/api/tables/{self.table_id}/chat", "Ann", {"text": "hello"})
        self.message_id = chat.json()["id"]
        # Ada moderates (the admin routes act on Vic and on a table of Vic's, so no other rule's check changes)
        Moderation(client.app.state.hanpan_lobby().hub.store).set_admin("Ada", True, "test")
        other_table = self.request("POST", "/api/tables", "Vic", {"game": "spirits_of_the_wild",
                                                                  "seats": [{"kind": "me"}, {"kind": "open"}]})
        self.closing_table_id = other_table.json()["id"]
        self.admin_key = self.request("POST", "/api/account/keys", "Ada", {"label": "bot"}).json()["key"]

    def request(self, method: str, path: str, who: str | None = None, body: Any = None, csrf: bool = True,
                token: str | None = None) -> Any:
        self.c.cookies.clear()
        headers = {}
        if who is not None:
            cookie, csrf_token = self.sessions[who]
            self.c.cookies.set("hanpan_session", cookie)
            if csrf:
                headers["X-CSRF-Token"] = csrf_token
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        return self.c.request(method, path, json=body, headers=headers)

    def path(self, template: str) -> str:
        if template.startswith("/api/admin/"):
            template = template.replace("{name}", "Vic").replace("{table_id}", self.closing_table_id)
        if template.endswith(("/record", "/replay")):
            template = template.replace("{game_id}", self.finished_id)
        return (template.replace("{game_id}/{name}", "harmonies/board.js").replace("{game_id}", self.game_id)
                .replace("{table_id}", self.table_id).replace("{message_id}", str(self.message_id))
                .replace("{key_id}", "nokey").replace("{name}", "Ann"))


BODIES: dict[str, Any] = {
    "/api/games/{game_id}/moves": {"move": "take1", "move_number": 0},
    "/api/games/{game_id}/undo": {},
    "/api/account/password": {"old": "pass word 2", "new": "pass word 2"},  # Bob's
    "/api/account/keys": {"label": "bot"},
    "/api/tables": {"game": "spirits_of_the_wild", "seats": [{"kind": "me"}, {"kind": "open"}]},
    "/api/tables/{table_id}/join": {},
    "/api/tables/{table_id}/start": {"level": "random"},
    "/api/tables/{table_id}/chat": {"text": "hi"},
    "/api/tables/{table_id}/chat/{message_id}/report": {"reason": "test"},
    "/api/games": {"game": "spirits_of_the_wild", "seats": ["human", "random"]},
    "/api/replay": {"record": {}},
    "/api/account/register": {"name": "Zed", "password": "pass word 9"},
    "/api/account/guest": {"name": "Gal"},
    "/api/account/login": {"name": "Ann", "password": "pass word 1"},
    "/api/account/notifications": {"quiet": None},
    "/api/account/push": {"endpoint": "https://push.example.org/device-1",
                          "keys": {"p256dh": "B" * 87, "auth": "A" * 22}, "lang": "en"},
    "/api/account/push/forget": {"endpoint": "https://push.example.org/device-1"},
    "/api/account/email": {"address": None},
    "/api/email/confirm": {"token": "no-such-token"},
    "/api/admin/reports/{message_id}/dismiss": {"reason": "test"},
    "/api/admin/messages/{message_id}/hide": {"reason": "test"},
    "/api/admin/players/{name}/mute": {"minutes": 5, "reason": "test"},
    "/api/admin/players/{name}/ban": {"days": 1, "reason": "test"},
    "/api/admin/players/{name}/lift": {"kind": "ban", "reason": "test"},
    "/api/admin/tables/{table_id}/close": {"reason": "test"},
}


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def world(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    """One world per database for all the rules (what a check changes only turns later answers into
    409s and the like, never into a credentials question)."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('auth')}/hanpan.sqlite3"
        with TestClient(create_app(url, settings=TEST_SETTINGS)) as client:
            yield World(client)
        return
    server: str = request.getfixturevalue("postgres_server")
    name = f"t_{uuid.uuid4().hex[:12]}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f"CREATE DATABASE {name}"))
    try:
        with TestClient(create_app(server.rsplit("/", 1)[0] + f"/{name}", settings=TEST_SETTINGS)) as client:
            yield World(client)
    finally:
        with admin.connect() as c:
            c.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()


RULED = sorted((k, v[0]) for k, v in AUTHORIZATION.items() if k[0] != "WS")


@pytest.mark.parametrize(("route", "rule"), RULED, ids=[f"{m} {p}" for (m, p), _ in RULED])
def test_each_rule_holds(world: World, route: tuple[str, str], rule: str) -> None:
    method, template = route
    path = world.path(template)
    body = BODIES.get(template)
    unauthenticated = world.request(method, path, body=body)
    if rule == ANYONE:
        assert unauthenticated.status_code not in DENIED, (path, unauthenticated.text)
        return
    if rule == OPERATOR:  # the test client's address is none the server was given
        assert unauthenticated.status_code == 403 and world.request(method, path, "Ann").status_code == 403
        return
    # every other rule: nobody without credentials
    assert unauthenticated.status_code in DENIED, (path, unauthenticated.status_code, unauthenticated.text)
    if rule == SEAT:
        assert world.request(method, path, body=body, token=world.other_token).status_code in DENIED
        assert world.request(method, path, body=body, token=world.tokens[0]).status_code not in DENIED
        return
    # a cookie without its CSRF header never changes anything
    if method != "GET":
        assert world.request(method, path, "Ann", body, csrf=False).status_code == 403
    if rule == PLAYER:
        assert world.request(method, path, "Gus", body).status_code not in DENIED
    elif rule in (ACCOUNT, PAGE):
        assert world.request(method, path, "Gus", body).status_code == 403
        assert world.request(method, path, "Bob", body).status_code not in DENIED
    elif rule == ADMIN:  # an account without the role, a guest, the admin's own API key: no
        for who in ("Bob", "Gus"):
            assert world.request(method, path, who, body).status_code == 403
        if method != "GET":
            assert world.request(method, path, "Ada", body, csrf=False).status_code == 403
        assert world.request(method, path, body=body, token=world.admin_key).status_code == 403
        assert world.request(method, path, "Ada", body).status_code not in DENIED, path
    elif rule == TABLE_PLAYER or rule == CREATOR:
        assert world.request(method, path, "Bob", body).status_code == 403
        assert world.request(method, path, "Ann", body).status_code not in DENIED
    else:
        raise AssertionError(f"no check for the rule {rule!r}")


def test_docs_api_lists_every_route_with_its_rule() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "api.md").read_text("utf-8")
    for (method, path), (rule, _what) in AUTHORIZATION.items():
        assert f"| `{method} {path}` | {rule} |" in text, f"docs/api.md does not list {method} {path}"
