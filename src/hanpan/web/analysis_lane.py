"""The analysis lane: game reviews' and hints' decisions (``hanpan.analysis.review``) made in the background,
never in the way of the computer seats of live games.

Each judgement is a :class:`~hanpan.analysis.review.DecisionTask` run by ``run_task`` on the lane's own
worker processes (``workers`` of them, one by default), which run at a lower CPU priority (``nice`` 10):

- **Computer seats first.** A review's decision starts only while the computer seats' scheduler
  (:class:`~hanpan.web.bots.BotScheduler`) is *idle*: no decision of a live game waits and one of its
  workers is free.  A decision already under way when a live game's seat starts thinking goes on, but at
  its lower priority the operating system gives the seat's process the CPU first.
- **One at a time per worker.** Reviews queue their decisions one by one (each review asks for its next
  once the last is judged), so reviews share the lane in turns, first come first served.
- **Hints first.** A hint is for a person waiting at the board: it goes before every review's decision
  and does not wait for the computer seats to be idle (it still runs at the lower priority).

With ``--bot-workers 0`` (computer seats' decisions made by ``hanpan bots`` services elsewhere) there is no
scheduler here to wait for: the lane's niced worker runs whenever it is free.  With ``workers`` 0 there is
no lane: the server answers that analysis is off.
"""

from __future__ import annotations

import asyncio
import itertools
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor
from dataclasses import dataclass, field

from hanpan.agents.parallel import die_with_parent
from hanpan.analysis.results import DecisionReview
from hanpan.analysis.review import DecisionTask, lower_priority, run_task
from hanpan.web.bots import BotScheduler, stop_pool

#: how often a waiting review's decision looks again whether the computer seats left a worker idle
IDLE_CHECK_S = 0.25


def _start_worker(parent: int) -> None:
    """A lane worker: it ends with the server and runs at a lower priority."""
    die_with_parent(parent)
    lower_priority()


def make_lane_pool(workers: int) -> Executor:
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_start_worker, initargs=(os.getpid(),))


@dataclass(eq=False)
class _Item:
    urgent: bool
    order: int
    task: DecisionTask
    future: asyncio.Future[DecisionReview] = field(repr=False)
    tries: int = 0


class AnalysisLane:
    """Background judgements on ``workers`` low-priority processes, after the computer seats (``bots``)."""

    def __init__(self, workers: int, bots: BotScheduler | None, pool: Executor | None = None,
                 work: Callable[[DecisionTask], DecisionReview] = run_task) -> None:
        self.workers = workers
        self.bots = bots
        self.work = work  # what a worker runs (tests give a stand-in)
        self._pool = pool
        self._given_pool = pool is not None
        self._queue: list[_Item] = []
        self._running = 0
        self._order = itertools.count()
        self._timer: asyncio.TimerHandle | None = None

    @property
    def enabled(self) -> bool:
        return self.workers > 0

    @property
    def waiting(self) -> int:
        """Judgements queued and not started."""
        return len(self._queue)

    async def run(self, task: DecisionTask, urgent: bool = False) -> DecisionReview:
        """``run_task(task)``'s review, when the lane's turn comes (``urgent``: a hint, first in line)."""
        if not self.enabled:
            raise RuntimeError("the analysis lane has no worker")
        item = _Item(urgent, next(self._order), task, asyncio.get_running_loop().create_future())
        self._queue.append(item)
        self._queue.sort(key=lambda i: (not i.urgent, i.order))
        self._dispatch()
        try:
            return await item.future
        finally:
            if item in self._queue:  # given up before it started (the review was cancelled)
                self._queue.remove(item)

    def _may_start(self, item: _Item) -> bool:
        if self._running >= self.workers:
            return False
        return item.urgent or self.bots is None or self.bots.idle

    def _dispatch(self) -> None:
        while self._queue and self._may_start(self._queue[0]):
            item = self._queue.pop(0)
            if not item.future.done():
                self._start(item)
        if self._queue and self._running < self.workers and self._timer is None:
            self._timer = asyncio.get_running_loop().call_later(IDLE_CHECK_S, self._look_again)

    def _look_again(self) -> None:
        self._timer = None
        self._dispatch()

    def _start(self, item: _Item) -> None:
        loop = asyncio.get_running_loop()
        if self._pool is None:
            self._pool = make_lane_pool(self.workers)
        self._running += 1
        try:
            running = loop.run_in_executor(self._pool, self.work, item.task)
        except (BrokenExecutor, RuntimeError) as e:
            self._running -= 1
            self._broken(item, e)
            return

        def done(result: asyncio.Future[DecisionReview]) -> None:
            self._running -= 1
            error = None if result.cancelled() else result.exception()
            if isinstance(error, BrokenExecutor):
                self._broken(item, error)
            elif not item.future.done():
                if result.cancelled():
                    item.future.cancel()
                elif error is not None:
                    item.future.set_exception(error)
                else:
                    item.future.set_result(result.result())
            self._dispatch()

        running.add_done_callback(done)

    def _broken(self, item: _Item, error: BaseException) -> None:
        """Its worker died (killed, out of memory): a new pool, and the judgement tried once more."""
        if self._pool is not None and not self._given_pool:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        item.tries += 1
        if item.tries > 1 or self._given_pool:
            if not item.future.done():
                item.future.set_exception(BrokenExecutor(f"the analysis worker died: {error}"))
            return
        self._queue.insert(0, item)

    def close(self) -> None:
        """Stop the lane's worker processes now; what waits is cancelled."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        for item in self._queue:
            item.future.cancel()
        self._queue.clear()
        if self._pool is not None and not self._given_pool:
            stop_pool(self._pool)
            self._pool = None

