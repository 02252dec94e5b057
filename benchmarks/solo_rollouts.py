"""Harmonies solo: does judging a whole turn by greedy play after it beat greedy's own choice?

    .venv/bin/python benchmarks/solo_rollouts.py --turns 1 --games 25 [--first 0] [--samples 1] [--noisy 2]
    .venv/bin/python benchmarks/solo_rollouts.py --turns end --games 10

A policy-rollout agent (one step of policy improvement over greedy).  At the start of each turn it
builds candidate turns: each legal first action (a central space) finished by greedy, plus ``--noisy``
turns where every decision is drawn among the 3 best by ``evaluate``.  Each candidate's end-of-turn
state is played on by greedy for ``--turns`` more turns (``end``: to the end of the game) on a pouch
resampled from the agent's view (``determinize``: never the true draws; the same resample for every
candidate, so they differ by their turns only), then scored by ``evaluate`` (the exact total once over).
The best mean over ``--samples`` resamples wins, and the agent plays that turn's decisions.

Game ``i`` is game ``i`` of ``hanpan simulate harmonies --players greedy --seed 1``; the line printed
gives the agent's mean, greedy's mean on the same games and the paired difference with its standard
error.  No time limit: this asks whether the idea pays before anyone makes it fast.

Session 6 (2026-11-30, the greedy of that commit; 2 runs side by side on the 2 cores; a first version
of this agent, which resampled the draws by reseeding the pouch's generator rather than with
``determinize``, the same in distribution), paired with greedy, ± the standard error:
    --turns 1, games 0-17 ..................... 101.7 vs 102.0: -0.3 ± 2.9  (≈ 2.7 s per turn start)
    --turns 2, games 0-12 ..................... 101.1 vs 100.9: +0.2 ± 4.0  (≈ 3.8 s)
    --turns end, games 0-5 and 10-15 .......... 102.8 vs 103.0: -0.2 ± 3.6  (≈ 5.8 s)
A turn's candidates differ in truth: over 60 sampled turn starts of greedy games (seed 11), two
independent greedy play-outs of the same candidates agreed on their order with a within-turn
correlation of only 0.45 (sd 8.1 points between candidates), so a single play-out ranks them
barely better than ``evaluate`` does, and none of these agents comes near the +8 points ``hard``
needs (110 against greedy's 102).
Session 7 found why: each candidate's end-of-turn refill (and so its next tokens) was drawn on its own,
because a card taken or discarded moved the generator first: two candidates ending a turn with the
same board and cards then scored 128 and 95.  With the draws shared by all candidates the same search
gains 3-9 points over greedy: hanpan.agents.rollout (the Harmonies ``hard`` level) and
benchmarks/rollout_variants.py.
The fit of benchmarks/fit_harmonies.py was made on play-outs with the same flaw.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from hanpan.agents.base import Agent, Seat, play_out
from hanpan.agents.simple import GreedyAgent
from hanpan.core.action import Action
from hanpan.core.contract import State
from hanpan.core.registry import game as get_game
from hanpan.core.rng import Rng, mix_seed

sys.path.insert(0, str(Path(__file__).parent))
from tune_harmonies import greedy_solo  # the same greedy games to pair with


def finish_turn(state: State, rng: Rng, noisy: bool, actions: list[Action]) -> None:
    """Play ``state``'s current turn to its end: greedy, or (``noisy``) one of the 3 best each time."""
    turn = state.turn
    greedy = GreedyAgent(rng.next64())
    while not state.is_over and state.turn == turn:
        legal = state.legal_actions()
        if noisy and len(legal) > 1:
            ranked = []
            for action in legal:
                child = state.clone()
                child.apply(action)
                ranked.append((-child.evaluate(0), rng.next64(), action))
            ranked.sort(key=lambda item: item[:2])
            action = ranked[rng.randbelow(min(3, len(ranked)))][2]
        else:
            action = greedy.choose(Seat(state, 0))
        actions.append(action)
        state.apply(action)


