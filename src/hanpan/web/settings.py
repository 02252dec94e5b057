"""What a server operator may set: limits that keep one client from starving the others.

Every field is a ``hanpan serve`` option; the defaults suit one machine serving friends and a club.

>>> settings = ServerSettings(max_sockets_per_game=8)
>>> settings.max_sockets_per_game, settings.connections.header_timeout
(8, 10.0)
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class ConnectionLimits:
    """How long a connection may dawdle and how many may be open (hanpan.web.guard applies them).

    >>> ConnectionLimits().header_timeout, ConnectionLimits().max_connections
    (10.0, 4000)
    """

    #: seconds for a request's line and headers to arrive (a new connection's first, or a kept-alive one's next)
    header_timeout: float = 10.0
    #: open connections at most (HTTP and WebSocket); keep it under the open-file limit
    max_connections: int = 4000
    #: seconds a peer may leave a full send buffer unread before its connection is aborted
    stall_timeout: float = 20.0
    #: the kernel's send buffer per connection, bytes (a board game's pushes need little)
    send_buffer: int = 256 * 1024


@dataclass(frozen=True)
class ServerSettings:
    """The server's limits (``hanpan serve --help`` lists them as options)."""

    #: worker processes for the computer seats' decisions
    bot_workers: int = 2
    #: WebSockets open on one game at most (its seats' pages and spectators)
    max_sockets_per_game: int = 64
    #: WebSockets one client address may hold open at most
    max_sockets_per_client: int = 64
    #: games in progress with a computer seat that one client address may have made (practice games)
    max_bot_games_per_client: int = 6
    #: days a game in progress may wait for a move before it is marked abandoned (not resumed at start)
    idle_days: float = 30.0
    #: records not replayed here before that one client address may open per minute (the replay page)
    new_records_per_minute: int = 12
    #: the host names the server answers to (any address always: see hanpan.web.middleware.host_allowed)
    allowed_hosts: tuple[str, ...] = ("localhost",)
    connections: ConnectionLimits = field(default_factory=ConnectionLimits)
