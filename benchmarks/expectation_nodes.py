"""Do the search agents gain by using explicit chance points as expectation nodes?  (issue 52 §1)

    .venv/bin/python benchmarks/expectation_nodes.py greedy [--games 10]
    .venv/bin/python benchmarks/expectation_nodes.py mcts --game spirits_of_the_wild --level normal \\
        --pairs 150 [--start 20] [--seed 11] [--variant '{"chance_nodes": 1000}'] [--settings '{}']

``greedy``: greedy self-play (2 players, ``chance="explicit"``); at every decision of more than one action,
each action is applied to one explicit-chance sample, and where a chance point follows (the draws that
complete the action) ``evaluate`` is taken after each of the first draw's outcomes (later ones drawn by
the sample) and in expectation over them (enumerated while at most 256 leaves).  It counts the actions
followed by a draw, those whose value differs between outcomes, and the decisions where greedy on the
expectation would choose otherwise than greedy on the one sample.

``mcts``: the level's MCTS settings (``hanpan.agents.levels.LEVELS``, 2 players) with ``--variant`` (a copy
of the search with chance nodes, benchmarks/expectation_nodes_mcts.py) against the same settings without it,
both interpreted (the copy) over the compiled engine.  Games ``seed * 100003 + k`` for pairs k, each played
twice with the seats swapped; the true game has explicit chance, its draws made by its own generator.  It
prints each pair's shares, then the variant's win rate (Wilson 95 %, and the paired interval over pairs),
mean score margin, and CPU milliseconds per decision of each side.

Figures (2026-12-06, compiled engine, search interpreted on both sides, `nice -n 10` on 1 of 2 busy cores):

- ``greedy --games 10``: actions followed by a draw / whose value differs between the draw's outcomes /
  decisions chosen otherwise: Spirits of the Wild 741 of 3,986 / 0 / 0 of 938; Harmonies 165 of 20,841 /
  0 / 0 of 1,170; Four Gardens 2,908 of 36,655 / 0 / 0 of 5,005.  No game's ``evaluate`` sees the draws
  that complete an action: the expectation is the one sample's value, at 10-40 times the CPU.
- ``mcts`` (``chance_nodes`` 1000: every chance point a chance node), variant's win rate, Wilson 95 %,
  mean margin ± 95 %, CPU ms a decision variant / base:
  Spirits of the Wild ``normal`` pairs 20-169: 47.0 % (41.4-52.7), +0.10 ± 1.16, 10.22 / 7.54
  (pairs 0-19, the first look: 50.0 % of 40);
  Spirits of the Wild ``hard`` pairs 0-59: 54.2 % (45.3-62.8), +0.87 ± 1.79, 35.88 / 25.31;
  Four Gardens ``normal`` pairs 0-99: 43.8 % (37.1-50.7), -1.34 ± 1.48, 11.32 / 5.97;
  Harmonies ``normal`` pairs 0-99: 49.2 % (42.4-56.1), +0.65 ± 2.39, 16.83 / 17.70.
  ``chance_nodes`` 7 (only the small draws, Spirits' spirit reveals among them), Spirits ``normal`` pairs
  0-149: 47.7 % (42.1-53.3), -0.75 ± 1.06, 10.92 / 7.72.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

import hanpan
from hanpan.agents.levels import LEVELS, level_settings
from hanpan.core.contract import CHANCE, State
from hanpan.core.rng import Rng

sys.path.insert(0, str(Path(__file__).resolve().parent))
from expectation_nodes_mcts import MCTSAgent


class ExpSeat:
    """A Seat (hanpan.agents.base) whose samples may keep explicit chance: ``determinize(rng, explicit)``."""

    def __init__(self, state: State, player: int) -> None:
        self._state, self.player = state, player
        self.num_players, self.turn, self.reveals, self.game = state.num_players, state.turn, state.reveals, state.game

    def legal_actions(self) -> Any:
        return self._state.legal_actions()

    def determinize(self, rng: Rng, explicit: bool = False) -> State:
        sample = self._state.determinize(self.player, rng)
        if not explicit:
            sample.draw_by_engine()
        return sample


def expectation(state: State, player: int, cap: int) -> tuple[float, int]:
    """``evaluate`` in expectation over the draws under way (enumerated while at most ``cap`` leaves,
    then drawn by the sample), and the leaves evaluated."""
    if not state.is_chance():
        return state.evaluate(player), 1
    outcomes = state.chance_outcomes()
    if len(outcomes) > cap:
        state.draw_by_engine()
        return state.evaluate(player), 1
    total, leaves = 0.0, 0
    for outcome, probability in outcomes:
        child = state.clone()
        child.apply_chance(outcome)
        value, n = expectation(child, player, max(1, cap // len(outcomes)))
        total, leaves = total + probability * value, leaves + n
    return total, leaves


def greedy(games: int) -> None:
    for game_id in ("spirits_of_the_wild", "harmonies", "four_gardens"):
        counts = {"decisions": 0, "actions": 0, "followed_by_draw": 0, "value_varies": 0, "choice_differs": 0,
                  "leaves": 0}
        cpu = {"one_sample": 0.0, "expectation": 0.0}
        for g in range(games):
            state = hanpan.game(game_id).new(players=2, seed=1000 + g, chance="explicit")
            rng = Rng(g)
            while not state.is_over:
                player = state.current_player
                if player == CHANCE:
                    state.apply_chance(state.draw_chance())
                    continue
                assert player is not None
                legal = state.legal_actions()
                if len(legal) == 1:
                    state.apply(legal[0])
                    continue
                counts["decisions"] += 1
                counts["actions"] += len(legal)
                sample = state.determinize(player, rng)
                began = time.process_time()
                drawn = sample.clone()
                drawn.draw_by_engine()
                plain = []
                for action in legal:
                    child = drawn.clone()
                    child.apply(action)
                    plain.append(child.evaluate(player))
                cpu["one_sample"] += time.process_time() - began
                began = time.process_time()
                expected = []
                for action in legal:
                    child = sample.clone()
                    child.apply(action)
                    value, leaves = expectation(child.clone(), player, 256)
                    expected.append(value)
                    counts["leaves"] += leaves
                    if child.is_chance():
                        counts["followed_by_draw"] += 1
                        values = []
                        for outcome, _ in child.chance_outcomes():
                            after = child.clone()
                            after.apply_chance(outcome)
                            after.draw_by_engine()
                            values.append(after.evaluate(player))
                        counts["value_varies"] += max(values) - min(values) > 1e-9
                cpu["expectation"] += time.process_time() - began
                best_plain, best_expected = max(plain), max(expected)
                if not any(plain[i] == best_plain and abs(expected[i] - best_expected) < 1e-9
                           for i in range(len(legal))):
                    counts["choice_differs"] += 1
                state.apply(legal[plain.index(best_plain)])
        print(json.dumps({"game": game_id, "games": games, **counts,
                          "cpu_s": {k: round(v, 2) for k, v in cpu.items()}}), flush=True)


def mcts(args: argparse.Namespace) -> None:
    base = {**level_settings(LEVELS[args.level], args.game, 2), **json.loads(args.settings)}
    variant = {**base, **json.loads(args.variant)}
    shares: list[list[float]] = []
    margins: list[float] = []
    cpu, decisions = [0.0, 0.0], [0, 0]  # [base, variant]
    started = time.process_time()
    for k in range(args.start, args.start + args.pairs):
        pair = []
        for side in (0, 1):  # the variant's seat
            seed = args.seed * 100_003 + k
            state = hanpan.game(args.game).new(players=2, seed=seed, chance="explicit")
            agents = [MCTSAgent(seed * 2 + 1, **base), MCTSAgent(seed * 2 + 1, **base)]
            agents[side] = MCTSAgent(seed * 2 + 1, **variant)
            while not state.is_over:
                player = state.current_player
                if player == CHANCE:
                    state.apply_chance(state.draw_chance())
                    continue
                assert player is not None
                began = time.process_time()
                action = agents[player].choose(ExpSeat(state, player))  # type: ignore[arg-type]
                who = int(player == side)
                cpu[who] += time.process_time() - began
                decisions[who] += 1
                state.play(action)
            winners = state.winners()
            pair.append(1.0 / len(winners) if side in winners else 0.0)
            scores = [card.total for card in state.scores()]
            margins.append(scores[side] - scores[1 - side])
        shares.append(pair)
        print(json.dumps({"pair": k, "shares": pair}), flush=True)
    flat = [x for pair in shares for x in pair]
    n = len(flat)
    rate = sum(flat) / n
    z = 1.96
    centre = (rate + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    means = [sum(pair) / 2 for pair in shares]
    m = sum(means) / len(means)
    sd = math.sqrt(sum((x - m) ** 2 for x in means) / max(len(means) - 1, 1))
    mm = sum(margins) / n
    msd = math.sqrt(sum((x - mm) ** 2 for x in margins) / max(n - 1, 1))
    print(json.dumps({
        "game": args.game, "level": args.level, "base": base, "variant": json.loads(args.variant), "seed": args.seed,
        "pairs": [args.start, args.start + args.pairs - 1], "games": n, "win_rate": round(rate, 4),
        "wilson95": [round(centre - half, 4), round(centre + half, 4)],
        "paired95": [round(m - z * sd / math.sqrt(len(means)), 4), round(m + z * sd / math.sqrt(len(means)), 4)],
        "mean_margin": round(mm, 2), "margin95": round(z * msd / math.sqrt(n), 2),
        "cpu_ms_per_decision": {"variant": round(1000 * cpu[1] / max(decisions[1], 1), 2),
                                "base": round(1000 * cpu[0] / max(decisions[0], 1), 2)},
        "decisions": {"variant": decisions[1], "base": decisions[0]},
        "cpu_s": round(time.process_time() - started, 1)}), flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    g = sub.add_parser("greedy")
    g.add_argument("--games", type=int, default=10)
    m = sub.add_parser("mcts")
    m.add_argument("--game", default="spirits_of_the_wild")
    m.add_argument("--level", default="normal")
    m.add_argument("--settings", default="{}", help="JSON: settings over the level's, both sides")
    m.add_argument("--variant", default='{"chance_nodes": 1000}', help="JSON: the variant's settings over those")
    m.add_argument("--pairs", type=int, default=100)
    m.add_argument("--start", type=int, default=0)
    m.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    if args.what == "greedy":
        greedy(args.games)
    else:
        mcts(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
