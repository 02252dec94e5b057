"""Does OpenSpiel's MCTSBot win by foresight?  Its win rate against ISMCTSBot with the deal (chance=engine:
one chance node, then the engine draws from the state's generator, which a clone carries) and with explicit
chance (a chance node at every draw), issue 52 §1.

    .venv/bin/python benchmarks/chance_foresight.py [--game spirits_of_the_wild] [--games 60]
                                                    [--simulations 20] [--seed 1] [--chance engine,explicit]

Two-player games.  ``MCTSBot`` searches clones of the true state; ``ISMCTSBot`` searches
``resample_from_infostate`` samples (hanpan's ``determinize``: the draws to come resampled).  Both use UCT
(c = 2) with one random roll-out per simulation and the same number of simulations per decision; the
games are played with ``returns=win``,
MCTSBot in seat 0 in even games and seat 1 in odd ones, every random generator seeded from ``--seed`` and
the game's number (chance nodes are sampled by the game loop's own generator), so a run is repeatable.
A tie counts half.  With the deal, a clone knows every draw to come: MCTSBot plans with the future in hand
and should beat ISMCTSBot; with explicit chance it samples the draws like its opponent.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from typing import Any

import numpy as np


def play(game: Any, seed: int, simulations: int, mcts_seat: int) -> float:
    """One game; MCTSBot's share of the win (1, 0.5 for a tie, 0)."""
    from open_spiel.python.algorithms import ismcts, mcts

    rs = np.random.RandomState(seed)
    bot_rs = [np.random.RandomState(seed * 2 + 1), np.random.RandomState(seed * 2 + 2)]
    bots: list[Any] = [None, None]
    bots[mcts_seat] = mcts.MCTSBot(game, 2.0, simulations, mcts.RandomRolloutEvaluator(1, bot_rs[0]),
                                   random_state=bot_rs[0], solve=False)
    bots[1 - mcts_seat] = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, bot_rs[1]), 2.0, simulations,
                                           random_state=bot_rs[1])
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    returns = state.returns()
    return 1.0 if returns[mcts_seat] > returns[1 - mcts_seat] else 0.5 if returns[0] == returns[1] else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="spirits_of_the_wild")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--simulations", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--chance", default="engine,explicit", help="comma-separated: engine, explicit")
    args = parser.parse_args()
    import pyspiel

    import hanpan.adapters.openspiel  # noqa: F401  (registers the games)

    rows = []
    for chance in args.chance.split(","):
        game = pyspiel.load_game(f"hanpan_{args.game}(players=2,returns=win,chance={chance})")
        start = time.process_time()
        shares = [play(game, args.seed * 100_003 + g, args.simulations, g % 2) for g in range(args.games)]
        rate = sum(shares) / len(shares)
        stderr = math.sqrt(max(rate * (1 - rate), 1e-12) / len(shares))
        rows.append({"game": args.game, "chance": chance, "games": len(shares), "simulations": args.simulations,
                     "seed": args.seed, "mcts_win_rate": round(rate, 4), "stderr": round(stderr, 4),
                     "cpu_s": round(time.process_time() - start, 1)})
        print(json.dumps(rows[-1]), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
