"""Players: names, accounts, guests, sessions with CSRF tokens, bots' API keys and the login rate limit.

Both databases (``db_url``).  The app is ``create_app`` with the players' API included on an
``Accounts`` whose clock (the rate limit's and the sessions') the tests move, plus three small routes
that ask ``current_player`` / ``require_player`` the way other routes will.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher
from fastapi import FastAPI, Request
from fastapi.testclient import TestClient
from sqlalchemy import select

from hanpan.web.accounts import (
    AccountRefused,
    Accounts,
    LoginLimiter,
    Player,
    check_name,
    check_password,
    name_key,
)
from hanpan.web.app import create_app
from hanpan.web.routes_accounts import COOKIE, current_player, include, require_player
from hanpan.web.schema import api_keys_table, players_table, sessions_table
from hanpan.web.storage import Store

from .helpers import TEST_SETTINGS, assert_error, auth


class CountingHasher(PasswordHasher):
    """A fast Argon2id hasher (the tests hash often) that counts its verifications."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**({"time_cost": 1, "memory_cost": 1024, "parallelism": 1} | kwargs))
        self.verified = 0

    def verify(self, hash: str | bytes, password: str | bytes) -> bool:
        self.verified += 1
        return super().verify(hash, password)


class Clock:
    """The limiter's seconds and the sessions' datetime, moved by the test."""

    def __init__(self) -> None:
        self.seconds = 1000.0
        self.start = datetime(2030, 1, 1, tzinfo=UTC)

    def __call__(self) -> float:
        return self.seconds

    def now(self) -> datetime:
        return self.start + timedelta(seconds=self.seconds)

    def move(self, seconds: float) -> None:
        self.seconds += seconds


@dataclass
class Env:
    url: str
    store: Store
    accounts: Accounts
    hasher: CountingHasher
    clock: Clock
    app: FastAPI
    client: TestClient

    def other_client(self, address: str = "testclient", base_url: str = "http://testserver") -> TestClient:
        """Another browser (its own cookies) on the same app; ``address`` is its client address."""
        return TestClient(self.app, client=(address, 50001), base_url=base_url)


def make_accounts(store: Store, clock: Clock, hasher: PasswordHasher) -> Accounts:
    return Accounts(store, limiter=LoginLimiter(now=clock), hasher=hasher, now=clock.now)


@pytest.fixture
def env(db_url: str) -> Iterator[Env]:
    clock, hasher = Clock(), CountingHasher()
    store = Store(db_url)
    accounts = make_accounts(store, clock, hasher)
    app = create_app(db_url, settings=TEST_SETTINGS)
    include(app, lambda: accounts)

    @app.get("/test/who")
    async def who(request: Request) -> dict[str, Any]:
        player = await current_player(request, write=False)
        return {"name": player.name if player else None}

    @app.post("/test/write")
    async def write(request: Request) -> dict[str, Any]:
        return {"name": (await require_player(request, write=True)).name}

    @app.post("/test/rated")
    async def rated(request: Request) -> dict[str, Any]:
        return {"name": (await require_player(request, write=True, account=True)).name}

    with TestClient(app) as client:
        yield Env(db_url, store, accounts, hasher, clock, app, client)
    store.close()


def password() -> str:
    """A password that cannot turn up anywhere by chance."""
    return "pw-" + secrets.token_hex(12)


def csrf_of(client: TestClient) -> dict[str, str]:
    token = client.get("/api/account").json()["csrf"]
    assert isinstance(token, str) and len(token) >= 32
    return {"X-CSRF-Token": token}


def register(client: TestClient, name: str, pw: str) -> dict[str, Any]:
    response = client.post("/api/account/register", json={"name": name, "password": pw})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


# --- names and passwords (no database) --------------------------------------------------------------------

@pytest.mark.parametrize("name", ["김철수", "홍길동123", "Alice", "bob7", "Ålesund", "Дмитрий", "山田太郎", "a" * 20])
def test_names_of_any_script_are_taken(name: str) -> None:
    assert check_name(f"  {name} ") == name


