"""The app's plain ASGI middlewares: allowed hosts, body limits and security headers.

Plain ASGI (not Starlette's ``BaseHTTPMiddleware``): each costs a function call a request.
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from hanpan.web.errors import Param, body

#: request bodies larger than this are refused (413); a record for the replay page may be larger
BODY_LIMIT = 16 * 1024
RECORD_LIMIT = 1024 * 1024
CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
       "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
#: /docs and /redoc: FastAPI's explorer pages load from cdn.jsdelivr.net and start with an inline script
DOCS_CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
            "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
            "font-src 'self' https://fonts.gstatic.com; img-src 'self' data: https://fastapi.tiangolo.com "
            "https://cdn.redoc.ly; worker-src 'self' blob:; connect-src 'self'; frame-ancestors 'none'; "
            "base-uri 'none'; form-action 'none'")

Receive = Callable[[], Awaitable[Any]]
Send = Callable[[Any], Awaitable[None]]


class HttpMiddleware:
    """A plain ASGI middleware that acts on HTTP requests only (Starlette's own kind costs more a request)."""

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: MutableMapping[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
        else:
            await self.http(scope, receive, send)

    async def http(self, scope: MutableMapping[str, Any], receive: Receive, send: Send) -> None:
        raise NotImplementedError


class BodyLimit(HttpMiddleware):
    """Refuse a request body over the limit (413) before anything reads it."""

    async def http(self, scope: MutableMapping[str, Any], receive: Receive, send: Send) -> None:
        limit = RECORD_LIMIT if scope["path"] == "/api/replay" else BODY_LIMIT
        for name, value in scope.get("headers", []):
            if name == b"content-length" and (not value.isdigit() or int(value) > limit):
                await _too_large(send, limit)
                return
        # Read the whole body first (it is small), so a chunked one over the limit gets its 413 too.
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > limit:
                await _too_large(send, limit)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Any:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


class SecurityHeaders(HttpMiddleware):
    """The pages' Content-Security-Policy and the API's no-store, on every response."""

    async def http(self, scope: MutableMapping[str, Any], receive: Receive, send: Send) -> None:
        path: str = scope["path"]
        extra = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer")]
        # the API explorer loads its scripts and styles from a CDN and starts them inline: its own policy
        policy = DOCS_CSP if path.startswith(("/docs", "/redoc")) else CSP
        extra.append((b"content-security-policy", policy.encode()))
        if path.startswith("/api/"):
            extra.append((b"cache-control", b"no-store"))

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, with_headers)


class CountErrors(HttpMiddleware):
    """Count every error answer (4xx, 5xx) by its route's template and status (``/metrics``)."""

    def __init__(self, app: Callable[..., Awaitable[None]], count: Callable[[str, int], None]) -> None:
        super().__init__(app)
        self.count = count

    async def http(self, scope: MutableMapping[str, Any], receive: Receive, send: Send) -> None:
        async def counting(message: Any) -> None:
            if message["type"] == "http.response.start" and message["status"] >= 400:
                route = scope.get("route")  # the template, never the ids in the path
                self.count(getattr(route, "path", "(no route)"), int(message["status"]))
            await send(message)

        await self.app(scope, receive, counting)


async def _too_large(send: Send, limit: int) -> None:
    data = json.dumps(body(f"request body is over {limit} bytes", "body_too_large", {"limit": limit})).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]})
    await send({"type": "http.response.body", "body": data})


def host_allowed(host: str, allowed: tuple[str, ...]) -> bool:
    """Whether a request's ``Host`` (its port left off) may be served.

    An address (``127.0.0.1``, ``[::1]``, ``192.168.1.5``) always may: a DNS-rebinding page reaches the
    server only through a name of its own.  A name must be in ``allowed``; ``*.example.org`` allows its
    subdomains, ``*`` any name.

    >>> host_allowed("localhost:8000", ("localhost",)), host_allowed("192.168.1.5:8000", ("localhost",))
    (True, True)
    >>> host_allowed("[::1]:8000", ()), host_allowed("evil.example:8000", ("localhost",))
    (True, False)
    >>> host_allowed("play.example.org", ("*.example.org",)), host_allowed("example.org", ("*.example.org",))
    (True, False)
    """
    name = host.strip().lower()
    if name.startswith("["):  # [v6]:port
        name = name[1:name.find("]")] if "]" in name else name
    elif name.count(":") == 1:
        name = name.partition(":")[0]
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        pass
    name = name.rstrip(".")
    for pattern in allowed:
        pattern = pattern.lower()
        if pattern == "*" or pattern == name or (pattern.startswith("*.") and name.endswith(pattern[1:])):
            return True
    return False


def origin_allowed(origin: str | None, host: str) -> bool:
    """A WebSocket's ``Origin``: absent (not a browser) or the page's own host (no other site's page).

    >>> origin_allowed(None, "localhost:8000"), origin_allowed("http://localhost:8000", "localhost:8000")
    (True, True)
    >>> origin_allowed("https://evil.example", "localhost:8000")
    False
    """
    if origin is None:
        return True
    _, _, rest = origin.partition("://")
    return rest.rstrip("/").lower() == host.strip().lower()


class HostCheck:
    """Refuse a request or WebSocket whose ``Host`` is a name not allowed (400), and a WebSocket opened
    by a page of another site (its ``Origin``: 403)."""

    def __init__(self, app: Callable[..., Awaitable[None]], allowed: tuple[str, ...]) -> None:
        self.app = app
        self.allowed = allowed

    async def __call__(self, scope: MutableMapping[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers", []))
        host = headers.get(b"host", b"").decode("latin-1")
        if not host_allowed(host, self.allowed):
            await _refuse(scope, send, 400, f"host {host!r} is not served here; allowed: "
                          f"{', '.join(self.allowed) or 'addresses only'} (hanpan serve --allowed-host NAME)",
                          "host_not_served", {"host": host[:100], "allowed": ", ".join(self.allowed) or "-"})
            return
        if scope["type"] == "websocket":
            origin = headers.get(b"origin")
            if not origin_allowed(origin.decode("latin-1") if origin is not None else None, host):
                await _refuse(scope, send, 403, "a WebSocket may be opened only by this site's own pages",
                              "websocket_origin")
                return
        await self.app(scope, receive, send)


async def _refuse(scope: MutableMapping[str, Any], send: Send, status: int, message: str, code: str,
                  params: dict[str, Param] | None = None) -> None:
    """A one-line JSON error (with its code: ``hanpan.web.errors``), or for a WebSocket a refused handshake
    (HTTP ``status`` with the line)."""
    data = json.dumps(body(message, code, params)).encode()
    start = {"status": status,
             "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]}
    if scope["type"] == "websocket":  # closed before it is accepted: the handshake fails (HTTP 403)
        await send({"type": "websocket.close", "code": 1008, "reason": message[:120]})
    else:
        await send({"type": "http.response.start", **start})
        await send({"type": "http.response.body", "body": data})
