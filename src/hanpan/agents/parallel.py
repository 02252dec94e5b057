"""Searches on several processes: root-parallel MCTS, and turn plans whose candidates are shared out.

Root-parallel: several processes grow independent trees from the same seat; visits are summed.  Used by
an :class:`~hanpan.agents.mcts.MCTSAgent` with ``workers > 1``.  A
:class:`~hanpan.agents.rollout.RolloutAgent` with ``workers > 1`` deals its candidate turns out among
the processes instead.  Each worker gets its own seed from the agent's generator, so a search with an
iteration budget gives the same choice every time.  A worker evaluates as the process that sent it
the work does (``hanpan.core.evaluation``: a level may play with another of the game's evaluations).
"""

from __future__ import annotations

import atexit
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

from hanpan.agents.base import Seat
from hanpan.core import evaluation
from hanpan.core.action import Action
from hanpan.core.rng import Rng

if TYPE_CHECKING:
    from hanpan.agents.mcts import MCTSAgent
    from hanpan.agents.rollout import Candidate, RolloutAgent
    from hanpan.core.contract import State

_POOL: ProcessPoolExecutor | None = None
_POOL_SIZE = 0


def _pool(size: int) -> ProcessPoolExecutor:
    global _POOL, _POOL_SIZE
    if _POOL is None or _POOL_SIZE < size:
        if _POOL is not None:
            _POOL.shutdown(cancel_futures=True)
        _POOL = ProcessPoolExecutor(max_workers=size)
        _POOL_SIZE = size
        atexit.register(_POOL.shutdown, cancel_futures=True)
    return _POOL


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


def _worker(seat: Seat, settings: dict[str, Any], seed: int,
            evaluating: str) -> tuple[dict[int, tuple[int, float]], int]:
    """Per root action: its visits and its player's value (a sum, or with ``backup="max"`` a best)."""
    from hanpan.agents.mcts import MCTSAgent, Node

    agent = MCTSAgent(seed, **settings)
    root = Node(seat.num_players)
    with evaluation.using(evaluating):
        count = agent.search(seat, root)
    player = seat.player
    return {action_id: (child.visits, child.value[player]) for action_id, child in root.children.items()}, count


def search_in_workers(agent: MCTSAgent, seat: Seat, legal: Sequence[Action]) -> tuple[Action, int]:
    """The most visited action over ``agent.workers`` independent trees (with ``backup="max"`` in a
    one-player game: the one with the best score any tree found), and the iterations run."""
    from hanpan.agents.mcts import Node

    start_workers(agent.workers, seat)  # before the workers' clocks start
    settings = agent.settings()
    settings["workers"] = 1
    if settings["iterations"] is not None:
        settings["iterations"] = max(1, settings["iterations"] // agent.workers)
    seeds = [agent.rng.next64() for _ in range(agent.workers)]
    evaluating = evaluation.current()
    futures = [_pool(agent.workers).submit(_worker, seat, settings, seed, evaluating) for seed in seeds]
    merged = Node(1)  # the trees' root children: visits summed and, with max backup, best scores kept
    total = 0
    for future in futures:
        counts, done = future.result()
        total += done
        for action_id, (n, value) in counts.items():
            if n:
                child = merged.children.setdefault(action_id, Node(1))
                child.value[0] = max(child.value[0], value) if child.visits else value
                child.visits += n
    if agent.backs_up_max(seat.num_players):
        return agent.best_found(merged, legal), total
    return max(legal, key=lambda a: merged.children[a.id].visits if a.id in merged.children else 0), total


Planned = tuple[list[Action], float, list[float]]  # a candidate's decisions, prior and play-out values


def _rollout_worker(state: State, player: int, settings: dict[str, Any], known: list[Planned],
                    starts: list[list[Action]], noisy: int, seeds: list[tuple[int, int]], seconds: float | None,
                    seed: int, evaluating: str) -> list[Planned]:
    """One worker's share of a turn plan: its candidates' decisions, priors and play-out values."""
    import time

    from hanpan.agents.rollout import Candidate, RolloutAgent

    agent = RolloutAgent(seed, **settings)
    deadline = None if seconds is None else time.perf_counter() + seconds
    with evaluation.using(evaluating):
        planned = agent.plan_turns(state, player, [Candidate(a, None, p, v) for a, p, v in known], starts,
                                   noisy, seeds, deadline, agent.rng)
    return [(c.actions, c.prior, c.values) for c in planned]


def rollouts_in_workers(agent: RolloutAgent, state: State, player: int, known: Sequence[Candidate],
                        starts: Sequence[list[Action]], seeds: list[tuple[int, int]],
                        deadline: float | None) -> list[Candidate]:
    """A turn plan's candidates shared out among ``agent.workers`` processes (the ``known`` candidates
    and the starts of the new ones each dealt round the workers in rank order; every worker plays the same
    sample ``seeds``); they come back best prior first, each with its play-out values."""
    import time

    from hanpan.agents.rollout import Candidate, distinct_by_prior

    settings = agent.settings()
    settings["workers"] = 1
    n = agent.workers
    if agent.finalists is not None:  # each worker keeps its share of the finalists
        settings["finalists"] = -(-agent.finalists // n)
    # each worker's share of the time, less a margin for sending the state and the results
    seconds = None if deadline is None else max(0.0, deadline - time.perf_counter() - 0.1)
    planned = [(c.actions, c.prior, c.values) for c in known]
    evaluating = evaluation.current()
    futures = [
        _pool(n).submit(_rollout_worker, state, player, settings, planned[k::n], list(starts[k::n]),
                        agent.noisy // n + (k < agent.noisy % n), seeds, seconds, agent.rng.next64(), evaluating)
        for k in range(n)
    ]
    return distinct_by_prior([Candidate(actions, None, prior, values)
                              for future in futures for actions, prior, values in future.result()])