def test_a_name_is_kept_composed_and_compared_without_case_or_width() -> None:
    import unicodedata

    decomposed = unicodedata.normalize("NFD", "김철수")
    assert decomposed != "김철수" and check_name(decomposed) == "김철수"
    assert name_key("Alice") == name_key("ALICE") == name_key("ａｌｉｃｅ") == "alice"
    assert name_key("STRASSE") == name_key("straße")
    assert name_key("김철수") == "김철수" and name_key("Alice") != name_key("Alicf")


@pytest.mark.parametrize("name", ["ab", "김철", "a" * 21, "a b", "a-b", "bob!", "", "   ", "ab\u200b", "ab½"])
def test_other_names_are_refused_with_the_rule(name: str) -> None:
    with pytest.raises(AccountRefused) as refused:
        check_name(name)
    assert refused.value.status == 400
    assert "letter" in str(refused.value) and "\n" not in str(refused.value)


def test_a_password_is_8_to_200_characters() -> None:
    assert check_password("12345678") == "12345678" and len(check_password("x" * 200)) == 200
    for bad in ["", "1234567", "x" * 201]:
        with pytest.raises(AccountRefused, match="8–200 characters") as refused:
            check_password(bad)
        assert refused.value.status == 400


# --- accounts and guests ------------------------------------------------------------------------------------

def test_names_are_unique_without_case_for_accounts_and_guests_alike(env: Env) -> None:
    accounts = env.accounts
    alice = accounts.register("Alice", password())
    assert alice == Player(alice.id, "Alice", False) and accounts.player(alice.id) == alice
    assert accounts.player_by_name("aLiCe") == alice and accounts.player_by_name("nobody") is None
    for clash in ["alice", "ALICE", "ａｌｉｃｅ"]:
        with pytest.raises(AccountRefused, match="is taken") as refused:
            accounts.register(clash, password())
        assert refused.value.status == 409
        with pytest.raises(AccountRefused, match="is taken"):
            accounts.guest(clash)
    kim = accounts.guest("김철수")
    assert kim.guest and accounts.player(kim.id) == kim
    with pytest.raises(AccountRefused, match="is taken"):
        accounts.register("김철수", password())
    lee = accounts.register("이영희", pw := password())
    assert accounts.login("이영희", pw, "10.0.0.1") == lee
    with env.store.engine.connect() as c:
        rows = {r.name: r for r in c.execute(select(players_table)).all()}
    assert set(rows) == {"Alice", "김철수", "이영희"}
    assert rows["김철수"].password_hash is None and rows["Alice"].password_hash.startswith("$argon2id$")


def test_a_name_that_looks_like_an_existing_one_is_refused(env: Env) -> None:
    """Issue 60 §7: 'аli' (Cyrillic а) and 'bοb' (Greek ο) registered beside 'ali' and 'bob'."""
    accounts = env.accounts
    accounts.register("ali", password())
    accounts.guest("Bob")
    accounts.register("lan", password())
    for lookalike, existing in [("\u0430li", "ali"), ("\u0410LI", "ali"), ("al\u0456", "ali"), ("b\u03bfb", "Bob"),
                                ("b0b", "Bob"), ("\u0412\u041e\u0412", "Bob"), ("Ian", "lan")]:
        for make in (lambda n: accounts.register(n, password()), accounts.guest):
            with pytest.raises(AccountRefused) as refused:
                make(lookalike)
            assert refused.value.status == 409
            assert str(refused.value) == (f"the name {lookalike!r} looks like the name {existing!r} of another "
                                          "player; choose another"), str(refused.value)
    # names that only share letters, and other scripts' own names, are fine
    for name in ("alia", "bobby", "김민수", "김민주", "Дмитрий"):
        accounts.register(name, password())
    answer = env.client.post("/api/account/register", json={"name": "\u0430li", "password": password()})
    assert "looks like the name 'ali'" in assert_error(answer, 409)


