"""OpenSpiel's own search bots playing a hanpan game end to end through ``hanpan.adapters.openspiel``.

    PYTHONPATH=src .venv/bin/python benchmarks/openspiel_bots.py [--game spirits_of_the_wild] [--games 100]
        [--simulations 50] [--bots mcts,ismcts] [--seed 0]

Each bot plays ``--games`` games against OpenSpiel's ``UniformRandomBot``, taking seat 0 in even games and
seat 1 in odd ones; game ``i``'s chance nodes (every draw: explicit chance) are sampled from a generator
seeded ``seed + i``.  ``returns=win``: +1 a win, -1 a loss, 0 a shared win.  Bots:

- ``mcts``: ``MCTSBot`` (UCT, random roll-outs) searching clones of the true state, which with explicit chance
  sample every draw as they go (after a deal, ``chance=engine``, they would know the next draws: see the
  adapter's docstring and ``chance_foresight.py``);
- ``ismcts``: ``ISMCTSBot``, searching states from ``resample_from_infostate`` (hanpan's ``determinize``),
  which know only what the bot's seat knows.

Prints each bot's wins, losses, ties, win rate with a 95 % Wilson interval, and seconds per game.  The
defaults take about 10 minutes (2026-12-02: 1.9 and 4.0 s a game; figures in docs/research.md).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.bots import uniform_random

import hanpan.adapters.openspiel  # noqa: F401  (registers the games)


def make_bot(kind: str, game: Any, simulations: int, rs: np.random.RandomState) -> Any:
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    if kind == "mcts":
        return mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rs, solve=False)
    if kind == "ismcts":
        return ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=rs)
    raise SystemExit(f"unknown bot {kind!r}; bots: mcts, ismcts")


def play(game: Any, bots: list[Any], deal: int) -> list[float]:
    """One game; ``deal`` seeds the chance nodes (with explicit chance, every draw; else the deal itself)."""
    rs = np.random.RandomState(deal)
    state = game.new_initial_state()
    if not game.explicit:
        state.apply_action(deal)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return list(state.returns())


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="spirits_of_the_wild")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--simulations", type=int, default=50)
    parser.add_argument("--bots", default="mcts,ismcts")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    game = pyspiel.load_game(f"hanpan_{args.game}(returns=win)")
    print(f"{game}: {args.games} games per bot against UniformRandomBot, {args.simulations} simulations a move")
    for kind in args.bots.split(","):
        rs = np.random.RandomState(args.seed)
        wins = losses = ties = 0
        began = time.perf_counter()
        for i in range(args.games):
            seat = i % 2
            bots: list[Any] = [uniform_random.UniformRandomBot(p, rs) for p in range(2)]
            bots[seat] = make_bot(kind, game, args.simulations, rs)
            result = play(game, bots, args.seed + i)[seat]
            wins += result > 0
            losses += result < 0
            ties += result == 0
        seconds = time.perf_counter() - began
        low, high = wilson(wins + ties / 2, args.games)
        print(f"{kind:<7} won {wins}, lost {losses}, tied {ties} of {args.games}: win rate "
              f"{(wins + ties / 2) / args.games:.1%} (95 % interval {low:.1%}–{high:.1%}), "
              f"{seconds / args.games:.2f} s a game", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
