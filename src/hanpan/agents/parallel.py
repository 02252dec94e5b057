"""Root-parallel search: several processes grow independent trees from the same seat; visits are summed.

Used by an :class:`~hanpan.agents.mcts.MCTSAgent` with ``workers > 1`` (the ``hard`` level on a
machine with two cores).  Each worker gets its own seed from the agent's generator, so a search with an
iteration budget gives the same choice every time.
"""

from __future__ import annotations

import atexit
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

from hanpan.agents.base import Seat
from hanpan.core.action import Action

if TYPE_CHECKING:
    from hanpan.agents.mcts import MCTSAgent

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


def _worker(seat: Seat, settings: dict[str, Any], seed: int) -> tuple[dict[int, tuple[int, float]], int]:
    """Per root action: its visits and its player's value (a sum, or with ``backup="max"`` a best)."""
    from hanpan.agents.mcts import MCTSAgent, Node

    agent = MCTSAgent(seed, **settings)
    root = Node(seat.num_players)
    count = agent.search(seat, root)
    player = seat.player
    return {action_id: (child.visits, child.value[player]) for action_id, child in root.children.items()}, count


def search_in_workers(agent: MCTSAgent, seat: Seat, legal: Sequence[Action]) -> tuple[Action, int]:
    """The most visited action over ``agent.workers`` independent trees (with ``backup="max"`` in a
    one-player game: the one with the best score any tree found), and the iterations run."""
    from hanpan.agents.mcts import Node

    settings = agent.settings()
    settings["workers"] = 1
    if settings["iterations"] is not None:
        settings["iterations"] = max(1, settings["iterations"] // agent.workers)
    seeds = [agent.rng.next64() for _ in range(agent.workers)]
    futures = [_pool(agent.workers).submit(_worker, seat, settings, seed) for seed in seeds]
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