def test_register_log_out_log_in_as_a_page(env: Env) -> None:
    client, pw = env.client, password()
    data = register(client, "Alice", pw)
    assert data["player"]["name"] == "Alice" and data["player"]["guest"] is False
    cookie = client.cookies.get(COOKIE)
    assert cookie and cookie not in data.values()
    refused = client.post("/api/account/logout")  # no CSRF token
    assert "X-CSRF-Token" in assert_error(refused, 403) and "set-cookie" not in refused.headers
    me = client.get("/api/account").json()
    assert me == {"player": data["player"], "csrf": data["csrf"], "admin": False, "muted": None}

    out = client.post("/api/account/logout", headers={"X-CSRF-Token": data["csrf"]})
    assert out.status_code == 200 and out.json() == {"player": None, "csrf": None}
    assert client.get("/api/account").json() == {"player": None, "csrf": None}
    assert env.accounts.session(cookie) is None  # ended on the server, not only forgotten by the page

    again = client.post("/api/account/login", json={"name": "ALICE", "password": pw})
    assert again.status_code == 200, again.text
    assert again.json()["player"] == data["player"] and again.json()["csrf"] != data["csrf"]
    assert client.cookies.get(COOKIE) not in (None, cookie)


def test_the_session_cookie_is_httponly_samesite_and_secure_over_https(env: Env) -> None:
    response = env.client.post("/api/account/register", json={"name": "Alice", "password": password()})
    header = response.headers["set-cookie"].lower()
    assert header.startswith(f"{COOKIE}=") and "httponly" in header and "samesite=lax" in header
    assert "path=/" in header and "secure" not in header and "max-age=2592000" in header
    https = env.other_client(base_url="https://testserver")
    header = https.post("/api/account/guest", json={"name": "Bobby"}).headers["set-cookie"].lower()
    assert "httponly" in header and "samesite=lax" in header and "; secure" in header


def test_a_guest_plays_under_a_name_without_an_account(env: Env) -> None:
    response = env.client.post("/api/account/guest", json={"name": "김철수"})
    assert response.status_code == 201, response.text
    player = response.json()["player"]
    assert player["name"] == "김철수" and player["guest"] is True
    assert env.client.get("/test/who").json() == {"name": "김철수"}
    # the name is now taken, and a guest cannot log in (there is no password to know)
    assert "taken" in assert_error(env.other_client().post("/api/account/register",
                                                         json={"name": "김철수", "password": password()}), 409)
    refused = env.other_client().post("/api/account/login", json={"name": "김철수", "password": password()})
    assert assert_error(refused, 401) == "wrong name or password"
    assert "letters or digits" in assert_error(env.other_client().post("/api/account/guest", json={"name": "x"}),
                                               400)


def test_login_errors_never_tell_whether_a_name_exists(env: Env) -> None:
    env.accounts.register("Alice", password())
    env.accounts.guest("Bobby")
    answers = []
    for name in ["Alice", "Nobody", "Bobby", "x!"]:  # wrong password, unknown name, guest, impossible name
        before = env.hasher.verified
        response = env.client.post("/api/account/login", json={"name": name, "password": password()})
        answers.append((response.status_code, response.json()))
        assert env.hasher.verified == before + 1  # the same Argon2 work either way
        assert "set-cookie" not in response.headers
    assert answers == [(401, {"detail": "wrong name or password", "code": "login_wrong", "params": {}})] * 4


