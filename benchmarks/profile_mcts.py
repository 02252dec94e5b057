"""Where MCTS spends its time, per game: iterations per second and the share of time in the contract's calls.

    .venv/bin/python benchmarks/profile_mcts.py [--game GAME] [--players N] [--iterations 400] [--positions 5]
        [--settings '{"cutoff": "turn", "turns": 2, "depth": 0, "widening": 2.0}']

Iterations/s are timed without the profiler; the shares come from a cProfile run of the same searches
(cumulative time of each function, as a share of all search time; they overlap: rollouts call apply;
``widened`` is the ranking of actions for progressive widening, ``values`` the scoring of leaves, both
mostly ``evaluate``).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import time

from hanpan.agents.base import Seat
from hanpan.agents.mcts import MCTSAgent
from hanpan.core.registry import all_games
from hanpan.core.registry import game as get_game
from hanpan.core.rng import Rng

PARTS = ("determinize", "clone", "legal_actions", "apply", "_rollout", "_widened", "_values", "evaluate", "_iterate")


def positions(game_id: str, players: int, count: int) -> list[Seat]:
    """Seats of the player to move at ``count`` positions spread over random games."""
    rng = Rng(7)
    seats = []
    for i in range(count):
        state = get_game(game_id).new(players=players, seed=i)
        for _ in range(rng.randbelow(40)):
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
        if not state.is_over and state.current_player is not None:
            seats.append(Seat(state, state.current_player))
    return seats


def run(seats: list[Seat], iterations: int, **settings: object) -> int:
    done = 0
    for i, seat in enumerate(seats):
        agent = MCTSAgent(i, iterations=iterations, reuse=False, **settings)  # type: ignore[arg-type]
        from hanpan.agents.mcts import Node

        done += agent.search(seat, Node(seat.num_players))
    return done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default=None)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--iterations", type=int, default=400)
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--rollout", default="random")
    parser.add_argument("--settings", default="{}", help="more MCTSAgent settings, as JSON")
    args = parser.parse_args()
    extra = json.loads(args.settings)
    ids = [args.game] if args.game else [g.id for g in all_games()]
    for game_id in ids:
        game = get_game(game_id)
        players = args.players or game.default_players
        seats = positions(game_id, players, args.positions)
        start = time.perf_counter()
        done = run(seats, args.iterations, rollout=args.rollout, **extra)
        rate = done / (time.perf_counter() - start)
        profile = cProfile.Profile()
        start = time.perf_counter()
        profile.enable()
        run(seats, args.iterations, rollout=args.rollout, **extra)
        profile.disable()
        total = time.perf_counter() - start  # profiled wall time (the stats' own total misses some)
        stats = pstats.Stats(profile)
        shares: dict[str, float] = dict.fromkeys(PARTS, 0.0)
        for (_, _, name), row in stats.stats.items():  # type: ignore[attr-defined]
            # the outermost call of each name: a method calling a helper of the same name (a game's
            # State.evaluate calling its heuristic's evaluate) must not count twice
            if name in shares:
                shares[name] = max(shares[name], row[3])
        line = "  ".join(f"{k.strip('_')} {v / total:5.1%}" for k, v in shares.items() if k != "_iterate")
        label = f"{args.rollout} rollouts" + (f", {args.settings}" if extra else "")
        print(f"{game_id} ({players} players, {label}): {rate:,.0f} iterations/s | {line}")


if __name__ == "__main__":
    main()
