"""Computer seats on the server: each decision is made in a worker process, never on the event loop.

A worker gets the position as JSON and the seat, makes a fresh agent seeded from the game's seed, the
seat and the move number (so a decision is the same after a restart), and answers with the notation.
The agent sees the position only through its ``Seat``: its view and its own samples of the unknowns.

>>> import hanpan
>>> state = hanpan.game("spirits_of_the_wild").new(players=2, seed=7)
>>> choose_move("spirits_of_the_wild", state.to_json(), 0, "greedy", 7, 0) in [str(a) for a in state.legal_actions()]
True
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from hanpan.agents.base import Seat
from hanpan.agents.levels import LEVELS, level_settings
from hanpan.agents.parallel import die_with_parent
from hanpan.agents.registry import make_agent
from hanpan.core.registry import game
from hanpan.core.rng import mix_seed


def choose_move(game_id: str, position: dict[str, Any], seat: int, kind: str, seed: int, move_number: int) -> str:
    """The notation of the move the agent ``kind`` makes for ``seat`` in ``position`` (runs in a worker)."""
    state = game(game_id).from_json(position)
    agent = make_agent(kind, seed=mix_seed(seed, seat + 1, move_number))
    return str(agent.choose(Seat(state, seat)))


def make_pool(workers: int = 2) -> Executor:
    """Worker processes for the computer seats ('spawn': the server's threads are not copied into them),
    each ending with the server (:func:`die_with_parent`)."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=die_with_parent, initargs=(os.getpid(),))


def stop_pool(pool: Executor, seconds: float = 3.0) -> None:
    """Shut ``pool`` down now: its processes are terminated (a decision under way is not waited for),
    then killed if they are still there after ``seconds``."""
    found = getattr(pool, "_processes", None) or {}
    processes = list(found.values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(Exception):
            process.terminate()
    for process in processes:
        with contextlib.suppress(Exception):
            process.join(seconds)
            if process.is_alive():
                process.kill()


def warm(pool: Executor) -> Executor:
    """``pool`` with its process started now (a spawned process takes a second or two to import hanpan:
    not on a seat's first decision)."""
    pool.submit(os.getpid)
    return pool


def processes_of(kind: str, game_id: str, players: int) -> int:
    """How many processes a decision of the level ``kind`` keeps busy: 1, or its ``workers`` setting
    (a level that thinks on both cores runs its own pool of 2 beside the worker, which then only waits).

    >>> processes_of("greedy", "harmonies", 2), processes_of("hard", "harmonies", 1)
    (1, 2)
    """
    per_game = LEVELS.get(kind)
    if per_game is None:
        return 1
    return max(1, int(level_settings(per_game, game_id, players).get("workers", 1)))


@dataclass(eq=False)
class _Job:
    game_id: str
    kind: str
    weight: int
    args: tuple[Any, ...]
    future: asyncio.Future[str]
    since: float
    #: its start tag (weighted fair queuing): the game's finish tag, or the virtual time if later
    start: float = 0.0
    #: the worker seconds other decisions were expected to take that started while it waited
    passed: float = 0.0
    #: it runs on the quick lane's process (beside the workers), not on one of theirs
    quick_lane: bool = False


class BotScheduler:
    """The computer seats' decisions on ``workers`` processes, shared fairly between games.

    - **Never oversubscribed**: each decision counts the processes its level keeps busy
      (:func:`processes_of`) against ``workers``; it starts only when that many are free.
    - **Fair**: weighted fair queuing over worker seconds.  Each game has a finish tag: the virtual
      time at which the worker seconds it used so far are paid off; a decision's start tag is its game's
      finish tag, or the virtual time (the latest start tag served) if that is later (a game that
      waited or is new gets no back credit); the decision with the smallest start tag plus its
      expected cost (its level's recent decisions in that game) goes first.  So a quick level's turn is
      not stuck behind games of long searches, and the long searches still share what is left
      equally; one decision per game at a time (each game asks for its next only after the last).
    - **No long wait**: a decision that other decisions passed by ``latency`` worker seconds (one long
      search) goes next, so catching up a game's share never runs many long searches in a row.
    - **A turn goes on**: when a decision ends, its processes stay held for its game for ``grace``
      seconds, so the same seat's next decision of the turn starts at once: for a quick level (under
      ``quick`` worker seconds: it costs the others little) while the same seat goes on, for
      ``turn_budget`` seconds at most; else only if no fairer game is waiting.
    - **No starvation**: when the fairest decision needs more processes than are free, others that fit
      may start meanwhile, until it has waited ``patience`` seconds: then the processes that come
      free are kept for it.
    - **A quick lane**: a decision of a quick level (one process, under ``quick`` worker seconds lately)
      that finds every worker busy runs at once on one more process kept for such decisions, one at a
      time: a greedy seat beside long searches never waits for one of them to end (a search cannot be
      interrupted).  So the machine holds at most one quick decision (milliseconds) beyond ``workers``.
    """

    def __init__(self, workers: int, pool: Executor | None = None, grace: float = 0.15,
                 patience: float = 3.0, latency: float = 1.0, quick: float = 0.1, turn_budget: float = 1.0,
                 work: Callable[..., str] = choose_move, quick_pool: Executor | None = None) -> None:
        self.workers = workers
        self.work = work  # what a worker runs (tests give a stand-in)
        self.grace = grace
        self.patience = patience
        self.latency = latency
        self.quick = quick
        self.turn_budget = turn_budget
        self._runs: dict[str, tuple[Any, float]] = {}  # game id -> (the seat whose turn runs on, since)
        self._pool = pool
        self._given_pool = pool is not None
        self._busy = 0
        self._waiting: list[_Job] = []
        self._vtime = 0.0  # the virtual time: the latest start tag served
        self._finish: dict[str, float] = {}  # game id -> its finish tag
        self._cost: dict[str, float] = {}  # "game/level" -> worker seconds of its recent decisions
        self._held: dict[str, tuple[int, asyncio.TimerHandle]] = {}
        self._quick_pool = quick_pool
        self._given_quick_pool = quick_pool is not None
        #: a scheduler given its workers' pool (tests, a stand-in ``work``) has a quick lane only if given one
        self._quick_lane = pool is None or quick_pool is not None
        self._quick_busy = False

    @property
    def waiting(self) -> int:
        """Decisions waiting for a worker."""
        return len(self._waiting)

    @property
    def free(self) -> int:
        return self.workers - self._busy - sum(count for count, _ in self._held.values())

    @property
    def idle(self) -> bool:
        """No computer seat's decision waits and a worker is free (none held for a turn going on): what
        the analysis lane (``hanpan.web.analysis_lane``) waits for before it starts background work."""
        return not self._waiting and self.free > 0

    async def decide(self, game_id: str, kind: str, players: int, *args: Any) -> str:
        """The notation :func:`choose_move` answers for ``args``, when the game's turn in the pool comes."""
        loop = asyncio.get_running_loop()
        weight = min(self.workers, processes_of(kind, args[0], players))
        job = _Job(game_id, f"{args[0]}/{kind}", weight, args, loop.create_future(), loop.time(),
                   max(self._vtime, self._finish.get(game_id, 0.0)))
        self._waiting.append(job)
        self._dispatch()
        return await job.future

    def _dispatch(self) -> None:
        loop = asyncio.get_running_loop()
        now = loop.time()
        while self._waiting:
            job = self._next(now) or self._quick(now)
            if job is None:
                return
            self._waiting.remove(job)
            if job.quick_lane:
                self._quick_busy = True
                self._start(job, now)
                continue
            held = self._held.pop(job.game_id, None)
            if held is not None:
                held[1].cancel()
            self._busy += job.weight
            self._vtime = max(self._vtime, job.start)
            cost = self.expected(job)
            for other in self._waiting:
                other.passed += cost
            self._start(job, now)

    def _next(self, now: float) -> _Job | None:
        """The decision to start now, or None (nothing may start, or the free processes are kept)."""
        # a decision that others passed by ``latency`` worker seconds goes next (the fairest of those):
        # fairness may let a game catch up its share, but never in one long run while another waits
        for job in self._waiting:  # a game whose processes are held for it goes on with its turn
            if job.game_id in self._held and job.weight <= self.free + self._held_for(job.game_id):
                return job
        urgent = [j for j in self._waiting if j.passed >= self.latency]
        if urgent:
            first = min(urgent, key=lambda j: (self._tag(j, now), j.since))
            return first if first.weight <= self.free else None
        # weighted fair queuing: the smallest "finish tag" (the game's recent usage plus what this decision
        # is expected to cost) goes first, so a quick level's decision goes before a long search
        order = sorted(self._waiting, key=lambda j: (self._tag(j, now), j.since))
        fairest = order[0]
        if fairest.weight <= self.free:
            return fairest
        if now - fairest.since >= self.patience:
            return None  # it waited long enough: the free processes are kept until it fits
        # meanwhile a decision that fits the free processes may start (backfilling)
        return next((job for job in order if job.weight <= self.free), None)

    def _quick(self, now: float) -> _Job | None:
        """A quick level's decision for the quick lane (free, and no worker free for it), or None."""
        if not self._quick_lane or self._quick_busy:
            return None
        quick = [j for j in self._waiting if j.weight == 1 and self.expected(j) <= self.quick]
        if not quick:
            return None
        job = min(quick, key=lambda j: (self._tag(j, now), j.since))
        job.quick_lane = True
        return job

    def _tag(self, job: _Job, now: float) -> float:
        """The decision's finish tag: its start tag plus what it is expected to cost."""
        return job.start + self.expected(job)

    def expected(self, job: _Job) -> float:
        """The worker seconds a decision of this level in this game took lately; before the first, a guess:
        a level that searches (``LEVELS``) half a second a process, one that does not (random, greedy)
        quick."""
        known = self._cost.get(job.kind)
        if known is not None:
            return known
        return job.weight * 0.5 if job.kind.split("/", 1)[-1] in LEVELS else self.quick / 2

    def _held_for(self, game_id: str) -> int:
        held = self._held.get(game_id)
        return held[0] if held is not None else 0

    def _start(self, job: _Job, began: float) -> None:
        loop = asyncio.get_running_loop()
        if self._pool is None:
            self._pool = make_pool(self.workers)
        if self._quick_lane and self._quick_pool is None:  # ready before a quick decision needs it
            self._quick_pool = warm(make_pool(1))
        try:
            pool = self._quick_pool if job.quick_lane else self._pool
            assert pool is not None
            running = loop.run_in_executor(pool, self.work, *job.args)
        except (BrokenExecutor, RuntimeError) as e:  # a broken pool: the caller retries on a new one
            self._finished(job, began, 0)
            job.future.set_exception(BrokenExecutor(str(e)))
            return

        def done(result: asyncio.Future[str]) -> None:
            self._finished(job, began, job.weight)
            if job.future.cancelled():
                return
            if result.cancelled():
                job.future.cancel()
            elif result.exception() is not None:
                job.future.set_exception(result.exception())  # type: ignore[arg-type]
            else:
                job.future.set_result(result.result())

        running.add_done_callback(done)

    def _finished(self, job: _Job, began: float, hold: int) -> None:
        loop = asyncio.get_running_loop()
        now = loop.time()
        if job.quick_lane:  # its cost is learned and charged to its game; nothing of the workers' is held
            self._quick_busy = False
            hold = 0
        else:
            self._busy -= job.weight
        spent = job.weight * (now - began)
        self._finish[job.game_id] = job.start + spent
        self._cost[job.kind] = 0.7 * self._cost.get(job.kind, spent) + 0.3 * spent
        if len(self._finish) > 10_000:  # a game whose tag the virtual time passed starts from it anyway
            for game_id in [g for g, tag in self._finish.items() if tag <= self._vtime]:
                del self._finish[game_id]
        following = _Job(job.game_id, job.kind, job.weight, (), job.future, now,
                         max(self._vtime, self._finish[job.game_id]))
        mine = self._tag(following, now)  # what its next decision of the same level would weigh
        fairer_waiting = any(self._tag(j, now) < mine for j in self._waiting if j.game_id != job.game_id)
        # a quick seat's turn goes on, for ``turn_budget`` seconds at most: it costs the others little
        seat = job.args[2] if len(job.args) > 2 else None
        run = self._runs.get(job.game_id)
        if run is None or run[0] != seat:
            run = self._runs[job.game_id] = (seat, now)
        quick = self.expected(job) <= self.quick and now - run[1] <= self.turn_budget
        if hold and (quick or not fairer_waiting):  # kept for its next decision (out of ``free`` till released)
            self._held[job.game_id] = (hold, loop.call_later(self.grace, self._release, job.game_id))
        else:
            self._runs.pop(job.game_id, None)
        self._dispatch()

    def _release(self, game_id: str) -> None:
        self._held.pop(game_id, None)
        self._dispatch()

    def warm(self) -> None:
        """Start the worker processes now (a server that starts: its first decisions need not wait for
        them to import hanpan)."""
        if self._given_pool:
            return
        if self._pool is None:
            self._pool = make_pool(self.workers)
        for _ in range(self.workers):
            self._pool.submit(os.getpid)
        if self._quick_lane and self._quick_pool is None:
            self._quick_pool = warm(make_pool(1))

    def broken(self) -> None:
        """Its workers died: the next decision starts a new pool."""
        if self._pool is not None and not self._given_pool:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        if self._quick_pool is not None and not self._given_quick_pool:
            self._quick_pool.shutdown(wait=False, cancel_futures=True)
            self._quick_pool = None

    def close(self) -> None:
        """Stop every worker process now (and the search pools they started: see :func:`make_pool`)."""
        for _, timer in self._held.values():
            timer.cancel()
        self._held.clear()
        for job in self._waiting:
            job.future.cancel()
        self._waiting.clear()
        if self._pool is not None and not self._given_pool:
            stop_pool(self._pool)
            self._pool = None
        if self._quick_pool is not None and not self._given_quick_pool:
            stop_pool(self._quick_pool)
            self._quick_pool = None