def test_a_password_can_be_changed_and_other_sessions_end(env: Env) -> None:
    client, old, new = env.client, password(), password()
    register(client, "Alice", old)
    elsewhere = env.other_client()
    assert elsewhere.post("/api/account/login", json={"name": "Alice", "password": old}).status_code == 200
    headers = csrf_of(client)
    assert assert_error(client.post("/api/account/password", json={"old": old, "new": new}), 403).startswith(
        "a change made with the session cookie needs the X-CSRF-Token header")
    assert assert_error(client.post("/api/account/password", json={"old": password(), "new": new},
                                    headers=headers), 403) == "the old password is wrong"
    assert "8–200" in assert_error(client.post("/api/account/password", json={"old": old, "new": "short"},
                                               headers=headers), 400)
    done = client.post("/api/account/password", json={"old": old, "new": new}, headers=headers)
    assert done.status_code == 200, done.text
    assert client.get("/test/who").json() == {"name": "Alice"}  # this page stays logged in
    assert elsewhere.get("/test/who").json() == {"name": None}  # the other one is logged out
    with pytest.raises(AccountRefused, match="wrong name or password"):
        env.accounts.login("Alice", old, "10.0.0.1")
    assert env.accounts.login("Alice", new, "10.0.0.1").name == "Alice"
    guest = env.other_client()
    guest.post("/api/account/guest", json={"name": "Bobby"})
    assert "guest" in assert_error(guest.post("/api/account/password", json={"old": old, "new": new},
                                              headers=csrf_of(guest)), 403)


def test_a_password_change_deletes_every_api_key(env: Env) -> None:
    """Issue 60 §6: whoever held a stolen session could make a key that outlived the owner's new password."""
    client, old, new = env.client, password(), password()
    register(client, "Alice", old)
    headers = csrf_of(client)
    key = client.post("/api/account/keys", json={"label": "left behind"}, headers=headers).json()["key"]
    bot = env.other_client()
    assert bot.post("/test/write", headers=auth(key)).json() == {"name": "Alice"}
    assert client.post("/api/account/password", json={"old": old, "new": new}, headers=headers).status_code == 200
    assert "unknown or was deleted" in assert_error(bot.post("/test/write", headers=auth(key)), 401)
    assert client.get("/api/account/keys").json() == []
    again = client.post("/api/account/keys", json={"label": "new bot"}, headers=headers).json()["key"]
    assert bot.post("/test/write", headers=auth(again)).json() == {"name": "Alice"}


def test_an_outdated_hash_is_renewed_at_login(env: Env) -> None:
    weak = make_accounts(env.store, env.clock, CountingHasher(time_cost=1, memory_cost=512))
    weak.register("Alice", pw := password())

    def stored() -> str:
        with env.store.engine.connect() as c:
            return str(c.execute(select(players_table.c.password_hash)).scalar_one())

    assert "m=512," in stored()
    env.accounts.login("Alice", pw, "10.0.0.1")
    assert "m=1024," in stored() and env.accounts.login("Alice", pw, "10.0.0.1").name == "Alice"


def test_sessions_expire_after_30_days_and_unknown_cookies_are_nobody(env: Env) -> None:
    alice = env.accounts.register("Alice", password())
    cookie, csrf = env.accounts.new_session(alice.id)
    assert env.accounts.session(cookie) is not None and env.accounts.session(cookie).csrf == csrf  # type: ignore[union-attr]
    assert env.accounts.session(cookie + "x") is None and env.accounts.session("") is None
    env.clock.move(29 * 86400)
    assert env.accounts.session(cookie) is not None
    env.clock.move(2 * 86400)
    assert env.accounts.session(cookie) is None
    env.client.cookies.set(COOKIE, cookie)
    assert env.client.get("/api/account").json() == {"player": None, "csrf": None}
    assert "log in first" in assert_error(env.client.post("/test/write", headers={"X-CSRF-Token": csrf}), 401)


# --- the login rate limit ------------------------------------------------------------------------------------

