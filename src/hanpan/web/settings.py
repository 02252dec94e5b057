"""What a server operator may set: limits that keep one client from starving the others.

Every field is a ``hanpan serve`` option (:func:`add_options` makes them from the fields, their help
from each field's ``help``); the defaults suit one machine serving friends and a club.

>>> settings = ServerSettings(max_sockets_per_game=8)
>>> settings.max_sockets_per_game, settings.connections.header_timeout
(8, 10.0)
>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_options(parser)
>>> read = from_options(parser.parse_args(["--max-connections", "50", "--allowed-host", "play.example.org"]))
>>> read.connections.max_connections, read.allowed_hosts, read.idle_days
(50, ('localhost', 'play.example.org'), 30.0)
"""

from __future__ import annotations

import argparse
import dataclasses
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


def _help(text: str) -> dict[str, str]:
    return {"help": text}


@dataclass(frozen=True)
class ConnectionLimits:
    """How long a connection may dawdle and how many may be open (hanpan.web.guard applies them).

    >>> ConnectionLimits().header_timeout, ConnectionLimits().max_connections
    (10.0, 4000)
    """

    header_timeout: float = field(default=10.0, metadata=_help(
        "seconds a request's headers may take to arrive (a new connection's first, a kept-alive one's next)"))
    max_connections: int = field(default=4000, metadata=_help(
        "open connections at most (HTTP and WebSocket); past it the oldest idle one is closed"))
    stall_timeout: float = field(default=20.0, metadata=_help(
        "seconds a client may leave what it is sent unread before it is cut off"))
    send_buffer: int = field(default=256 * 1024, metadata=_help(
        "the kernel's send buffer per connection, bytes (what a client leaves unread costs at most this)"))
    request_timeout: float = field(default=30.0, metadata=_help(
        "seconds a whole request (its line, headers and body) may take to arrive; a WebSocket once open is "
        "not timed"))
    body_grace: float = field(default=5.0, metadata=_help(
        "seconds a request body may dawdle after the headers before --min-body-rate applies"))
    min_body_rate: int = field(default=1024, metadata=_help(
        "bytes a second a request body must average after --body-grace, or the connection is cut off"))


#: the push services of the browsers people use: Chrome, Edge, Opera and Samsung Internet (Firebase Cloud
#: Messaging), Firefox (Mozilla's autopush), Safari (Apple's), Edge on Windows (Windows Push Notifications)
PUSH_SERVICES = ("fcm.googleapis.com", "android.googleapis.com", "updates.push.services.mozilla.com",
                 "*.push.apple.com", "*.notify.windows.com")


@dataclass(frozen=True)
class SmtpSettings:
    """Where the notification mails go out (``--smtp-host`` …); no host: the server sends no mail.

    >>> SmtpSettings().enabled, SmtpSettings(host="mail.example.org").enabled
    (False, True)
    """

    host: str | None = None
    port: int = 25
    sender: str = "hanpan <hanpan@localhost>"
    username: str | None = None
    password: str | None = None  # from the environment (HANPAN_SMTP_PASSWORD), never a command line
    starttls: bool = False

    @property
    def enabled(self) -> bool:
        return bool(self.host)


