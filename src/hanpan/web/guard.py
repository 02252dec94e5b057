"""Connections that cannot starve the others: uvicorn's protocols with timeouts it lacks.

uvicorn holds a connection whose request headers never finish for ever (slowloris: ~1,100 of them
filled a 1,024-file limit and every real request failed), and a peer that never reads keeps its socket,
and the kernel memory of everything queued for it, for ever: ``transport.close()`` waits for a buffer
that never drains.  These subclasses add, per connection:

- a **header deadline**: from the moment a connection opens (or a kept-alive one starts its next
  request) its request line and headers must arrive within ``header_timeout`` seconds, or it is closed;
- a **body rate** and a **request deadline**: ``body_grace`` seconds after its headers, a request's body
  must have come at ``min_body_rate`` bytes a second at least (counted from then), and the whole request
  (line, headers, body) must arrive within ``request_timeout`` seconds of its first byte, or it is
  answered 408 and closed (a body trickled a byte at a time held a connection, and 960 of them the
  server); a WebSocket, once upgraded, is not timed;
- a **connection limit**: past ``max_connections`` open connections, a new one first evicts the oldest
  connection whose request has not all come (still sending its headers or body, or idle between
  requests); when every connection is busy the new one is closed at once;
- a **write stall** limit: once the transport's buffer is full (``pause_writing``), the peer must read
  within ``stall_timeout`` seconds or the connection is aborted (not closed: closing waits for the
  buffer); WebSockets get the same, so a subscriber that reads nothing goes and frees its memory;
- a bounded **kernel send buffer** (``send_buffer`` bytes, not the kernel's autotuned megabytes): what
  a peer leaves unread costs at most that much kernel memory, and a stall shows up soon.

``hanpan serve`` installs them with :func:`configure` (``--header-timeout``, ``--request-timeout``,
``--body-grace``, ``--min-body-rate``, ``--max-connections``, ``--stall-timeout``, ``--send-buffer``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import struct
from collections import OrderedDict
from typing import Any, ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

from hanpan.web.errors import body as error_body
from hanpan.web.settings import ConnectionLimits

log = logging.getLogger("hanpan.web")


class _StallGuard(asyncio.Protocol):
    """Mixed into a uvicorn protocol: its connection is aborted (not closed: closing waits for the
    buffer) once its send buffer stays full for ``limits.stall_timeout`` seconds (a peer that reads
    nothing)."""

    limits: ClassVar[ConnectionLimits] = ConnectionLimits()
    transport: asyncio.Transport
    _stall_timer: asyncio.TimerHandle | None = None

    def pause_writing(self) -> None:
        super().pause_writing()
        if self._stall_timer is None:
            self._stall_timer = asyncio.get_running_loop().call_later(self.limits.stall_timeout, self._stalled)

    def resume_writing(self) -> None:
        super().resume_writing()
        self._not_stalled()

    def connection_lost(self, exc: Exception | None) -> None:
        self._not_stalled()
        super().connection_lost(exc)

    def _not_stalled(self) -> None:
        if self._stall_timer is not None:
            self._stall_timer.cancel()
            self._stall_timer = None

    def _stalled(self) -> None:
        self._stall_timer = None
        log.warning("reset a connection whose peer read nothing for a while")
        sock = self.transport.get_extra_info("socket")
        if sock is not None:  # linger 0: the kernel resets it and frees what was queued (else it keeps
            with contextlib.suppress(OSError):  # an orphan holding the unsent data while the peer answers)
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.transport.abort()


class GuardedHttp(_StallGuard, HttpToolsProtocol):
    """uvicorn's HTTP protocol (httptools) with a header deadline, a body rate, a request deadline, a
    connection limit and a stall limit."""

    #: connections whose request has not all come (opened, sending, or idle between two), oldest first:
    #: the ones evicted first
    idle: ClassVar[OrderedDict[GuardedHttp, None]] = OrderedDict()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._request_timer: asyncio.TimerHandle | None = None  # the whole request's deadline
        self._body_timer: asyncio.TimerHandle | None = None  # the body's next rate check
        self._body_from = 0.0  # when the headers came: the body's clock
        self._body_seen = 0

    # --- a request's headers must come in time ------------------------------------------------------
    def _await_headers(self) -> None:
        GuardedHttp.idle[self] = None
        if self._deadline is None:
            self._deadline = self.loop.call_later(self.limits.header_timeout, self._too_slow)

    def _headers_came(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    # --- and the whole request, its body at a rate ---------------------------------------------------
    def _request_came(self) -> None:
        """The request is all in (or the connection ends, or becomes a WebSocket): no clock runs on it."""
        GuardedHttp.idle.pop(self, None)
        self._headers_came()
        for timer in (self._request_timer, self._body_timer):
            if timer is not None:
                timer.cancel()
        self._request_timer = self._body_timer = None

    def _expects_body(self) -> bool:
        for name, value in self.headers:
            if (name == b"content-length" and value.strip(b" 0")) or \
                    (name == b"transfer-encoding" and b"chunked" in value.lower()):
                return True
        return False

    def _check_body(self) -> None:
        self._body_timer = None
        late = self.loop.time() - self._body_from - self.limits.body_grace
        # a body the app is not reading yet (uvicorn paused the socket) is not the client's fault
        if not self.flow.read_paused and self._body_seen < self.limits.min_body_rate * late:
            self._cut(f"its body came slower than {self.limits.min_body_rate} bytes a second", "request_slow",
                      {"rate": self.limits.min_body_rate})
        else:
            self._body_timer = self.loop.call_later(1.0, self._check_body)

    def _cut(self, why: str, code: str, params: dict[str, int | float]) -> None:
        """End a request that came too slowly: 408 (unless its answer has begun) and the connection closed."""
        self._request_came()
        if self.transport.is_closing():
            return
        cycle = self.cycle
        if cycle is None or not cycle.response_started:
            body = json.dumps(error_body(f"request timed out: {why}; send it again, faster", code, params)).encode()
            self.transport.write(b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
                                 b"connection: close\r\ncontent-length: %d\r\n\r\n%s" % (len(body), body))
        if cycle is not None:  # the app's next receive() says the client went away; its answer goes nowhere
            cycle.disconnected = True
            cycle.message_event.set()
        self.transport.close()

    def _too_slow(self) -> None:
        self._deadline = None
        GuardedHttp.idle.pop(self, None)
        if not self.transport.is_closing():
            self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        sock = transport.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.limits.send_buffer)
        if len(self.connections) > self.limits.max_connections:
            oldest = next(iter(GuardedHttp.idle), None)
            if oldest is None:  # every connection is in a request: this one cannot be served now
                self.connections.discard(self)
                transport.close()
                return
            GuardedHttp.idle.pop(oldest, None)
            oldest.transport.close()
        self._await_headers()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._await_headers()  # a kept-alive connection's next request gets its own deadline
        if self._request_timer is not None:
            self._request_timer.cancel()
        timeout = self.limits.request_timeout
        self._request_timer = self.loop.call_later(timeout, self._cut, f"it did not all come within {timeout:g} s",
                                                   "request_late", {"seconds": float(f"{timeout:g}")})

    def on_headers_complete(self) -> None:
        self._headers_came()
        if self._expects_body() and not (self.parser.should_upgrade() and self._should_upgrade()):
            self._body_from, self._body_seen = self.loop.time(), 0
            self._body_timer = self.loop.call_later(self.limits.body_grace + 1.0, self._check_body)
        super().on_headers_complete()

    def on_body(self, body: bytes) -> None:
        self._body_seen += len(body)
        super().on_body(body)

    def on_message_complete(self) -> None:
        self._request_came()
        super().on_message_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and not self.pipeline:
            GuardedHttp.idle[self] = None  # idle until the next request: evictable (keep-alive closes it too)

    def handle_websocket_upgrade(self) -> None:
        self._request_came()
        super().handle_websocket_upgrade()

    def connection_lost(self, exc: Exception | None) -> None:
        self._request_came()
        super().connection_lost(exc)


#: the pushes' compression (permessage-deflate, for the clients that ask for it): uvicorn's keeps a 4 KiB
#: window, smaller than a body (5-25 KiB); a window of the full 32 KiB holds the body the seat was pushed
#: last, which the next one mostly repeats, and deflate then takes about half the CPU for a tenth of the
#: bytes, at 112 KiB more memory a compressed socket (144 KiB: a 128 KiB window, memLevel 5's 16 KiB)
PUSH_DEFLATE = ServerPerMessageDeflateFactory(server_max_window_bits=None, client_max_window_bits=12,
                                              compress_settings={"memLevel": 5})


class GuardedWebSocket(_StallGuard, WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol with the stall limit (a subscriber that reads nothing is aborted) and
    the pushes compressed with a window that holds the previous body (``PUSH_DEFLATE``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.config.ws_per_message_deflate:
            self.conn = ServerProtocol(extensions=[PUSH_DEFLATE], max_size=self.config.ws_max_size,
                                       logger=self.logger)


def configure(limits: ConnectionLimits) -> dict[str, Any]:
    """uvicorn ``Config`` arguments that install the guarded protocols with ``limits``."""
    GuardedHttp.limits = limits
    GuardedWebSocket.limits = limits
    return {"http": GuardedHttp, "ws": GuardedWebSocket}
