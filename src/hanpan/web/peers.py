"""Several server processes on one PostgreSQL database: which process hosts a game, and the news of every
change reaching all of them.

Any process takes any request: a person's move is checked against the process's copy of the game and
stored guarded by the game's move count, so two processes can never store two moves at one number (the
loser reloads and answers 409, or tries again when the client was right).  What must happen in one place
only is *hosting*: a game with computer seats is driven (its computer seats think) by the process that
holds the game's PostgreSQL advisory lock.  The lock belongs to the process's database session, so when
the process dies, even by ``kill -9``, PostgreSQL lets it go at once and another process adopts the game
(``Hub`` looks for such orphans every ``ORPHAN_SWEEP_S`` seconds).  One process at a time also *leads*:
it alone runs the sweeps that must not run twice (turn limits, idle games).

News: every change of a game is announced with ``pg_notify`` on ``CHANNEL`` (a move in the very
transaction that stores it, so the news exists exactly when the move does); every process listens and
brings its copy of the game up to date, then pushes it to its own WebSockets.  A news item is one line,
``ORIGIN KIND GAME_ID`` (``KIND``: see ``Kinds``); a process skips its own.

With SQLite there is one process: :class:`Alone` hosts everything and hears nothing.

>>> alone = Alone()
>>> import asyncio
>>> asyncio.run(alone.host("g1")), alone.listening
(True, False)
>>> parse_news("a1b2 m gameid")
('a1b2', 'm', 'gameid')
>>> parse_news("junk") is None
True
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

log = logging.getLogger("hanpan.web")

#: the channel every process listens on for news of games
CHANNEL = "hanpan_games"
#: the channel the ``hanpan bots`` services listen on for decisions to make
BOTS_CHANNEL = "hanpan_bots"
#: how often a process looks for games with computer seats nobody hosts (a process died)
ORPHAN_SWEEP_S = 2.0
#: the advisory lock of the leading process (games' locks are hashes of their ids: 64 bits, never this)
LEADER_KEY = "hanpan:leader"

#: the kinds of news: a move stored, an undo, seats/status/chat changed, a computer seat thinking or no
#: longer, a decision answered by a ``hanpan bots`` service, the lobby's tables changed (its game id: "-")
MOVE, UNDO, CHANGED, THINKING, NOT_THINKING, DECIDED, LOBBY = "m", "u", "c", "t", "n", "d", "l"
KINDS = (MOVE, UNDO, CHANGED, THINKING, NOT_THINKING, DECIDED, LOBBY)

News = tuple[str, str, str]
OnNews = Callable[[list[News]], None]


def parse_news(payload: str) -> News | None:
    """``(origin, kind, game_id)`` of a news line, or None for anything else."""
    parts = payload.split(" ")
    if len(parts) != 3 or parts[1] not in KINDS:
        return None
    return parts[0], parts[1], parts[2]


def libpq_url(url: str) -> str:
    """A SQLAlchemy PostgreSQL URL as psycopg takes it (password kept).

    >>> libpq_url("postgresql+psycopg://me:pw@db:5433/hanpan")
    'postgresql://me:pw@db:5433/hanpan'
    """
    from sqlalchemy.engine import make_url

    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


#: a lock's 64-bit key is PostgreSQL's hash of its name (the same in every process)
TRY_LOCK = "SELECT pg_try_advisory_lock(hashtextextended(%s, 0))"
UNLOCK = "SELECT pg_advisory_unlock(hashtextextended(%s, 0))"


class Alone:
    """One process (SQLite): it hosts every game and leads; no news comes or goes."""

    origin = "solo"
    listening = False

    async def start(self, on_news: OnNews) -> None:
        return None

    async def host(self, game_id: str) -> bool:
        return True

    async def release(self, game_id: str) -> None:
        return None

    async def leads(self) -> bool:
        return True

    async def orphans(self, game_ids: list[str]) -> list[str]:
        return []

    async def close(self) -> None:
        return None


class PostgresPeers:
    """Hosting through advisory locks held on one dedicated connection, news through LISTEN on another.

    ``host``/``release``/``leads``/``orphans`` run on one thread that owns the locking connection; the
    listening thread hands the news to the event loop in batches.  If the locking connection is lost, so
    are its locks: the process forgets what it hosted (``on_lost``) and adopts games again as they come.
    """

    def __init__(self, url: str) -> None:
        self.url = libpq_url(url)
        self.origin = secrets.token_hex(4)
        self.listening = True
        self._locks_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hanpan-locks")
        self._locking: Any = None  # psycopg.Connection, made on the locks thread
        self._leading = False
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None
        self._pending: list[News] = []
        self._pending_lock = threading.Lock()
        self._drain_scheduled = False
        #: called on the event loop when the locking connection was lost (every hosted game is let go)
        self.on_lost: Callable[[], None] | None = None

    # --- hosting -----------------------------------------------------------------------------------
    def _connection(self) -> Any:
        import psycopg

        if self._locking is None or self._locking.closed:
            if self._locking is not None:  # lost: its locks went with it
                self._leading = False
                self._lost()
            self._locking = psycopg.connect(self.url, autocommit=True)
        return self._locking

    def _lost(self) -> None:
        callback, loop = self.on_lost, self._loop
        if callback is not None and loop is not None:
            loop.call_soon_threadsafe(callback)

    def _try_lock(self, name: str) -> bool:
        try:
            row = self._connection().execute(TRY_LOCK, (name,)).fetchone()
        except Exception as e:  # the database is away: host nothing now, try again later
            log.warning("advisory lock of %s not taken: %s", name, e)
            with contextlib.suppress(Exception):
                self._locking.close()
            return False
        return bool(row and row[0])

    def _unlock(self, name: str) -> None:
        with contextlib.suppress(Exception):
            self._connection().execute(UNLOCK, (name,))

    async def _on_locks(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._locks_thread, fn, *args)

    async def host(self, game_id: str) -> bool:
        """Take the game's lock: True when this process hosts it now (or already did: call once per game)."""
        return bool(await self._on_locks(self._try_lock, f"hanpan:{game_id}"))

    async def release(self, game_id: str) -> None:
        await self._on_locks(self._unlock, f"hanpan:{game_id}")

    async def leads(self) -> bool:
        """Whether this process leads (taking the lead if nobody holds it)."""
        if not self._leading:
            self._leading = bool(await self._on_locks(self._try_lock, LEADER_KEY))
        return self._leading

    def _unheld(self, game_ids: list[str]) -> list[str]:
        query = """
            SELECT g FROM unnest(%s::text[]) AS g WHERE NOT EXISTS (
              SELECT 1 FROM pg_locks l
              WHERE l.locktype = 'advisory' AND l.objsubid = 1 AND l.granted
                AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                AND l.classid::bigint = ((hashtextextended('hanpan:' || g, 0) >> 32) & 4294967295)
                AND l.objid::bigint = (hashtextextended('hanpan:' || g, 0) & 4294967295))"""
        try:
            rows = self._connection().execute(query, (game_ids,)).fetchall()
        except Exception as e:
            log.warning("looking for games nobody hosts failed: %s", e)
            with contextlib.suppress(Exception):
                self._locking.close()
            return []
        return [str(r[0]) for r in rows]

    async def orphans(self, game_ids: list[str]) -> list[str]:
        """The games among ``game_ids`` no process hosts (their host died, or none ever took them)."""
        if not game_ids:
            return []
        found: list[str] = await self._on_locks(self._unheld, game_ids)
        return found

    # --- news --------------------------------------------------------------------------------------
    _loop: asyncio.AbstractEventLoop | None = None

    async def start(self, on_news: OnNews) -> None:
        """Listen for news (a thread with its own connection), handing each batch to ``on_news`` on the
        event loop; ``[]`` after the connection was lost and made again (news may have been missed)."""
        self._loop = loop = asyncio.get_running_loop()
        await self._on_locks(self._connection)
        ready = threading.Event()
        self._listener = threading.Thread(target=self._listen, args=(loop, on_news, ready),
                                          name="hanpan-news", daemon=True)
        self._listener.start()
        await asyncio.to_thread(ready.wait, 10.0)

    def _listen(self, loop: asyncio.AbstractEventLoop, on_news: OnNews, ready: threading.Event) -> None:
        import psycopg

        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    ready.set()
                    if not first:  # what happened while we were deaf is unknown: everything is news
                        loop.call_soon_threadsafe(on_news, [])
                    first = False
                    while not self._stop.is_set():  # a short timeout: to see the stop sign
                        for note in connection.notifies(timeout=0.5):
                            news = parse_news(note.payload)
                            if news is not None and news[0] != self.origin:
                                self._hand_over(loop, on_news, news)
            except Exception as e:
                if self._stop.is_set():
                    return
                log.warning("listening for news of games failed (%s); again in a second", e)
                self._stop.wait(1.0)

    def _hand_over(self, loop: asyncio.AbstractEventLoop, on_news: OnNews, news: News) -> None:
        """Queue a news item for the event loop: what arrives while the loop is busy goes in one batch."""
        with self._pending_lock:
            self._pending.append(news)
            if self._drain_scheduled:
                return
            self._drain_scheduled = True
        loop.call_soon_threadsafe(self._drain, on_news)

    def _drain(self, on_news: OnNews) -> None:
        with self._pending_lock:
            batch, self._pending = self._pending, []
            self._drain_scheduled = False
        on_news(batch)

    async def close(self) -> None:
        self._stop.set()
        if self._listener is not None:
            await asyncio.to_thread(self._listener.join, 5.0)
        if self._locking is not None:
            with contextlib.suppress(Exception):
                await self._on_locks(self._locking.close)
        self._locks_thread.shutdown(wait=False)


def news_text(origin: str, kind: str, game_id: str) -> str:
    """A news line (the payload of ``pg_notify``).

    >>> news_text("a1b2", MOVE, "g")
    'a1b2 m g'
    """
    return f"{origin} {kind} {game_id}"