@dataclass(frozen=True)
class ServerSettings:
    """The server's limits (``hanpan serve --help`` lists them as options)."""

    bot_workers: int = field(default=2, metadata=_help(
        "worker processes for the computer seats' decisions; 0: none here, they are queued in the database "
        "for hanpan bots services"))
    max_sockets_per_game: int = field(default=64, metadata=_help(
        "WebSockets open on one game at most (its seats' pages and spectators)"))
    max_sockets_per_client: int = field(default=64, metadata=_help(
        "WebSockets one client address may hold open at most"))
    max_bot_games_per_client: int = field(default=6, metadata=_help(
        "games in progress with a computer seat that one client address may start"))
    idle_days: float = field(default=30.0, metadata=_help(
        "days a game may wait for a move before it is marked abandoned (and not resumed at start)"))
    new_records_per_minute: int = field(default=12, metadata=_help(
        "records new to the server that one client address may replay per minute"))
    analysis_workers: int = field(default=1, metadata=_help(
        "worker processes, at a low CPU priority, for game reviews and hints (each decision starts only while "
        "a computer seats' worker is idle; hints go first); 0: no analysis on this server"))
    analysis_samples: int = field(default=8, metadata=_help(
        "a review's and a hint's samples per decision (hanpan analyse --samples): more is surer and slower"))
    analysis_alternatives: int = field(default=2, metadata=_help(
        "moves judged per decision besides the level's and the one played (hanpan analyse --alternatives)"))
    analyses_per_hour: int = field(default=12, metadata=_help(
        "game reviews new to the server that one client address may start per hour"))
    hints_per_minute: int = field(default=20, metadata=_help(
        "hints one client address may ask for per minute"))
    registrations_per_hour: int = field(default=10, metadata=_help(
        "accounts one client address may register per hour"))
    site_registrations_per_minute: int = field(default=30, metadata=_help(
        "accounts all clients together may register per minute (each costs a slow password hash)"))
    guests_per_hour: int = field(default=20, metadata=_help(
        "guests one client address may start per hour"))
    site_guests_per_minute: int = field(default=60, metadata=_help(
        "guests all clients together may start per minute"))
    reports_per_hour: int = field(default=20, metadata=_help(
        "chat messages one client address may report per hour"))
    site_reports_per_minute: int = field(default=30, metadata=_help(
        "chat messages all clients together may report per minute"))
    hash_workers: int = field(default=2, metadata=_help(
        "threads that hash and check passwords (their own: a flood of them leaves the other requests' threads "
        "free)"))
    site_confirmations_per_hour: int = field(default=200, metadata=_help(
        "address confirmation mails all players together may have sent per hour (each player 5 an hour, each "
        "address 3 a day)"))
    push_interval: float = field(default=300.0, metadata=_help(
        "seconds between two push notifications about one game to one player (more events meanwhile wait, "
        "and only what is still true then is sent)"))
    mail_interval: float = field(default=30.0, metadata=_help(
        "minutes between two notification mails about one game to one player (the events meanwhile go in the "
        "next one)"))
    #: the client addresses /metrics answers (``--metrics-from``; anyone else: 403)
    metrics_from: tuple[str, ...] = ("127.0.0.1", "::1")
    #: how often the leading process looks for players to notify (seconds; tests look themselves)
    notify_every: float = 10.0
    #: where the site is reached from outside: the links in notifications and mails (``--public-url``)
    public_url: str = "http://localhost:8000"
    #: the push services a device's subscription may name (``--push-service``; see
    #: :func:`hanpan.web.notify_send.endpoint_refused`)
    push_services: tuple[str, ...] = PUSH_SERVICES
    #: the contact the push services are given with the VAPID key (``--push-contact``)
    push_contact: str = "mailto:hanpan@localhost"
    smtp: SmtpSettings = field(default_factory=SmtpSettings)
    #: compress the pushed bodies (WebSocket permessage-deflate with a window that holds the previous body,
    #: ``--ws-compression``, hanpan.web.guard.PUSH_DEFLATE): a body of 2-25 KB goes in about a tenth of the
    #: bytes, for about 0.13 ms of the server's CPU a push (three pushes a move or more)
    ws_compression: bool = False
    #: the level that reviews and gives hints unless a request names another (``--analysis-level``)
    analysis_level: str = "hard"
    gc_freeze_seconds: float = field(default=10.0, metadata=_help(
        "seconds between two freezes of what is alive (gc.freeze: Python's full garbage collections then "
        "skip it, and stop pausing every game for up to a second); everything is collected once an hour"))
    #: start the computer seats' worker processes with the server (the tests' many short-lived apps do not)
    warm_workers: bool = True
    #: the host names the server answers to (any address always: see hanpan.web.middleware.host_allowed)
    allowed_hosts: tuple[str, ...] = ("localhost",)
    connections: ConnectionLimits = field(default_factory=ConnectionLimits)


def _numeric_fields() -> list[dataclasses.Field[Any]]:
    fields = [f for f in dataclasses.fields(ServerSettings) if "help" in f.metadata]
    return fields + [f for f in dataclasses.fields(ConnectionLimits) if "help" in f.metadata]


