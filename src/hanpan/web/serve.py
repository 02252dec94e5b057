"""``hanpan serve``: run the web app with uvicorn (one process, or ``--workers N`` sharing the port;
computer seats in worker processes, or in ``hanpan bots`` services).

The default database is an SQLite file in the user's data folder, so nothing needs installing;
``--db postgresql+psycopg://…`` uses PostgreSQL.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import os
import re
import socket
import sys
import threading
import webbrowser
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote

from hanpan.core.errors import OptionError

if TYPE_CHECKING:
    from starlette.applications import Starlette

    from hanpan.web.settings import ServerSettings

#: where a URL's path ends and what may hold a secret begins: its query ("?"), its path parameters (";"),
#: either of them percent-encoded; everything after goes, to the end of the path
URL_TAIL = re.compile(r"(?:\?|;|%3[bBfF]).*", re.DOTALL)
#: the same in running text: a path (from a "/") and its tail, to the next space
PATH_WITH_TAIL = re.compile(r"(/\S*?)(?:\?|;|%3[bBfF])\S*")


def default_db_url() -> str:
    """``sqlite:///<user data folder>/hanpan.sqlite3`` (``HANPAN_DATA_DIR`` overrides the folder), the
    folder readable by its owner only (0700)."""
    from platformdirs import user_data_dir

    folder = Path(os.environ.get("HANPAN_DATA_DIR") or user_data_dir("hanpan", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    with contextlib.suppress(OSError):  # a folder someone else owns keeps its mode
        folder.chmod(0o700)
    return f"sqlite:///{folder / 'hanpan.sqlite3'}"


def private_sqlite(url: str) -> None:
    """An SQLite database file readable by its owner only (0600): it holds running games' seeds and
    hands.  Made empty with that mode before SQLite opens it (SQLite gives its journal and WAL files
    the database's mode); an existing one is narrowed.  Other databases are left alone.

    >>> import tempfile, stat
    >>> path = Path(tempfile.mkdtemp()) / "games.sqlite3"
    >>> private_sqlite(f"sqlite:///{path}")
    >>> oct(stat.S_IMODE(path.stat().st_mode))
    '0o600'
    """
    if not url.startswith("sqlite:///") or url in ("sqlite://", "sqlite:///:memory:"):
        return
    path = Path(url.removeprefix("sqlite:///").split("?", 1)[0])
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
    with contextlib.suppress(OSError):
        path.chmod(0o600)


def check_db_url(url: str) -> str:
    """A clear one-line error for a URL SQLAlchemy cannot use (before the server starts)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    try:
        parsed = make_url(url)
        parsed.get_dialect()
    except (ArgumentError, NoSuchModuleError, ValueError) as e:
        raise OptionError(f"--db {url!r} is not a database URL SQLAlchemy can use ({e}); "
                          "use e.g. sqlite:///games.sqlite3 or postgresql+psycopg://user@host/db") from None
    return url


class RedactTokens(logging.Filter):
    """Cut every URL in log lines down to its path: no query, no path parameters (uvicorn logs a
    WebSocket's URL when it is accepted or refused, and a seat's token may ride in either).

    The whole query goes, not just ``token=…``: a key can be spelled many ways (``%74oken``, a typo, a
    quote before it) and none of the server's own queries is worth a secret in the log.  uvicorn passes
    the URL as an argument: it is cut there, before any quote in it could end a pattern.

    >>> def logged(message, *args):
    ...     record = logging.LogRecord("x", logging.INFO, "", 0, message, args, None)
    ...     RedactTokens().filter(record)
    ...     return record.getMessage()
    >>> logged('%s - "WebSocket %s" [accepted]', "127.0.0.1:5", "/api/games/x/ws?x'=1&token=s3cret")
    '127.0.0.1:5 - "WebSocket /api/games/x/ws…" [accepted]'
    >>> logged('%s - "WebSocket %s" 403', "127.0.0.1:5", "/api/games/x/ws;token=s3cret")
    '127.0.0.1:5 - "WebSocket /api/games/x/ws…" 403'
    >>> logged("GET /ws?lang=en&token=s3cret HTTP/1.1"), logged("%s", "GET /ws%3Btoken=s3cret")
    ('GET /ws… HTTP/1.1', 'GET /ws…')
    >>> logged("game ab created: what now?")
    'game ab created: what now?'

    Given the app's ``routes`` (their path patterns and templates), a URL argument is logged as its
    route's template, so no path parameter (a game's id, or a token a client put there) is kept:

    >>> from starlette.routing import compile_path
    >>> regex, template, _ = compile_path("/api/games/{game_id}/ws")
    >>> record = logging.LogRecord("x", 20, "", 0, "%s", ("/api/games/s3cret/ws?lang=en",), None)
    >>> _ = RedactTokens([(regex, template)]).filter(record)
    >>> record.getMessage(), RedactTokens([(regex, template)]).path("/api/gamez/s3cret")
    ('/api/games/{game_id}/ws', '(unknown path)')
    """

    def __init__(self, routes: Sequence[tuple[re.Pattern[str], str]] = ()) -> None:
        super().__init__()
        self.routes = routes

    def path(self, url: str) -> str:
        """What the log keeps of a URL: its route's template, else the path without query or parameters
        (without routes to match), else ``(unknown path)``."""
        path = URL_TAIL.sub("…", url)
        if not self.routes:
            return path
        bare = unquote(path.removesuffix("…"))
        return next((template for regex, template in self.routes if regex.match(bare)), "(unknown path)")

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple) and record.args:
            record.args = tuple(self.path(arg) if isinstance(arg, str) and arg.startswith("/") else arg
                                for arg in record.args)
        message = record.getMessage()
        if PATH_WITH_TAIL.search(message):
            record.msg = PATH_WITH_TAIL.sub(r"\1…", message)
            record.args = ()
        return True


