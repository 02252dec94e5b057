"""Limits on what anyone may ask for many times: new accounts, guests and chat reports, per client address
and for the whole site; and the password hashes' own thread pool.

Each refusal is a ``Throttled`` error: 429 with one line that says when to try again (and ``Retry-After``).
The per-address count stops one client; the site-wide one stops many addresses together (a botnet), at
the cost of refusing everyone for a while, which is what keeps the server answering its players.
"""

from __future__ import annotations

import asyncio
import math
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TypeVar

from fastapi import FastAPI, Request

from hanpan.web.errors import Param, Refusal, words
from hanpan.web.settings import ServerSettings

T = TypeVar("T")
HOUR = 3600.0
MINUTE = 60.0


class Throttled(Refusal):
    """A request refused for now: ``status`` (429, or 503 when the server is busy) and the seconds to wait
    (``code``, ``params``: ``hanpan.web.errors``)."""

    detail_limit = 100_000  # the line may list what is allowed at length

    def __init__(self, message: str, retry_after: float, status: int = 429, code: str | None = None,
                 params: dict[str, Param] | None = None) -> None:
        super().__init__(status, message, code, params)
        self.retry_after = max(1, math.ceil(retry_after))


def in_words(seconds: float) -> str:
    """A wait as people say it.

    >>> in_words(0.2), in_words(59), in_words(61), in_words(3599)
    ('1 s', '59 s', '2 minutes', '60 minutes')
    """
    seconds = max(1, math.ceil(seconds))
    return f"{seconds} s" if seconds < 60 else f"{math.ceil(seconds / 60)} minutes"


def both_words(seconds: float) -> dict[str, str]:
    """``in_words`` in English and Korean (an error's parameter).

    >>> both_words(61)
    {'en': '2 minutes', 'ko': '2분'}
    """
    seconds = max(1, math.ceil(seconds))
    return words(in_words(seconds), f"{seconds}초" if seconds < 60 else f"{math.ceil(seconds / 60)}분")


#: what a Limit counts, in Korean
WHAT_KO = {"new accounts": "새 계정", "new guests": "새 손님", "chat reports": "채팅 신고"}


class Window:
    """At most ``count`` events per key in ``window`` seconds, in memory; asking never counts by itself.

    >>> clock = [0.0]
    >>> w = Window(2, 60.0, now=lambda: clock[0])
    >>> w.wait("a"), w.add("a"), w.add("a"), w.wait("a"), w.wait("b")
    (0.0, 0.0, 0.0, 60.0, 0.0)
    >>> w.discard("a", 0.0); w.wait("a")
    0.0
    """

    def __init__(self, count: int, window: float, now: Callable[[], float] = time.monotonic) -> None:
        self.count = count
        self.window = window
        self.now = now
        self._events: dict[str, deque[float]] = {}

    def _recent(self, key: str, now: float) -> deque[float]:
        if len(self._events) > 10_000:  # forget quiet keys: memory stays bounded under a spray of addresses
            for old in [k for k, v in self._events.items() if not v or v[-1] <= now - self.window]:
                del self._events[old]
        events = self._events.setdefault(key, deque())
        while events and events[0] <= now - self.window:
            events.popleft()
        return events

    def wait(self, key: str) -> float:
        """0 if ``key`` may have one more event now; else the seconds until it may."""
        now = self.now()
        events = self._recent(key, now)
        return events[0] + self.window - now if len(events) >= self.count else 0.0

    def add(self, key: str) -> float:
        """Count an event of ``key`` now; the moment counted (for ``discard``)."""
        now = self.now()
        self._recent(key, now).append(now)
        return now

    def discard(self, key: str, moment: float) -> None:
        """Forget the event of ``key`` counted at ``moment`` (a request refused after all)."""
        events = self._events.get(key)
        if events is not None and moment in events:
            events.remove(moment)


