"""``hanpan bots --db URL``: a service making the computer seats' decisions queued in the database.

Servers started with ``--bot-workers 0`` queue their computer seats' decisions (``hanpan.web.decisions``);
run as many of these services as you like, on any machine that reaches the database.  Each takes the
oldest decisions nobody holds, as many at a time as its worker processes can think about (shared between
games by the same fair scheduler the server uses: ``hanpan.web.bots.BotScheduler``), renews its lease on
each while it thinks, and writes the answer back.  A service that dies leaves its decisions to another
when their leases run out (``LEASE_S``).

On PostgreSQL a service is woken by news of a new decision (LISTEN); on SQLite it looks every
``POLL_S`` seconds.  SIGTERM or Ctrl-C stops it (its worker processes with it).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import signal
import socket
import threading
from typing import TYPE_CHECKING

from hanpan.web.bots import BotScheduler, choose_move
from hanpan.web.decisions import Decision, Decisions
from hanpan.web.peers import BOTS_CHANNEL, libpq_url
from hanpan.web.storage import Store

if TYPE_CHECKING:
    from collections.abc import Callable
    from concurrent.futures import Executor

log = logging.getLogger("hanpan.bots")
#: seconds a taken decision is this service's; renewed every third of it while it thinks
LEASE_S = 30.0
#: how often the queue is looked at without news (SQLite; and PostgreSQL in case news was missed)
POLL_S = 1.0


class BotService:
    """Takes decisions from the queue at ``url`` and makes them on ``workers`` processes."""

    def __init__(self, url: str, workers: int = 2, pool: Executor | None = None,
                 work: Callable[..., str] = choose_move) -> None:
        self.store = Store(url)
        self.queue = Decisions(self.store)
        self.workers = workers
        self.scheduler = BotScheduler(workers, pool, work=work)
        # a name without spaces (it is part of the news line the answers send)
        self.name = f"bots-{socket.gethostname()[:16]}-{os.getpid()}-{secrets.token_hex(3)}".replace(" ", "_")
        self._busy: set[str] = set()  # games whose decision is being made here
        self._tasks: set[asyncio.Task[None]] = set()
        self._wake = asyncio.Event()
        self._stop = threading.Event()
        self.made = 0

    async def run(self, stop: asyncio.Event | None = None) -> None:
        """Take and make decisions until ``stop`` is set."""
        stop = stop or asyncio.Event()
        loop = asyncio.get_running_loop()
        self.scheduler.warm()
        if not self.store.is_sqlite:
            threading.Thread(target=self._listen, args=(loop,), name="hanpan-bots-news", daemon=True).start()
        try:
            while not stop.is_set():
                await self._take()
                self._wake.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(_first(self._wake.wait(), stop.wait()), POLL_S)
        finally:
            self._stop.set()
            for task in list(self._tasks):
                task.cancel()
            await asyncio.gather(*self._tasks, return_exceptions=True)
            self.scheduler.close()
            self.store.close()

    async def _take(self) -> None:
        room = 2 * self.workers - len(self._busy)  # a short backlog keeps the workers busy
        if room <= 0:
            return
        for decision in await asyncio.to_thread(self.queue.waiting, room + len(self._busy)):
            if room <= 0:
                break
            if decision.game_id in self._busy:
                continue
            if await asyncio.to_thread(self.queue.claim, decision.game_id, decision.number, self.name, LEASE_S):
                room -= 1
                self._busy.add(decision.game_id)
                task = asyncio.get_running_loop().create_task(self._make(decision))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _make(self, decision: Decision) -> None:
        renew = asyncio.get_running_loop().create_task(self._renew(decision))
        try:
            notation = await self.scheduler.decide(decision.game_id, decision.level, decision.players,
                                                   *decision.choose_args())
            if await asyncio.to_thread(self.queue.answer, decision.game_id, decision.number, self.name, notation):
                self.made += 1
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("decision for game %s, move %d failed", decision.game_id, decision.number + 1)
        finally:
            renew.cancel()
            self._busy.discard(decision.game_id)
            self._wake.set()

    async def _renew(self, decision: Decision) -> None:
        while True:
            await asyncio.sleep(LEASE_S / 3)
            await asyncio.to_thread(self.queue.claim, decision.game_id, decision.number, self.name, LEASE_S)

    def _listen(self, loop: asyncio.AbstractEventLoop) -> None:
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(libpq_url(self.store.url), autocommit=True) as connection:
                    connection.execute(f"LISTEN {BOTS_CHANNEL}")
                    while not self._stop.is_set():
                        if any(True for _ in connection.notifies(timeout=0.5)):
                            loop.call_soon_threadsafe(self._wake.set)
            except Exception as e:
                log.warning("listening for decisions failed (%s); again in a second", e)
                self._stop.wait(1.0)


async def _first(*waits: object) -> None:
    """Wait until the first of the awaitables is done (the others are cancelled)."""
    tasks = [asyncio.ensure_future(w) for w in waits]  # type: ignore[call-overload]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()


def run_bots(url: str, workers: int = 2) -> int:
    """Run the service until SIGTERM or Ctrl-C (``hanpan bots``)."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(sig, stop.set)
        service = BotService(url, workers)
        safe_url = url.split("@")[-1]  # never print a database password
        print(f"hanpan bots: {service.name} making decisions queued in {safe_url} on {workers} "
              "worker process(es); Ctrl-C stops", flush=True)
        await service.run(stop)
        print(f"hanpan bots: stopped after {service.made} decision(s)", flush=True)

    asyncio.run(main())
    return 0
