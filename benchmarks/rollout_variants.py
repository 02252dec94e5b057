"""Harmonies: the turn-planning rollout agent with given settings, paired with greedy on each solo game.

    .venv/bin/python benchmarks/rollout_variants.py --settings '{"prune": 6}' --games 20 [--first 0]
    .venv/bin/python benchmarks/rollout_variants.py --settings '{"prune": 6, "workers": 2}' --timing
    .venv/bin/python benchmarks/rollout_variants.py --level hard --seed 2 --games 120 --out level.json
    .venv/bin/python benchmarks/rollout_variants.py --level hard --settings '{"pairs": true}' --seed 2 \
        --games 120 --against level.json

Game ``i`` is game ``i`` of ``hanpan simulate harmonies --players greedy --seed S`` (``--seed``, 1 unless
given; side A, no spirit); greedy plays the same game for the pairing.  ``--level hard`` starts from the
solo settings of that level (``LEVELS``), ``--settings`` changes them.  One line per game (running means
and the paired difference with its standard error), the last line sums up.  ``--out`` keeps every
game's scores (JSON), and ``--against`` pairs the run with such a file, game by game, instead of with
greedy.  ``--opponent LEVEL`` plays 2-player games against that level instead (the variant first in the
even games; ``--level`` then starts from the level's 2-player settings), and reports the games won and
the mean margin (paired with ``--against``'s margins):

    .venv/bin/python benchmarks/rollout_variants.py --level master --opponent hard --seed 7 --games 40

Games 0-119 of seed 2 are the validation games: never the 50 games the issue counts (seed 1).
Without ``seconds`` in the settings a game's result does not depend on the machine.

Session 7 (2026-11-30).  Every figure is ``RolloutAgent`` (hanpan.agents.rollout) with its defaults
(width 8, noisy 2, turns 1, samples 1) changed as shown, against greedy on the same games, ± the paired
standard error; "shared draws" are the common random numbers of the module doc:

    fresh draws per candidate (benchmarks/solo_rollouts.py, session 6), games 0-17 .... -0.3 ± 2.9
    shared draws, a first scratch version (the central board redrawn after the turn;
        the engine of session 6), games 0-29 ......... 109.47 against 101.83: +7.63 ± 2.75
    the defaults, games 0-14 ............................ 106.53 against 97.87: +8.67 ± 4.28
    width 4, noisy 1, games 0-19 ........................ 104.60 against 100.70: +3.90 ± 3.16
    width 4, noisy 1, depth 1, samples 4, games 0-23 .... 104.83 against 99.75: +5.08 ± 2.74
    prune 6, games 0-25 ................................. 103.27 against 99.96: +3.31 ± 2.82
    prune 6, depth 1, samples 4, games 0-23 ............. 102.29 against 99.75: +2.54 ± 2.89
    seconds 1.0 (one process, beside another run), games 0-17 101.17 against 99.28: +1.89 ± 3.66

The ``hard`` level itself (``hanpan simulate harmonies --players hard --games 20 --seed 1 --jobs 1``;
greedy scores 100.7 on these games), workers 2, prune 6, 1 s (before the build took at most half of it
and the level's budget became 0.9 s): 107.25; with samples 2: 105.6; planning every decision of the
turn afresh, each with its own second (an option since removed): 99.75.
The level as committed (0.9 s, the build in at most half of it), on a validation set kept apart from
the games docs/strength.md reports (games 0-39 of seed 2, scratch runs of ``RolloutAgent`` with the
level's settings): play-outs of 1 turn 107.53, of 2 turns 110.72 (+3.2 ± 2.1 paired), so solo ``hard``
plays out 2 turns ("harmonies/1" in ``LEVELS``).
In 2 players against greedy (seats alternating, games 0-19 of seed 1, the same settings): 15 of 20
won, mean margin +8.3.

Session 8 (the heuristic about 20 % faster; scratch runs with the level's settings on games 0-19 of
seed 2, an idle machine; the level as committed scored 112.3 on these 20 games):
``replan: true`` (every decision of the turn plans again with its own 0.9 s, keeping the candidates
that still fit and their play-outs: about 5 plans a turn, up to 55 play-outs) 110.85; the same with
play-outs to the end of the game (``turns: null``) 110.50.  Five times the thinking gained nothing
measurable, like ``samples: 2`` before: the plans' choices are limited by what greedy play-outs can
tell apart, not by their number.

Session 9 (the same validation games): the level as committed, run again, 108.72 (110.72 before:
a 40-game mean moves by about 2 from run to run with the time budget alone); play-outs of 3 turns
(``turns: 3``) 108.58 on games 0-39 (107.81 on games 0-79); the leaf value (a play-out's end) with
the weights fitted in session 8, greedy keeping its own, 103.75 (fit_harmonies.py's notes).  More
thinking than the level may use, to see what time could buy: 3 s a plan 111.38 (every candidate
played out once; with 0.9 s, 17 of the 71 plans of games 0-5 left some unplayed, scratch count);
3 s and ``samples: 3`` 111.58; 3 s and ``noisy: 6`` 111.85.  About +2 over the level's two runs,
each within their noise.  ``replan: true`` on all 40 games (about 42 s a game): 109.62, no gain.  On
the level's budget, a plan of turn 4 (``--timing``) builds 5-8 candidates and plays out 3-8 of them.
The play-outs' pruned greedy (``RolloutAgent.pruned_greedy``) against greedy, on games 0-99 of seed 3
(103.61), each game paired (scratch script): prune 3 -2.65 ± 1.58, prune 6 -3.21 ± 1.56, prune 12
-3.15 ± 1.44, no pruning through the same code -2.50 ± 1.44, prune 1 (``quick_evaluate`` alone)
-32.82.  Only prune 1 differs: the rest is the tie-breaks' draws (the same policy with other draws
is 2.5 points off over 100 games), so ``prune: 6`` costs the play-outs next to nothing.

The differences between settings are within the noise of 15-25 games (a game's paired difference has
an sd of about 13); all of them beat greedy.  One process cannot plan a turn in 1 s: ``--timing``
(the plan of turn 4 in 3 games) took 2.2-3.8 s in one process, 1.0-1.4 s with ``prune: 6`` (beside
another run), 0.56-0.74 s with ``prune: 6`` on both cores (``workers: 2``, as ``hard``) on an idle
machine.

Session 10: ``static_value`` remembers its values (about 1.5 times as many greedy decisions a
second).  ``--timing`` with the level's settings: every candidate is now played out (5 of 5, 8 of 8,
8 of 8; before, 2 of 5, 3 of 7, 8 of 8).  On the validation games (games 0-39 of seed 2, scratch runs of
the level with one setting changed): the level 111.60 (108.72 and 110.72 before the memo), ``noisy: 6``
111.33, ``turns: 3`` 106.85.  On the games the issue counts (``hanpan simulate harmonies --players
hard --games 50 --seed 1 --jobs 1 --json``) 107.64 (median 110, sd 15.2; 107.26 before; greedy 101.08
on the same games), so the gain on the validation games did not carry over.  The same level run
again on the validation games: 109.90 (run-to-run noise of the time budget, as before).  A candidate
judged by ``k`` × its play-outs' mean + (1 - ``k``) × its prior (a scratch change of ``_best``): ``k``
0.7 106.38, ``k`` 1.5 103.80; the play-outs alone (``k`` 1) stay.

Session 11 (the same validation games; "paired" is against the mean of session 10's two runs of the
level and of ``noisy: 6``, game by game).  Each first decision finished by the 2 best turns a beam
search of width 2 finds over the rest of the turn (ranked by ``evaluate``, children pruned as in
greedy; a scratch ``beam`` setting, not kept), in place of greedy's one finish: 8-11 candidates
instead of 5-8, 106.55 on games 0-32, -4.70 ± 2.68 paired; stopped there.  More candidates with high
priors give a single noisy play-out more chances to pick a lucky one.  Nor is the last turn where
points are lost: at the start of the last turn of greedy solo games 0-19 of seed 7, the best final
score over each first decision's finishes by a beam of width 8 beats the best greedy finish by -0.05
± 0.21 (a scratch script): greedy's finish of the last turn is as good as a wide beam's.

Session 12 (the same validation games; "paired" against this session's run of the level, 111.10 on
games 0-39 and 106.96 on games 40-119, 108.34 over the 120).  The level is nearly deterministic: its
budget rarely binds now (a solo game takes 5-6 s), and this run repeated session 10's on 36 of the
40 games.  So a difference between settings is the spread of diverging games (a game's paired
difference has an sd of about 13-15), not of the clock: 40 games tell apart nothing under about 4
points.  ``samples: 3`` (the time left over spent on 2 more sample rounds) 109.45 on games 0-39; the
leaf valued with ``cards`` × 1.5 (a scratch hook: only the end of a play-out) 108.63 on games 0-37
(in a scratch study of 4 plans, 12 shared samples each, the candidates taking a card in one plan
lost 1-2 points by the leaf and gained about 5 by play-outs to the end, sd 15).  Neither kept.  The
solo ``display`` weight (heuristic.SOLO_WEIGHTS; greedy +2.1 over 400 games): 109.29 against 108.34
on games 0-119, +0.95 ± 1.41; kept for greedy's sake.  On the games the issue counts (``hanpan
simulate harmonies --players hard --games 50 --seed 1 --jobs 1 --json``) 108.74 with it (108.22
before).  A turn-level greedy (``--settings '{"turns": 0, "noisy": 0, "prune": 6}'``: each first
decision finished by greedy, the best finished turn by ``evaluate`` played, no play-out) against
greedy, games 0-39: 100.78 against 100.90, -0.12 ± 2.61: judging whole turns by the heuristic is no
better than judging each decision.

Session 13 (the same validation games, paired against session 12's run of the level with ``display``,
109.29 over games 0-119).  The budget does bind early in a game: in game 5 of seed 2 on an idle
machine (a scratch script printing ``last_playouts``/``last_candidates`` per plan) the plans of turns
0-6 played out 5-7 of their 8 candidates, the later ones all.  Play-outs made cheaper so that more
candidates are played (``prune: 3``: in that game 6 of 8 in the first plan, then all): 107.70,
-1.59 ± 1.42 over 120 games; not kept.  ``pairs: true`` (candidates also start with an animal card
and a central space taken together: 15-17 candidates early in a game instead of 8, of which the
budget plays out 4-12): 110.88 on games 0-59 (+1.32 ± 1.71), 108.65 on games 60-119, 109.77 over the
120, +0.47 ± 1.33; kept as an option, not in the level.

Session 16 (2026-12-01; session 14 had made the card values faster, same decisions; the worker
processes now start before the clock).  The runs are kept in benchmarks/validation/ (``--out``), and
the variants are paired with the level's run there game by game (``--against``):

    .venv/bin/python benchmarks/rollout_variants.py --level hard --seed 2 --games 120 --out level.json
    the level, games 0-119 of seed 2 ............................ 108.70 (greedy 106.52: +2.18 ± 1.58)
    ``pairs: true`` ............................................. 107.23: -1.47 ± 1.42
    ``samples: 3, finalists: 4`` (the time left after the first round goes to 2 more rounds of the 4
        best candidates, 2 per worker, and the choice is made among them) 111.12: +2.42 ± 1.45
        (games 0-59 -1.08, games 60-119 +5.93); now the solo level

``--timing`` with the level's settings before the change (a cold process: the workers' memos empty)
still left 1-2 of the 8 candidates of turn 4 unplayed.  On the games the issue counts (``hanpan
simulate harmonies --players hard --games 50 --seed 1 --jobs 1 --json``), once, after the
validation: 111.12 (median 111.5, sd 13.2; 108.74 in session 12); docs/strength.md's 100 games of
seed 1: 112.3 (its games 0-49 111.36).  The slowest of 348 decisions of ``hard`` (3 solo games and a
2-player one, the workers started in the first) took 0.983 s.
Where the points are still lost, seen in passing: of the cards ``hard`` takes in those 50 games (5.6
a game), 22 % never get a cube and 3.9 a game are unfinished at the end (greedy, games 0-39 of seed
5: 5.3 a game, 28 % and 3.8); a card scores only as far as its cubes go.

Session 23 (2026-12-03; the compiled engine, so a 2-player ``hard`` plan took about 0.15 s of its
0.9 s).  2 players against greedy (a scratch script patching ``LEVELS``: ``simulate`` of
``hard,greedy``, seats rotated, ``--jobs 1``), the time freed spent as in solo:

    games 0-79 of seed 7 (tuning)                        won    mean margin   paired margin
    the level as it was (samples 1, turns 1) ............ 72.5 %   +9.5
    samples 8, finalists 4 .............................. 86.2 %  +16.6        +7.1 ± 2.2
    samples 16, finalists 4 ............................. 72.5 %   +9.3        -0.2 ± 2.4
    samples 8, finalists 4, turns 2 ..................... 89.4 %  +17.5        +8.0 ± 2.2
    games 0-199 of seed 1 (validation, once)
    the level as it was ................................. 77.0 %  +12.8
    samples 8, finalists 4, turns 2 (now ``harmonies/2``) 86.5 %  +17.6        +4.8 ± 1.4
                                                          (won +9.5 ± 3.9 points, paired)

Samples 16 doing no better than samples 1 while samples 8 did much better was not looked into:
more rounds of the same 4 finalists should only sharpen the choice, so it may be noise (three
variants tried, the best kept) or the clock (16 rounds for 4 finalists may reach the 0.9 s on
a busy machine, and a round not finished does not count).  The validation on seed 1 was run once, after the choice.
A game of the new level takes about 5 s (its plans 0.3-0.5 s), the old one 1.5 s.

Session 26 (2026-12-03).  ``master`` in 2 players (hard's plans with 4.5 s, samples 24, finalists 6,
prune 8) against ``hard``, games 0-199 of seed 1 (docs/strength.md): 57.5 % (115 of 200), mean
93.53 against 91.62, about 23 s a game; its plans mostly end well inside the budget (p90 0.82 s,
p99 3.78 s, max 4.41 s over 20 timed games against greedy).  One variant, against hard on games 0-39
of seed 7 (a scratch script: ``RolloutAgent`` with the settings against ``make_agent("hard")``,
seats alternating): play-outs of 3 turns with samples 16 (about the same play-out cost) 24 of 40,
mean margin +1.6, no better than the level's +1.9 over its 200 games; every candidate playing all
16 rounds (no finalists: each worker now keeps 3 of its ~5 candidates after one round) 24 of 40, mean
margin +3.1.  Neither is told apart from the level by 40 games (a win rate's sd about 8 points);
not kept.

Session 27 (2026-12-03).  The unused budget spent on more candidates, chosen among with more care: a
``screen`` setting (the finalists chosen by their mean over the first r rounds, which every candidate
plays, instead of by one play-out), with ``width: 16, noisy: 4, samples: 32, finalists: 6, screen: 4``
(up to 20 candidates, about 30 s a game against hard's 23 s), the same games (0-39 of seed 7, against
hard): 24 of 40, mean margin +2.3.  Four variants now stand at 24 of 40 and +1.6 to +3.1 on these
games: more rounds, longer play-outs, more candidates and a steadier screen all buy the same edge over
hard, about what the level's 200 games show.  The greedy play-outs, the same for both players, set the
limit, not the number of them.  ``screen`` stays as a setting (default 1, as before); the level is
unchanged.

Session 31 (2026-12-05).  ``--opponent`` plays the 2-player games above from this script, and the two
levels' runs are kept as baselines for the next variants (benchmarks/validation/, made with ``--out``):

    .venv/bin/python benchmarks/rollout_variants.py --level master --opponent hard --seed 7 --games 40 \
        --out benchmarks/validation/master-against-hard-2p-2026-12-05.json
    master against hard, games 0-39 of seed 7 ....... 23 of 40, mean margin +1.20 (about 14 s a game)
    .venv/bin/python benchmarks/rollout_variants.py --level master --seed 2 --games 40 \
        --out benchmarks/validation/master-solo-2026-12-05.json
    master solo, games 0-39 of seed 2 ............... 117.15 (greedy 104.33; about 8 s a game)

Three scratch settings of ``RolloutAgent``, each paired with those runs (``--against``), neither kept:
- ``win_bonus: 20`` (2 players: 20 points added to a play-out's margin when it ends the game won, so
  that near the end the plans play for the win rather than the margin): 22 of 40, mean margin +0.30,
  paired -0.90 ± 0.80.  Both levels' budgets rarely bind, so most games went exactly as in the
  baseline; where they differed, no better.
- ``branch: 3`` (solo: a play-out begins each of its turns with each of the 3 best first decisions,
  finishes each by greedy, and keeps the best value it reaches on the sample's draws — planning the
  next 2 turns in hindsight of the draws, in place of greedy's one line; about 3.5 s a plan against
  0.8 s, 29 s a game): 114.30, paired -2.85 ± 2.02.  The best of several lines on known draws flatters
  the candidates that leave the most lucky options, not the ones that do best on the draws to come.
- ``nested: 4`` (solo: a play-out's first turn chosen by a small turn plan of its own — the 4 best
  first decisions finished by greedy, each played on by greedy for 1 turn on a draw of its own, so the
  plan does not see the sample's draws — and greedy after it; about 2.6 s a plan, 25 s a game): 117.92,
  paired +0.78 ± 1.90: a second level of the same search, on the same evaluation, adds nothing seen.
And master's solo plan spending its unused budget on more candidates (settings ``width: 12, noisy: 4,
finalists: 8, screen: 2``; about 10 s a game): 115.15, paired -2.00 ± 1.61, as session 27 found in
2 players.
With the earlier sessions': more play-outs, longer ones, more candidates, a win bonus, hindsight
branches and nested plans all leave master where it was; the evaluation the play-outs end on, and
greedy's play in them, are what to change next.

Session 32 (2026-12-05): the 2-player learned model (``train_harmonies.py``'s notes) in ``master``
alone, ``hard`` without it, games 0-39 of seed 7 (a scratch switch doing what ``"evaluation":
"learned"`` in the level's settings now does), paired with the run without it:

    .venv/bin/python benchmarks/rollout_variants.py --level master --opponent hard --seed 7 --games 40 \
        --against benchmarks/validation/master-against-hard-2p-2026-12-05.json
    31 of 40 won, mean margin +11.80 (without: 23 of 40, +1.20); paired +10.60 ± 3.14
    (kept: benchmarks/validation/master-learned-against-hard-2p-2026-12-05.json)

With the model in both seats: 17 of 40, mean margin -1.73 (paired -2.92 ± 2.89).  So the model is
``master``'s (``LEVELS``).

Session 34 (2026-12-05): how far the solo search could go if it knew the draws to come.  ``--oracle``
makes every determinized state the true one (pouch, deck and generator as they are), so each candidate
turn is played out on exactly what will happen; greedy's column is the honest greedy.  Games 0-39 of
seed 2, paired with master's run there (benchmarks/validation/master-solo-2026-12-05.json, 117.15):

    HANPAN_PURE=1 .venv/bin/python benchmarks/rollout_variants.py --oracle --seed 2 --games 40 \
        --settings '{"workers": 1, "seconds": null, "samples": 1, "turns": null, "prune": 8}'
    play-outs to the end, width 8, noisy 2 ............... 127.33, paired +10.18 ± 2.20 (about 15 s a game)
    the same, width 16, noisy 6 .......................... 128.22, paired +11.07 ± 2.44 (about 25 s a game)
    play-outs of 2 turns then the evaluation (``"turns": 2``) 117.43 (kept: oracle-turns2-solo-2026-12-05.json)

(The first two were a scratch script making the same patch in the same variant code; game 0 run again
through the command above gave the same 133.)  Without the oracle, the first settings score 105.50:
one play-out on an unknown future is noise.  So: even knowing every draw, turn plans judged by greedy
play-outs reach about 128, short of the issue's 135 for ``master`` and just over its 125 for ``hard``;
and knowing every draw gains nothing when the play-outs stop after 2 turns at the evaluation (117.43
against master's 117.15): on a 2-turn horizon the evaluation, not the unknown draws, is what limits.
Nor do play-outs to the end help without the oracle, at 8 samples each (games 0-19, ``"workers": 1,
"seconds": null, "samples": 8, "prune": 8, "evaluation": "learned"``, about 27 s a game with
``"turns": null``, 9 s with 2): to the end 116.75, 2 turns 116.50, paired -0.25 ± 2.38 (master's
114.55 on those games).  What the oracle buys is hindsight — lines fitted to the very draws that come —
which no sampling of unknown draws recovers.  The solo targets need a stronger policy in the play-outs
(or a value that sees further than the heuristic's), not more search.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import time
from collections.abc import Iterator
from pathlib import Path

from hanpan.agents.base import Seat, play_out
from hanpan.agents.registry import LEVELS, LevelAgent, level_settings, make_agent
from hanpan.agents.rollout import RolloutAgent
from hanpan.agents.simple import GreedyAgent
from hanpan.core.compiled import COMPILED
from hanpan.core.registry import game as get_game
from hanpan.core.rng import mix_seed


def timing(settings: dict[str, object]) -> None:
    """Seconds to plan turn 4 (after 4 greedy turns) in games of seeds 11-13, with the plan's size."""
    for seed in (11, 12, 13):
        state = get_game("harmonies").new(players=1, seed=seed)
        greedy = GreedyAgent(3)
        while state.turn < 4:
            state.apply(greedy.choose(Seat(state, 0)))
        level = variant(settings, 1)
        started = time.perf_counter()
        action = level.choose(Seat(state, 0))
        agent = level.search
        assert isinstance(agent, RolloutAgent)
        print(f"seed {seed}: {action} after {time.perf_counter() - started:.2f} s "
              f"({agent.last_candidates} candidates, {agent.last_playouts} play-outs)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--settings", default="{}",
                        help='RolloutAgent settings (JSON), and "evaluation": the game\'s evaluation to plan with')
    parser.add_argument("--level", choices=sorted(LEVELS), help="start from this level's settings")
    parser.add_argument("--opponent", choices=["greedy", *sorted(LEVELS)],
                        help="play 2-player games against this level (seats alternating) instead of solo ones")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed, as hanpan simulate's --seed")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--out", type=Path, help="write every game's scores here (JSON)")
    parser.add_argument("--against", type=Path, help="pair with a run written by --out instead of greedy")
    parser.add_argument("--timing", action="store_true", help="time the plan of turn 4 in 3 games instead")
    parser.add_argument("--oracle", action="store_true",
                        help="solo: the variant plans on the true draws to come (a ceiling; HANPAN_PURE=1, workers 1)")
    args = parser.parse_args()
    players = 2 if args.opponent else 1
    settings = dict(level_settings(LEVELS[args.level], "harmonies", players)) if args.level else {}
    settings.pop("agent", None)
    settings.update(json.loads(args.settings))
    if args.oracle and (COMPILED or args.opponent or settings.get("workers", 1) != 1):
        parser.error("--oracle plays solo games in one process of the interpreted engine: run it with "
                     "HANPAN_PURE=1, without --opponent, and with \"workers\": 1 in the settings")
    if args.timing:
        timing(settings)
        return
    baseline = {game["index"]: game for game in json.loads(args.against.read_text())["games"]} \
        if args.against else None
    rows: list[dict[str, float]] = []
    for index in range(args.first, args.first + args.games):
        started = time.perf_counter()
        if args.opponent:
            row = duel(settings, args.opponent, args.seed, index)
        else:
            row = solo(settings, args.seed, index, None if baseline is None else baseline[index]["score"],
                       args.oracle)
        row["seconds"] = time.perf_counter() - started
        rows.append(row)
        print(f"game {index}: {report(rows, baseline, args)}", flush=True)
        if args.out:
            args.out.write_text(json.dumps({"settings": settings, "seed": args.seed, "opponent": args.opponent,
                                            "oracle": args.oracle, "games": rows}, indent=1))


