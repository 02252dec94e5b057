"""Every error answer of the API in its OpenAPI description (``/openapi.json``, ``/docs``).

The app answers every error with one line, ``{"detail": "…", "code": "…", "params": {…}}`` (``app.py``'s
handlers, the middlewares' own answers; ``hanpan.web.errors``); FastAPI would describe only a 422 of its
own shape, which the app never sends.  ``install`` replaces that with what each operation really answers:
the statuses any request may get (the middlewares'), those of who may call it (``hanpan.web.authorization``)
and its own (``OWN``).  tests/web/test_schemathesis.py fuzzes the API from this description and fails on
any status or body it does not list.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from hanpan.web.authorization import (
    ACCOUNT,
    ADMIN,
    ANYONE,
    AUTHORIZATION,
    CREATOR,
    PAGE,
    PLAYER,
    SEAT,
    TABLE_PLAYER,
)
from hanpan.web.errors import CODES

#: what each error status means here, as the description says it
MEANING = {
    400: "Refused: a rule of the game, the table or the account says no, or the Host is not served here",
    401: "Not logged in, or an API key that is unknown or was deleted",
    403: "Not yours: no seat of this game, no CSRF token with the session cookie, a guest, a malformed "
         "Authorization header, or not shown yet",
    404: "No such game, table, player, message or key",
    408: "The request's body came too slowly, or the whole request took too long (a real server only)",
    409: "The game or table is not in a state for this: it moved on, it is over, the name is taken",
    413: "The request's body is over the limit (16 KiB; 1 MiB for /api/replay)",
    422: "A parameter or the body is not of the described shape",
    429: "Too many of these from your address (or on the whole server) just now: Retry-After says when again",
    503: "The server is busy, or this service is off on this server",
}
#: any request: a Host not served (400), a body too slow (408, the server's guard) or too large (413)
ANY = (400, 408, 413)
#: who may call: API keys (401), sessions without their CSRF token and malformed Authorization (403)
BY_RULE: dict[str, tuple[int, ...]] = {ANYONE: (), SEAT: (401, 403), PLAYER: (401, 403), ACCOUNT: (401, 403),
                                       PAGE: (401, 403), TABLE_PLAYER: (401, 403), CREATOR: (401, 403),
                                       ADMIN: (401, 403)}
#: each operation's own statuses (beside ANY, its rule's and 422 when it takes parameters or a body)
OWN: dict[tuple[str, str], tuple[int, ...]] = {
    ("GET", "/api/admin/reports"): (),
    ("POST", "/api/admin/reports/{message_id}/dismiss"): (404,),
    ("POST", "/api/admin/messages/{message_id}/hide"): (404,),
    ("GET", "/api/admin/players/{name}"): (404,),
    ("POST", "/api/admin/players/{name}/mute"): (404, 409),
    ("POST", "/api/admin/players/{name}/ban"): (404, 409),
    ("POST", "/api/admin/players/{name}/lift"): (404, 409),
    ("POST", "/api/admin/tables/{table_id}/close"): (404, 409),
    ("GET", "/api/admin/audit"): (),
    ("GET", "/api/meta"): (),
    ("GET", "/api/catalog/{game_id}"): (404,),
    ("POST", "/api/games"): (404, 429),
    ("GET", "/api/games"): (),
    ("GET", "/api/games/{game_id}"): (401, 403, 404),  # a seat's token, or a table player's key or session
    ("POST", "/api/games/{game_id}/moves"): (404, 409, 429),
    ("POST", "/api/games/{game_id}/undo"): (404, 409),
    ("POST", "/api/games/{game_id}/abandon"): (404, 409),
    ("GET", "/api/games/{game_id}/record"): (403, 404),
    ("GET", "/api/games/{game_id}/replay"): (403, 404),
    ("POST", "/api/replay"): (404, 429),
    ("GET", "/api/games/{game_id}/analysis"): (404, 409),
    ("POST", "/api/games/{game_id}/analysis"): (404, 409, 429, 503),
    ("POST", "/api/games/{game_id}/hint"): (404, 409, 429, 503),
    ("GET", "/api/account"): (401,),
    ("POST", "/api/account/register"): (409, 429, 503),
    ("POST", "/api/account/guest"): (409, 429),
    ("POST", "/api/account/login"): (401, 429, 503),
    ("POST", "/api/account/logout"): (403,),
    ("POST", "/api/account/password"): (429, 503),
    ("GET", "/api/account/keys"): (),
    ("POST", "/api/account/keys"): (409,),
    ("DELETE", "/api/account/keys/{key_id}"): (404,),
    ("GET", "/api/tables"): (401,),
    ("POST", "/api/tables"): (404, 409, 429),
    ("GET", "/api/tables/{table_id}"): (404,),
    ("POST", "/api/tables/{table_id}/join"): (404, 409, 429),
    ("POST", "/api/tables/{table_id}/start"): (404, 409, 429),
    ("POST", "/api/tables/{table_id}/leave"): (404, 409),
    ("POST", "/api/tables/{table_id}/rematch"): (404, 409, 429),
    ("POST", "/api/tables/{table_id}/rematch/decline"): (404, 409),
    ("POST", "/api/tables/{table_id}/chat"): (404, 409, 429),
    ("POST", "/api/tables/{table_id}/chat/{message_id}/report"): (404, 429),
    ("GET", "/api/push/key"): (),
    ("GET", "/api/account/notifications"): (),
    ("PUT", "/api/account/notifications"): (400,),
    ("POST", "/api/account/push"): (400,),
    ("POST", "/api/account/push/forget"): (),
    ("POST", "/api/account/email"): (400, 409, 429, 503),
    ("POST", "/api/email/confirm"): (404,),
    ("POST", "/api/unsubscribe"): (400,),
    ("GET", "/api/players/{name}"): (404,),
    ("GET", "/api/leaderboard/{game_id}"): (404,),
}
ERROR_SCHEMA = {"title": "Error", "type": "object", "required": ["detail", "code", "params"],
                "additionalProperties": False,
                "properties": {"detail": {"type": "string", "minLength": 1,
                                          "description": "what went wrong, in one line (English)"},
                               "code": {"type": "string", "enum": sorted(CODES),
                                        "description": "the kind of error, stable (hanpan.web.errors)"},
                               "params": {"type": "object", "description": (
                                   "the code's values: a string or number, or a text in each language "
                                   "({\"en\": …, \"ko\": …})"),
                                   "additionalProperties": {"anyOf": [
                                       {"type": "string"}, {"type": "number"},
                                       {"type": "object", "required": ["en", "ko"],
                                        "properties": {"en": {"type": "string"}, "ko": {"type": "string"}}}]}}}}
RETRY_AFTER = {"Retry-After": {"description": "seconds to wait before asking again (when the limit knows)",
                               "schema": {"type": "integer", "minimum": 1}}}


def statuses(method: str, path: str, operation: dict[str, Any]) -> list[int]:
    """The error statuses ``method path`` may answer; every one for an operation missing from ``OWN`` (a
    test fails on it; the description stays served meanwhile)."""
    key = (method.upper(), path)
    if key not in OWN or key not in AUTHORIZATION:
        return sorted(MEANING)
    found = {*ANY, *BY_RULE[AUTHORIZATION[key][0]], *OWN[key]}
    if operation.get("parameters") or "requestBody" in operation:
        found.add(422)
    return sorted(found)


def describe(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` (an app's OpenAPI description) with each operation's errors as the app answers them."""
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    for unused in ("HTTPValidationError", "ValidationError"):  # FastAPI's 422, never sent by this app
        components.pop(unused, None)
    components["Error"] = ERROR_SCHEMA
    for path, operations in schema.get("paths", {}).items():
        for method, operation in operations.items():
            responses = operation.setdefault("responses", {})
            responses.pop("422", None)
            for status in statuses(method, path, operation):
                answer: dict[str, Any] = {"description": MEANING[status], "content": {
                    "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
                if status in (429, 503):
                    answer["headers"] = RETRY_AFTER
                responses[str(status)] = answer
    return schema


def install(app: FastAPI) -> None:
    """Describe ``app``'s errors in its OpenAPI description (made once, on first asked, as FastAPI does)."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        schema = build()
        if "Error" not in schema.get("components", {}).get("schemas", {}):
            describe(schema)  # in place: FastAPI keeps this dict as the app's description
        return schema

    app.openapi = openapi  # type: ignore[method-assign]
