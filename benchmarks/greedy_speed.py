"""Time greedy games of a game at each player count, and hash every decision they made.

    .venv/bin/python benchmarks/greedy_speed.py [--game harmonies] [--games 4]

Greedy's decisions are the game's heuristic at work (every legal action evaluated), so this times the
heuristic as search and play-outs use it.  The hash of all decisions and scores lets a change meant
only to make the code faster show that it plays the same (the same hash before and after).

Session 8, harmonies, one process, an idle machine, the straight-line habitat masks, cube gains per
card and bit-sliced building count against 3780ec2 (the same hash at both): ``--games 2`` run
alternately three times, 20.52 / 16.55 / 18.83 s against 20.40 / 20.50 / 20.35 s (about 9 % faster;
this machine's timings vary by up to 20 % from run to run); ``--games 4``: 34.8 and 39.6 s against
39.8 s.  Under cProfile one Harmonies plan of ``RolloutAgent`` (prune 6, 2-turn play-outs) spent
2.6 s in ``static_value`` against 3.9 s before, for the same 28,756 calls.

Session 10, ``static_value``'s memo (``--games 2 --players 1,2``, one process, the same hash
b91f7f239ed8b032 before and after): 7.30 s and 6.39 s against 11.15 s (about 1.5 times as fast).  In 3
greedy solo games, 49,243 of the 86,515 calls were for distinct boards.

Session 12, the solo ``display`` weight (the best displayed card's value, so 3 more card values per
``static_value`` in solo, and the habitat masks even with no card held), ``--games 2``, one process,
run alternately twice: ``--players 1`` 2.84 / 2.90 s for 148 decisions (hash 98cc11658a3384c0)
against 1.79 / 1.78 s for 146 at 99a8625 (b38dd62babeaf297), about 37 % fewer decisions a second;
``--players 2`` 4.00 / 4.03 s against 3.97 / 4.03 s, the same hash abf74516bcab4389 (2-4 players play
and run as before).  Under cProfile, 2 solo greedy games: 140,405 ``_card_value`` calls for 35,962
``static_value`` computations, 3.26 s of 5.10.  Kept for greedy's +2.1 points (tune_harmonies.py's
notes); ``hard``'s budget rarely binds in solo.

Session 14 (398bb05: card values remembered by the cells of their own kinds, the habitat levels
compiled to local names), measured in session 16 against its parent, ``--games 2 --players 1``, one
process, run alternately twice: 3.60 / 3.48 s against 4.57 / 4.36 s for the same 148 decisions (hash
98cc11658a3384c0 at both), about 20 % faster (this machine ran 2.68 s for the same an hour earlier).
"""

from __future__ import annotations

import argparse
import hashlib
import time

from hanpan.agents.base import Seat
from hanpan.agents.simple import GreedyAgent
from hanpan.core.registry import game as get_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="harmonies")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--players", default="1,2,3", help="player counts (comma-separated)")
    args = parser.parse_args()
    digest = hashlib.sha256()
    started = time.perf_counter()
    decisions = 0
    for seed in range(args.games):
        for players in (int(n) for n in args.players.split(",")):
            state = get_game(args.game).new(players=players, seed=seed)
            agents = [GreedyAgent(seed * 10 + seat) for seat in range(players)]
            while not state.is_over:
                mover = state.current_player
                assert mover is not None
                action = agents[mover].choose(Seat(state, mover))
                digest.update(str(action).encode())
                state.apply(action)
                decisions += 1
            digest.update(repr([card.total for card in state.scores()]).encode())
    seconds = time.perf_counter() - started
    print(f"{args.game}: {decisions} greedy decisions in {seconds:.2f} s ({decisions / seconds:,.0f}/s); "
          f"decisions hash {digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