def add_options(parser: argparse.ArgumentParser, whole: Callable[[str], int] = int,
                number: Callable[[str], float] = float) -> None:
    """Every setting as an option: ``--max-connections N`` for ``max_connections``, its default shown;
    ``whole`` and ``number`` read the values (the CLI passes ones that refuse 0 and less)."""
    parser.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                        help="a host name the server answers to, besides localhost and any address "
                             "(repeat it; *.example.org for its subdomains)")
    for f in _numeric_fields():
        default = f.default
        read = whole if isinstance(default, int) else number
        if f.name in ("bot_workers", "analysis_workers", "analysis_alternatives"):  # 0 allowed: none (here)
            read = _zero_or(whole)
        parser.add_argument("--" + f.name.replace("_", "-"), dest=f.name, default=default, type=read,
                            help=f"{f.metadata['help']} (default {default:g})")
    parser.add_argument("--ws-compression", action="store_true",
                        help="compress the game bodies pushed over WebSockets (2-25 KB each: about a tenth of that "
                             "compressed, for about 0.13 ms of CPU a push; off: the cheaper moves)")
    parser.add_argument("--analysis-level", default=ServerSettings.analysis_level, metavar="LEVEL",
                        help="the computer level that reviews games and gives hints unless asked for another "
                             f"(greedy, easy, normal, hard, master; default {ServerSettings.analysis_level})")
    _smtp_options(parser)


def _smtp_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--public-url", default=None, metavar="URL",
                        help="where players reach the site: the links in notifications and mails "
                             "(default http://HOST:PORT of --host and --port)")
    parser.add_argument("--push-contact", default=ServerSettings.push_contact, metavar="URI",
                        help="a mailto: or https: contact given to the push services with the server's VAPID key")
    parser.add_argument("--push-service", action="append", default=[], metavar="HOST",
                        help="a push service devices may subscribe with, besides the browsers' own "
                             f"({', '.join(PUSH_SERVICES)}); repeat it; http://HOST allows plain http to it")
    parser.add_argument("--smtp-host", default=None, metavar="HOST",
                        help="the SMTP server for notification mails (none: no mail is sent; the password, if "
                             "any, from the environment variable HANPAN_SMTP_PASSWORD)")
    parser.add_argument("--smtp-port", default=25, type=int, metavar="PORT", help="its port (default 25)")
    parser.add_argument("--smtp-from", default=SmtpSettings.sender, metavar="ADDRESS",
                        help=f"the mails' sender (default {SmtpSettings.sender!r})")
    parser.add_argument("--smtp-user", default=None, metavar="NAME", help="the SMTP login, if it needs one")
    parser.add_argument("--smtp-starttls", action="store_true", help="upgrade the SMTP connection with STARTTLS")
    parser.add_argument("--metrics-from", action="append", default=[], metavar="ADDRESS",
                        help="a client address /metrics answers besides this machine's own (repeat it; e.g. your "
                             "Prometheus server's)")


def _zero_or(whole: Callable[[str], int]) -> Callable[[str], int]:
    def read(text: str) -> int:
        return 0 if text.strip() == "0" else whole(text)

    read.__name__ = getattr(whole, "__name__", "whole number")  # argparse names it in its error
    return read


def from_options(args: argparse.Namespace) -> ServerSettings:
    """The settings :func:`add_options`' options were given (an unknown ``--analysis-level``: AgentError)."""
    from hanpan.analysis.estimates import Budget, check_level

    check_level(args.analysis_level)
    Budget(samples=args.analysis_samples, alternatives=args.analysis_alternatives)  # at least 2 samples
    limits = {f.name: getattr(args, f.name) for f in dataclasses.fields(ConnectionLimits)}
    settings = {f.name: getattr(args, f.name) for f in dataclasses.fields(ServerSettings) if "help" in f.metadata}
    given = args.public_url
    if given is None:  # as hanpan serve names its address (a browser keeps localhost's cookies apart)
        host = getattr(args, "host", "localhost")
        host = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::", "::1") else host
        given = f"http://{host}:{getattr(args, 'port', 8000)}"
    public_url = str(given).rstrip("/")
    if not public_url.startswith(("http://", "https://")):
        raise ValueError(f"--public-url must start with http:// or https://, not {args.public_url!r}")
    smtp = SmtpSettings(host=args.smtp_host, port=args.smtp_port, sender=args.smtp_from, username=args.smtp_user,
                        password=os.environ.get("HANPAN_SMTP_PASSWORD"), starttls=args.smtp_starttls)
    return ServerSettings(**settings, allowed_hosts=("localhost", *args.allowed_host),
                          analysis_level=args.analysis_level, connections=ConnectionLimits(**limits),
                          public_url=public_url, push_contact=args.push_contact, smtp=smtp,
                          metrics_from=(*ServerSettings.metrics_from, *args.metrics_from),
                          push_services=(*PUSH_SERVICES, *args.push_service),
                          ws_compression=bool(getattr(args, "ws_compression", False)))
