"""Worker processes for the searches that share their work out: one pool per process, started before
a search's clock, and :func:`submit`, which runs a function in it.

It knows no search: a search hands it the function its workers run (a module-level function, which
the workers unpickle by its module and name) with that function's arguments.  Root-parallel MCTS
(:class:`~hanpan.agents.mcts.MCTSAgent` with ``workers > 1``) sends each worker a tree to grow
(:func:`hanpan.agents.mcts.grow_tree`); a :class:`~hanpan.agents.rollout.RolloutAgent` with
``workers > 1`` deals its candidate turns out (:func:`hanpan.agents.rollout.plan_share`).  A worker
evaluates as the process that sent it the work does (``hanpan.core.evaluation``: a level may play
with another of the game's evaluations).

>>> submit(1, sorted, [3, 1, 2]).result()
[1, 2, 3]
"""

from __future__ import annotations

import atexit
import contextlib
import os
import signal
from collections.abc import Callable
from typing import TYPE_CHECKING, ParamSpec, TypeVar

from hanpan.agents.base import Seat
from hanpan.core import evaluation
from hanpan.core.rng import Rng

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

P = ParamSpec("P")
T = TypeVar("T")

_POOL: ProcessPoolExecutor | None = None
_POOL_SIZE = 0


def _pool(size: int) -> ProcessPoolExecutor:
    global _POOL, _POOL_SIZE
    if _POOL is None or _POOL_SIZE < size:
        # imported here: multiprocessing costs an import of hanpan.agents a few hundredths of a second
        from concurrent.futures import ProcessPoolExecutor

        if _POOL is not None:
            _POOL.shutdown(cancel_futures=True)
        _POOL = ProcessPoolExecutor(max_workers=size, initializer=die_with_parent, initargs=(os.getpid(),))
        _POOL_SIZE = size
        atexit.register(_POOL.shutdown, cancel_futures=True)
    return _POOL


def die_with_parent(parent: int) -> None:
    """Ask Linux to end this process (SIGTERM) when ``parent``, the process that started it, ends, even
    by ``kill -9``: no worker outlives the process it works for (a server's computer seat, a search).
    If the parent is already gone (it ended while this one was starting), end now.  Elsewhere it does
    nothing."""
    with contextlib.suppress(OSError, AttributeError):
        import ctypes

        pr_set_pdeathsig = 1
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)
        if os.getppid() != parent:
            os.kill(os.getpid(), signal.SIGTERM)


def _ready() -> None:
    """A task that does nothing: it makes the pool start a process."""


def workers_running(size: int) -> bool:
    """Whether a pool of at least ``size`` processes has been started in this process."""
    return _POOL is not None and _POOL_SIZE >= size


def start_workers(size: int, seat: Seat | None = None) -> None:
    """Start ``size`` worker processes now, if they are not running yet, and wait until they are.

    A search calls this before its clock starts: otherwise the first decision of a game spends part of
    its budget starting processes (the pool starts them only when tasks arrive).  The processes are
    forked from this one; with a ``seat``, its game's heuristic is imported first (one evaluation of a
    throwaway sample, on a generator of its own), so they fork with it rather than import it in the
    budget.

    >>> start_workers(2)
    >>> workers_running(2)
    True
    """
    if workers_running(size):
        return
    if seat is not None:
        seat.determinize(Rng(0)).evaluate(seat.player)
    pool = _pool(size)
    for future in [pool.submit(_ready) for _ in range(size)]:
        future.result()


def stop_workers() -> None:
    """Shut the worker processes down (a later search starts them again)."""
    global _POOL, _POOL_SIZE
    if _POOL is not None:
        _POOL.shutdown()
    _POOL, _POOL_SIZE = None, 0


def submit(size: int, work: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
    """Run ``work(*args, **kwargs)`` in a pool of at least ``size`` worker processes, under the evaluation
    in use here; ``work`` must be a module-level function (the worker unpickles it by name)."""
    return _pool(size).submit(_evaluating_as, evaluation.current(), work, *args, **kwargs)


def _evaluating_as(evaluating: str, work: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """In the worker: ``work`` under the sender's evaluation."""
    with evaluation.using(evaluating):
        return work(*args, **kwargs)
