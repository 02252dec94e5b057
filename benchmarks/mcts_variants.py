"""Compare MCTS settings on the same seeded games: solo scores or win rate against greedy.

    .venv/bin/python benchmarks/mcts_variants.py --game harmonies --players 1 --games 10 \\
        --settings '{"seconds": 0.3, "cutoff": "turn", "depth": 0, "widening": 1.0}'

Game ``i`` uses the same game seed as ``hanpan simulate`` with ``--seed``; with 2 players the
search agent sits first in even games and second in odd ones, against ``greedy``.  Prints one JSON
line: mean/stdev score (solo) or win rate, mean seconds and iterations per searched decision.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from hanpan.agents.base import Seat
from hanpan.agents.mcts import MCTSAgent
from hanpan.agents.registry import make_agent
from hanpan.core.registry import game as get_game
from hanpan.core.rng import mix_seed


def play(args: tuple[str, int, int, int, dict[str, Any], str]) -> dict[str, Any]:
    game_id, players, index, seed, settings, opponent = args
    state = get_game(game_id).new(players=players, seed=mix_seed(seed, index) >> 16)
    me = index % players
    agents: list[Any] = []
    for seat in range(players):
        if seat == me:
            agents.append(MCTSAgent(mix_seed(seed, index, seat + 1), **settings))
        else:
            agents.append(make_agent(opponent, seed=mix_seed(seed, index, seat + 1)))
    searched = 0
    spent = 0.0
    iterations = 0
    while not state.is_over:
        player = state.current_player
        assert player is not None
        start = time.perf_counter()
        action = agents[player].choose(Seat(state, player))
        if player == me and agents[me].last_iterations:
            searched += 1
            spent += time.perf_counter() - start
            iterations += agents[me].last_iterations
        state.play(action)
    scores = [card.total for card in state.scores()]
    winners = state.winners()
    return {"score": scores[me], "win": (1 / len(winners)) if me in winners else 0.0,
            "searched": searched, "spent": spent, "iterations": iterations}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="harmonies")
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--settings", default="{}")
    args = parser.parse_args()
    settings = json.loads(args.settings)
    tasks = [(args.game, args.players, i, args.seed, settings, args.opponent) for i in range(args.games)]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(play, tasks))
    scores = [r["score"] for r in results]
    searched = sum(r["searched"] for r in results) or 1
    print(json.dumps({
        "settings": settings, "games": len(results),
        "mean": round(statistics.fmean(scores), 2), "stdev": round(statistics.pstdev(scores), 2),
        "win_rate": round(statistics.fmean(r["win"] for r in results), 3),
        "s_per_decision": round(sum(r["spent"] for r in results) / searched, 3),
        "iterations_per_decision": round(sum(r["iterations"] for r in results) / searched, 1),
    }))


if __name__ == "__main__":
    main()
