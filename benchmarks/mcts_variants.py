"""Compare MCTS settings on the same seeded games: solo scores or win rate against greedy.

    .venv/bin/python benchmarks/mcts_variants.py --game harmonies --players 1 --games 10 \\
        --settings '{"seconds": 0.3, "cutoff": "turn", "depth": 0, "widening": 1.0}'

Game ``i`` uses the same game seed as ``hanpan simulate`` with ``--seed``; with 2 players the
search agent sits first in even games and second in odd ones, against ``greedy``.  Prints one JSON
line: mean/stdev score (solo) or win rate, mean seconds and iterations per searched decision.

Harmonies solo (side A, no spirit), 6 games, --seed 1, 0.3 s per decision (stdev ≈ 10, so a mean moves
by ±4 from noise alone; greedy scored 85.7 on these 6 games):

    cutoff="turn", depth=0 (one turn planned), widening 1.0 / 2.0 / none ........ 87.2 / 92.7 / 90.8
    same, widening 2.0, exploration 0.3 ............................................ 86.7
    same, widening 2.0, greedy look-ahead 1 past the turn ......................... 89.8
    greedy rollouts to the end of the turn + look-ahead 1 (≈ 8 iterations/decision) 64.8
    turns=2 (this turn and the next), widening 2.0 / 1.0 / 3.0 / none ......... 100.3 / 89.3 / 94.3 / 95.3
    turns=3, widening 2.0 .......................................................... 95.0

2 players against greedy, 10 games, 0.3 s: one turn planned 40 % (mean 73.2); three turns (the
searcher's, the opponent's and its own next) 50 % (mean 84.8).

Named levels on Harmonies (hanpan simulate harmonies --players LEVEL --seed 1 --json):
hard, 50 games, --jobs 2: mean 92.02, stdev 11.3, 27:22 wall for 3,392 decisions (≈ 0.97 s each);
hard, first 10 games: 94.7; normal, 10 games: 98.4 (≈ 0.6 s/decision); easy, 10 games: 62.7.
hard,greedy, 16 games, --jobs 2: hard wins 68.75 % (11/16, 95 % CI 44–86 %), mean 80.2 vs 76.4.
profile_mcts with the hard settings: ≈ 505 iterations/s, evaluate (the priors) most of the time.

Session 2 (2026-11-30; heuristic weights retuned by benchmarks/tune_harmonies.py: greedy solo 95.3 on
games 0-59 of --seed 1, 90.45 on 100 games of --seed 7, was 86-88; machine load ≈ 3):
Harmonies solo, games 0-7 of --seed 1, turns=2, widening 2.0, depth 0:
    0.3 s, prior quick / evaluate ................................................. 93.8 / 96.0
    0.3 s, prior evaluate, solo_scale 2 / 5 (logistic around the root's score) .... 97.8 / 92.5
    1.0 s (the hard level), prior evaluate, ≈ 676 iterations/decision ............. 97.1
Four Gardens, 2 players against greedy, 20 games (--seed 1):
    200 iterations, cutoff turn, depth 0 (one turn planned) ........................ 60 % (0.05 s/decision)
    800 iterations, one turn planned .............................................. 50 % (0.22 s)
    800 iterations, turns=2, widening 2.0 ......................................... 100 % (0.43 s)
    300 iterations, turns=2, widening 2.0, top_up (the hard level) ................ 95 % (0.13 s)
Spirits of the Wild, 2 players against greedy, 30 games: 500 iterations (hard) 100 % (0.22 s);
    40 iterations (easy) 83.3 % (0.02 s).
Harmonies, 2 players against the retuned greedy, 12 games, 1 s per decision, turns=2, widening 2.0:
    prior evaluate, exploration 0.7 (the hard level), ≈ 535 iterations/decision ... 66.7 % (mean 83.5)
    prior quick, margin_scale 4, ≈ 1,266 iterations/decision ...................... 33.3 %
    prior evaluate, exploration 0.3 / 1.2 ........................................ 33.3 % / 33.3 %
    (12 games give a ±14 % standard error: only the quick-prior drop is clearly real.)

Session 3 (heuristic: a held card's cubes valued habitat by habitat, progress counted in tokens; greedy
solo 98.4 on 60 games of --seed 7), Harmonies solo, 1 s per decision, prior evaluate, widening 2.0:
    games 0-7:  greedy 98.9; two turns planned 100.75 (1,044 iterations/decision); one turn 105.1 (2,312)
    games 8-15: greedy 102.1; one turn 102.5; one turn with widening 4.0 102.4
    (a time budget makes a game's score vary from run to run: the same game scored 84 and 93, 110 and 91)
Harmonies, 2 players against greedy, 1 s per decision, prior evaluate, widening 2.0:
    two turns planned (the hard level), hanpan simulate --players hard,greedy, 40 games: 51.25 %
    one turn planned, 16 games: 50 % (mean 88.6)

Session 5, Harmonies solo, games 0-9 of --seed 1, 1 s per decision, one turn planned, prior evaluate,
widening 2.0 (greedy scores 100.9 on these games; 102.58 on games 0-49):
    backup="max" (each node keeps the best score found below it), ≈ 4,240 iterations/decision ... 98.3
    (per game 100, 85, 75, 109, 90, 98, 109, 114, 90, 113 against greedy's 111, 84, 100, 119, 106,
    96, 86, 100, 105, 102).  The best line found by the turn's search is worse for the game than
    greedy's: in game 2 it reaches a higher value at the end of turns 2-4 (86.6-91.9 against
    83.2-90.8) by taking points now — a lone 3-high mountain, a red-on-red building — while every
    empty cell keeps its flat 4 points, and then earns 2-5 points a turn where greedy earns 6-15
    (final 75 against 100).  Searching harder for the heuristic's value finds where it is wrong.
    turns=2 (this turn and the next; ``decisive``), games 0-49, ≈ 870 iterations/decision ....... 100.78
    (median 99, stdev 10.5; paired with greedy -1.8 ± 1.7): the solo ``hard`` level since session 5;
    this turn only (session 4, games 0-49) scored 98.46.

Session 6, Harmonies, 2 players against greedy, the ``hard`` settings with ``workers: 2`` (root-parallel
search on both cores, 1 s per decision; the workers keep no tree between the decisions of a turn),
games 0-19, --jobs 1: 55 % (11 of 20; mean 91.9).  One core (``hard``, session 4, 40 games of
``hanpan simulate --players hard,greedy``): 60 %.  Not adopted.  Greedy play-outs after each candidate
turn in solo: benchmarks/solo_rollouts.py.
With the solo weights fitted in session 6 (``SOLO_WEIGHTS``: greedy 102.67 against 99.85 on games 0-199),
Harmonies solo ``hard`` (the level's settings, --jobs 2), games 0-9: 98.9 (113, 96, 112, 95, 104, 61, 79,
107, 101, 121; ≈ 813 iterations/decision); greedy scores 99.1 on them with the same weights.

Session 23 (2026-12-03; the compiled engine; ``mcts:N`` now searches with the game's settings of
``registry.MCTS_DEFAULTS``: in Harmonies the turn plan, cutoff turn, turns 2, depth 0, widening 2.0).
Harmonies solo, ``hanpan simulate harmonies --players mcts:300 --games 100 --seed 1 --jobs 2 --timings
--json``: 103.03 (median 105, sd 12.4; 7,484 decisions, median 0.035 s, 99 % 0.19 s, longest 0.34 s)
against greedy's 103.09 on the same games (71.5 with the random play-outs it had before).  Variants on
games 0-59 of seed 5 (a scratch script patching ``MCTS_DEFAULTS``; greedy 106.35 on them): the
defaults 104.10; ``top_up`` 103.00; ``prior: evaluate`` with ``random_ties`` 104.90; ``solo_scale: 8``
104.65 — all within a standard error (about 1.7) of each other and 1.5-3 below greedy.  One turn
planned with a greedy play-out of the next turn at each leaf (``turns: 1, lookahead: 7, top_up``):
111.0 on games 0-11 against greedy's 106.1 (+4.9 ± 5.3 paired), but about 1.5 s a decision on one
core (110 s a game): the direction for a stronger ``mcts:N``, too slow for a default.
Session 24 (2026-12-03), with the learned correction in Harmonies' solo ``evaluate``: ``hanpan simulate
harmonies --players mcts:300 --games 100 --seed 1 --jobs 2 --timings --json`` 107.05 (median 106, sd
13.2; 7,543 decisions, median 0.041 s, 99 % 0.197 s, longest 0.315 s) against greedy's 106.17 on the
same games (the same command with ``greedy``): no longer below greedy, though by less than the games'
standard error (about 1.3).

Session 25 (2026-12-03), Four Gardens ``master`` against ``hard`` (``--opponent hard``, seed 77, the
turn plan with ``top_up``; hard wins about half whatever the search's size while the logistic's
``margin_scale`` is 8):
    1,000 iterations, games 0-19 ........................................................ 12 of 20
    3,000 iterations, 3 turns planned, games 0-19 ....................................... 10 of 20
    1,000 iterations, 1 turn planned and 6 greedy decisions past it, games 0-19 .......... 13 of 20
    1,000 iterations, exploration 0.35, games 0-29 ...................................... 15 of 30
    1,000 iterations, margin_scale 3, games 0-29 / 30-59 ........................ 22 of 30 / 15 of 30
    1,000 iterations, margin_scale 1.5, games 30-59 ..................................... 18 of 30
    3,000 iterations, margin_scale 3, games 0-29 / 30-59 (the master level) ..... 18 of 30 / 23 of 30
    6,000 iterations, margin_scale 3, games 30-45 (stopped) ............................. 11 of 16
(0.17 s a decision at 3,000 iterations.)  The evaluation's differences between positions are a few
points, so at scale 8 every leaf is worth about a half and the exploration term decides the visits.

Session 33 (2026-12-05): ``--settings`` may name the game's evaluation the searcher plays with
(``"evaluation": "learned"``; its opponent plays the standard one).  Four Gardens ``master``'s settings
with the learned 2-player weights (hanpan.games.four_gardens.learned; greedy with them beats greedy
without 64.5 %) against ``hard``, games 0-59 of seed 77: 40 of 60, against 41 of 60 with the standard
evaluation (session 25) — the search already finds what the fitted weights add to one ply.  ``hard``'s
settings with them against ``hard`` as it is, games 0-99 of seed 77: 67.5 of 100 (0.03 s a decision):
the smaller search gains what the larger one already had.  ``--opponent-evaluation learned`` seats the
opponent level with the learned evaluation too: ``master``'s settings with it against ``hard`` with it,
games 0-59 of seed 77, 28.5 of 60 (``margin_scale`` 1.5 instead of 3: 26 of 60).  So the learned
weights would lift ``hard`` to ``master``'s strength and leave ``master`` no stronger: no level plays
them yet (a ``master`` that makes more of them first).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from hanpan.agents.base import Seat
from hanpan.agents.mcts import MCTSAgent
from hanpan.agents.registry import LEVELS, LevelAgent, level_settings, make_agent
from hanpan.core.evaluation import STANDARD, using
from hanpan.core.registry import game as get_game
from hanpan.core.rng import mix_seed


def play(args: tuple[str, int, int, int, dict[str, Any], str, str]) -> dict[str, Any]:
    game_id, players, index, seed, settings, opponent, opponent_evaluation = args
    settings = dict(settings)
    evaluation = settings.pop("evaluation", STANDARD)  # the game's evaluation the search plays with
    state = get_game(game_id).new(players=players, seed=mix_seed(seed, index) >> 16)
    me = index % players
    agents: list[Any] = []
    for seat in range(players):
        if seat == me:
            agents.append(MCTSAgent(mix_seed(seed, index, seat + 1), **settings))
        elif opponent in LEVELS and opponent_evaluation != STANDARD:  # a level decides under its own evaluation
            level = {**level_settings(LEVELS[opponent], game_id, players), "evaluation": opponent_evaluation}
            agents.append(LevelAgent(opponent, {"default": level}, seed=mix_seed(seed, index, seat + 1)))
        else:
            agents.append(make_agent(opponent, seed=mix_seed(seed, index, seat + 1)))
    searched = 0
    spent = 0.0
    iterations = 0
    while not state.is_over:
        player = state.current_player
        assert player is not None
        start = time.perf_counter()
        with using(evaluation if player == me else opponent_evaluation):
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
    parser.add_argument("--first", type=int, default=0, help="index of the first game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--settings", default="{}")
    parser.add_argument("--opponent-evaluation", default=STANDARD, help="the game's evaluation the opponent plays with")
    args = parser.parse_args()
    settings = json.loads(args.settings)
    indices = range(args.first, args.first + args.games)
    tasks = [(args.game, args.players, i, args.seed, settings, args.opponent, args.opponent_evaluation)
             for i in indices]
    results = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for index, result in zip(indices, pool.map(play, tasks), strict=True):
            # each game as it ends, on stderr: a long run stopped early still tells what it saw
            print(f"game {index}: score {result['score']}, win {result['win']}", file=sys.stderr, flush=True)
            results.append(result)
    scores = [r["score"] for r in results]
    searched = sum(r["searched"] for r in results) or 1
    print(json.dumps({
        "settings": settings, "games": len(results), "first": args.first,
        "scores": scores,
        "mean": round(statistics.fmean(scores), 2), "stdev": round(statistics.pstdev(scores), 2),
        "win_rate": round(statistics.fmean(r["win"] for r in results), 3),
        "s_per_decision": round(sum(r["spent"] for r in results) / searched, 3),
        "iterations_per_decision": round(sum(r["iterations"] for r in results) / searched, 1),
    }))


if __name__ == "__main__":
    main()