def variant(settings: dict[str, object], seed: int) -> LevelAgent:
    """``RolloutAgent`` with these settings, as a level (so ``"evaluation"`` may name the game's evaluation)."""
    return LevelAgent("variant", {"harmonies": {"agent": "rollout", **settings}}, seed)


@contextlib.contextmanager
def oracle() -> Iterator[None]:
    """While it lasts, a determinized Harmonies state is the true one — its pouch, deck and random
    generator as they are — so a search plans on the draws that will really come: a ceiling on what
    handling chance better could give a search.  Interpreted classes only (``HANPAN_PURE=1``): a
    compiled class's methods cannot be replaced."""
    from hanpan.games.harmonies.state import HarmoniesState

    honest = HarmoniesState.determinize
    setattr(HarmoniesState, "determinize", lambda self, player, rng: self.clone())  # noqa: B010
    try:
        yield
    finally:
        setattr(HarmoniesState, "determinize", honest)  # noqa: B010


def solo(settings: dict[str, object], seed: int, index: int, theirs: float | None,
         knows_draws: bool = False) -> dict[str, float]:
    """Game ``index`` of the run played solo by the variant (knowing the draws to come, if
    ``knows_draws``: ``oracle``), and greedy's score on it (or ``theirs``)."""
    game = get_game("harmonies")
    state = game.new(players=1, seed=mix_seed(seed, index) >> 16)
    with oracle() if knows_draws else contextlib.nullcontext():
        play_out(state, [variant(settings, mix_seed(seed, index, 1))])
    if theirs is None:
        other = game.new(players=1, seed=mix_seed(seed, index) >> 16)
        play_out(other, [GreedyAgent(mix_seed(seed, index, 1))])
        theirs = other.scores()[0].total
    return {"index": index, "score": state.scores()[0].total, "other": theirs}