def candidate_turns(state: State, rng: Rng, noisy: int) -> list[tuple[State, list[Action]]]:
    """At a turn start: each legal first action (up to 8) finished by greedy, then ``noisy`` turns drawn
    among the 3 best decisions; each as (its end-of-turn state, its decisions)."""
    candidates = []
    for first in state.legal_actions()[:8]:
        child = state.clone()
        child.apply(first)
        actions = [first]
        finish_turn(child, Rng(rng.next64()), False, actions)
        candidates.append((child, actions))
    for _ in range(noisy):
        child = state.clone()
        actions = []
        finish_turn(child, Rng(rng.next64()), True, actions)
        candidates.append((child, actions))
    return candidates


class TurnRolloutAgent(Agent):
    """Picks whole turns by greedy play-outs after them (see the module doc)."""

    name = "turn-rollout"

    def __init__(self, seed: int, turns: int | None = 1, samples: int = 1, noisy: int = 2) -> None:
        super().__init__(seed)
        self.turns, self.samples, self.noisy = turns, samples, noisy
        self.greedy = GreedyAgent(seed ^ 0x5A5A)
        self.plan: list[Action] = []
        self.seconds: list[float] = []

    def choose(self, seat: Seat) -> Action:
        legal = seat.legal_actions()
        if self.plan:
            action = self.plan.pop(0)
            if action in legal:
                return action
            self.plan = []
        state = seat.determinize(self.rng)
        if state.took or state.hand_count or state.card_taken or len(legal) == 1:  # type: ignore[attr-defined]
            return self.greedy.choose(seat)
        started = time.perf_counter()
        candidates = candidate_turns(state, self.rng, self.noisy)
        resamples = [(self.rng.next64(), self.rng.next64()) for _ in range(self.samples)]
        best: list[Action] = candidates[0][1]
        best_value = float("-inf")
        for child, actions in candidates:
            value = sum(self._play_on(child, draws, agent) for draws, agent in resamples)
            if value > best_value:
                best_value, best = value, actions
        self.seconds.append(time.perf_counter() - started)
        self.plan = best[1:]
        return best[0]

    def _play_on(self, state: State, draws: int, agent_seed: int) -> float:
        if state.is_over:
            return float(state.evaluate(0))
        rollout = state.determinize(0, Rng(draws))
        greedy = GreedyAgent(agent_seed)
        stop = None if self.turns is None else rollout.turn + self.turns
        while not rollout.is_over and (stop is None or rollout.turn < stop):
            rollout.apply(greedy.choose(Seat(rollout, 0)))
        return float(rollout.evaluate(0))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", default="1", help="greedy turns played after a candidate, or 'end'")
    parser.add_argument("--samples", type=int, default=1)
    parser.add_argument("--noisy", type=int, default=2)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--first", type=int, default=0)
    args = parser.parse_args()
    turns = None if args.turns == "end" else int(args.turns)
    ours, theirs, seconds = [], [], []
    for index in range(args.first, args.first + args.games):
        state = get_game("harmonies").new(players=1, seed=mix_seed(1, index) >> 16)
        agent = TurnRolloutAgent(mix_seed(1, index, 1), turns, args.samples, args.noisy)
        play_out(state, [agent])
        ours.append(state.scores()[0].total)
        theirs.append(greedy_solo({}, 1, index).scores()[0].total)
        seconds += agent.seconds
        print(f"game {index}: {ours[-1]} (greedy {theirs[-1]})", file=sys.stderr, flush=True)
    diffs = [a - b for a, b in zip(ours, theirs, strict=True)]
    print(json.dumps({
        "turns": args.turns, "samples": args.samples, "noisy": args.noisy, "games": len(ours),
        "mean": round(statistics.fmean(ours), 2), "greedy": round(statistics.fmean(theirs), 2),
        "difference": round(statistics.fmean(diffs), 2),
        "stderr": round(statistics.stdev(diffs) / len(diffs) ** 0.5, 2) if len(diffs) > 1 else None,
        "s_per_turn_start": round(statistics.fmean(seconds), 2) if seconds else None,
    }))


if __name__ == "__main__":
    main()
