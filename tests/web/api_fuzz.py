"""Fuzzing the whole HTTP API from its own OpenAPI description (schemathesis), as three clients.

``fuzz(app, examples)`` draws ``examples`` requests per operation, client and mode (schemathesis's
positive data: of the described shapes; negative: not of them) and checks each answer: no 5xx, its status
described, its body and headers as described.  The clients: anonymous, a logged-in player (session cookie
and CSRF token) and a bot (its account's API key).  Beside random ids, each operation with an id in its
path is also tried on real ones (a table of the player and the bot with its game started, a finished
practice game), so that requests get past "no such game" to the rules behind it.  Used by
tests/web/test_schemathesis.py (a small budget) and benchmarks/api_fuzz_long.py (a long one).
"""

from __future__ import annotations

import collections
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import hypothesis
import hypothesis.errors
import schemathesis
from hypothesis import HealthCheck, Phase, given
from schemathesis.checks import not_a_server_error
from schemathesis.python import asgi
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)


@schemathesis.check
def no_server_error(ctx: Any, response: Any, case: schemathesis.Case) -> bool | None:
    """No 5xx but a described 503 (the server is busy, or analysis is off on it: meant, and said so)."""
    if response.status_code == 503 and "503" in case.operation.definition.raw.get("responses", {}):
        return None
    return not_a_server_error(ctx, response, case)


CHECKS = [no_server_error, status_code_conformance, content_type_conformance, response_schema_conformance,
          response_headers_conformance]
#: negative data must be refused (4xx), never taken
NEGATIVE_CHECKS = [*CHECKS, negative_data_rejection]
MODES = (schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE)
#: the requests that end or replace the session they come with: the player logs in again after one
SESSION_CHANGERS = {"/api/account/logout", "/api/account/register", "/api/account/guest", "/api/account/login",
                    "/api/account/password"}
PASSWORD = "fuzzing-password-1"


@dataclass
class Client:
    """Who sends a request: its headers and cookies (none for the anonymous one)."""

    name: str
    headers: dict[str, str] = field(default_factory=dict)
    cookies: dict[str, str] = field(default_factory=dict)
    login: Callable[[], None] | None = None  # logs the player in again (its session may have ended)


@dataclass
class Findings:
    """What a run tried and found."""

    operations: int = 0
    cases: int = 0
    statuses: collections.Counter[int] = field(default_factory=collections.Counter)
    failures: list[str] = field(default_factory=list)  # one line each: client, operation, status, what
    seconds: float = 0.0
    after: list[int] = field(default_factory=list)  # afterwards: GET /api/meta, a new account, a new game
    logged: list[str] = field(default_factory=list)  # what the server logged as an error meanwhile

    def summary(self) -> str:
        """Answers by status, failures (server errors apart) and errors logged, in one line."""
        server = sum(1 for f in self.failures if f.split(" -> ", 1)[1].startswith("5"))
        statuses = ", ".join(f"{status}: {n}" for status, n in sorted(self.statuses.items()))
        return (f"answers {statuses}; {server} server errors, {len(self.failures) - server} other failures, "
                f"{len(self.logged)} errors logged")


class Logged(logging.Handler):
    """The server's errors (a background task's traceback is no answer's 5xx, but as wrong)."""

    def __init__(self, into: list[str]) -> None:
        super().__init__(logging.ERROR)
        self.into = into

    def emit(self, record: logging.LogRecord) -> None:
        cause = f": {record.exc_info[1]!r}" if record.exc_info else ""
        self.into.append(f"{record.name}: {record.getMessage()}{cause}"[:300])


def register(http: Any, name: str) -> tuple[str, str, str]:
    """A new account ``name``: its session (cookie value, CSRF token) and its player id."""
    response = http.post("/api/account/register", json={"name": name, "password": PASSWORD})
    assert response.status_code == 201, response.text
    http.cookies.clear()  # each client sends its own; a cookie kept here would be ended by the next log-in
    return response.cookies["hanpan_session"], response.json()["csrf"], response.json()["player"]["id"]


def clients(http: Any, app: Any) -> tuple[list[Client], dict[str, str]]:
    """The three clients, and real ids (table_id, game_id of its started game, finished_id: a game over)."""
    cookie, csrf, player_id = register(http, "fuzzplayer")
    player = Client("player", {"X-CSRF-Token": csrf}, {"hanpan_session": cookie})

    def again() -> None:
        # a new session straight from the accounts: the fuzzed logins' failures soon lock the address out of
        # logging in (20 in 15 minutes), as they should
        value, token = app.state.hanpan_accounts().new_session(player_id)
        player.cookies = {"hanpan_session": value}
        player.headers = {"X-CSRF-Token": token}

    player.login = again
    bot_cookie, bot_csrf, _ = register(http, "fuzzbot")
    made = http.post("/api/account/keys", json={"label": "fuzz"},
                     headers={"Cookie": f"hanpan_session={bot_cookie}", "X-CSRF-Token": bot_csrf})
    assert made.status_code == 201, made.text
    bot = Client("bot", headers={"Authorization": f"Bearer {made.json()['key']}"})
    session = {"Cookie": f"hanpan_session={player.cookies['hanpan_session']}", **player.headers}
    table = http.post("/api/tables", headers=session, json={
        "game": "spirits_of_the_wild", "seats": [{"kind": "me"}, {"kind": "reserved", "name": "fuzzbot"}],
        "pace": {"kind": "turn", "limit_s": 86400, "on_timeout": "abandon"}})
    assert table.status_code == 201, table.text
    joined = http.post(f"/api/tables/{table.json()['id']}/join", headers=bot.headers)
    assert joined.status_code == 200 and joined.json()["game_id"], joined.text
    finished = http.post("/api/games", json={"game": "spirits_of_the_wild", "seats": ["random", "random"],
                                             "seed": 3})
    assert finished.status_code == 201, finished.text
    ids = {"table_id": table.json()["id"], "game_id": joined.json()["game_id"],
           "finished_id": finished.json()["id"]}
    deadline = time.monotonic() + 60
    while http.get(f"/api/games/{ids['finished_id']}").json()["status"] == "playing":
        assert time.monotonic() < deadline, "the random game did not end within 60 s"
        time.sleep(0.1)
    return [Client("anonymous"), player, bot], ids