def duel(settings: dict[str, object], opponent: str, seed: int, index: int) -> dict[str, float]:
    """Game ``index`` of the run in 2 players, the variant against the level ``opponent`` (the variant
    first in even games): its score, the other's, and its share of the win (1, 0.5 shared, 0)."""
    state = get_game("harmonies").new(players=2, seed=mix_seed(seed, index) >> 16)
    ours = variant(settings, mix_seed(seed, index, 1))
    theirs = make_agent(opponent, seed=mix_seed(seed, index, 2))
    seat = index % 2
    play_out(state, [ours, theirs] if seat == 0 else [theirs, ours])
    winners = state.winners()
    return {"index": index, "score": state.scores()[seat].total, "other": state.scores()[1 - seat].total,
            "won": 1.0 / len(winners) if seat in winners else 0.0}


def report(rows: list[dict[str, float]], baseline: dict[int, dict[str, float]] | None,
           args: argparse.Namespace) -> str:
    """The last game and the run so far (paired with ``baseline``'s games if there is one)."""
    last = rows[-1]
    ours = [r["score"] - (r["other"] if args.opponent else 0.0) for r in rows]
    if baseline is not None:
        others = [baseline[int(r["index"])]["score"] - (baseline[int(r["index"])]["other"] if args.opponent else 0.0)
                  for r in rows]
    else:
        others = [0.0 if args.opponent else r["other"] for r in rows]
    diffs = [a - b for a, b in zip(ours, others, strict=True)]
    error = f" ± {statistics.stdev(diffs) / len(diffs) ** 0.5:.2f}" if len(diffs) > 1 else ""
    name = "greedy" if baseline is None else args.against.name
    if args.opponent:
        won = sum(r["won"] for r in rows)
        their_wins = 0.0 if baseline is None else sum(baseline[int(r["index"])]["won"] for r in rows)
        paired = "" if baseline is None else f" ({name}: {their_wins:g}; margin {statistics.fmean(others):+.2f})"
        return (f"{last['score']:g} to {last['other']:g} ({last['seconds']:.0f} s); won {won:g} of {len(rows)}, "
                f"mean margin {statistics.fmean(ours):+.2f}{paired}; paired {statistics.fmean(diffs):+.2f}{error}")
    return (f"{last['score']:g} ({name} {others[-1]:g}, {last['seconds']:.0f} s); mean {statistics.fmean(ours):.2f} "
            f"against {statistics.fmean(others):.2f}: {statistics.fmean(diffs):+.2f}{error}")


if __name__ == "__main__":
    main()