def test_nobody_can_lock_an_account_the_owner_gets_in_from_their_own_address(env: Env) -> None:
    """Issue 60 §5: five wrong passwords from anywhere used to lock the name for 15 minutes, again and
    again, the owner's right password and password changes too."""
    env.accounts.register("Alice", pw := password())
    for i in range(5):  # from five addresses
        client = env.other_client(f"10.0.0.{i}")
        assert_error(client.post("/api/account/login", json={"name": "alice", "password": password()}), 401)
    stranger = env.other_client("10.6.6.6")
    for _ in range(12):  # and a stranger on one address who keeps trying
        guess = {"name": "alice", "password": password()}
        assert stranger.post("/api/account/login", json=guess).status_code in (401, 429)
    assert env.client.post("/api/account/login", json={"name": "ALICE", "password": pw}).status_code == 200
    assert env.accounts.login("Alice", pw, "10.2.0.1").name == "Alice"
    cookie = env.client.cookies.get(COOKIE)
    assert cookie is not None
    env.accounts.change_password(env.accounts.player_by_name("Alice").id, pw, new := password(), cookie)  # type: ignore[union-attr]
    assert env.accounts.login("Alice", new, "10.2.0.1").name == "Alice"


def test_failures_of_one_name_from_one_address_slow_that_pair_down_more_and_more(env: Env) -> None:
    env.accounts.register("Alice", pw := password())
    stranger = env.other_client("10.5.5.5")

    def attempt(guess: str) -> Any:
        return stranger.post("/api/account/login", json={"name": "Alice", "password": guess})

    for _ in range(5):  # five failures are free
        assert_error(attempt(password()), 401)
    waits = []
    for _ in range(6):
        before = env.hasher.verified
        refused = attempt(pw)  # even the right password waits: the pair is refused before it is looked at
        assert env.hasher.verified == before
        detail = assert_error(refused, 429)
        wait = int(refused.headers["Retry-After"])
        assert detail == f"too many failed logins for this name from your address; try again in {wait} s"
        waits.append(wait)
        env.clock.move(wait)
        assert_error(attempt(password()), 401)  # the next guess, once the wait is over
    assert waits == [1, 2, 4, 8, 16, 32]
    assert env.client.post("/api/account/login", json={"name": "Alice", "password": pw}).status_code == 200
    env.clock.move(64)
    assert attempt(pw).status_code == 200  # a success forgets the pair's failures
    assert_error(attempt(password()), 401)
    assert_error(attempt(password()), 401)
    # the unknown names are treated alike (the limit tells nothing about who exists)
    for _ in range(5):
        assert_error(stranger.post("/api/account/login", json={"name": "Nobody", "password": pw}), 401)
    assert_error(stranger.post("/api/account/login", json={"name": "Nobody", "password": pw}), 429)


def test_a_success_clears_the_names_failures(env: Env) -> None:
    env.accounts.register("Alice", pw := password())
    for _ in range(3):
        for _ in range(4):
            with pytest.raises(AccountRefused, match="wrong name or password"):
                env.accounts.login("Alice", password(), f"10.1.0.{_}")
        assert env.accounts.login("Alice", pw, "10.2.0.1").name == "Alice"  # 12 failures in all, 4 at a time


def test_twenty_failures_from_an_address_lock_it_for_any_name(env: Env) -> None:
    env.accounts.register("Alice", pw := password())
    for i in range(20):
        with pytest.raises(AccountRefused) as refused:
            env.accounts.login(f"name{i}", password(), "10.9.9.9")
        assert refused.value.status == 401
    with pytest.raises(AccountRefused, match="too many login attempts") as refused:
        env.accounts.login("Alice", pw, "10.9.9.9")
    assert refused.value.status == 429
    assert env.accounts.login("Alice", pw, "10.9.9.10").name == "Alice"  # another address may
    env.clock.move(15 * 60)
    assert env.accounts.login("Alice", pw, "10.9.9.9").name == "Alice"
    # over HTTP the address is the client's
    for i in range(20):
        assert_error(env.other_client("10.7.7.7").post("/api/account/login",
                                                       json={"name": f"user{i}", "password": pw}), 401)
    assert_error(env.other_client("10.7.7.7").post("/api/account/login", json={"name": "Alice", "password": pw}),
                 429)
    assert env.other_client("10.7.7.8").post("/api/account/login",
                                             json={"name": "Alice", "password": pw}).status_code == 200


# --- CSRF, API keys and who may do what ---------------------------------------------------------------------