def quiet_tokens(app: Starlette | None = None) -> None:
    """Install the redaction on every logger uvicorn writes to (URLs as ``app``'s route templates)."""
    from starlette.routing import Mount, Route, WebSocketRoute

    routes = [(route.path_regex, route.path_format) for route in (app.routes if app is not None else [])
              if isinstance(route, Mount | Route | WebSocketRoute)]
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "hanpan.web"):
        logging.getLogger(name).addFilter(RedactTokens(routes))


def _can_open_browser() -> bool:
    """Only where a graphical browser can show up: never hand the terminal to a text-mode browser."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def more_open_files(wanted: int) -> int:
    """Raise this process's open-file limit toward ``wanted`` (up to the hard limit); the limit now.

    Every connection is an open file: at the usual soft limit of 1,024 a few hundred idle clients
    would leave none for the database and the real requests.
    """
    try:
        import resource
    except ImportError:  # not on POSIX: nothing to raise
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
    return wanted if soft == resource.RLIM_INFINITY else soft


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, open_browser: bool = False,
          settings: ServerSettings | None = None, workers: int = 1,
          forwarded_allow_ips: str | None = None) -> int:
    """Serve until Ctrl-C or SIGTERM.  ``workers`` > 1: that many server processes share the port (the
    kernel spreads the connections, ``SO_REUSEPORT``) and one PostgreSQL database (``hanpan.web.peers``);
    one that dies is started again.  ``forwarded_allow_ips``: the proxies whose X-Forwarded-For is
    believed (uvicorn's setting); none by default, not even 127.0.0.1: any local process could pose as
    many clients and pass every per-address limit."""
    from hanpan.web.settings import ServerSettings

    settings = settings or ServerSettings()
    url = check_db_url(db) if db else default_db_url()
    if workers > 1 and url.startswith("sqlite"):
        raise OptionError("--workers needs PostgreSQL (--db postgresql+psycopg://USER@HOST/DB): an SQLite file "
                          "has one writer, so serve it with one process")
    private_sqlite(url)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    address = f"http://{shown}:{port}/"
    safe_url = url.split("@")[-1] if "@" in url else url  # never print a database password
    processes = f", {workers} processes" if workers > 1 else ""
    print(f"hanpan: serving on {address} (database {safe_url}{processes}); Ctrl-C stops", flush=True)
    if open_browser and _can_open_browser():
        threading.Timer(1.0, webbrowser.open, (address,)).start()
    if workers > 1:
        return _supervise(workers, host, port, url, settings, forwarded_allow_ips)
    _serve_one(host, port, url, settings, forwarded_allow_ips, shared_port=False)
    return 0


def _serve_one(host: str, port: int, url: str, settings: ServerSettings, forwarded_allow_ips: str | None,
               shared_port: bool) -> None:
    """One server process (``shared_port``: beside others on the same port)."""
    import uvicorn

    from hanpan.web.app import create_app
    from hanpan.web.guard import configure

    if shared_port:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    limits = settings.connections
    files = more_open_files(limits.max_connections + 256)  # room for the database, workers, logs
    if files < limits.max_connections + 64:
        fitted = max(16, files - 64)
        logging.getLogger("hanpan.web").warning(
            "the open-file limit is %d: at most %d connections (--max-connections %d asked)",
            files, fitted, limits.max_connections)
        limits = dataclasses.replace(limits, max_connections=fitted)
    app = create_app(url, settings=settings)
    # access_log off: a WebSocket's URL carries its seat's token, and tokens are never logged
    # ws_per_message_deflate: see ServerSettings.ws_compression
    config = uvicorn.Config(app, host=host, port=port, access_log=False, ws_max_size=64 * 1024, log_level="info",
                            ws_per_message_deflate=settings.ws_compression,
                            proxy_headers=bool(forwarded_allow_ips), forwarded_allow_ips=forwarded_allow_ips or None,
                            **configure(limits))
    server = uvicorn.Server(config)  # its logging is set up here; the redaction goes on after it
    quiet_tokens(app)
    server.run(sockets=[_shared_socket(host, port)] if shared_port else None)


def _shared_socket(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` that other processes may listen on too (``SO_REUSEPORT``)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


#: seconds between a server process's death and its replacement (a crash loop does not spin)
RESTART_S = 1.0


def _supervise(workers: int, host: str, port: int, url: str, settings: ServerSettings,
               forwarded_allow_ips: str | None) -> int:
    """Run ``workers`` server processes, start again any that dies, and stop them all on SIGTERM/Ctrl-C."""
    import multiprocessing
    import signal
    import time

    context = multiprocessing.get_context("spawn")
    args = (host, port, url, settings, forwarded_allow_ips, True)
    log = logging.getLogger("hanpan.web")
    stopping = threading.Event()

    def stop(_signum: int, _frame: object) -> None:
        stopping.set()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    children = [context.Process(target=_serve_one, args=args, name=f"hanpan-serve-{i}") for i in range(workers)]
    for child in children:
        child.start()
    while not stopping.wait(0.5):
        for i, child in enumerate(children):
            if not child.is_alive():
                log.error("server process %d (pid %s) ended with %s; starting another", i, child.pid,
                          child.exitcode)
                time.sleep(RESTART_S)
                children[i] = context.Process(target=_serve_one, args=args, name=f"hanpan-serve-{i}")
                children[i].start()
    for child in children:
        if child.is_alive() and child.pid is not None:
            os.kill(child.pid, signal.SIGTERM)
    for child in children:
        child.join(15.0)
        if child.is_alive():
            child.kill()
    return 0
