"""Speed of a game's rules: random complete games per second and decisions per second.

Random play on the true state through the contract's fast path
(``legal_actions`` + ``apply``), one process, median of several timed runs.

>>> result = bench("spirits_of_the_wild", seconds=0.05, runs=1)
>>> sorted(result)
['decisions_per_game', 'decisions_per_s', 'engine', 'game', 'games', 'games_per_s', 'num_players', 'runs', 'seconds']
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from hanpan._native import engine
from hanpan.core.registry import game as get_game
from hanpan.core.rng import Rng


def random_games(game_id: str, num_players: int | None, seconds: float, seed: int,
                 options: dict[str, Any] | None = None) -> tuple[int, int, float]:
    """Play random games for about ``seconds``; returns (games, decisions, elapsed)."""
    game = get_game(game_id)
    rng = Rng(seed)
    games = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = game.new(players=num_players, seed=rng.next64() >> 16, **(options or {}))
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
            decisions += 1
        games += 1
        now = time.perf_counter()
        if now >= deadline:
            return games, decisions, now - start


def bench(game_id: str, num_players: int | None = None, seconds: float = 2.0, runs: int = 5,
          seed: int = 0, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Median games/s and decisions/s over ``runs`` timed runs of about ``seconds`` each."""
    game = get_game(game_id)
    players = game.default_players if num_players is None else num_players
    random_games(game_id, players, min(0.2, seconds), seed + 999, options)  # warm-up
    per_run = [random_games(game_id, players, seconds, seed + i, options) for i in range(runs)]
    games = sum(r[0] for r in per_run)
    decisions = sum(r[1] for r in per_run)
    return {
        "game": game_id,
        "num_players": players,
        "runs": runs,
        "seconds": round(sum(r[2] for r in per_run), 3),
        "games": games,
        "games_per_s": round(statistics.median(r[0] / r[2] for r in per_run), 1),
        "decisions_per_s": round(statistics.median(r[1] / r[2] for r in per_run), 1),
        "decisions_per_game": round(decisions / games, 1),
        "engine": engine(),
    }
