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

import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from hanpan.agents.base import Seat
from hanpan.agents.registry import make_agent
from hanpan.core.registry import game
from hanpan.core.rng import mix_seed


def choose_move(game_id: str, position: dict[str, Any], seat: int, kind: str, seed: int, move_number: int) -> str:
    """The notation of the move the agent ``kind`` makes for ``seat`` in ``position`` (runs in a worker)."""
    state = game(game_id).from_json(position)
    agent = make_agent(kind, seed=mix_seed(seed, seat + 1, move_number))
    return str(agent.choose(Seat(state, seat)))


def make_pool(workers: int = 2) -> Executor:
    """Worker processes for the computer seats ('spawn': the server's threads are not copied into them)."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))