def fuzz(app: Any, examples: int, seed: int = 0, deadline: float | None = None) -> Findings:
    """Fuzz every operation of ``app`` (not started) ``examples`` times per client, mode and set of ids; stops
    drawing once ``time.monotonic()`` passes ``deadline``."""
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    found = Findings()
    began = time.monotonic()
    # one client and one start of the app for the set-up, the cases and the check afterwards (schemathesis
    # starts the app's lifespan once, in its own event loop)
    handler = Logged(found.logged)
    logging.getLogger("hanpan").addHandler(handler)
    try:
        with asgi.get_client(app) as http:
            who, ids = clients(http, app)
            operations = [result.ok() for result in schema.get_all_operations()]
            found.operations = len(operations)
            for operation in operations:
                coverage = [(case, case.path_parameters) for case in schema.iter_coverage_cases(
                    operation, generation_modes=list(MODES),
                    generation_config=schema.config.generation_for(operation=operation))]
                for client in who:
                    for path_parameters in real_ids(operation, ids):
                        for case, drawn in coverage:  # the boundaries: each limit, one past it, each type wrong
                            if drawn is not None and path_parameters and set(path_parameters) <= set(drawn):
                                case.path_parameters = {**drawn, **path_parameters}
                            _check(case, client, found)
                            case.path_parameters = drawn
                        for mode in MODES:
                            if deadline is not None and time.monotonic() > deadline:
                                break
                            _run(operation, client, mode, path_parameters, examples, seed, found)
            found.seconds = time.monotonic() - began
            found.after = still_serving(http)
    finally:
        asgi.shutdown_lifespans()
        logging.getLogger("hanpan").removeHandler(handler)
    return found


def real_ids(operation: Any, ids: dict[str, str]) -> list[dict[str, Any] | None]:
    """Random ids (None), then the real ones the operation's path takes."""
    names = {p.name for p in operation.path_parameters}
    fixed: list[dict[str, Any] | None] = [None]
    if "table_id" in names:
        fixed.append({"table_id": ids["table_id"]})
    if "game_id" in names and "/api/games/" in operation.path:
        fixed += [{"game_id": ids["game_id"]}, {"game_id": ids["finished_id"]}]
    return fixed


def still_serving(http: Any) -> list[int]:
    """The statuses of GET /api/meta, a new account and a new game with a computer seat."""
    http.cookies.clear()
    return [http.get("/api/meta").status_code,
            http.post("/api/account/register", json={"name": "afterfuzz", "password": PASSWORD}).status_code,
            http.post("/api/games", json={"game": "spirits_of_the_wild", "seats": ["human", "random"]}).status_code]


def _check(case: schemathesis.Case, client: Client, found: Findings) -> None:
    """Send ``case`` as ``client`` and check the answer; each failure kept as one line (nothing shrinks: the
    run goes on)."""
    found.cases += 1
    meta = case._meta
    negative = meta is not None and meta.generation.mode is schemathesis.GenerationMode.NEGATIVE
    headers = {**client.headers, **(case.headers or {})}
    label = f"{client.name} {case.method} {case.operation.path}"
    try:
        response = case.call(headers=headers, cookies=client.cookies)
    except Exception as e:  # the app raised through the transport: as bad as a 500
        found.failures.append(f"{label} -> 5xx raised {type(e).__name__}: {e}"[:300])
        return
    found.statuses[response.status_code] += 1
    try:
        # a body over the server's limit is refused before it is read (413): that is a rejection too
        rejecting = negative and response.status_code != 413
        case.validate_response(response, checks=NEGATIVE_CHECKS if rejecting else CHECKS, headers=headers)
    except (Exception, BaseExceptionGroup) as e:
        what = " ".join(str(e).split())[:240]
        curl = case.as_curl_command(headers=headers)[:300]
        found.failures.append(f"{label} -> {response.status_code} {what} | {curl}")
    if client.login is not None and case.operation.path in SESSION_CHANGERS:
        client.login()


def _run(operation: Any, client: Client, mode: schemathesis.GenerationMode, path_parameters: dict[str, Any] | None,
         examples: int, seed: int, found: Findings) -> None:
    @hypothesis.seed(seed)
    @hypothesis.settings(max_examples=examples, deadline=None, database=None, phases=[Phase.generate],
                         suppress_health_check=list(HealthCheck), derandomize=False)
    @given(operation.as_strategy(generation_mode=mode, path_parameters=path_parameters))
    def one(case: schemathesis.Case) -> None:
        _check(case, client, found)

    with contextlib.suppress(hypothesis.errors.Unsatisfiable):  # nothing to make invalid: no parameters, no body
        one()