@dataclass
class Limit:
    """One kind of request limited per client address and for the whole site (``what``: "new accounts")."""

    what: str
    per_address: Window
    site: Window

    def __post_init__(self) -> None:
        self._lock = threading.Lock()

    @contextmanager
    def counted(self, address: str) -> Iterator[None]:
        """Count a request of ``address`` as it starts, or raise ``Throttled`` when ``address`` or the site
        is over its limit; a request refused inside (a name taken) is not counted after all.

        Checked and counted at once: checking first and counting once done let 16 registrations at once
        all pass while the first were hashing their passwords (24 new accounts of a limit of 10)."""
        with self._lock:
            self._check(address)
            moments = self.per_address.add(address), self.site.add("")
        try:
            yield
        except BaseException:
            with self._lock:
                self.per_address.discard(address, moments[0])
                self.site.discard("", moments[1])
            raise

    def _check(self, address: str) -> None:
        wait = self.per_address.wait(address)
        if wait > 0:
            raise Throttled(f"too many {self.what} from your address (at most {self.per_address.count} in "
                            f"{in_words(self.per_address.window)}); try again in {in_words(wait)}", wait,
                            code="throttled_address", params=self._params(self.per_address, wait))
        wait = self.site.wait("")
        if wait > 0:
            raise Throttled(f"too many {self.what} on this server just now (at most {self.site.count} in "
                            f"{in_words(self.site.window)}); try again in {in_words(wait)}", wait,
                            code="throttled_site", params=self._params(self.site, wait))

    def _params(self, window: Window, wait: float) -> dict[str, Param]:
        return {"what": words(self.what, WHAT_KO.get(self.what, self.what)), "count": window.count,
                "window": both_words(window.window), "wait": both_words(wait)}


@dataclass
class Throttles:
    """The app's limits, made from its settings."""

    registrations: Limit
    guests: Limit
    reports: Limit

    @classmethod
    def of(cls, settings: ServerSettings) -> Throttles:
        return cls(
            Limit("new accounts", Window(settings.registrations_per_hour, HOUR),
                  Window(settings.site_registrations_per_minute, MINUTE)),
            Limit("new guests", Window(settings.guests_per_hour, HOUR),
                  Window(settings.site_guests_per_minute, MINUTE)),
            Limit("chat reports", Window(settings.reports_per_hour, HOUR),
                  Window(settings.site_reports_per_minute, MINUTE)))


class HashPool:
    """Threads of their own for password hashes (Argon2id: tens of milliseconds of CPU each).

    A flood of registrations then queues here, not in the default pool that every database call and
    session look-up uses; and the queue is bounded: past ``workers + waiting`` hashes under way, more are
    refused (503) rather than queued for ever.
    """

    def __init__(self, workers: int = 2, waiting: int = 32) -> None:
        self.workers = workers
        self.limit = workers + waiting
        self._executor: ThreadPoolExecutor | None = None  # made on first use: an app may start again
        self._busy = 0

    async def run(self, call: Callable[..., T], *args: object) -> T:
        """``call(*args)`` on the pool (Throttled 503 when too many are under way already)."""
        if self._busy >= self.limit:
            raise Throttled("the server is busy checking passwords; try again in a few seconds", 5, 503, "hash_busy")
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="hanpan-hash")
        self._busy += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._executor, lambda: call(*args))
        finally:
            self._busy -= 1

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


def install(app: FastAPI, settings: ServerSettings) -> HashPool:
    """Put the limits and the hash pool on ``app`` (``throttles(request)``, ``hash_pool(request)``; the app
    answers ``Throttled`` as every ``Refusal``, with ``Retry-After``); the pool, for the app to close."""
    pool = HashPool(settings.hash_workers)
    app.state.hanpan_throttles = Throttles.of(settings)
    app.state.hanpan_hash_pool = pool

    return pool


def client_address(request: Request) -> str:
    return request.client.host if request.client is not None else "unknown"


def throttles(request: Request) -> Throttles:
    found: Throttles = request.app.state.hanpan_throttles
    return found


def hash_pool(request: Request) -> HashPool:
    found: HashPool = request.app.state.hanpan_hash_pool
    return found