def test_a_cookie_write_needs_the_csrf_header(env: Env) -> None:
    client = env.client
    data = register(client, "Alice", password())
    assert client.get("/test/who").json() == {"name": "Alice"}  # reading needs no token
    refused = client.post("/test/write")
    assert refused.status_code == 403
    assert "X-CSRF-Token" in assert_error(refused, 403)
    assert_error(client.post("/test/write", headers={"X-CSRF-Token": "wrong"}), 403)
    assert_error(client.post("/test/write", headers={"X-CSRF-Token": data["csrf"] + "x"}), 403)
    assert_error(client.post("/api/account/keys", json={"label": "bot"}), 403)
    assert_error(client.post("/api/account/logout"), 403)
    assert client.get("/test/who").json() == {"name": "Alice"}  # the refused logout changed nothing
    ok = client.post("/test/write", headers={"X-CSRF-Token": data["csrf"]})
    assert ok.status_code == 200 and ok.json() == {"name": "Alice"}
    # another session's token does not do
    other = env.other_client()
    other_data = register(other, "Bobby", password())
    assert_error(client.post("/test/write", headers={"X-CSRF-Token": other_data["csrf"]}), 403)
    # without any credentials: log in first
    assert "log in first" in assert_error(env.other_client().post("/test/write"), 401)


def test_api_keys_are_shown_once_and_work_as_bearer_tokens(env: Env) -> None:
    client = env.client
    register(client, "Alice", password())
    headers = csrf_of(client)
    made = client.post("/api/account/keys", json={"label": "  my   bot "}, headers=headers)
    assert made.status_code == 201, made.text
    key = made.json()["key"]
    assert key.startswith("hk_") and len(key) >= 40
    assert set(made.json()) == {"id", "label", "created_at", "key"} and made.json()["label"] == "my bot"
    listed = client.get("/api/account/keys")
    assert listed.status_code == 200
    assert listed.json() == [{k: made.json()[k] for k in ("id", "label", "created_at")}]
    assert key not in listed.text and key[3:20] not in listed.text

    bot = env.other_client()  # no cookie: the key alone, and no CSRF token needed
    assert bot.post("/test/write", headers=auth(key)).json() == {"name": "Alice"}
    assert bot.post("/test/rated", headers=auth(key)).json() == {"name": "Alice"}
    assert bot.get("/api/account", headers=auth(key)).json()["player"]["name"] == "Alice"
    assert "account page" in assert_error(bot.post("/api/account/keys", json={"label": "x"}, headers=auth(key)),
                                          403)
    assert assert_error(bot.get("/api/account/keys", headers=auth(key)), 403)
    assert "unknown" in assert_error(bot.post("/test/write", headers=auth(key[:-2] + "zz")), 401)
    # a game's seat token (no hk_ prefix) is no account key: it is left to the game routes
    assert bot.get("/test/who", headers=auth("abcdefghijklmnop")).json() == {"name": None}

    env.clock.move(1)
    second = client.post("/api/account/keys", json={"label": "other"}, headers=headers).json()
    assert [k["label"] for k in client.get("/api/account/keys").json()] == ["my bot", "other"]
    assert assert_error(client.delete(f"/api/account/keys/{made.json()['id']}"), 403)  # CSRF here too
    gone = client.delete(f"/api/account/keys/{made.json()['id']}", headers=headers)
    assert gone.status_code == 200 and gone.json() == {"deleted": made.json()["id"]}
    assert_error(bot.post("/test/write", headers=auth(key)), 401)
    assert bot.post("/test/write", headers=auth(second["key"])).json() == {"name": "Alice"}
    assert_error(client.delete(f"/api/account/keys/{made.json()['id']}", headers=headers), 404)
    assert_error(client.delete("/api/account/keys/nothex", headers=headers), 404)
    assert "1–60" in assert_error(client.post("/api/account/keys", json={"label": " "}, headers=headers), 400)
    # another account cannot delete them
    other = env.other_client()
    register(other, "Bobby", password())
    assert_error(other.delete(f"/api/account/keys/{second['id']}", headers=csrf_of(other)), 404)
    assert bot.post("/test/write", headers=auth(second["key"])).status_code == 200


def test_guests_are_refused_where_an_account_is_needed(env: Env) -> None:
    guest = env.client
    guest.post("/api/account/guest", json={"name": "Visitor"})
    headers = csrf_of(guest)
    assert guest.post("/test/write", headers=headers).json() == {"name": "Visitor"}
    assert "guest" in assert_error(guest.post("/test/rated", headers=headers), 403)
    assert "guest" in assert_error(guest.post("/api/account/keys", json={"label": "bot"}, headers=headers), 403)
    assert assert_error(guest.get("/api/account/keys"), 403)
    with pytest.raises(AccountRefused, match="guest") as refused:
        env.accounts.new_api_key(env.accounts.player_by_name("visitor").id, "bot")  # type: ignore[union-attr]
    assert refused.value.status == 403
    member = env.other_client()
    register(member, "Member", password())
    assert member.post("/test/rated", headers=csrf_of(member)).json() == {"name": "Member"}


def test_bodies_are_checked(env: Env) -> None:
    assert_error(env.client.post("/api/account/register", json={"name": "Alice"}), 422)
    assert_error(env.client.post("/api/account/register", json={"name": 5, "password": "12345678"}), 422)
    assert_error(env.client.post("/api/account/login", json={"name": "Alice", "password": "x", "extra": 1}), 422)
    assert "8–200" in assert_error(env.client.post("/api/account/register",
                                                   json={"name": "Alice", "password": "x" * 201}), 400)
    assert env.accounts.player_by_name("Alice") is None


# --- no secret in clear, in the database or the log ------------------------------------------------------------

def test_no_password_cookie_or_key_is_stored_or_logged_in_clear(env: Env, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)  # everything, SQLAlchemy's statements and their parameters too
    caplog.set_level(logging.DEBUG, logger="sqlalchemy.engine")
    client, first, second, korean = env.client, password(), password(), "비밀번호" + secrets.token_hex(4)
    register(client, "Alice", first)
    headers = csrf_of(client)
    client.post("/api/account/password", json={"old": first, "new": second}, headers=headers)
    key = client.post("/api/account/keys", json={"label": "bot"}, headers=headers).json()["key"]
    assert client.post("/test/write", headers=auth(key)).status_code == 200
    other = env.other_client()
    register(other, "김철수", korean)
    other.post("/api/account/login", json={"name": "김철수", "password": "wrong-" + korean})
    assert other.post("/api/account/login", json={"name": "김철수", "password": korean}).status_code == 200
    cookies = [c for c in (client.cookies.get(COOKIE), other.cookies.get(COOKIE)) if c]
    secrets_in_clear = [first, second, korean, key, *cookies]
    assert len(cookies) == 2

    # the log: SQLAlchemy logged what it sent (the test would see a secret there), and no secret is in it
    log = "\n".join(f"{r.getMessage()} {r.args!r}" for r in caplog.records)
    assert "INSERT INTO players" in log and "$argon2id$" in log
    for secret in secrets_in_clear:
        assert secret not in log

    # the database's rows
    with env.store.engine.connect() as c:
        rows = repr([c.execute(select(t)).all() for t in (players_table, sessions_table, api_keys_table)])
    assert "$argon2id$" in rows and "김철수" in rows
    for secret in secrets_in_clear:
        assert secret not in rows

    # the SQLite file itself (and its write-ahead log), byte for byte
    if env.url.startswith("sqlite"):
        path = Path(env.url.removeprefix("sqlite:///"))
        files = [p for p in path.parent.iterdir() if p.name.startswith(path.name)]
        data = b"".join(p.read_bytes() for p in files)
        assert "김철수".encode() in data and b"$argon2id$" in data  # the file holds the rows
        for secret in secrets_in_clear:
            assert secret.encode() not in data
